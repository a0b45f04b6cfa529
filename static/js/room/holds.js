// Holding dice: the holds shown, the player's clicks and keys, and the `hold` requests.
import { refusalText, refusedWhile } from "../ui/outage.js";
import { app, draw, live, socket, store, toasts } from "./page.js";
import { turnOf } from "./facts.js";
import { act } from "./requests.js";

/** The holds shown: the server's (everyone sees every hold the moment it is made, and a
 *  reopened page finds them), except that the player's own clicks show at once while
 *  their ``hold`` requests are on their way. */
export function syncHolds() {
  const game = store.state.game;
  if (!game || game.status !== "playing" || !game.dice.length) {
    app.holds = new Set();
    return;
  }
  if (app.holdsSending && turnOf().myTurn) return;
  app.holds = new Set(game.held);
}

/** Tell the table which dice are held now; the newest choice wins. */
export async function sendHolds() {
  app.holdsSending += 1;
  try {
    await act("hold", { hold: [...app.holds].sort() });
  } finally {
    app.holdsSending -= 1;
    if (!app.holdsSending && store.state) {
      syncHolds();
      draw();
    }
  }
}

export function canHold() {
  const game = store.state?.game;
  return Boolean(store.state && turnOf().myTurn && game.dice.length && game.rolls_left > 0 && !app.busy && socket.status === "open");
}

export function toggleHold(index) {
  if (refusedWhile(socket.status, "hold")) return toasts.show(refusalText());
  if (!canHold()) {
    const game = store.state?.game;
    if (store.state && turnOf().myTurn && game?.dice.length && game.rolls_left === 0) {
      toasts.show(gettext("No rolls left: pick a box to score."), "info");
    }
    return;
  }
  if (app.holds.has(index)) app.holds.delete(index);
  else app.holds.add(index);
  const face = store.state.game.dice[index];
  const said = app.holds.has(index) ? gettext("Die %(n)s, %(face)s, held") : gettext("Die %(n)s, %(face)s, released");
  live.say(interpolate(said, { n: index + 1, face }, true));
  draw();
  sendHolds();
}
