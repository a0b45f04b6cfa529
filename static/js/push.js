// This device's Web Push subscription: made through the site's service worker and sent to
// the site (/push/subscribe/), or dropped (/push/unsubscribe/). Used by the room's offer
// (render/push_offer.js) and the notifications page (notices.js).

/** Whether this browser can receive push messages at all. */
export function canPush() {
  return "PushManager" in window && "serviceWorker" in navigator && "Notification" in window;
}

function csrfToken() {
  return document.cookie.split("; ").find((c) => c.startsWith("csrftoken="))?.slice("csrftoken=".length) || "";
}

function post(path, subscription) {
  return fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
    body: JSON.stringify(subscription),
  });
}

const READY_MS = 10000; // a worker that never registers (private windows, errors) fails

/** The site's service worker, once registered (rejects after READY_MS). */
function worker() {
  return new Promise((resolve, reject) => {
    const late = setTimeout(() => reject(new Error("no service worker")), READY_MS);
    navigator.serviceWorker.ready.then((registration) => {
      clearTimeout(late);
      resolve(registration);
    });
  });
}

/** This device's subscription, or null. */
export async function currentSubscription() {
  if (!canPush() || Notification.permission !== "granted") return null;
  return (await worker()).pushManager.getSubscription();
}

/** Ask the browser's permission, subscribe and tell the site; resolves to "on", "denied"
 *  (the person said no) or throws when the browser or the site could not. */
export async function turnOn(key) {
  if ((await Notification.requestPermission()) !== "granted") return "denied";
  const registration = await worker();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const response = await post("/push/subscribe/", subscription);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return "on";
}

/** Stop notifications on this device: the site forgets it, then the browser does. */
export async function turnOff() {
  const subscription = await currentSubscription();
  if (!subscription) return;
  const response = await post("/push/unsubscribe/", { endpoint: subscription.endpoint });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  await subscription.unsubscribe();
}

/** On each room page: a device that gets notices sends its subscription again, so that
 *  it follows whoever uses the browser now (and a renewed subscription reaches the site). */
export async function keepSubscription() {
  try {
    const subscription = await currentSubscription();
    if (subscription) await post("/push/subscribe/", subscription);
  } catch (error) {
    console.warn("push subscription:", error);
  }
}
