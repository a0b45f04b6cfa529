// The table during a game: whose turn, the timer, the roll controls, Yam's announcements,
// and the players around the table (the results at the end: render/results.js).
import { h } from "../dom.js";
import { badges, kickButton, muteButton, presenceBadge, reportButton, spectators } from "./lobby.js";
import { blockButton } from "./block.js";
import { ownMuteButton } from "./own_mute.js";
import { hintToggle } from "./coach.js";
import { deadlineText, holidayControls, holidayNote, onHoliday } from "./holiday.js";
import { pushOffer } from "./push_offer.js";
import { renderRevealed } from "./revealed.js";
import { playsNow, roundDice, roundStatus, roundTrayNote, skipButton, skipSeat } from "./round.js";
import { takeBackButton } from "./take_back.js";

// The row of "Hand to bot", "Take my seat back" and "Take back <box>" in the turn banner
// (set through the CSSOM, as the layout's own rules live in site.css).
const AWAY_ACTIONS_STYLE = { display: "flex", flexWrap: "wrap", gap: "0.5rem", marginTop: "0.5rem" };

export function formatSeconds(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The banner's words when it is another seat's turn: why it waits, for whom. */
function othersTurnDetail(ctx) {
  const { state, you, current } = ctx;
  const game = state.game;
  const member = state.members.find((m) => m.player === current.player);
  const who = { name: current.name };
  if (onHoliday(game.seats.find((s) => s.seat === current.seat))) return interpolate(gettext("%(name)s is on holiday: their clock waits until they are back."), who, true);
  if (current.held_for?.player === you.player) return gettext("You missed three turns in a row: a bot keeps your seat until you take it back.");
  if (current.held_for) return interpolate(gettext("A bot plays for %(name)s until they are back."), { name: current.held_for.name }, true);
  if (current.bot) return game.dice.length ? gettext("The bot is thinking…") : gettext("The bot is about to roll…");
  if (member && (member.presence === "reconnecting" || member.presence === "gone")) {
    const away = member.presence === "reconnecting" ? gettext("%(name)s is reconnecting…") : gettext("%(name)s seems to be away.");
    return interpolate(away, who, true);
  }
  if (game.seats.some((s) => s.held_for?.player === you.player)) {
    return gettext("You missed three turns in a row: a bot keeps your seat until you take it back.");
  }
  if (you.seat === null || you.seat === undefined) return gettext("You're watching this game.");
  return gettext("Waiting for their move.");
}

/** The banner's title and detail: whose turn it is and what it waits for. */
function statusWords(ctx) {
  const { state, myTurn, current } = ctx;
  const game = state.game;
  if (state.room.status === "closed") return { title: gettext("This room is closed"), detail: "" };
  if (game.together && !myTurn) return roundStatus(ctx);
  if (myTurn) {
    let detail;
    if (!game.dice.length) detail = gettext("Roll the dice to start.");
    else if (game.must_announce) detail = gettext("Announce a box before you roll again.");
    else if (game.rolls_left > 0) detail = gettext("Score a box below, or hold dice and roll again.");
    else detail = gettext("No rolls left: pick a box to score.");
    return { title: gettext("Your turn"), detail };
  }
  if (current) return { title: interpolate(gettext("%(name)s's turn"), { name: current.name }, true), detail: othersTurnDetail(ctx) };
  return { title: undefined, detail: "" };
}

/** The turn's clock (the seconds of a live turn, a deadline by the day), if it has one. */
function turnTimer(ctx) {
  const { state, myTurn } = ctx;
  const game = state.game;
  const seconds = game.seconds_left;
  if (seconds === null || seconds === undefined || state.room.status === "closed") return null;
  return h(
    "span",
    {
      class: "timer",
      role: "timer",
      "aria-label": game.together && !myTurn ? gettext("Time until the round closes at the latest") : gettext("Time left for this turn"),
      dataset: { testid: "timer", pace: state.room.pace },
      style: { "--total": state.room.turn_seconds || 60 },
    },
    h("span", { class: "timer__icon", "aria-hidden": "true" }),
    h("span", { class: "timer__text" }, state.room.pace === "day" ? deadlineText(seconds) : formatSeconds(seconds)),
  );
}

/** Whose turn it is, the timer, and on your turn the coach's switch. */
export function renderStatus(ctx) {
  const { state, you, myTurn, current } = ctx;
  const { title, detail } = statusWords(ctx);
  const byTheDay = state.room.pace === "day";
  const skip =
    ctx.isHost && current && !current.bot && current.player !== you.player && state.room.status === "open" && !byTheDay
      ? skipButton(ctx, current, {}, "skip")
      : null;
  // Under the words, where a phone has room for them: "Hand to bot" when the person whose
  // turn it is is away (not only among the players), "Take my seat back" for the person
  // a bot keeps a seat for.
  const awayActions = [
    current && state.room.status === "open"
      ? handToBot(ctx, current, state.members.find((m) => m.player === current.player) || { presence: "gone" }, "turn-hand-to-bot")
      : null,
    takeBack(ctx),
    takeBackButton(ctx),
    holidayControls(ctx),
    myTurn ? null : pushOffer(ctx),
  ].filter(Boolean);
  return [
    h(
      "div",
      { class: `turn-status${myTurn ? " is-mine" : ""}`, dataset: { testid: "turn-status", mine: String(myTurn) } },
      h("p", { class: "turn-status__title" }, title),
      detail ? h("p", { class: "turn-status__detail" }, detail) : null,
      awayActions.length ? h("div", { class: "turn-status__away", style: AWAY_ACTIONS_STYLE }, awayActions) : null,
    ),
    h("div", { class: "turn-status__side" }, turnTimer(ctx), skip, myTurn && ctx.coachOn && state.room.status !== "closed" ? hintToggle(ctx) : null),
  ];
}

function rollsLeft(n) {
  return h(
    "span",
    { class: "rolls-left", dataset: { testid: "rolls-left", count: n } },
    [0, 1, 2].map((i) => h("span", { class: `rolls-left__dot${i < n ? " is-on" : ""}`, "aria-hidden": "true" })),
    h("span", { class: "rolls-left__text" }, interpolate(ngettext("%(n)s roll left", "%(n)s rolls left", n), { n }, true)),
  );
}

/** The roll button: what a roll would throw, or why it cannot. */
function rollButton(ctx, needAnnounce) {
  const game = ctx.state.game;
  const rolled = game.dice.length > 0;
  const allHeld = rolled && ctx.holds.size === 5;
  const canRoll = game.rolls_left > 0 && !allHeld && !needAnnounce && !ctx.busy;
  let why = "";
  if (game.rolls_left === 0) why = gettext("No rolls left");
  else if (allHeld) why = gettext("Release a die to roll");
  else if (needAnnounce) why = gettext("Announce first");
  return h(
    "button",
    {
      type: "button",
      class: `btn btn--roll${ctx.busy === "roll" ? " is-busy" : ""}`,
      dataset: { testid: "roll" },
      "aria-disabled": String(!canRoll),
      "aria-keyshortcuts": "R",
      title: why || gettext("Roll (R)"),
      onclick: () => ctx.roll(),
    },
    !rolled
      ? gettext("Roll the dice")
      : game.rolls_left === 0
        ? gettext("No rolls left")
        : ctx.holds.size
          ? interpolate(ngettext("Roll %(n)s die", "Roll %(n)s dice", 5 - ctx.holds.size), { n: 5 - ctx.holds.size }, true)
          : gettext("Roll all five"),
  );
}

/** Yam's announcement after the first roll: a box of the announced column still open,
 *  and the button that announces it (null when there is none to announce). */
function announceControl(ctx, needAnnounce) {
  const { state, rules } = ctx;
  const game = state.game;
  const column = rules.rs.announce_column;
  if (!column || !game.dice.length || game.announced || game.rolls_left !== 2) return null;
  const seat = ctx.mySeat;
  const open = rules.sections.flatMap((s) => s.boxes).filter((b) => seat?.boxes?.[column]?.[b.key] === undefined);
  if (!open.length) return null;
  // No box is chosen until the player picks one: announcing is a commitment.
  const chosen = open.some((b) => b.key === ctx.announceChoice) ? ctx.announceChoice : "";
  const select = h(
    "select",
    {
      class: "input input--small",
      id: "announce-box",
      dataset: { testid: "announce-select" },
      onchange: (event) => ctx.chooseAnnounce(event.target.value),
    },
    [
      h("option", { value: "", disabled: true, selected: !chosen }, gettext("Choose a box…")),
      ...open.map((b) => h("option", { value: b.key, selected: b.key === chosen }, b.title)),
    ],
  );
  return h(
    "div",
    { class: `announce${needAnnounce ? " is-required" : ""}`, dataset: { testid: "announce-control" } },
    h("label", { for: "announce-box", class: "announce__label" }, needAnnounce ? gettext("Must announce:") : gettext("Announce:")),
    select,
    h(
      "button",
      { type: "button", class: "btn btn--small", dataset: { testid: "announce" }, "aria-disabled": String(!chosen), onclick: () => ctx.announce(chosen) },
      gettext("Announce"),
    ),
  );
}

/** The roll button, rolls left, and Yam's announcement. */
export function renderControls(ctx) {
  const { state, myTurn, rules } = ctx;
  const game = state.game;
  if (!myTurn || state.room.status === "closed") {
    return [roundTrayNote(ctx) || rollsLeft(game.rolls_left)];
  }
  const needAnnounce = game.must_announce && !game.announced;
  const parts = [rollButton(ctx, needAnnounce), rollsLeft(game.rolls_left)];
  const announce = announceControl(ctx, needAnnounce);
  if (announce) parts.push(announce);
  if (game.announced) {
    parts.push(
      h("span", { class: "chip chip--gold", dataset: { testid: "announced" } }, interpolate(gettext("Announced: %(box)s"), { box: rules.boxTitle(game.announced) }, true)),
    );
  }
  return parts;
}

export function renderHint(ctx) {
  const game = ctx.state.game;
  if (!ctx.myTurn || ctx.state.room.status === "closed") return null;
  if (!game.dice.length) return gettext("Keys: R rolls.");
  if (game.rolls_left === 0) return gettext("Keys: Tab to a box, Enter scores it.");
  return gettext("Keys: 1–5 hold dice, R rolls, Tab to a box and Enter scores it.");
}

/** "Hand to bot" for ``seat`` (its ``member``), or null when this viewer may not: the
 *  host may hand an absent person's seat over at once; the other players of the game
 *  once that person has been gone for a minute (the server checks both). */
function handToBot(ctx, seat, member, testid) {
  const { state, you, isHost } = ctx;
  const game = state.game;
  const absent = member.presence === "reconnecting" || member.presence === "gone"; // not "unknown"
  const gone = absent && ctx.awayFor(member) >= ctx.handoverAfter;
  const playingHere = game.seats.some((s) => s.player === you.player && !s.bot);
  if (game.status !== "playing" || seat.bot || seat.player === you.player || !absent || !(isHost || (playingHere && gone))) return null;
  if (state.room.pace === "day") return null; // by the day, the clock deals with missed turns
  return h(
    "button",
    {
      type: "button",
      class: "btn btn--small btn--quiet",
      dataset: { testid },
      title: interpolate(gettext("A bot plays %(name)s's seat from now on"), { name: seat.name }, true),
      onclick: async () => {
        const text = gone
          ? gettext("%(name)s has been gone for over a minute. A bot plays the rest of this game for them, so the table can go on; they can watch when they come back.")
          : gettext("A bot plays the rest of this game for %(name)s, who stays in the room as a spectator.");
        const ok = await ctx.confirm({
          title: interpolate(gettext("Hand %(name)s's seat to a bot?"), { name: seat.name }, true),
          text: interpolate(text, { name: seat.name }, true),
          ok: gettext("Hand to a bot"),
        });
        if (ok) ctx.act("hand_to_bot", { seat: seat.seat });
      },
    },
    gettext("Hand to bot"),
  );
}

/** "Bot Ada plays for Bob until Bob is back": a seat a bot keeps (three missed turns). */
function keptFor(seat) {
  if (!seat.bot || !seat.held_for) return null;
  return h(
    "span",
    { class: "chip chip--soft", dataset: { testid: `kept-for-${seat.seat}` } },
    interpolate(gettext("for %(name)s, for now"), { name: seat.held_for.name }, true),
  );
}

/** The person whose seat a bot keeps: a way back, at once. */
function takeBack(ctx) {
  const kept = ctx.state.game.seats.find((s) => s.held_for?.player === ctx.you.player);
  if (!kept || ctx.state.game.status !== "playing" || ctx.state.room.status !== "open") return null;
  return h(
    "button",
    { type: "button", class: "btn btn--small", dataset: { testid: "take-back" }, onclick: () => ctx.act("take_back") },
    gettext("Take my seat back"),
  );
}

/** The players around the table during a game. */
export function renderPlayers(ctx) {
  const { state, you, isHost } = ctx;
  const game = state.game;
  const byPlayer = new Map(state.members.map((m) => [m.player, m]));
  const rows = game.seats.map((seat) => {
    const member = byPlayer.get(seat.player) || { player: seat.player, name: seat.name, bot: seat.bot, presence: "gone", host: false };
    const isCurrent = playsNow(game, seat);
    const actions = [];
    const hand = handToBot(ctx, seat, member, `hand-to-bot-${seat.seat}`);
    if (hand) actions.push(hand);
    const skip = skipSeat(ctx, seat, member);
    if (skip) actions.push(skip);
    if (isHost && !seat.bot && seat.player !== you.player && byPlayer.has(seat.player)) {
      actions.push(muteButton(ctx, member), kickButton(ctx, member));
    }
    if (!seat.bot && seat.player !== you.player) {
      const person = { player: seat.player, name: seat.name };
      if (byPlayer.has(seat.player)) actions.push(ownMuteButton(ctx, person));
      actions.push(reportButton(ctx, person), blockButton(ctx, person));
    }
    return h(
      "li",
      {
        class: `player${isCurrent ? " is-current" : ""}${seat.player === you.player ? " is-you" : ""}`,
        dataset: { testid: `player-${seat.seat}`, player: seat.player },
        "aria-current": isCurrent ? "true" : null,
      },
      ctx.reaction?.(seat.player),
      h("span", { class: "player__turn", "aria-hidden": "true" }, isCurrent ? "▶" : ""),
      h("span", { class: "player__who" }, h("span", { class: "seat__name" }, seat.name), badges({ ...member, bot: seat.bot, bot_level: seat.bot_level }, you), keptFor(seat), holidayNote(seat), roundDice(game, seat)),
      presenceBadge(member.presence, seat.bot),
      h("span", { class: "player__total", title: gettext("Total") }, seat.total ?? 0),
      actions.length ? h("span", { class: "seat__actions" }, actions) : null,
    );
  });
  return [
    h("h2", { class: "panel__title", id: "players-title" }, gettext("Players")),
    h("ol", { class: "players", dataset: { testid: "players" } }, rows),
    renderRevealed(ctx, "players"),
    spectators(ctx),
  ];
}
