// "Get a notification when it's your turn?": offered in a room by the day once the
// player has played a turn there (never on page load), on a browser that can push. Yes
// asks the browser's permission and subscribes (push.js); "Not now" is remembered on this
// device.
//
// Test hooks (data-testid): push-offer, push-yes, push-no.
import { h } from "../dom.js";
import { canPush, turnOn } from "../push.js";

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

async function subscribe(ctx) {
  try {
    if ((await turnOn(ctx.pushKey)) === "denied") {
      remember("no");
    } else {
      remember("on");
      ctx.toast(gettext("You will get a notification on this device when it is your turn."));
    }
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
  if (state.room.pace !== "day" || !canPush() || !window.isSecureContext || !ctx.pushKey) return null;
  if (game?.status !== "playing" || remembered()) return null;
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
