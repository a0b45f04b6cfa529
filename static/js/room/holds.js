// Holding dice: the holds shown, the player's clicks and keys, and the `hold` requests.
import { refusalText, refusedWhile } from "../ui/outage.js";

/** The dice held: ``app.holds`` as shown, kept in step with the ``store``'s state and
 *  sent through ``requests``; ``draw()`` redraws the page. */
export class Holds {
  constructor({ app, store, socket, live, toasts, facts, requests, draw }) {
    Object.assign(this, { app, store, socket, live, toasts, facts, requests, draw });
  }

  /** The holds shown: the server's (everyone sees every hold the moment it is made, and a
   *  reopened page finds them), except that the player's own clicks show at once while
   *  their ``hold`` requests are on their way. */
  sync() {
    const game = this.store.state.game;
    if (!game || game.status !== "playing" || !game.dice.length) {
      this.app.holds = new Set();
      return;
    }
    if (this.app.holdsSending && this.facts.turnOf().myTurn) return;
    this.app.holds = new Set(game.held);
  }

  /** Tell the table which dice are held now; the newest choice wins. */
  async send() {
    const app = this.app;
    app.holdsSending += 1;
    try {
      await this.requests.act("hold", { hold: [...app.holds].sort() });
    } finally {
      app.holdsSending -= 1;
      if (!app.holdsSending && this.store.state) {
        this.sync();
        this.draw();
      }
    }
  }

  canHold() {
    const state = this.store.state;
    const game = state?.game;
    return Boolean(state && this.facts.turnOf().myTurn && game.dice.length && game.rolls_left > 0 && !this.app.busy && this.socket.status === "open");
  }

  toggle(index) {
    if (refusedWhile(this.socket.status, "hold")) return this.toasts.show(refusalText());
    const state = this.store.state;
    if (!this.canHold()) {
      const game = state?.game;
      if (state && this.facts.turnOf().myTurn && game?.dice.length && game.rolls_left === 0) {
        this.toasts.show(gettext("No rolls left: pick a box to score."), "info");
      }
      return;
    }
    const holds = this.app.holds;
    if (holds.has(index)) holds.delete(index);
    else holds.add(index);
    const face = state.game.dice[index];
    const said = holds.has(index) ? gettext("Die %(n)s, %(face)s, held") : gettext("Die %(n)s, %(face)s, released");
    this.live.say(interpolate(said, { n: index + 1, face }, true));
    this.draw();
    this.send();
  }
}
