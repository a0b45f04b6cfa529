// Facts derived from the state held that every part asks about: the phase, whose turn
// it is, whether it is the viewer's.
import { seenOffline } from "../ui/outage.js";
import { socket, store } from "./page.js";

export function phaseOf(state) {
  if (!state.game) return "lobby";
  return state.game.status === "playing" ? "playing" : "over";
}

/** Whether ``seat`` is the viewer's. */
export function isMine(seat) {
  return Boolean(store.state && seat && seat.player === store.state.you.player);
}

/** The state as shown: while the socket is down, the others' presence is unknown. */
export function shownState() {
  return socket.status === "open" ? store.state : seenOffline(store.state);
}

/** The turn in the state shown: the seat to play, and whether it is the viewer's. */
export function turnOf(state = shownState()) {
  const game = state.game;
  const current = game?.seats?.find((s) => s.seat === game.current_seat) || null;
  const playing = game?.status === "playing";
  return {
    current,
    playing,
    myTurn: Boolean(playing && current && isMine(current) && state.room.status === "open"),
    mySeat: game?.seats?.find((s) => isMine(s)) || null,
  };
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
