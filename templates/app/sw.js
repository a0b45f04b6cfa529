// The site's service worker (served at /sw.js, so that it controls every page): a page
// that cannot load while the device is offline shows the site's offline page instead of
// the browser's error. Nothing else is cached: the tables are live, and a stale table
// would mislead. Rendered by Django (templates/app/sw.js) for the static files' names.
const CACHE = "five-dice-{{ version }}";
const OFFLINE = "{% url 'games:offline' %}";
const KEEP = [OFFLINE, {% for url in assets %}"{{ url }}"{% if not forloop.last %}, {% endif %}{% endfor %}];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(KEEP)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
  } else if (KEEP.includes(new URL(request.url).pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(request)));
  }
});
