// The end of a game: the headline, the ranking, what comes next (the rematch, the daily's
// result) and the links to the game's review, replay and comparison.
import { h, ordinal } from "../dom.js";
import { formatList } from "../i18n.js";
import { botBadge } from "./lobby.js";
import { renderRevealed } from "./revealed.js";

/** Who won, in a sentence (or that the game was stopped). */
function headline(ctx, seats) {
  const winners = seats.filter((s) => s.rank === 1);
  if (ctx.state.game.status === "ended") return gettext("The game was stopped");
  if (seats.length === 1) return interpolate(gettext("You scored %(total)s"), { total: seats[0].total }, true);
  if (winners.length > 1) return interpolate(gettext("A tie! %(names)s share the win"), { names: formatList(winners.map((w) => w.name)) }, true);
  if (winners.length === 1) {
    return winners[0].player === ctx.you.player ? gettext("You win!") : interpolate(gettext("%(name)s wins!"), { name: winners[0].name }, true);
  }
  return gettext("Game over");
}

/** What comes next: the daily's result, the host's rematch, or the wait for it. */
function nextAction(ctx) {
  const { state, isHost } = ctx;
  const host = state.members.find((m) => m.host);
  if (ctx.dailyUrl) return h("a", { class: "btn btn--big", href: ctx.dailyUrl, dataset: { testid: "daily-result-link" } }, gettext("Your daily result"));
  if (state.room.status === "closed") return h("p", { class: "results__wait" }, gettext("The room is closed."));
  if (isHost) return h("button", { type: "button", class: "btn btn--big", dataset: { testid: "rematch" }, onclick: () => ctx.act("rematch") }, gettext("Rematch"));
  return h(
    "p",
    { class: "results__wait", dataset: { testid: "waiting-host" } },
    h("span", { class: "dots", "aria-hidden": "true" }),
    host
      ? interpolate(gettext("Waiting for the host (%(name)s) to start a rematch…"), { name: host.name }, true)
      : gettext("Waiting for the host to start a rematch…"),
  );
}

/** The links to the game's review (for those who played it), replay and, with the same
 *  dice for everyone, the comparison of every round. */
function gameLinks(ctx, seats) {
  const game = ctx.state.game;
  const base = `${ctx.roomUrl}games/${game.number}`;
  const played = game.status !== "ended" && seats.some((s) => s.player === ctx.you.player);
  return [
    played
      ? h("a", { class: "btn btn--quiet results__review", href: `${base}/review/`, dataset: { testid: "review-link" } }, gettext("Review my game"))
      : null,
    h("a", { class: "btn btn--quiet results__replay", href: `${base}/replay/`, dataset: { testid: "replay-link" } }, gettext("Replay the game")),
    game.duplicate && !ctx.dailyUrl
      ? h("a", { class: "btn btn--quiet", href: `${base}/compare/`, dataset: { testid: "compare-link" } }, gettext("Compare every round"))
      : null,
  ];
}

/** The ranking, ties marked "=". */
function ranking(ctx, seats) {
  const counts = new Map();
  for (const s of seats) counts.set(s.rank, (counts.get(s.rank) || 0) + 1);
  return h(
    "ol",
    { class: "ranking", dataset: { testid: "ranking" } },
    seats.map((s) => {
      const tied = counts.get(s.rank) > 1;
      return h(
        "li",
        {
          class: `ranking__item rank-${s.rank ?? "none"}${s.player === ctx.you.player ? " is-you" : ""}`,
          dataset: { testid: `rank-${s.seat}`, rank: s.rank ?? "", total: s.total ?? 0 },
        },
        h("span", { class: "ranking__place" }, s.rank ? `${tied ? "=" : ""}${ordinal(s.rank)}` : "–"),
        h("span", { class: "ranking__name" }, s.name, s.bot ? botBadge(s.bot_level) : null),
        h("span", { class: "ranking__total" }, s.total ?? 0),
      );
    }),
  );
}

/** The end of a game: the ranking and the rematch. */
export function renderResults(ctx) {
  const game = ctx.state.game;
  const seats = [...game.seats].sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99) || (b.total ?? 0) - (a.total ?? 0) || a.seat - b.seat);
  return [
    h("p", { class: "eyebrow" }, interpolate(gettext("Game %(n)s · final"), { n: game.number }, true)),
    h("h2", { class: "results__title", id: "results-title", tabindex: "-1", dataset: { tableStart: "" } }, headline(ctx, seats)),
    ranking(ctx, seats),
    h("div", { class: "results__actions" }, nextAction(ctx), ...gameLinks(ctx, seats)),
    renderRevealed(ctx, "results"),
  ];
}
