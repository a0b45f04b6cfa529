// Drawing the room from the state held: which regions show in each phase, what the
// renderers (render/*.js) are given, and the persistent parts (the dice of board.js, the
// reaction row, the settings block) that are updated rather than redrawn.
import { h, patch, render } from "../dom.js";
import { confirmDialog } from "../ui/dialog.js";
import { redrawSheet } from "../ui/layout.js";
import { renderControls, renderHint, renderPlayers, renderResults, renderStatus } from "../render/board.js";
import { renderCards } from "../render/scorecard.js";
import { renderLobby, renderLobbyTitle, renderRules } from "../render/lobby.js";
import { RoomSettings } from "../render/settings.js";
import { renderChat, renderLog } from "../render/feed.js";
import { holdPositions } from "../render/coach.js";
import { ReactionBar } from "../render/reactions.js";
import { $, app, chatInput, chatMuted, chatSend, config, dialog, drawWith, layout, regions, root, signals, store, tabs, toasts } from "./page.js";
import { announceBox, copyInvite, place, roll, takeBackPlacement, turnKey } from "./actions.js";
import { board, tray } from "./board.js";
import { applyHint, coachBest, coachOn, drawCoach, hints, setMoreOpen, syncHints, toggleHints } from "./coach.js";
import { isMine, lastPlacement, mutedYou, phaseOf, shownState, turnOf } from "./facts.js";
import { canHold } from "./holds.js";
import { placements } from "./placements.js";
import { AWAY_FOR_HANDOVER, awayFor } from "./presence.js";
import { act, report } from "./requests.js";
import { pageTitle } from "./rules.js";
import { tickTimer } from "./timer.js";

// -- the players panel: its list is redrawn, the reaction row is kept ---------------------

const playersBody = h("div", { class: "players-panel" });
regions.players.append(playersBody);
export const reactions = new ReactionBar({ send: (emoji) => act("react", { emoji }) });

// -- the lobby: its heading and seats are redrawn, the settings block is kept ---------

const lobby = {
  head: h("div", { class: "lobby__head" }),
  settings: new RoomSettings(),
  body: h("div", { class: "lobby__body" }),
};
regions.lobby.append(lobby.head, lobby.settings.el, lobby.body);

// -- what the renderers are given -------------------------------------------------

/** What the renderers are given: the state held (as seen offline while the socket is
 *  down), the facts derived from it, and the actions they may bind. */
function context() {
  const state = shownState();
  const game = state.game;
  const { current, playing, myTurn, mySeat } = turnOf(state);
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
    mySeat,
    mine: isMine,
    awayFor,
    handoverAfter: AWAY_FOR_HANDOVER,
    holds: app.holds,
    busy: app.busy,
    options: new Map(placements(game).map((o) => [`${o.column}:${o.box}`, o])),
    lastPlace: lastPlacement(state),
    inviteUrl: config.inviteUrl,
    inviteNote: config.inviteNote,
    qrUrl: config.qrUrl,
    code: config.code,
    rulesUrl: config.rulesUrl,
    roomUrl: config.roomUrl,
    dailyUrl: config.dailyUrl,
    canShare: typeof navigator.share === "function" && matchMedia("(pointer: coarse)").matches,
    act,
    confirm: (opts) => confirmDialog(dialog, opts),
    redraw: () => draw(),
    pushKey: config.pushKey,
    report,
    toast: (message) => toasts.show(message, "info"),
    error: (message) => toasts.show(message),
    copyInvite,
    share: () => navigator.share({ title: document.title, text: gettext("Join my dice table"), url: config.inviteUrl }).catch(() => {}),
    roll,
    place,
    takeBackPlacement,
    announce: announceBox,
    announceChoice: app.announceChoice.turn === turnKey(game) ? app.announceChoice.box : "",
    chooseAnnounce: (box) => {
      app.announceChoice = { turn: turnKey(store.state.game), box };
      draw();
    },
    coachOn: coachOn(state, myTurn),
    hints,
    toggleHints,
    setMoreOpen,
    coachBest: coachBest(state),
    applyHint,
    reaction: (player) => reactions.bubble(player),
  };
}

// -- drawing -------------------------------------------------------------------------------

function show(name, visible) {
  regions[name].hidden = !visible;
}

/** Draw the state held; ``previous`` is the one drawn before (a fresh roll animates). */
export function draw(previous = store.state) {
  const state = store.state;
  if (!state) return;
  const ctx = context();
  const phase = ctx.phase;
  const phaseChanged = layout.dataset.phase !== phase && layout.dataset.phase !== "connecting";
  layout.dataset.phase = phase;
  regions.loading.hidden = true;

  // A daily challenge's table has no lobby: nobody to invite, no rematch.
  const lobbyShown = (phase === "lobby" || phase === "over") && !config.dailyUrl;
  show("lobby", lobbyShown);
  show("results", phase === "over");
  show("board", phase === "playing");
  const cardRules = app.game.rules;
  show("cards", phase !== "lobby" && Boolean(cardRules));
  show("players", phase === "playing");
  syncHints(ctx);
  show("rules", true);
  show("log", true);
  show("chat", true);

  if (lobbyShown) {
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
  const rulesPanelKey = `${app.rulesKey}|${state.room.pace}|${state.room.turn_seconds ?? ""}`;
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

  document.title = ctx.myTurn ? `● ${gettext("Your turn")} · ${pageTitle()}` : pageTitle();
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
  // Another seat's roll of the round (everyone's turn at once) leaves these dice be.
  const ours = event?.data?.seat === game.current_seat;
  if (previous && previous !== ctx.state && event?.kind === "roll" && ours && event.seq > (previous.version ?? 0)) {
    const kept = new Set(event.data?.held || []);
    rolled = [0, 1, 2, 3, 4].filter((i) => !kept.has(i));
  }
  const best = coachBest(ctx.state);
  const suggested = best?.kind === "keep" ? new Set(holdPositions(game.dice, best.keep)) : new Set();
  tray.update({ faces: game.dice, held: app.holds, interactive: canHold(), rolled, suggested });
  regions.board.classList.toggle("is-mine", ctx.myTurn);
  regions.board.classList.toggle("is-busy", Boolean(app.busy));
}

drawWith(draw);
