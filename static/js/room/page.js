// The room page's elements and what every part of it shares: the room's settings from
// the template, the toasts, the screen-reader region, the sounds, the socket, and the
// page's own choices (holds, the request in flight, the rules drawn with).
import { RoomSocket, newRequestId } from "../socket.js";
import { Toasts } from "../ui/toast.js";
import { Live } from "../ui/live.js";
import { Signals } from "../ui/signals.js";
import { RoomTabs } from "../ui/layout.js";
import { Store } from "./store.js";

export const root = document.getElementById("room-app");
export const config = {
  wsPath: root.dataset.wsPath,
  code: root.dataset.code,
  inviteUrl: root.dataset.inviteUrl,
  inviteNote: root.dataset.inviteNote || "",
  qrUrl: root.dataset.qrUrl,
  rulesUrl: root.dataset.rulesUrl,
  homeUrl: root.dataset.homeUrl,
  roomUrl: root.dataset.roomUrl,
  dailyUrl: root.dataset.dailyUrl || "", // a daily challenge's table: its results page
  pushKey: root.dataset.pushKey || "",
};
export const $ = (selector) => root.querySelector(selector);
export const regions = Object.fromEntries([...root.querySelectorAll("[data-region]")].map((el) => [el.dataset.region, el]));
export const layout = $(".room__layout");
export const banner = $("[data-testid=reconnect-banner]");
export const connection = $("[data-testid=connection]");
export const toasts = new Toasts($(".toasts"));
export const tabs = new RoomTabs($("[data-testid=room-tabs]"), layout, regions.chat);
export const live = new Live(document.getElementById("live"));
export const signals = new Signals({
  soundButton: $("[data-testid=sound-toggle]"),
  alertsButton: $("[data-testid=alerts-toggle]"),
  icon: document.querySelector("link[rel=icon]"),
  turnIcon: root.dataset.turnIcon,
  tell: (text) => toasts.show(text),
});
export const dialog = $("dialog");
export const reportDialog = $("[data-testid=report-dialog]");
export const chatForm = $("[data-testid=chat-form]");
export const chatInput = $("[data-testid=chat-input]");
export const chatSend = $("[data-testid=chat-send]");
export const chatMuted = $("[data-testid=chat-muted]");
export const variantLabel = $(".room-bar__variant");

// The handlers are wired by room.js, the entry point.
export const socket = new RoomSocket(config.wsPath, {});
export const store = new Store({ sync: () => socket.sendRaw({ type: "sync", id: newRequestId() }) });

// The drawing (room/view.js) registers itself here, so that the parts under it can ask
// for a redraw without importing it: the static files' versioning needs modules that do
// not import each other in a circle (decision 0027).
let drawer = () => {};

/** Draw the state held again (room/view.js draw()). */
export function draw(...args) {
  drawer(...args);
}

export function drawWith(draw) {
  drawer = draw;
}

export const app = {
  rules: null,
  rulesKey: null,
  // The rules the game on the table was played with: the room's, except that a host may
  // change the room's variant after a game, while its final scorecards are still shown.
  game: { number: null, rules: null },
  holds: new Set(),
  holdsSending: 0, // hold requests on their way
  busy: null, // "roll" | "place" | "announce" while such a request is in flight
  announceChoice: { turn: null, box: "" }, // picked in Yam's announce list, not announced yet
  seenSeq: null, // the version drawn before the newest one (the log marks what is new)
};
