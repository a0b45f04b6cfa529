// The page's language for what the JavaScript writes: Django's JavaScript catalog
// (/jsi18n/, loaded first by base.html) gives the globals gettext, ngettext, pgettext and
// interpolate; this module adds numbers, times and lists written as the language writes them.
export const LANG = document.documentElement.lang || "en";

const numbers = new Map();

/** ``n`` as this language writes it ("265,11" in French); ``options`` as Intl.NumberFormat's. */
export function formatNumber(n, options = {}) {
  const key = JSON.stringify(options);
  if (!numbers.has(key)) numbers.set(key, new Intl.NumberFormat(LANG, options));
  return numbers.get(key).format(n);
}

const clock = new Intl.DateTimeFormat(LANG, { hour: "2-digit", minute: "2-digit" });

/** The time of day of an ISO 8601 moment, in this language and the device's time zone. */
export function formatTime(iso) {
  return clock.format(new Date(iso));
}

const day = new Intl.DateTimeFormat(LANG, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

/** A moment days away, in this language and the device's time zone: "Sat 28 Nov, 14:00". */
export function formatMoment(moment) {
  return day.format(new Date(moment));
}

const lists = new Intl.ListFormat(LANG, { style: "long", type: "conjunction" });

/** Names joined as this language joins them: "Ada, Bob and Cy", "Ada, Bob et Cy". */
export function formatList(items) {
  return lists.format(items.map(String));
}

