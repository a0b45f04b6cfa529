// The variants a room can be set to, with their options, and the limits on seats and
// the turn timer: the room page embeds them from the server (``room_setup`` in
// games/web/rooms.py, made from the rules engine) for the host's settings form, which
// can offer variants other than the room's own (the state only describes that one).
// The first choice of an option is its default, as on the server.

const SETUP = JSON.parse(document.getElementById("room-setup")?.textContent || "{}");

export const VARIANTS = SETUP.variants || [];

export const OPTIONS = {
  joker: {
    title: gettext("Joker rule"),
    choices: [
      { value: "forced", label: pgettext("joker rule", "Forced"), hint: pgettext("joker rule", "official") },
      { value: "free", label: pgettext("joker rule", "Free"), hint: pgettext("joker rule", "any box") },
    ],
  },
  exact_counts: {
    title: gettext("Exact counts"),
    choices: [
      { value: false, label: pgettext("switch", "Off") },
      { value: true, label: pgettext("switch", "On") },
    ],
  },
};

// The joker option's values in a sentence ("Joker rule: free").
const JOKER_WORDS = { forced: pgettext("joker rule", "forced"), free: pgettext("joker rule", "free") };

export const [MIN_SEATS, MAX_SEATS] = SETUP.seats || [1, 8];
export const TIMER_PRESETS = [30, 60, 90, 120];
export const [TIMER_MIN, TIMER_MAX] = SETUP.timer || [15, 300];
// By the day: the hours per turn the forms offer.
export const DAY_HOURS = SETUP.day_hours || [1, 3, 6, 12, 24, 48, 72, 120, 168];

// Bot levels, weakest first: [{name: "beginner", title: "Beginner"}, ...].
export const BOT_LEVELS = SETUP.bot_levels || [{ name: "beginner", title: pgettext("bot level", "Beginner") }];

export function botLevelTitle(name) {
  return BOT_LEVELS.find((l) => l.name === name)?.title || String(name).charAt(0).toUpperCase() + String(name).slice(1);
}

/** The coach's switch in words. */
export function coachText(on) {
  return on === false ? gettext("no coach hints") : gettext("coach hints");
}

export function variant(name) {
  return VARIANTS.find((v) => v.name === name) || null;
}

export function variantTitle(name) {
  return variant(name)?.title || name;
}

/** An option's words for people: "Joker rule: free", "Exact counts". */
export function optionText(key, value) {
  if (key === "joker") return interpolate(gettext("Joker rule: %(value)s"), { value: JOKER_WORDS[value] || value }, true);
  if (key === "exact_counts") return value ? gettext("Exact counts") : gettext("Counts from more matching dice");
  return `${key}: ${value}`;
}

/** A span of hours as people say it: "3 hours", "2 days". */
export function hoursText(hours) {
  if (hours % 24) return interpolate(ngettext("%(n)s hour", "%(n)s hours", hours), { n: hours }, true);
  return interpolate(ngettext("%(n)s day", "%(n)s days", hours / 24), { n: hours / 24 }, true);
}

/** The turn limit in words: "60 s per turn", "no turn timer", "by the day, 1 day per turn". */
export function timerText(seconds, pace = "live") {
  if (pace === "day") return interpolate(gettext("by the day, %(span)s per turn"), { span: hoursText(Math.round(seconds / 3600)) }, true);
  return seconds ? interpolate(gettext("%(seconds)s s per turn"), { seconds }, true) : gettext("no turn timer");
}

export function seatsText(count) {
  return interpolate(ngettext("%(count)s seat", "%(count)s seats", count), { count }, true);
}
