// Everyone's turn at once (`game.together`): each seat plays its own turn of the round,
// in any order. The viewer's own open turn is the game's dice and controls (the server
// sends it so); this draws the rest: who still plays the round, each seat's dice of the
// round beside its name, and the host's way to skip an absent player's turn (live only).
import { h } from "../dom.js";
import { formatList } from "../i18n.js";

/** The round's turn of ``seat`` (null when the game plays one seat after another). */
export function roundTurn(game, seat) {
  return game.together ? game.turns?.find((t) => t.seat === seat.seat) || null : null;
}

/** Whether ``seat`` plays now: its turn of the round is open (everyone at once), or it
 *  is the seat to play. */
export function playsNow(game, seat) {
  if (game.status !== "playing") return false;
  const turn = roundTurn(game, seat);
  return turn ? !turn.done : seat.seat === game.current_seat;
}

/** The box ``seat`` announced for its open turn (Yam's), if any. */
export function announcedBy(game, seat) {
  if (!playsNow(game, seat)) return null;
  const turn = roundTurn(game, seat);
  return turn ? turn.announced : game.announced;
}

/** The seats whose turn of the round is still open. */
export function stillPlaying(game) {
  const open = new Set((game.turns || []).filter((t) => !t.done).map((t) => t.seat));
  return game.seats.filter((s) => open.has(s.seat));
}

/** The turn banner's words when the viewer has no turn of the round open: who the round
 *  waits for. */
export function roundStatus(ctx) {
  const { state, mySeat } = ctx;
  const game = state.game;
  const names = formatList(stillPlaying(game).map((s) => s.name));
  const round = { n: game.round };
  if (mySeat) {
    return {
      title: gettext("You have scored this round"),
      detail: interpolate(gettext("Waiting for %(names)s: round %(n)s closes when everyone has scored."), { ...round, names }, true),
    };
  }
  return {
    title: interpolate(gettext("Round %(n)s"), round, true),
    detail: interpolate(gettext("%(names)s still to play: everyone plays their own turn at once."), { names }, true),
  };
}

/** What the empty tray says to a viewer with no turn of the round open (they have
 *  scored it, or they watch), instead of rolls that are nobody's; null otherwise. */
export function roundTrayNote(ctx) {
  const game = ctx.state.game;
  if (!game.together || ctx.myTurn || game.status !== "playing") return null;
  const words = ctx.mySeat ? gettext("Scored: waiting for the others") : gettext("Everyone rolls their own dice this round");
  return h("span", { class: "rolls-left", dataset: { testid: "rolls-left" } }, h("span", { class: "rolls-left__text" }, words));
}

/** The dice of ``seat``'s turn of the round, beside its name: rolling, or scored. */
export function roundDice(game, seat) {
  const turn = roundTurn(game, seat);
  if (!turn) return null;
  const held = new Set(turn.held);
  let words;
  if (turn.done) words = gettext("scored");
  else if (turn.rolls_left === 3) words = gettext("to play");
  else words = interpolate(ngettext("%(n)s roll left", "%(n)s rolls left", turn.rolls_left), { n: turn.rolls_left }, true);
  return h(
    "span",
    { class: `round-dice${turn.done ? " is-done" : ""}`, dataset: { testid: `round-${seat.seat}`, done: String(turn.done) } },
    turn.dice.length
      ? h(
          "span",
          { class: "round-dice__faces", role: "img", "aria-label": interpolate(gettext("dice %(dice)s"), { dice: turn.dice.join(" ") }, true) },
          turn.dice.map((face, i) => h("span", { class: `round-dice__die${held.has(i) ? " is-held" : ""}`, "aria-hidden": "true" }, String(face))),
        )
      : null,
    h("span", { class: "round-dice__words" }, turn.done ? `✓ ${words}` : words),
  );
}

/** The host's "Skip" for ``seat``'s open turn of the round (live rooms; a person, away,
 *  not the host). */
export function skipSeat(ctx, seat, member) {
  const { state, you, isHost } = ctx;
  const turn = roundTurn(state.game, seat);
  const away = member.presence === "reconnecting" || member.presence === "gone";
  if (!isHost || !turn || turn.done || seat.bot || seat.player === you.player || !away) return null;
  if (state.room.pace === "day" || state.room.status !== "open") return null;
  return skipButton(ctx, seat, { seat: seat.seat }, `skip-${seat.seat}`);
}

/** The host's "Skip NAME" for ``seat``'s turn, after asking; ``fields`` go with `skip`. */
export function skipButton(ctx, seat, fields, testid) {
  const who = { name: seat.name };
  return h(
    "button",
    {
      type: "button",
      class: "btn btn--small btn--quiet",
      dataset: { testid },
      onclick: async () => {
        const ok = await ctx.confirm({
          title: interpolate(gettext("Skip %(name)s's turn?"), who, true),
          text: interpolate(gettext("The table rolls for %(name)s if needed and scores the best box of the roll."), who, true),
          ok: gettext("Skip the turn"),
        });
        if (ok) ctx.act("skip", fields);
      },
    },
    interpolate(gettext("Skip %(name)s"), who, true),
  );
}
