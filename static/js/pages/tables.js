// The open tables' page (lobby/templates/lobby/tables.html; tables.js calls
// setupTablesPage): the list of tables waiting, asked for again every 10 s while the
// page is visible (and at once when it shows again), so that new tables appear and
// full ones go without a reload (docs/decisions/0074). The server sends the list as
// JSON with its words in the visitor's language; it is drawn as the template draws it.
//
// Test hooks (data-testid): tables-page (data-list: the list's address),
// table-list-region, table-count, table-list, open-table (data-code), seats-free,
// tables-none.
import { h, render } from "../dom.js";

export const REFRESH_MS = 10000;

/** The address of the list alone, with the page's filters (``search``: "?variant=..."). */
export function listUrl(base, search) {
  const query = new URLSearchParams(search);
  query.set("part", "list");
  return `${base}?${query}`;
}

/** The list's nodes from the server's JSON ``list`` ({count, none, provisional, rows}). */
export function listNodes(list) {
  const rows = list.rows.map((row) =>
    h(
      "li",
      { class: "tables-list__item", dataset: { testid: "open-table", code: row.code } },
      h("a", { class: "tables-list__join", href: row.url }, row.title),
      h("span", {}, row.pace),
      h("span", { dataset: { testid: "seats-free" } }, row.seats),
      h("span", {}, row.rated),
      h("span", {}, row.language_code ? h("span", { lang: row.language_code }, row.language) : row.language),
      h("span", {}, row.host, row.provisional ? h("abbr", { title: list.provisional }, "?") : null),
    ),
  );
  return [
    h("p", { class: "tables-count", dataset: { testid: "table-count" } }, list.count),
    h(
      "ul",
      { class: "tables-list", dataset: { testid: "table-list" } },
      rows.length ? rows : h("li", { dataset: { testid: "tables-none" } }, list.none),
    ),
  ];
}

/** Every ``REFRESH_MS``, while ``isVisible()``, ``load()`` the list and ``show`` it;
 *  ``shown()`` (the page visible again) loads at once. A failed load keeps what shows. */
export class ListRefresh {
  constructor({ load, show, isVisible, timers = globalThis }) {
    Object.assign(this, { load, show, isVisible, timers });
    this.timer = null;
  }

  start() {
    this.timer = this.timers.setInterval(() => this.refresh(), REFRESH_MS);
  }

  shown() {
    return this.isVisible() ? this.refresh() : Promise.resolve();
  }

  async refresh() {
    if (!this.isVisible()) return;
    try {
      this.show(await this.load());
    } catch (error) {
      console.warn("open tables:", error);
    }
  }
}

/** Build the page from ``doc``: the list's refresh (a list the same as the last one
 *  shown is not drawn, so screen readers do not hear it again). */
export function setupTablesPage(doc) {
  const root = doc.querySelector("[data-testid=tables-page]");
  const region = doc.querySelector("[data-testid=table-list-region]");
  if (!root || !region) return null;
  const url = listUrl(root.dataset.list, doc.location.search);
  let last = null;
  const refresh = new ListRefresh({
    load: async () => {
      const answer = await globalThis.fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
      if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
      return answer.json();
    },
    show: (list) => {
      const key = JSON.stringify(list);
      if (key !== last) render(region, listNodes(list));
      last = key;
    },
    isVisible: () => doc.visibilityState === "visible",
  });
  refresh.start();
  doc.addEventListener("visibilitychange", () => refresh.shown());
  return refresh;
}
