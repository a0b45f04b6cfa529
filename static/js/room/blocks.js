// The room page's Block and Unblock buttons (render/block.js): the people the viewer
// blocked, from the page (data-blocked), and the POST that blocks or unblocks one
// (friends/web/actions.py answers JSON, with Django's CSRF token in a header).

function csrfToken(doc) {
  return doc.cookie.split("; ").find((c) => c.startsWith("csrftoken="))?.slice("csrftoken=".length) || "";
}

/** The ids in a page's ``data-blocked`` ("3,7"; empty: none). */
export function blockedIds(text) {
  return new Set((text || "").split(",").filter(Boolean).map(Number));
}

export class Blocks {
  constructor({ config, toasts, draw, post = (...args) => globalThis.fetch(...args), doc = globalThis.document }) {
    Object.assign(this, { config, toasts, draw, post, doc });
    this.blocked = blockedIds(config.blocked);
  }

  /** Whether the viewer blocked player ``id``. */
  has(id) {
    return this.blocked.has(id);
  }

  /** Block ``member`` (unblock when blocked), say what happened, and redraw. */
  async toggle(member) {
    const unblocking = this.has(member.player);
    const body = new URLSearchParams({ player: String(member.player) });
    try {
      const answer = await this.post(unblocking ? this.config.unblockUrl : this.config.blockUrl, {
        method: "POST",
        credentials: "same-origin",
        headers: { Accept: "application/json", "X-CSRFToken": csrfToken(this.doc) },
        body,
      });
      const said = await answer.json();
      if (!said.ok) {
        this.toasts.show(said.message);
        return;
      }
      if (unblocking) this.blocked.delete(member.player);
      else this.blocked.add(member.player);
      this.toasts.show(said.message, "info");
      this.draw();
    } catch {
      this.toasts.show(gettext("That did not reach the server. Try again."));
    }
  }
}
