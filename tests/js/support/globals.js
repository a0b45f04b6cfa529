// What the browser gives the page's modules before they run, for Node's test runner:
// Django's JavaScript catalog (gettext, ngettext, pgettext, interpolate, as /jsi18n/ writes
// them for English with no translations) and the few document look-ups the modules make
// at import time (the page's language, and embedded JSON such as "rule-texts").
//
// Import it before any module of static/js (with import(), after setPageData() and
// setPageLanguage(), when the module reads them at import time).

const embedded = new Map();
const page = { lang: "en" };

/** The page's ``<html lang>``, which i18n.js reads once, when it is imported. */
export function setPageLanguage(lang) {
  page.lang = lang;
}

/** The JSON a module reads from ``<script id="...">`` at import time. */
export function setPageData(id, value) {
  embedded.set(id, JSON.stringify(value));
}

globalThis.document = {
  documentElement: page,
  getElementById: (id) => (embedded.has(id) ? { textContent: embedded.get(id) } : null),
  querySelectorAll: () => [],
};

globalThis.gettext = (msgid) => msgid;
globalThis.ngettext = (singular, plural, count) => (count === 1 ? singular : plural);
globalThis.pgettext = (context, msgid) => msgid;
globalThis.interpolate = (format, values, named) =>
  named
    ? format.replace(/%\(\w+\)s/g, (match) => String(values[match.slice(2, -2)]))
    : format.replace(/%s/g, () => String(values.shift()));
