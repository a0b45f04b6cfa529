// Every page: register the site's service worker (/sw.js: the offline page, and what an
// installed app needs). Browsers without service workers, or pages not served from a
// secure context, simply go without.
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error) => console.warn("service worker:", error));
}
