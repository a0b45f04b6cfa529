// Facts derived from the state held that every part asks about: the phase, whose turn
// it is, whether it is the viewer's.
import { seenOffline } from "../ui/outage.js";

export function phaseOf(state) {
  if (!state.game) return "lobby";
  return state.game.status === "playing" ? "playing" : "over";
}

/** Whether the host has muted the viewer (no chat, no reactions). */
export function mutedYou(state) {
  return Boolean(state.members.find((m) => m.player === state.you.player)?.muted);
}

/** The placement the newest event made, if it made one. */
export function lastPlacement(state) {
  const event = state.event;
  if (!event) return null;
  if (event.kind === "place") return event.data;
  if (event.kind === "timeout" || event.kind === "skip") return event.data?.place || null;
  return null;
}

/** The facts about the state ``store`` holds, as the page shows it while ``socket`` is
 *  open or down. */
export class Facts {
  constructor({ socket, store }) {
    this.socket = socket;
    this.store = store;
  }

  /** Whether ``seat`` is the viewer's. */
  isMine(seat) {
    const state = this.store.state;
    return Boolean(state && seat && seat.player === state.you.player);
  }

  /** The state as shown: while the socket is down, the others' presence is unknown. */
  shownState() {
    return this.socket.status === "open" ? this.store.state : seenOffline(this.store.state);
  }

  /** The turn in the state shown: the seat to play, and whether it is the viewer's. */
  turnOf(state = this.shownState()) {
    const game = state.game;
    const current = game?.seats?.find((s) => s.seat === game.current_seat) || null;
    const playing = game?.status === "playing";
    return {
      current,
      playing,
      myTurn: Boolean(playing && current && this.isMine(current) && state.room.status === "open"),
      mySeat: game?.seats?.find((s) => this.isMine(s)) || null,
    };
  }
}
