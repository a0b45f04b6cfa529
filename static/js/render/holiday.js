// Rooms by the day: the turn's deadline in the viewer's own time zone, and holidays (a
// player pauses their own clock for 1-7 days a game, when the host allows it).
//
// Test hooks (data-testid): holiday (opens the choice of days), holiday-days (how many),
// holiday-take, holiday-end, holiday-note-SEAT.
import { h } from "../dom.js";
import { formatMoment } from "../i18n.js";

const DAY = 24 * 3600;
const choosing = { open: false, days: 1 }; // kept across redraws while the player picks
const wake = { at: 0, timer: null }; // the next holiday to end by itself

/** Draw again when the first holiday under way ends by itself (no new state says so). */
function redrawWhenOver(ctx, seats) {
  const ends = seats.filter(onHoliday).map((s) => Date.parse(s.holiday_until));
  const at = ends.length ? Math.min(...ends) : 0;
  if (at === wake.at) return;
  clearTimeout(wake.timer);
  wake.at = at;
  if (at) {
    const delay = Math.min(at - Date.now() + 1000, 2 ** 31 - 1);
    wake.timer = setTimeout(() => {
      wake.at = 0;
      ctx.redraw();
    }, delay);
  }
}

/** "2 d 3 h left", "5 h 20 min left", "12 min left" for a number of seconds. */
export function leftText(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const [d, hours, min] = [Math.floor(s / DAY), Math.floor((s % DAY) / 3600), Math.ceil((s % 3600) / 60)];
  if (d) return interpolate(gettext("%(d)s d %(h)s h left"), { d, h: hours }, true);
  if (hours) return interpolate(gettext("%(h)s h %(min)s min left"), { h: hours, min: Math.min(min, 59) }, true);
  return interpolate(gettext("%(min)s min left"), { min }, true);
}

/** A deadline ``seconds`` from now: "until Sat 28 Nov, 14:00 (23 h 59 min left)". */
export function deadlineText(seconds) {
  return interpolate(gettext("until %(when)s (%(left)s)"), { when: formatMoment(Date.now() + seconds * 1000), left: leftText(seconds) }, true);
}

/** Whether the seat's clock is paused for a holiday now (a person's: a bot takes none). */
export function onHoliday(seat) {
  return Boolean(seat?.holiday_until) && !seat.bot && Date.parse(seat.holiday_until) > Date.now();
}

/** "On holiday until Tue 1 Dec, 09:00" beside a seat on holiday, else null. */
export function holidayNote(seat) {
  if (!onHoliday(seat)) return null;
  const text = interpolate(gettext("On holiday until %(when)s"), { when: formatMoment(seat.holiday_until) }, true);
  return h("span", { class: "chip chip--soft holiday-note", dataset: { testid: `holiday-note-${seat.seat}` } }, "🏖 ", text);
}

/** For a player of a game by the day: "Take a holiday" (then how many days, up to 7 and
 * what is left), or "End my holiday" while on one; null when neither applies. */
export function holidayControls(ctx) {
  const { state, you } = ctx;
  const game = state.game;
  if (state.room.pace !== "day" || state.room.status !== "open" || game?.status !== "playing") return null;
  redrawWhenOver(ctx, game.seats);
  const seat = game.seats.find((s) => s.player === you.player && !s.bot);
  if (!seat) return null;
  if (onHoliday(seat)) {
    return h("button", { type: "button", class: "btn btn--small", dataset: { testid: "holiday-end" }, onclick: () => ctx.act("holiday_end") }, gettext("End my holiday"));
  }
  // The last day offered is what is left of it (under an hour left is none).
  const days = seat.holiday_left < 3600 ? 0 : Math.min(7, Math.ceil(seat.holiday_left / DAY));
  if (!state.room.holidays || days < 1) return null;
  const toggle = h(
    "button",
    {
      type: "button",
      class: "btn btn--small btn--quiet",
      "aria-expanded": String(choosing.open),
      dataset: { testid: "holiday" },
      onclick: () => {
        choosing.open = !choosing.open;
        ctx.redraw();
      },
    },
    gettext("Take a holiday…"),
  );
  if (!choosing.open) return toggle;
  const pick = async (n) => {
    const ok = await ctx.confirm({
      title: interpolate(ngettext("Pause your clock for %(n)s day?", "Pause your clock for %(n)s days?", n), { n }, true),
      text: gettext("Your turns wait for you until the holiday ends, and the others are told. You can come back sooner: the days you do not use stay yours."),
      ok: gettext("Take the holiday"),
    });
    choosing.open = false;
    if (ok) ctx.act("holiday", { days: n });
    else ctx.redraw();
  };
  // One row, so that the dice stay in sight on a small screen: how many days, then go.
  choosing.days = Math.min(choosing.days || 1, days);
  const select = h(
    "select",
    {
      class: "input input--small",
      "aria-label": gettext("How many days of holiday?"),
      dataset: { testid: "holiday-days" },
      onchange: (event) => {
        choosing.days = Number(event.target.value);
      },
    },
    Array.from({ length: days }, (_, i) =>
      h("option", { value: String(i + 1), selected: i + 1 === choosing.days }, interpolate(ngettext("%(n)s day", "%(n)s days", i + 1), { n: i + 1 }, true)),
    ),
  );
  const take = h("button", { type: "button", class: "btn btn--small", dataset: { testid: "holiday-take" }, onclick: () => pick(choosing.days) }, gettext("Take the holiday"));
  return h("span", { class: "holiday-choice", role: "group", "aria-label": gettext("How many days of holiday?") }, toggle, select, take);
}
