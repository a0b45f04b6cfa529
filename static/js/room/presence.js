// Presence: "reconnecting" becomes "gone" after 30 s without a new state, and after a
// minute gone any player of the game may hand the seat to a bot.
const RECONNECT_GRACE = 30; // seconds, as play/selectors/views.py PRESENCE_GRACE

/** The members' presence in the ``store``'s state, counted on between states; ``draw()``
 *  redraws the page when a wait runs out. ``handoverAfter``: seconds gone before a seat
 *  may be handed to a bot (the page's data-handover-after, GAMES_AWAY_FOR_HANDOVER_SECONDS). */
export class Presence {
  constructor({ store, draw, handoverAfter }) {
    this.store = store;
    this.draw = draw;
    this.handoverAfter = Number(handoverAfter) || 60;
    this.timer = null;
  }

  /** Seconds since ``member`` was last seen (a very long time when never, or unknown). */
  awayFor(member) {
    return (member?.seen_seconds_ago ?? 1e9) + (Date.now() - this.store.stateAt) / 1000;
  }

  /** Redraw when the next member's wait runs out. */
  schedule() {
    clearTimeout(this.timer);
    const waits = (this.store.state?.members || [])
      .filter((m) => !m.bot && m.presence !== "online")
      .flatMap((m) => [RECONNECT_GRACE - this.awayFor(m), this.handoverAfter - this.awayFor(m)])
      .filter((wait) => wait > 0);
    if (!waits.length) return;
    this.timer = setTimeout(() => {
      for (const m of this.store.state.members) {
        if (m.presence === "reconnecting" && this.awayFor(m) >= RECONNECT_GRACE) m.presence = "gone";
      }
      this.draw();
      this.schedule();
    }, (Math.min(...waits) + 0.5) * 1000);
  }
}
