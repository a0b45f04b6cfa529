// The room page: everything is drawn from the `state` the websocket sends
// (docs/protocol.md). Entry point; the drawing lives in render/*.js.
//
// Test hooks (data-testid), stable for tests and scripts:
//   page       room-code, connection (data-state: connecting|open|reconnecting|closed),
//              reconnect-banner, toasts > toast, live (the aria-live region), leave,
//              copy-invite-bar, fatal (the notice when the socket is refused),
//              skip-to-table (the first control: to the table's start, ui/skip.js),
//              sound-toggle, alerts-toggle (aria-pressed; see ui/signals.js),
//              celebration (five of a kind, a win; <html data-celebrated> keeps the last)
//   lobby      lobby, invite-url, copy-invite, invite-code, seat-list, seat-<n>
//              (data-player), remove-bot-<n>, kick-<player id>, spectators, take-seat,
//              start, add-bot, add-bot-level (select: beginner|expert), lobby-status,
//              rules-facts
//   settings   settings (the block), settings-summary (everyone: variant, seats, timer,
//              options), and for the host between games: settings-open (aria-expanded),
//              settings-form, settings-ruleset (select: yahtzee|yatzy|yams|triple_yahtzee),
//              settings-option-joker (shown for yahtzee, triple_yahtzee) with radios
//              settings-joker-forced, settings-joker-free; settings-option-exact-counts
//              (shown for yatzy) with the checkbox settings-exact-counts; settings-seats
//              (select 1-8), settings-timer (select: "" (off), 30, 60, 90, 120, custom),
//              settings-timer-custom (15-300, shown for custom), settings-coach
//              (checkbox: coach hints allowed), settings-save,
//              settings-cancel (Escape in the form cancels too)
//   board      board, turn-status (data-mine), timer, die-0 .. die-4 (aria-pressed,
//              data-face), roll (aria-disabled), rolls-left (data-count),
//              announce-control, announce-select, announce, announced, skip,
//              hint-toggle (aria-pressed; on your turn when the room's coach is on)
//   coach      coach (the panel, shown while hints are on), coach-kind (Exact|Estimate),
//              coach-status (getting ready, errors), coach-expected (before a roll),
//              coach-best (data-kind, data-value), coach-choices, coach-choice (every
//              other choice: data-kind keep|place|announce, data-value), coach-more;
//              dice the coach keeps have the class is-suggested, its box is-coach
//   cards      scorecards, card-<seat> (column header), box-<column>-<box> (your own
//              cells; a button when it can be scored now), total-<seat>;
//              every cell has data-cell="<seat>-<column>-<box>"
//   players    players, player-<seat>, hand-to-bot-<seat>; for the host, mute-<player id>
//              (data-muted; "Mute"/"Unmute") beside kick-<player id> here and in the lobby;
//              muted-badge on a muted member's entry (everyone sees it)
//   reactions  reactions (the row: in the players panel during a game, above the chat
//              box between games), react-<emoji> (react-👍 ...), reactions-muted (the
//              note while the host has muted you); reaction: the bubble on a sender's
//              entry (player-<seat>, seat-<n>, spectators, card-<seat>) for 2.5 s
//              (data-emoji, data-seq)
//   results    results, ranking, rank-<seat> (data-rank, data-total), rematch,
//              waiting-host, review-link (to the review page of a game you played)
//              replay-link (to the game's replay); history-link (room bar: past games)
//   dialog     confirm-dialog, confirm-ok, confirm-cancel
//   report     report-chat-<message id> (on other people's chat lines), report-<player id>
//              (beside other people in the lobby, players panel and watchers);
//              report-dialog, report-about, report-reason-<abuse|spam|cheating|other>,
//              report-text, report-text-hint, report-error, report-send, report-cancel;
//              the receipt is an info toast (role=status)
//   feed       log-list (items: data-seq, data-kind), chat-list, chat-form,
//              chat-input, chat-send (both disabled while the host mutes you), chat-muted
//   tabs       room-tabs (narrow screens only), tab-table, tab-players, tab-log,
//              tab-chat (aria-pressed), chat-unread (the count, hidden at 0)
// Keyboard: the first Tab reaches "Skip to the table"; Tab to any control; Space/Enter on
// a die holds it; keys 1-5 hold dice and R rolls (not while typing); Enter scores a box.

import { h, patch, render } from "./dom.js";
import { RoomSocket } from "./socket.js";
import { Rules, describe, diceText, rankingSentence } from "./text.js";
import { Toasts } from "./ui/toast.js";
import { Live } from "./ui/live.js";
import { confirmDialog } from "./ui/dialog.js";
import { askReport } from "./ui/report.js";
import { refusalText, refusedWhile, seenOffline } from "./ui/outage.js";
import { refocus } from "./ui/focus.js";
import { skipToTable } from "./ui/skip.js";
import { Signals } from "./ui/signals.js";
import { RoomTabs, redrawSheet, trackBoardHeight } from "./ui/layout.js";
import { DiceTray } from "./render/dice.js";
import { formatSeconds, renderControls, renderHint, renderPlayers, renderResults, renderStatus } from "./render/board.js";
import { renderCards } from "./render/scorecard.js";
import { renderLobby, renderLobbyTitle, renderRules } from "./render/lobby.js";
import { RoomSettings } from "./render/settings.js";
import { renderChat, renderLog } from "./render/feed.js";
import { choiceText, holdPositions, renderCoach } from "./render/coach.js";
import { ReactionBar, reactionName } from "./render/reactions.js";

const root = document.getElementById("room-app");
const config = {
  wsPath: root.dataset.wsPath,
  code: root.dataset.code,
  inviteUrl: root.dataset.inviteUrl,
  inviteNote: root.dataset.inviteNote || "",
  qrUrl: root.dataset.qrUrl,
  rulesUrl: root.dataset.rulesUrl,
  homeUrl: root.dataset.homeUrl,
  roomUrl: root.dataset.roomUrl,
};
const $ = (selector) => root.querySelector(selector);
const regions = Object.fromEntries([...root.querySelectorAll("[data-region]")].map((el) => [el.dataset.region, el]));
const layout = $(".room__layout");
const banner = $("[data-testid=reconnect-banner]");
const connection = $("[data-testid=connection]");
const toasts = new Toasts($(".toasts"));
const tabs = new RoomTabs($("[data-testid=room-tabs]"), layout, regions.chat);
skipToTable(document.querySelector("[data-testid=skip-to-table]"), root, () => tabs.open("table"));
trackBoardHeight(regions.board, banner);
const live = new Live(document.getElementById("live"));
const signals = new Signals({
  soundButton: $("[data-testid=sound-toggle]"),
  alertsButton: $("[data-testid=alerts-toggle]"),
  icon: document.querySelector("link[rel=icon]"),
  turnIcon: root.dataset.turnIcon,
  tell: (text) => toasts.show(text),
});
// The boxes that hold five of a kind, in every variant.
const FIVE_OF_A_KIND = new Set(["yahtzee", "yatzy", "yams"]);
const dialog = $("dialog");
const reportDialog = $("[data-testid=report-dialog]");
const chatForm = $("[data-testid=chat-form]");
const chatInput = $("[data-testid=chat-input]");
const chatSend = $("[data-testid=chat-send]");
const chatMuted = $("[data-testid=chat-muted]");
const variantLabel = $(".room-bar__variant");
// "<variant> room <code> — Five Dice": the variant part follows the room's settings.
const titleTail = document.title.startsWith(variantLabel.textContent)
  ? document.title.slice(variantLabel.textContent.length)
  : ` · ${document.title}`;
let baseTitle = document.title;
const HINTS_KEY = "fivedice:hints";

const app = {
  state: null,
  rules: null,
  holds: new Set(),
  holdsSending: 0, // hold requests on their way
  busy: null, // "roll" | "place" | "announce" while such a request is in flight
  announceChoice: { turn: null, box: "" }, // picked in Yam's announce list, not announced yet
  timer: { seconds: null, at: 0 },
  seenSeq: null,
  rulesKey: null,
  // The rules the game on the table was played with: the room's, except that a host may
  // change the room's variant after a game, while its final scorecards are still shown.
  game: { number: null, rules: null },
  // The coach (docs/protocol.md, `hint`): asked after each of your rolls while hints are on.
  hints: {
    on: readHintsSetting(),
    key: null, // the position asked about (see hintKey)
    status: "idle", // idle | loading | warming | ready | error
    data: null,
    error: null,
    timer: null,
    moreOpen: false,
    rev: 0, // bumped on every change, so the panel is redrawn only then
    drawn: -1,
    said: null,
  },
};

function readHintsSetting() {
  try {
    return localStorage.getItem(HINTS_KEY) === "on";
  } catch {
    return false;
  }
}

// -- the board skeleton: the dice are persistent elements -------------------

const tray = new DiceTray((i) => toggleHold(i));
const board = {
  status: h("div", { class: "board__status", dataset: { tableStart: "" } }),
  hint: h("p", { class: "tray__hint", id: "tray-hint" }),
  controls: h("div", { class: "tray__controls" }),
};
regions.board.append(
  board.status,
  h("div", { class: "tray" }, tray.el, h("div", { class: "tray__side" }, board.controls, board.hint)),
);

// -- the players panel: its list is redrawn, the reaction row is kept ---------------------

const playersBody = h("div", { class: "players-panel" });
regions.players.append(playersBody);
const reactions = new ReactionBar({ send: (emoji) => act("react", { emoji }) });

// -- the lobby: its heading and seats are redrawn, the settings block is kept ---------

const lobby = {
  head: h("div", { class: "lobby__head" }),
  settings: new RoomSettings(),
  body: h("div", { class: "lobby__body" }),
};
regions.lobby.append(lobby.head, lobby.settings.el, lobby.body);

// -- talking to the server ----------------------------------------------------

const socket = new RoomSocket(config.wsPath, {
  onState: (state) => onState(state),
  onError: (error) => showError(error),
  onStatus: (status) => onStatus(status),
  onFatal: (code, message) => onFatal(code, message),
});

function showError(error) {
  const text = error?.message || gettext("Something went wrong.");
  toasts.show(text.charAt(0).toUpperCase() + text.slice(1));
}

const waiters = [];
function untilVersion(version) {
  if (version === null || version === undefined || (socket.version ?? -1) >= version) return Promise.resolve();
  return new Promise((resolve) => {
    waiters.push({ version, resolve });
    setTimeout(resolve, 4000); // never wait forever for a state
  });
}

/** Ask why, then report a chat line ({message}) or a person ({player}) to the
 *  moderators; the receipt (or the refusal) is a toast, read out to screen readers. */
async function report(target, about) {
  const answer = await askReport(reportDialog, { about });
  if (!answer) return false;
  try {
    const ack = await socket.request("report", { ...target, reason: answer.reason, text: answer.text || null });
    toasts.show(
      ack?.report === "already"
        ? gettext("You already reported this. The moderators have it.")
        : gettext("Report received. Thank you: a moderator will look at it."),
      "info",
    );
    return true;
  } catch (error) {
    showError(error);
    return false;
  }
}

/** Send a request; errors become toasts. busy: mark the turn controls busy meanwhile. */
async function act(type, fields = {}, { busy = null } = {}) {
  if (refusedWhile(socket.status, type)) {
    toasts.show(refusalText());
    return false;
  }
  if (busy) {
    if (app.busy) return false;
    app.busy = busy;
    draw();
  }
  try {
    const ack = await socket.request(type, fields);
    await untilVersion(ack?.version);
    return true;
  } catch (error) {
    showError(error);
    return false;
  } finally {
    if (busy) {
      app.busy = null;
      draw();
    }
  }
}

// -- derived facts --------------------------------------------------------------

function phaseOf(state) {
  if (!state.game) return "lobby";
  return state.game.status === "playing" ? "playing" : "over";
}

function isMine(seat) {
  return Boolean(app.state && seat && seat.player === app.state.you.player);
}

function context() {
  const state = socket.status === "open" ? app.state : seenOffline(app.state);
  const game = state.game;
  const current = game?.seats?.find((s) => s.seat === game.current_seat) || null;
  const playing = game?.status === "playing";
  const myTurn = Boolean(playing && current && isMine(current) && state.room.status === "open");
  return {
    state,
    rules: app.rules,
    you: state.you,
    isHost: Boolean(state.you.host),
    phase: phaseOf(state),
    betweenGames: !playing,
    inGame: playing,
    current,
    myTurn,
    mySeat: game?.seats?.find((s) => isMine(s)) || null,
    mine: isMine,
    awayFor,
    handoverAfter: AWAY_FOR_HANDOVER,
    holds: app.holds,
    busy: app.busy,
    options: new Map((game?.options || []).map((o) => [`${o.column}:${o.box}`, o])),
    lastPlace: lastPlacement(state),
    inviteUrl: config.inviteUrl,
    inviteNote: config.inviteNote,
    qrUrl: config.qrUrl,
    code: config.code,
    rulesUrl: config.rulesUrl,
    roomUrl: config.roomUrl,
    canShare: typeof navigator.share === "function" && matchMedia("(pointer: coarse)").matches,
    act,
    confirm: (opts) => confirmDialog(dialog, opts),
    report,
    toast: (message) => toasts.show(message, "info"),
    error: (message) => toasts.show(message),
    copyInvite,
    share: () => navigator.share({ title: document.title, text: gettext("Join my dice table"), url: config.inviteUrl }).catch(() => {}),
    roll,
    place,
    announce: announceBox,
    announceChoice: app.announceChoice.turn === turnKey(game) ? app.announceChoice.box : "",
    chooseAnnounce: (box) => {
      app.announceChoice = { turn: turnKey(app.state.game), box };
      draw();
    },
    coachOn: coachOn(state, myTurn),
    hints: app.hints,
    toggleHints,
    setMoreOpen: (open) => {
      app.hints.moreOpen = open;
    },
    coachBest: coachBest(state),
    applyHint,
    reaction: (player) => reactions.bubble(player),
  };
}

/** Whether the host has muted the viewer (no chat, no reactions). */
function mutedYou(state) {
  return Boolean(state.members.find((m) => m.player === state.you.player)?.muted);
}

// -- the coach ----------------------------------------------------------------------

/** Hints can be asked for: the room's coach is on and it is the viewer's turn. */
function coachOn(state, myTurn) {
  return Boolean(state.room.coach && myTurn && state.room.status === "open");
}

/** The position a hint is about: the turn, the dice, the rolls left and the announcement. */
function hintKey(game) {
  return `${game.number}:${game.turn}:${game.rolls_left}:${game.announced || ""}:${game.dice.join("")}`;
}

/** The coach's best choice for the position on the table, if it is known. */
function coachBest(state) {
  const hints = app.hints;
  if (!hints.on || hints.status !== "ready" || !hints.data || !state.game?.dice?.length) return null;
  if (hints.key !== hintKey(state.game) || !coachOn(state, true)) return null;
  return hints.data.choices[0] || null;
}

function hintsChanged(fields) {
  Object.assign(app.hints, fields);
  app.hints.rev += 1;
}

function toggleHints() {
  const on = !app.hints.on;
  hintsChanged({ on, key: null, data: null, status: "idle", error: null });
  clearTimeout(app.hints.timer);
  try {
    localStorage.setItem(HINTS_KEY, on ? "on" : "off");
  } catch {
    /* private mode: the toggle just is not remembered */
  }
  live.say(on ? gettext("Hints on") : gettext("Hints off"));
  draw();
}

/** Ask for a hint when hints are on and the position is new; forget it otherwise. */
function syncHints(ctx) {
  const hints = app.hints;
  if (!hints.on || !ctx.coachOn) {
    if (hints.key !== null) {
      clearTimeout(hints.timer);
      hintsChanged({ key: null, data: null, status: "idle", error: null });
    }
    return;
  }
  const key = hintKey(ctx.state.game);
  if (key !== hints.key) requestHint(key);
}

async function requestHint(key, attempt = 0) {
  clearTimeout(app.hints.timer);
  if (attempt === 0) hintsChanged({ key, data: null, status: "loading", error: null, moreOpen: false });
  let answer;
  try {
    answer = await socket.request("hint");
  } catch (error) {
    if (app.hints.key !== key) return;
    if ((error.code === "coach_warming_up" || error.code === "rate_limited") && attempt < 120) {
      // The coach's tables are being built (or we asked too fast): ask again in a second.
      if (app.hints.status !== "warming" && error.code === "coach_warming_up") hintsChanged({ status: "warming" });
      app.hints.timer = setTimeout(() => {
        if (app.hints.key === key) requestHint(key, attempt + 1);
      }, 1000);
    } else {
      hintsChanged({ status: "error", error: error.code === "coach_off" ? gettext("The host turned the coach off.") : error.message });
    }
    draw();
    return;
  }
  if (app.hints.key !== key) return;
  hintsChanged({ status: "ready", data: answer });
  draw();
  const best = answer.choices?.[0];
  if (best && app.hints.said !== key) {
    app.hints.said = key;
    live.say(interpolate(gettext("Coach: %(advice)s"), { advice: choiceText(best, app.rules) }, true));
  }
}

function drawCoach(ctx) {
  const visible = ctx.phase === "playing" && ctx.coachOn && app.hints.on;
  show("coach", visible);
  if (!visible || app.hints.drawn === app.hints.rev) return;
  app.hints.drawn = app.hints.rev;
  render(regions.coach, renderCoach(ctx));
}

function lastPlacement(state) {
  const event = state.event;
  if (!event) return null;
  if (event.kind === "place") return event.data;
  if (event.kind === "timeout" || event.kind === "skip") return event.data?.place || null;
  return null;
}

// -- holding dice -----------------------------------------------------------------

/** The holds shown: the server's (everyone sees every hold the moment it is made, and a
 *  reopened page finds them), except that the player's own clicks show at once while
 *  their ``hold`` requests are on their way. */
function syncHolds() {
  const game = app.state.game;
  if (!game || game.status !== "playing" || !game.dice.length) {
    app.holds = new Set();
    return;
  }
  if (app.holdsSending && context().myTurn) return;
  app.holds = new Set(game.held);
}

/** Do what the coach suggests: hold its dice, fill its box, or announce its box. */
function applyHint(best) {
  const game = app.state?.game;
  if (!best || !game || !context().myTurn || app.busy) return;
  if (best.kind === "keep") {
    if (!canHold()) return;
    app.holds = new Set(holdPositions(game.dice, best.keep));
    live.say(
      best.keep.length
        ? interpolate(gettext("Holding %(dice)s"), { dice: best.keep.join(" ") }, true)
        : gettext("Holding nothing: roll all five"),
    );
    draw();
    sendHolds();
  } else if (best.kind === "announce") {
    announceBox(best.box);
  } else {
    const option = (game.options || []).find((o) => o.box === best.box && (!best.column || o.column === best.column));
    if (option) place(option);
  }
}

/** Tell the table which dice are held now; the newest choice wins. */
async function sendHolds() {
  app.holdsSending += 1;
  try {
    await act("hold", { hold: [...app.holds].sort() });
  } finally {
    app.holdsSending -= 1;
    if (!app.holdsSending && app.state) {
      syncHolds();
      draw();
    }
  }
}

function canHold() {
  const game = app.state?.game;
  const ctx = app.state && context();
  return Boolean(ctx?.myTurn && game.dice.length && game.rolls_left > 0 && !app.busy && socket.status === "open");
}

function toggleHold(index) {
  if (refusedWhile(socket.status, "hold")) return toasts.show(refusalText());
  if (!canHold()) {
    const game = app.state?.game;
    if (app.state && context().myTurn && game?.dice.length && game.rolls_left === 0) {
      toasts.show(gettext("No rolls left: pick a box to score."), "info");
    }
    return;
  }
  if (app.holds.has(index)) app.holds.delete(index);
  else app.holds.add(index);
  const face = app.state.game.dice[index];
  const said = app.holds.has(index) ? gettext("Die %(n)s, %(face)s, held") : gettext("Die %(n)s, %(face)s, released");
  live.say(interpolate(said, { n: index + 1, face }, true));
  draw();
  sendHolds();
}

// -- actions ----------------------------------------------------------------------

function roll() {
  const ctx = context();
  const game = app.state.game;
  if (!ctx.myTurn || app.busy) return;
  if (game.rolls_left === 0) return toasts.show(gettext("No rolls left: pick a box to score."), "info");
  if (game.must_announce && !game.announced) return toasts.show(gettext("Announce a box before rolling again."), "info");
  const hold = game.dice.length ? [...app.holds].sort() : [];
  if (hold.length === 5) return toasts.show(gettext("Release at least one die to roll."), "info");
  act("roll", { hold }, { busy: "roll" });
}

async function place(option) {
  if (app.busy || !context().myTurn) return;
  const rules = app.rules;
  const total = option.points + (option.bonus || 0);
  if (total === 0) {
    const ok = await confirmDialog(dialog, {
      title: interpolate(gettext("Score 0 in %(box)s?"), { box: rules.where(option.box, option.column) }, true),
      text: gettext("These dice don't fit that box. It will be filled with 0 and can't be used again this game."),
      ok: gettext("Score 0"),
      cancel: gettext("Keep playing"),
    });
    if (!ok) return;
  }
  const fields = { box: option.box };
  if (rules.multi) fields.column = option.column;
  // The box becomes a filled cell: focus goes to the turn banner, which says whose turn it is.
  if (await act("place", fields, { busy: "place" })) refocus(board.status);
}

/** Which turn of which game ``game`` is at. */
function turnKey(game) {
  return game ? `${game.number}:${game.turn}` : null;
}

/** Announce a box of Yam's announced column, after asking once: it binds the turn. */
async function announceBox(box) {
  if (app.busy || !context().myTurn) return;
  if (!box) return toasts.show(gettext("Choose the box you announce first."), "info");
  const rules = app.rules;
  const where = rules.where(box, rules.rs.announce_column);
  const title = { box: rules.boxTitle(box) };
  const ok = await confirmDialog(dialog, {
    title: interpolate(gettext("Announce %(box)s?"), title, true),
    text: interpolate(gettext("This turn must then be scored in %(where)s, with 0 if the dice do not fit it."), { where }, true),
    ok: interpolate(gettext("Announce %(box)s"), title, true),
    cancel: gettext("Not yet"),
  });
  if (!ok) return;
  act("announce", { box }, { busy: "announce" });
}

async function copyInvite() {
  const url = config.inviteUrl;
  try {
    await navigator.clipboard.writeText(url);
    toasts.show(gettext("Invite link copied. Send it to your friends!"), "info");
    return;
  } catch {
    /* fall back below */
  }
  const field = document.getElementById("invite-url") || h("textarea", { class: "visually-hidden" }, url);
  const temporary = !field.isConnected;
  if (temporary) document.body.append(field);
  field.focus();
  field.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  if (temporary) field.remove();
  toasts.show(
    copied ? gettext("Invite link copied. Send it to your friends!") : interpolate(gettext("Copy this link: %(url)s"), { url }, true),
    "info",
  );
}

// -- the state arrives ----------------------------------------------------------------

function onState(state) {
  const previous = app.state;
  app.state = state;
  app.stateAt = Date.now();
  const rulesKey = JSON.stringify([state.room.ruleset.name, state.room.ruleset.options]);
  if (rulesKey !== app.rulesKey) {
    app.rules = new Rules(state.room.ruleset);
    app.rulesKey = rulesKey;
    variantLabel.textContent = app.rules.title;
    baseTitle = `${app.rules.title}${titleTail}`;
  }
  app.game = gameRules(state, app.game);
  if (state.game && state.game.seconds_left !== null && state.game.seconds_left !== undefined) {
    app.timer = { seconds: state.game.seconds_left, at: performance.now() };
  } else {
    app.timer = { seconds: null, at: 0 };
  }
  syncHolds();
  const reacted = reactions.receive(state, previous);
  draw(previous);
  announce(previous, state);
  for (const r of reacted) {
    if (r.actor_id !== state.you.player) {
      live.say(interpolate(gettext("%(name)s reacted with %(reaction)s"), { name: r.actor, reaction: reactionName(r.data.emoji) }, true));
    }
  }
  app.seenSeq = state.version;
  for (let i = waiters.length - 1; i >= 0; i--) {
    if (state.version >= waiters[i].version) {
      waiters[i].resolve();
      waiters.splice(i, 1);
    }
  }
  schedulePresence();
}

/** Whether a finished game's cards can be drawn with ``rules``: every column and box
 *  filled on them exists there. */
function fits(rules, game) {
  return game.seats.every((seat) =>
    Object.entries(seat.boxes || {}).every(
      ([column, boxes]) => rules.columnMap.has(column) && Object.keys(boxes || {}).every((box) => rules.boxes.has(box)),
    ),
  );
}

/** The rules of the game in ``state`` (null when they are not known any more). A game
 *  in play has the room's; a finished one keeps those it was seen with, since the host
 *  may have changed the room since. */
function gameRules(state, known) {
  const game = state.game;
  if (!game) return { number: null, rules: null };
  if (game.ruleset) return { number: game.number, rules: new Rules(game.ruleset) }; // if the server ever says
  if (game.status === "playing") return { number: game.number, rules: app.rules };
  if (known.number === game.number && known.rules) return known;
  return { number: game.number, rules: fits(app.rules, game) ? app.rules : null };
}

/** Tell screen readers what changed since the previous state, oldest first. */
function announce(previous, state) {
  if (!previous) {
    const ctx = context();
    if (ctx.myTurn) live.say(gettext("Your turn"));
    return;
  }
  const fresh = (state.log || []).filter((e) => e.seq > previous.version).reverse();
  const you = state.you.name;
  for (const event of fresh) {
    const d = event.data || {};
    // Names can repeat at a table: the seat says whose move it was.
    const mySeat = state.you.seat;
    const byMe =
      (event.kind === "roll" || event.kind === "place" || event.kind === "announce") &&
      event.actor === you &&
      mySeat !== null &&
      d.seat === mySeat;
    if (event.kind === "roll") signals.play("roll");
    if (event.kind === "host_passed" && d.player_id === state.you.player) {
      toasts.show(gettext("You are the host now: you can start games, seat bots and change the room."), "info");
    }
    if (event.kind === "place" || event.kind === "timeout" || event.kind === "skip") {
      const placed = event.kind === "place" ? d : d.place || {};
      const fiveOfAKind = FIVE_OF_A_KIND.has(placed.box) && placed.points > 0;
      signals.play(fiveOfAKind ? "yahtzee" : "score");
      const name = state.game?.seats?.find((s) => s.seat === placed.seat)?.name || event.actor;
      if (fiveOfAKind) {
        celebrate(
          interpolate(gettext("%(box)s!"), { box: app.rules.boxTitle(placed.box) }, true),
          interpolate(gettext("%(name)s scored five of a kind"), { name }, true),
        );
      }
      const won = (placed.ranking || []).some((r) => r.rank === 1 && r.seat === state.you.seat);
      if (won && placed.ranking.length > 1) {
        signals.play("yahtzee", 0.4);
        celebrate(gettext("You win!"), rankingSentence(placed.ranking));
      }
    }
    if (event.kind === "roll" && byMe) {
      const rolled = ngettext("You rolled %(dice)s. %(n)s roll left", "You rolled %(dice)s. %(n)s rolls left", d.rolls_left);
      live.say(interpolate(rolled, { dice: diceText(d.dice), n: d.rolls_left }, true));
    } else if (event.kind === "place" && byMe) {
      const scored = d.bonus ? gettext("You scored %(points)s plus %(bonus)s in %(box)s") : gettext("You scored %(points)s in %(box)s");
      live.say(interpolate(scored, { points: d.points, bonus: d.bonus, box: app.rules.where(d.box, d.column) }, true));
      if (d.ranking) live.say(rankingSentence(d.ranking));
    } else {
      const text = describe(event, state, app.rules);
      if (text) live.say(text);
    }
  }
  const newChat = (state.chat || []).filter((m) => !(previous.chat || []).some((p) => p.id === m.id) && m.name !== you);
  for (const m of newChat.slice(-3)) live.say(interpolate(gettext("%(name)s says: %(text)s"), { name: m.name, text: m.text }, true));
  tabs.messages(newChat.length);

  const wasMine = (() => {
    const g = previous.game;
    if (!g || g.status !== "playing") return false;
    const seat = g.seats.find((s) => s.seat === g.current_seat);
    return seat?.player === previous.you.player;
  })();
  const ctx = context();
  if (ctx.myTurn && !wasMine) {
    live.say(gettext("Your turn"));
    const where = interpolate(gettext("%(variant)s · room %(code)s"), { variant: app.rules.title, code: config.code }, true);
    signals.turn(true, true, gettext("Your turn"), where);
    // Keyboard players: if focus fell off a control that went away, put it on Roll.
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected || active.closest("[hidden]");
    if (lost || active.matches(".sheet-scroll")) {
      root.querySelector("[data-testid=roll]")?.focus({ preventScroll: true });
    }
  }
}

// -- a short celebration: five of a kind, a win ----------------------------------------

const CELEBRATE_FOR = 2600;

/** Show ``title`` and ``text`` over the table for a moment (still, with reduced motion). */
function celebrate(title, text) {
  document.querySelector(".celebration")?.remove();
  const banner = h(
    "div",
    { class: "celebration", role: "status", dataset: { testid: "celebration" } },
    h("span", { class: "celebration__burst", "aria-hidden": "true" }, ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => h("span", { style: { "--i": i } }))),
    h("strong", { class: "celebration__title" }, title),
    h("span", { class: "celebration__text" }, text),
  );
  document.body.append(banner);
  document.documentElement.dataset.celebrated = title; // a test hook that outlives the banner
  setTimeout(() => banner.remove(), CELEBRATE_FOR);
}

// -- drawing -------------------------------------------------------------------------------

function show(name, visible) {
  regions[name].hidden = !visible;
}

function draw(previous = app.state) {
  const state = app.state;
  if (!state) return;
  const ctx = context();
  const phase = ctx.phase;
  const phaseChanged = layout.dataset.phase !== phase && layout.dataset.phase !== "connecting";
  layout.dataset.phase = phase;
  regions.loading.hidden = true;

  show("lobby", phase === "lobby" || phase === "over");
  show("results", phase === "over");
  show("board", phase === "playing");
  const cardRules = app.game.rules;
  show("cards", phase !== "lobby" && Boolean(cardRules));
  show("players", phase === "playing");
  syncHints(ctx);
  show("rules", true);
  show("log", true);
  show("chat", true);

  if (phase === "lobby" || phase === "over") {
    render(lobby.head, renderLobbyTitle(ctx));
    lobby.settings.update(ctx);
    render(lobby.body, renderLobby(ctx));
  } else {
    lobby.settings.update(ctx); // closes the form when a game starts
  }
  if (phase === "over") render(regions.results, renderResults(ctx));
  if (phase === "playing") drawBoard(ctx, previous);
  drawCoach(ctx);
  if (phase !== "lobby" && cardRules) {
    redrawSheet(regions.cards, () =>
      patch(regions.cards, renderCards({ ...ctx, rules: cardRules }), () => root.querySelector("[data-testid=roll]") || regions.cards.querySelector(".sheet-scroll")),
    );
  }
  if (phase === "playing") render(playersBody, renderPlayers(ctx));
  placeReactions(phase);
  tabs.update({ players: phase === "playing", myTurn: ctx.myTurn });
  const rulesPanelKey = `${app.rulesKey}|${state.room.turn_seconds ?? ""}`;
  if (rulesPanelKey !== regions.rules.dataset.key) {
    render(regions.rules, renderRules(ctx));
    regions.rules.dataset.key = rulesPanelKey;
  }
  renderLog($("[data-testid=log-list]"), ctx, app.seenSeq);
  renderChat($("[data-testid=chat-list]"), ctx);
  const closed = state.room.status === "closed";
  const muted = mutedYou(state);
  chatInput.disabled = chatSend.disabled = closed || muted;
  chatInput.placeholder = muted ? gettext("The host muted you") : gettext("Say something nice");
  chatMuted.hidden = !muted;
  reactions.update({ muted, closed });

  document.title = ctx.myTurn ? `● ${gettext("Your turn")} · ${baseTitle}` : baseTitle;
  signals.turn(ctx.myTurn, false);
  tickTimer();
  if (phaseChanged) showPhase(phase);
}

/** The reaction row is one tap away: in the players panel during a game, above the chat
 *  box between games (the players panel is hidden then). */
function placeReactions(phase) {
  if (phase === "playing") {
    if (reactions.el.parentNode !== regions.players) regions.players.append(reactions.el);
  } else if (reactions.el.nextElementSibling !== chatMuted) {
    chatMuted.before(reactions.el);
  }
}

/** A new screen: bring its top into view (the results take the focus, for keyboards
 *  and screen readers; a new game gives it to Roll through announce()). */
function showPhase(phase) {
  const smooth = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
  if (phase === "over") {
    const title = regions.results.querySelector(".results__title");
    regions.results.scrollIntoView({ block: "start", behavior: smooth });
    if (title) {
      title.tabIndex = -1;
      title.focus({ preventScroll: true });
    }
  } else if (phase === "playing" && window.scrollY > layout.offsetTop) {
    layout.scrollIntoView({ block: "start", behavior: smooth });
  }
}

function drawBoard(ctx, previous) {
  const game = ctx.state.game;
  render(board.status, renderStatus(ctx));
  render(board.controls, renderControls(ctx), () => tray.dice[0]);
  const hint = renderHint(ctx);
  board.hint.textContent = hint || "";
  board.hint.hidden = !hint;

  // Animate a fresh roll (not a state we are seeing for the first time).
  let rolled = [];
  const event = ctx.state.event;
  if (previous && previous !== ctx.state && event?.kind === "roll" && event.seq > (previous.version ?? 0)) {
    const kept = new Set(event.data?.held || []);
    rolled = [0, 1, 2, 3, 4].filter((i) => !kept.has(i));
  }
  const best = coachBest(ctx.state);
  const suggested = best?.kind === "keep" ? new Set(holdPositions(game.dice, best.keep)) : new Set();
  tray.update({ faces: game.dice, held: app.holds, interactive: canHold(), rolled, suggested });
  regions.board.classList.toggle("is-mine", ctx.myTurn);
  regions.board.classList.toggle("is-busy", Boolean(app.busy));
}

// -- the turn timer counts down locally between states ------------------------------

function tickTimer() {
  const el = root.querySelector("[data-testid=timer]");
  if (!el || app.timer.seconds === null) return;
  const left = Math.max(0, app.timer.seconds - (performance.now() - app.timer.at) / 1000);
  el.querySelector(".timer__text").textContent = formatSeconds(left);
  el.classList.toggle("is-low", left <= 10);
  el.style.setProperty("--left", left.toFixed(1));
}
setInterval(tickTimer, 250);

// -- presence: "reconnecting" becomes "gone" after 30 s without a new state -----------

// -- and after a minute gone, any player of the game may hand the seat to a bot ------

const RECONNECT_GRACE = 30; // seconds, as games/selectors/views.py PRESENCE_GRACE
const AWAY_FOR_HANDOVER = Number(root.dataset.handoverAfter) || 60; // seconds (GAMES_AWAY_FOR_HANDOVER_SECONDS)

/** Seconds since ``member`` was last seen (a very long time when never, or unknown). */
function awayFor(member) {
  return (member?.seen_seconds_ago ?? 1e9) + (Date.now() - app.stateAt) / 1000;
}

let presenceTimer = null;
function schedulePresence() {
  clearTimeout(presenceTimer);
  const waits = (app.state?.members || [])
    .filter((m) => !m.bot && m.presence !== "online")
    .flatMap((m) => [RECONNECT_GRACE - awayFor(m), AWAY_FOR_HANDOVER - awayFor(m)])
    .filter((wait) => wait > 0);
  if (!waits.length) return;
  presenceTimer = setTimeout(() => {
    for (const m of app.state.members) {
      if (m.presence === "reconnecting" && awayFor(m) >= RECONNECT_GRACE) m.presence = "gone";
    }
    draw();
    schedulePresence();
  }, (Math.min(...waits) + 0.5) * 1000);
}

// -- connection status ------------------------------------------------------------------

function onStatus(status) {
  connection.dataset.state = status;
  const texts = {
    connecting: gettext("Connecting…"),
    open: pgettext("connection", "Live"),
    reconnecting: gettext("Reconnecting…"),
    closed: pgettext("connection", "Offline"),
  };
  const text = texts[status] || status;
  connection.querySelector(".conn__text").textContent = text;
  const down = status === "reconnecting";
  banner.hidden = !down;
  root.classList.toggle("is-offline", down);
  if (down) live.say(gettext("Connection lost. Reconnecting"));
  draw(); // the others' presence is unknown meanwhile
}

function onFatal(code, message) {
  if (code === 1000) {
    // We left on purpose.
    location.assign(config.homeUrl);
    return;
  }
  banner.hidden = true;
  // The notice takes the table's place: on a phone showing the chat, switch back to it.
  tabs.open("table");
  tabs.nav.hidden = true;
  layout.dataset.phase = "fatal";
  for (const region of Object.values(regions)) region.hidden = true;
  const notice = h(
    "div",
    { class: "panel fatal", role: "alert", dataset: { testid: "fatal" } },
    h("h2", { class: "panel__title" }, { 4404: gettext("No such room"), 4451: gettext("You are banned") }[code] || gettext("You're not at this table")),
    h("p", {}, message || gettext("The table closed the connection.")),
    // A banned player is offered nothing the ban refuses (the room page, opening a room).
    code === 4451 ? h("p", {}, gettext("While the ban lasts you cannot open, join or play at a table. The rules stay open to read.")) : null,
    h(
      "p",
      { class: "fatal__actions" },
      ...(code === 4451
        ? [h("a", { class: "btn", href: config.rulesUrl, dataset: { testid: "fatal-rules" } }, gettext("Read the rules"))]
        : [h("a", { class: "btn", href: location.pathname }, gettext("Back to the room page")), " ", h("a", { class: "btn btn--quiet", href: config.homeUrl }, gettext("Home"))]),
    ),
  );
  $("#room-main").append(notice);
}

// -- page-level controls ------------------------------------------------------------------

root.addEventListener("click", async (event) => {
  const button = event.target.closest("[data-action]");
  if (!button) return;
  if (button.dataset.action === "copy-invite") copyInvite();
  if (button.dataset.action === "leave") {
    const seated = app.state?.game?.status === "playing" && context().mySeat;
    const ok = await confirmDialog(dialog, {
      title: gettext("Leave this room?"),
      text: seated
        ? gettext("A bot finishes your game for you. You can come back with the link, as a spectator.")
        : gettext("You can come back with the link while the room is open."),
      ok: gettext("Leave"),
      danger: true,
    });
    if (ok) act("leave");
  }
});

chatForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = chatInput.value.trim();
  if (!text) return;
  chatInput.value = "";
  const ok = await act("chat", { text });
  if (!ok && !chatInput.value) chatInput.value = text; // give the words back
});

// Keys 1-5 hold dice, R rolls; never while typing or in a dialog.
document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target.closest?.("input, textarea, select, [contenteditable], dialog")) return;
  if (dialog.open) return;
  if (/^[1-5]$/.test(event.key)) {
    if (!app.state || !context().myTurn) return;
    event.preventDefault();
    toggleHold(Number(event.key) - 1);
  } else if (event.key === "r" || event.key === "R") {
    if (!app.state || !context().myTurn) return;
    event.preventDefault();
    roll();
  }
});

socket.connect();
