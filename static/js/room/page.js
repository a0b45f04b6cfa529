// The room page, built from its root element (#room-app, templates/room.html) by
// createRoomPage: the page's elements and what every part shares (the room's settings
// from the template, the toasts, the screen-reader region, the sounds, the socket, the
// store and the page's own choices), then its parts, each given what it needs, wired to
// the socket. Nothing is built when a module is imported.
import { RoomSocket, newRequestId } from "../socket.js";
import { Toasts } from "../ui/toast.js";
import { Live } from "../ui/live.js";
import { Signals } from "../ui/signals.js";
import { RoomTabs, trackBoardHeight } from "../ui/layout.js";
import { skipToTable } from "../ui/skip.js";
import { keepSubscription } from "../push.js";
import { Actions } from "./actions.js";
import { Announcer } from "./announce.js";
import { Blocks } from "./blocks.js";
import { createBoard } from "./board.js";
import { Coach } from "./coach.js";
import { Connection } from "./connection.js";
import { listenControls } from "./controls.js";
import { Facts } from "./facts.js";
import { Holds } from "./holds.js";
import { Presence } from "./presence.js";
import { Requests } from "./requests.js";
import { PageRules } from "./rules.js";
import { Store } from "./store.js";
import { TurnTimer } from "./timer.js";
import { RoomView } from "./view.js";

/** The room's settings the template writes on ``root``'s data attributes. */
export function roomConfig(root) {
  const data = root.dataset;
  return {
    wsPath: data.wsPath,
    code: data.code,
    inviteUrl: data.inviteUrl,
    inviteNote: data.inviteNote || "",
    inviteFriendsUrl: data.inviteFriendsUrl || "", // an account's "Invite friends" page
    qrUrl: data.qrUrl,
    rulesUrl: data.rulesUrl,
    homeUrl: data.homeUrl,
    roomUrl: data.roomUrl,
    dailyUrl: data.dailyUrl || "", // a daily challenge's table: its results page
    pushKey: data.pushKey || "",
    handoverAfter: data.handoverAfter,
    botsAfter: Number(data.botsAfter || 0), // seconds until an open table offers bots
    turnIcon: data.turnIcon,
    blockUrl: data.blockUrl || "", // a viewer with an account: Block buttons (room/blocks.js)
    unblockUrl: data.unblockUrl || "",
    blocked: data.blocked || "",
  };
}

/** The page's choices that are not the server's: the rules drawn with, the holds shown,
 *  the request in flight. */
export function pageChoices() {
  return {
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
}

/** The elements of the room page in ``root`` that its parts draw in or read. */
function roomElements(root) {
  const $ = (selector) => root.querySelector(selector);
  return {
    root,
    $,
    config: roomConfig(root),
    regions: Object.fromEntries([...root.querySelectorAll("[data-region]")].map((el) => [el.dataset.region, el])),
    layout: $(".room__layout"),
    banner: $("[data-testid=reconnect-banner]"),
    indicator: $("[data-testid=connection]"),
    dialog: $("dialog"),
    reportDialog: $("[data-testid=report-dialog]"),
    chat: {
      form: $("[data-testid=chat-form]"),
      input: $("[data-testid=chat-input]"),
      send: $("[data-testid=chat-send]"),
      muted: $("[data-testid=chat-muted]"),
    },
    variantLabel: $(".room-bar__variant"),
  };
}

/** What every part of the page shares: its elements, the toasts, the tabs, the
 *  screen-reader region, the sounds, the socket (handlers wired later), the store. */
function sharedParts(root) {
  const page = roomElements(root);
  const { $ } = page;
  const toasts = new Toasts($(".toasts"));
  const socket = new RoomSocket(page.config.wsPath, {});
  return Object.assign(page, {
    toasts,
    tabs: new RoomTabs($("[data-testid=room-tabs]"), page.layout, page.regions.chat),
    live: new Live(document.getElementById("live")),
    signals: new Signals({
      soundButton: $("[data-testid=sound-toggle]"),
      alertsButton: $("[data-testid=alerts-toggle]"),
      icon: document.querySelector("link[rel=icon]"),
      turnIcon: page.config.turnIcon,
      tell: (text) => toasts.show(text),
    }),
    socket,
    store: new Store({ sync: () => socket.sendRaw({ type: "sync", id: newRequestId() }) }),
    app: pageChoices(),
  });
}

/** The page's parts, each given what it needs. ``draw`` redraws through the view, which
 *  is built last since it shows what the others hold. */
function roomParts(page) {
  const { app, config, live, socket, store, toasts } = page;
  const parts = {};
  const draw = (...args) => parts.view.draw(...args);
  const facts = new Facts({ socket, store });
  const requests = new Requests({ socket, store, app, toasts, reportDialog: page.reportDialog, draw });
  const holds = new Holds({ app, store, socket, live, toasts, facts, requests, draw });
  const board = createBoard(page.regions.board, (i) => holds.toggle(i));
  const actions = new Actions({ app, config, dialog: page.dialog, store, toasts, facts, requests, board });
  const coach = new Coach({ app, live, region: page.regions.coach, socket, store, facts, holds, actions, draw });
  Object.assign(parts, {
    draw,
    facts,
    requests,
    holds,
    board,
    actions,
    coach,
    presence: new Presence({ store, draw, handoverAfter: config.handoverAfter }),
    rules: new PageRules({ app, variantLabel: page.variantLabel }),
    timer: new TurnTimer(page.root),
    announcer: new Announcer({ ...page, facts }),
    connection: new Connection({ ...page, draw }),
    blocks: config.blockUrl ? new Blocks({ config, toasts, draw }) : null,
  });
  parts.view = new RoomView(page, parts);
  return parts;
}

/** A new state is held: follow it, draw it, then say what changed. */
function onNewState(page, parts, state, previous) {
  parts.rules.follow(state);
  parts.timer.set(state.game);
  parts.holds.sync();
  const reacted = parts.view.reactions.receive(state, previous);
  parts.view.draw(previous);
  parts.announcer.announce(previous, state);
  parts.announcer.announceReactions(reacted, state);
  page.app.seenSeq = state.version;
  parts.presence.schedule();
}

/** The room page in ``root``, built and wired; ``start()`` connects it. */
export function createRoomPage(root) {
  const page = sharedParts(root);
  const parts = roomParts(page);
  const { regions, socket, store, tabs } = page;
  skipToTable(document.querySelector("[data-testid=skip-to-table]"), root, () => tabs.open("table"));
  trackBoardHeight(regions.board, page.banner);
  store.onChange = (state, previous) => onNewState(page, parts, state, previous);
  Object.assign(socket.handlers, {
    onState: (message) => store.receive(message),
    onPatch: (message) => store.patch(message),
    onError: (error) => parts.requests.showError(error),
    onStatus: (status) => parts.connection.onStatus(status),
    onFatal: (code, message) => parts.connection.onFatal(code, message),
  });
  const { chat } = page;
  listenControls({ ...page, ...parts, chatForm: chat.form, chatInput: chat.input });
  return {
    page,
    parts,
    /** Tick the turn's clock, connect the socket, and keep this device's push
     *  subscription with the site. */
    start() {
      parts.timer.start();
      socket.connect();
      keepSubscription();
    },
  };
}
