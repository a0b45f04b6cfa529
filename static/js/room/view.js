// Drawing the room from the state held: which regions show in each phase, what the
// renderers (render/*.js) are given, and the persistent parts (the dice of board.js, the
// reaction row, the settings block) that are updated rather than redrawn.
import { h, patch, render } from "../dom.js";
import { confirmDialog } from "../ui/dialog.js";
import { redrawSheet } from "../ui/layout.js";
import { renderControls, renderHint, renderPlayers, renderStatus } from "../render/board.js";
import { renderResults } from "../render/results.js";
import { renderCards } from "../render/scorecard.js";
import { renderLobby, renderLobbyTitle } from "../render/lobby.js";
import { renderRules } from "../render/rules_panel.js";
import { RoomSettings } from "../render/settings.js";
import { renderChat, renderLog } from "../render/feed.js";
import { renderStrangersChat } from "../render/public_table.js";
import { holdPositions } from "../render/coach.js";
import { ReactionBar } from "../render/reactions.js";
import { turnKey } from "./actions.js";
import { coachOn } from "./coach.js";
import { lastPlacement, mutedYou, phaseOf } from "./facts.js";
import { placements } from "./placements.js";

/** The room drawn from the ``store``'s state into the page's ``regions``, with the parts
 *  (``parts``: facts, requests, actions, holds, coach, presence, rules, timer, board)
 *  whose facts it shows and whose actions the renderers bind. */
export class RoomView {
  constructor(page, parts) {
    this.page = page;
    this.parts = parts;
    const { regions } = page;
    // The players panel: its list is redrawn, the reaction row is kept.
    this.playersBody = h("div", { class: "players-panel" });
    regions.players.append(this.playersBody);
    this.reactions = new ReactionBar({ send: (emoji) => parts.requests.act("react", { emoji }) });
    // The lobby: its heading and seats are redrawn, the settings block is kept.
    this.lobby = {
      head: h("div", { class: "lobby__head" }),
      settings: new RoomSettings(),
      body: h("div", { class: "lobby__body" }),
    };
    regions.lobby.append(this.lobby.head, this.lobby.settings.el, this.lobby.body);
    // An open table offers its host bots once it has waited (docs/open-tables.md).
    const botsAfter = 1000 * (page.config.botsAfter || 0);
    this.botsAt = Date.now() + botsAfter;
    if (botsAfter > 0) setTimeout(() => this.draw(), botsAfter);
  }

  /** What the renderers are given: the state held (as seen offline while the socket is
   *  down), the facts derived from it, and the actions they may bind. */
  context() {
    const { app, config, dialog, store, toasts } = this.page;
    const { facts, presence, actions, requests, coach } = this.parts;
    const state = facts.shownState();
    const game = state.game;
    const { current, playing, myTurn, mySeat } = facts.turnOf(state);
    return {
      ...this.pageFacts(),
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
      mine: (seat) => facts.isMine(seat),
      awayFor: (member) => presence.awayFor(member),
      handoverAfter: presence.handoverAfter,
      holds: app.holds,
      busy: app.busy,
      options: new Map(placements(game).map((o) => [`${o.column}:${o.box}`, o])),
      lastPlace: lastPlacement(state),
      act: (...args) => requests.act(...args),
      confirm: (opts) => confirmDialog(dialog, opts),
      redraw: () => this.draw(),
      report: (target, about) => requests.report(target, about),
      blocks: this.parts.blocks,
      toast: (message) => toasts.show(message, "info"),
      error: (message) => toasts.show(message),
      copyInvite: () => actions.copyInvite(),
      share: () => navigator.share({ title: document.title, text: gettext("Join my dice table"), url: config.inviteUrl }).catch(() => {}),
      roll: () => actions.roll(),
      place: (option) => actions.place(option),
      takeBackPlacement: () => actions.takeBackPlacement(),
      announce: (box) => actions.announceBox(box),
      announceChoice: app.announceChoice.turn === turnKey(game) ? app.announceChoice.box : "",
      chooseAnnounce: (box) => {
        app.announceChoice = { turn: turnKey(store.state.game), box };
        this.draw();
      },
      coachOn: coachOn(state, myTurn),
      hints: coach.hints,
      toggleHints: () => coach.toggleHints(),
      setMoreOpen: (open) => coach.setMoreOpen(open),
      coachBest: coach.best(state),
      applyHint: (best) => coach.apply(best),
      reaction: (player) => this.reactions.bubble(player),
      botsOffered: Date.now() >= this.botsAt,
    };
  }

  /** What the renderers are given of the page itself: its room's addresses and code. */
  pageFacts() {
    const config = this.page.config;
    return {
      inviteUrl: config.inviteUrl,
      inviteNote: config.inviteNote,
      inviteFriendsUrl: config.inviteFriendsUrl,
      qrUrl: config.qrUrl,
      code: config.code,
      rulesUrl: config.rulesUrl,
      roomUrl: config.roomUrl,
      dailyUrl: config.dailyUrl,
      pushKey: config.pushKey,
      canShare: typeof navigator.share === "function" && matchMedia("(pointer: coarse)").matches,
    };
  }

  show(name, visible) {
    this.page.regions[name].hidden = !visible;
  }

  /** Draw the state held; ``previous`` is the one drawn before (a fresh roll animates). */
  draw(previous = this.page.store.state) {
    const { app, layout, regions, store } = this.page;
    const state = store.state;
    if (!state) return;
    const ctx = this.context();
    const phase = ctx.phase;
    const phaseChanged = layout.dataset.phase !== phase && layout.dataset.phase !== "connecting";
    layout.dataset.phase = phase;
    regions.loading.hidden = true;
    const cardRules = app.game.rules;
    this.showRegions(phase, cardRules, ctx);
    if (phase === "over") render(regions.results, renderResults(ctx));
    if (phase === "playing") this.drawBoard(ctx, previous);
    this.parts.coach.drawPanel(ctx);
    if (phase !== "lobby" && cardRules) this.drawCards(ctx, cardRules);
    if (phase === "playing") patch(this.playersBody, renderPlayers(ctx));
    this.placeReactions(phase);
    this.page.tabs.update({ players: phase === "playing", myTurn: ctx.myTurn });
    this.drawRules(ctx);
    this.drawFeed(ctx);
    document.title = ctx.myTurn ? `● ${gettext("Your turn")} · ${this.parts.rules.pageTitle()}` : this.parts.rules.pageTitle();
    this.page.signals.turn(ctx.myTurn, false);
    this.parts.timer.tick();
    if (phaseChanged) this.showPhase(phase);
  }

  /** Show the regions of ``phase`` and draw the lobby where it shows. */
  showRegions(phase, cardRules, ctx) {
    // A daily challenge's table has no lobby: nobody to invite, no rematch.
    const lobbyShown = (phase === "lobby" || phase === "over") && !this.page.config.dailyUrl;
    this.show("lobby", lobbyShown);
    this.show("results", phase === "over");
    this.show("board", phase === "playing");
    this.show("cards", phase !== "lobby" && Boolean(cardRules));
    this.show("players", phase === "playing");
    this.parts.coach.sync(ctx);
    this.show("rules", true);
    this.show("log", true);
    this.show("chat", true);
    const lobby = this.lobby;
    if (lobbyShown) {
      render(lobby.head, renderLobbyTitle(ctx));
      lobby.settings.update(ctx);
      render(lobby.body, renderLobby(ctx));
    } else {
      lobby.settings.update(ctx); // closes the form when a game starts
    }
  }

  drawCards(ctx, cardRules) {
    const { regions, root } = this.page;
    redrawSheet(regions.cards, () =>
      patch(regions.cards, renderCards({ ...ctx, rules: cardRules }), () => root.querySelector("[data-testid=roll]") || regions.cards.querySelector(".sheet-scroll")),
    );
  }

  /** The rules panel, redrawn only when the rules, the pace or the turn's time changed. */
  drawRules(ctx) {
    const { app, regions } = this.page;
    const room = ctx.state.room;
    const rulesPanelKey = `${app.rulesKey}|${room.pace}|${room.turn_seconds ?? ""}`;
    if (rulesPanelKey !== regions.rules.dataset.key) {
      render(regions.rules, renderRules(ctx));
      regions.rules.dataset.key = rulesPanelKey;
    }
  }

  /** The move log, the chat and what the viewer may say there. */
  drawFeed(ctx) {
    const { $, app, chat } = this.page;
    const state = this.page.store.state;
    renderLog($("[data-testid=log-list]"), ctx, app.seenSeq);
    renderChat($("[data-testid=chat-list]"), ctx);
    renderStrangersChat($("[data-testid=strangers-chat]"), ctx);
    const closed = state.room.status === "closed";
    const muted = mutedYou(state);
    chat.input.disabled = chat.send.disabled = closed || muted;
    chat.input.placeholder = muted ? gettext("The host muted you") : gettext("Say something nice");
    chat.muted.hidden = !muted;
    this.reactions.update({ muted, closed });
  }

  /** The reaction row is one tap away: in the players panel during a game, above the chat
   *  box between games (the players panel is hidden then). */
  placeReactions(phase) {
    const { chat, regions } = this.page;
    const reactions = this.reactions;
    if (phase === "playing") {
      if (reactions.el.parentNode !== regions.players) regions.players.append(reactions.el);
    } else if (reactions.el.nextElementSibling !== chat.muted) {
      chat.muted.before(reactions.el);
    }
  }

  /** A new screen: bring its top into view (the results take the focus, for keyboards
   *  and screen readers; a new game gives it to Roll through the announcer). */
  showPhase(phase) {
    const { layout, regions } = this.page;
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

  drawBoard(ctx, previous) {
    const { app, regions } = this.page;
    const { board, coach, holds } = this.parts;
    const game = ctx.state.game;
    // Patched, not rebuilt: Roll keeps its node, and the focus, through the turn's redraws.
    patch(board.status, renderStatus(ctx));
    patch(board.controls, renderControls(ctx), () => board.tray.dice[0]);
    const hint = renderHint(ctx);
    board.hint.textContent = hint || "";
    board.hint.hidden = !hint;
    const best = coach.best(ctx.state);
    const suggested = best?.kind === "keep" ? new Set(holdPositions(game.dice, best.keep)) : new Set();
    const rolled = rolledDice(ctx.state, previous);
    board.tray.update({ faces: game.dice, held: app.holds, interactive: holds.canHold(), rolled, suggested });
    regions.board.classList.toggle("is-mine", ctx.myTurn);
    regions.board.classList.toggle("is-busy", Boolean(app.busy));
  }
}

/** The dice to animate: those a fresh roll threw (not in a state seen for the first time,
 *  and not another seat's roll of the round, everyone's turn at once). */
function rolledDice(state, previous) {
  const event = state.event;
  const ours = event?.data?.seat === state.game.current_seat;
  if (previous && previous !== state && event?.kind === "roll" && ours && event.seq > (previous.version ?? 0)) {
    const kept = new Set(event.data?.held || []);
    return [0, 1, 2, 3, 4].filter((i) => !kept.has(i));
  }
  return [];
}
