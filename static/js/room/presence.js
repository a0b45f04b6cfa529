// Presence: "reconnecting" becomes "gone" after 30 s without a new state, and after a
// minute gone any player of the game may hand the seat to a bot.
import { draw, root, store } from "./page.js";

const RECONNECT_GRACE = 30; // seconds, as games/selectors/views.py PRESENCE_GRACE
export const AWAY_FOR_HANDOVER = Number(root.dataset.handoverAfter) || 60; // seconds (GAMES_AWAY_FOR_HANDOVER_SECONDS)

/** Seconds since ``member`` was last seen (a very long time when never, or unknown). */
export function awayFor(member) {
  return (member?.seen_seconds_ago ?? 1e9) + (Date.now() - store.stateAt) / 1000;
}

let presenceTimer = null;

/** Redraw when the next member's wait runs out. */
export function schedulePresence() {
  clearTimeout(presenceTimer);
  const waits = (store.state?.members || [])
    .filter((m) => !m.bot && m.presence !== "online")
    .flatMap((m) => [RECONNECT_GRACE - awayFor(m), AWAY_FOR_HANDOVER - awayFor(m)])
    .filter((wait) => wait > 0);
  if (!waits.length) return;
  presenceTimer = setTimeout(() => {
    for (const m of store.state.members) {
      if (m.presence === "reconnecting" && awayFor(m) >= RECONNECT_GRACE) m.presence = "gone";
    }
    draw();
    schedulePresence();
  }, (Math.min(...waits) + 0.5) * 1000);
}
