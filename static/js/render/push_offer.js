// "Get a notification when it's your turn?": offered in a room by the day once the
// player has played a turn there (never on page load), on a browser that can push. Yes
// asks the browser's permission, subscribes through the site's service worker and sends
// the subscription to the site (/push/subscribe/); "Not now" is remembered on this device.
//
// Test hooks (data-testid): push-offer, push-yes, push-no.
import { h } from "../dom.js";

const KEY = "dice.push"; // localStorage: "on" once subscribed, "no" after "Not now"

function remembered() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return "no"; // storage blocked: do not ask on every page
  }
}

function remember(value) {
  try {
    localStorage.setItem(KEY, value);
  } catch {
    // nothing to keep it in
  }
}

function csrfToken() {
  return document.cookie.split("; ").find((c) => c.startsWith("csrftoken="))?.slice("csrftoken=".length) || "";
}

function send(subscription) {
  return fetch("/push/subscribe/", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
    body: JSON.stringify(subscription),
  });
}

/** On each room page: a device that gets notices sends its subscription again, so that
 *  it follows whoever uses the browser now (and a renewed subscription reaches the site). */
export async function keepSubscription() {
  if (!("PushManager" in window) || !("serviceWorker" in navigator) || Notification.permission !== "granted") return;
  try {
    const subscription = await (await navigator.serviceWorker.ready).pushManager.getSubscription();
    if (subscription) await send(subscription);
  } catch (error) {
    console.warn("push subscription:", error);
  }
}

async function subscribe(ctx) {
  if ((await Notification.requestPermission()) !== "granted") {
    remember("no");
    ctx.redraw();
    return;
  }
  try {
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: ctx.pushKey });
    const response = await send(subscription);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    remember("on");
    ctx.toast(gettext("You will get a notification on this device when it is your turn."));
  } catch (error) {
    console.warn("push subscription:", error);
    ctx.error(gettext("This browser could not turn notifications on."));
  }
  ctx.redraw();
}

/** The offer, or null when it does not apply (live room, no push, asked already, not
 *  played yet). */
export function pushOffer(ctx) {
  const { state, you } = ctx;
  const game = state.game;
  const canPush = "PushManager" in window && "serviceWorker" in navigator && window.isSecureContext && ctx.pushKey;
  if (state.room.pace !== "day" || !canPush || game?.status !== "playing" || remembered()) return null;
  if (Notification.permission === "denied") return null;
  const seat = game.seats.find((s) => s.player === you.player && !s.bot);
  const played = seat && Object.values(seat.boxes || {}).some((column) => Object.keys(column).length > 0);
  if (!played) return null;
  return h(
    "span",
    { class: "push-offer", role: "group", "aria-label": gettext("Notifications"), dataset: { testid: "push-offer" } },
    h("span", { class: "push-offer__text" }, gettext("Get a notification when it is your turn?")),
    h("button", { type: "button", class: "btn btn--small", dataset: { testid: "push-yes" }, onclick: () => subscribe(ctx) }, gettext("Turn on")),
    h(
      "button",
      {
        type: "button",
        class: "btn btn--small btn--quiet",
        dataset: { testid: "push-no" },
        onclick: () => {
          remember("no");
          ctx.redraw();
        },
      },
      gettext("Not now"),
    ),
  );
}
