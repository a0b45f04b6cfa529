// The open tables' page (lobby/templates/lobby/tables.html; tables.js calls
// setupTablesPage): the list of tables waiting, asked for again every 10 s while the
// page is visible (and at once when it shows again), so that new tables appear and
// full ones go without a reload (docs/decisions/0074).
//
// Test hooks (data-testid): tables-page (data-list: the list's address), table-list-region.

export const REFRESH_MS = 10000;

/** The address of the list alone, with the page's filters (``search``: "?variant=..."). */
export function listUrl(base, search) {
  const query = new URLSearchParams(search);
  query.set("part", "list");
  return `${base}?${query}`;
}

/** Every ``REFRESH_MS``, while ``isVisible()``, ``load()`` the list's HTML and ``show``
 *  it; ``shown()`` (the page visible again) loads at once. A failed load keeps what shows. */
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

/** Build the page from ``doc``: the list's refresh. */
export function setupTablesPage(doc) {
  const root = doc.querySelector("[data-testid=tables-page]");
  const region = doc.querySelector("[data-testid=table-list-region]");
  if (!root || !region) return null;
  const url = listUrl(root.dataset.list, doc.location.search);
  let last = null; // the list last shown: the same again is not announced again
  const refresh = new ListRefresh({
    load: async () => {
      const answer = await globalThis.fetch(url, { credentials: "same-origin" });
      if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
      return answer.text();
    },
    show: (html) => {
      if (html !== last && last !== null) region.innerHTML = html;
      last = html;
    },
    isVisible: () => doc.visibilityState === "visible",
  });
  refresh.start();
  doc.addEventListener("visibilitychange", () => refresh.shown());
  return refresh;
}
