// The friends page (friends/templates/friends/friends.html; friends.js calls
// setupFriendsPage): where each friend is, refreshed every 30 s while the page is visible
// (and at once when it shows again), and the copy button of the friend link.
//
// Test hooks (data-testid): friends-page (data-whereabouts: the JSON's address), friend
// (data-player), friend-whereabouts, friend-link, friend-link-copy, friend-link-said.

export const REFRESH_MS = 30000;

/** Show each of ``people`` ({player, whereabouts, label}) on its ``items`` (the page's
 *  friend rows, each with data-player); rows of people not listed keep what they show. */
export function applyWhereabouts(items, people) {
  const byPlayer = new Map(people.map((p) => [String(p.player), p]));
  for (const item of items) {
    const found = byPlayer.get(item.dataset.player);
    const shown = item.querySelector("[data-testid=friend-whereabouts]");
    if (!found || !shown) continue;
    shown.textContent = found.label;
    shown.dataset.whereabouts = found.whereabouts;
    shown.className = `friends-list__where friends-list__where--${found.whereabouts}`;
  }
}

/** Every ``REFRESH_MS``, while ``isVisible()``, ``load()`` the people and ``apply`` them;
 *  ``shown()`` (the page visible again) loads at once. A failed load keeps what shows. */
export class WhereaboutsRefresh {
  constructor({ load, apply, isVisible, timers = globalThis }) {
    Object.assign(this, { load, apply, isVisible, timers });
    this.timer = null;
  }

  start() {
    this.timer = this.timers.setInterval(() => this.refresh(), REFRESH_MS);
  }

  stop() {
    this.timers.clearInterval(this.timer);
  }

  shown() {
    return this.isVisible() ? this.refresh() : Promise.resolve();
  }

  async refresh() {
    if (!this.isVisible()) return;
    try {
      this.apply(await this.load());
    } catch (error) {
      console.warn("friends' whereabouts:", error);
    }
  }
}

function setupCopy(doc) {
  const field = doc.querySelector("[data-testid=friend-link]");
  const said = doc.querySelector("[data-testid=friend-link-said]");
  doc.querySelector("[data-testid=friend-link-copy]")?.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(field.value);
      said.textContent = gettext("Copied.");
    } catch {
      field.select();
      said.textContent = gettext("Copying is not allowed here: select the text above.");
    }
  });
}

/** Build the friends page from ``doc``. */
export function setupFriendsPage(doc) {
  const root = doc.querySelector("[data-testid=friends-page]");
  if (!root) return;
  setupCopy(doc);
  const refresh = new WhereaboutsRefresh({
    load: async () => {
      const answer = await fetch(root.dataset.whereabouts, { credentials: "same-origin" });
      if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
      return (await answer.json()).people;
    },
    apply: (people) => applyWhereabouts(root.querySelectorAll("[data-testid=friend]"), people),
    isVisible: () => doc.visibilityState === "visible",
  });
  refresh.start();
  doc.addEventListener("visibilitychange", () => refresh.shown());
}
