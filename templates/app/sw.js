// The site's service worker (served at /sw.js, so that it controls every page): a page
// that cannot load while the device is offline shows the site's offline page instead of
// the browser's error (nothing else is cached: the tables are live, and a stale table
// would mislead), and a "your turn" push becomes a notification that opens the room.
// Rendered by Django (templates/app/sw.js) for the static files' names.
const CACHE = "five-dice-{{ version }}";
const OFFLINE = "{% url 'games:offline' %}";
const ICON = "{{ icon }}";
const KEEP = [OFFLINE, {% for url in assets %}"{{ url }}"{% if not forloop.last %}, {% endif %}{% endfor %}];

// Kept without cookies: the offline page shows nobody's name, and holds no form of theirs.
self.addEventListener("install", (event) => {
  const anonymous = KEEP.map((url) => new Request(url, { credentials: "omit" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(anonymous)).then(() => self.skipWaiting()));
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

// -- "your turn" (docs/decisions/0042) ------------------------------------------------

/** Show a push's notice, one per turn (its tag). Always: a browser may drop a site whose
 *  pushes show nothing, and a tab of the site open in the background gets it too. */
async function showTurn(data) {
  await self.registration.showNotification(data.title, { body: data.body, tag: data.tag, icon: ICON, data: { url: data.url } });
}

/** Open the room at the player's turn: the tab that shows it already, or a new one. */
async function openTurn(url) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).pathname === url);
  if (open) return open.focus();
  return self.clients.openWindow(url);
}

function pushed(event) {
  try {
    return event.data ? event.data.json() : null;
  } catch {
    return null;
  }
}

self.addEventListener("push", (event) => {
  const data = pushed(event);
  event.waitUntil(showTurn(data && data.title && data.url ? data : { title: "Five Dice", body: "", tag: "five-dice", url: "/games/" }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openTurn(event.notification.data?.url || "/"));
});
