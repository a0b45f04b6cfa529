// While the room's socket is down ("Reconnecting…"): what the page still sends, and
// what it can still say about the others (docs/protocol.md, "While the line is down").
//
// Moves are refused, visibly, rather than kept for later: a hold, a roll or a score made
// blind could land on a table that moved on meanwhile (the turn timed out, a bot took
// the seat), and a click that shows HELD must be a hold the server has. A chat line
// waits for the socket and comes back to its box if it could not be sent.

/** Requests that wait for the socket to come back instead of being refused. */
const WAITS = new Set(["chat"]);

/** Whether a request of ``type`` is refused while the socket is ``status``. */
export function refusedWhile(status, type) {
  return status !== "open" && !WAITS.has(type);
}

/** What the player is told when a move of theirs is refused. */
export function refusalText() {
  return gettext("Not sent: the table is reconnecting. Try again once it is back.");
}

const views = new WeakMap();

/** ``state`` as a page without a connection can vouch for it: the other people's
 *  presence is unknown (not "online"), and yours is "reconnecting". */
export function seenOffline(state) {
  let view = views.get(state);
  if (!view) {
    const members = (state.members || []).map((m) =>
      m.bot ? m : { ...m, presence: m.player === state.you.player ? "reconnecting" : "unknown" },
    );
    view = { ...state, members };
    views.set(state, view);
  }
  return view;
}
