// Quick reactions (docs/protocol.md: `react`, `state.reactions`): a row of emoji to send
// in one tap, and each reaction shown for a moment as a bubble on its sender's seat.
//
//   const bar = new ReactionBar({ send: (emoji) => act("react", { emoji }) });
//   someRegion.append(bar.el);            // the row: a persistent element, moved as needed
//   const fresh = bar.receive(state, previous);   // reactions new since the last state
//   h("li", {}, name, bar.bubble(playerId));      // renderers put the bubble on a seat
//   bar.update({ muted, closed });
import { h } from "../dom.js";

/** The six the server takes (rooms/services/reactions.py), in the row's order, with the
 *  words screen readers hear (in the page's language). */
export const REACTIONS = [
  { emoji: "👍", name: pgettext("reaction", "thumbs up") },
  { emoji: "👏", name: pgettext("reaction", "clapping") },
  { emoji: "😂", name: pgettext("reaction", "laughing") },
  { emoji: "😮", name: pgettext("reaction", "surprised") },
  { emoji: "😬", name: pgettext("reaction", "grimacing") },
  { emoji: "🎉", name: pgettext("reaction", "party popper") },
];
const NAMES = new Map(REACTIONS.map((r) => [r.emoji, r.name]));

export const SHOW_FOR = 2500; // ms a bubble stays on its sender's seat
const LEAVE_FOR = 250; // ms of its fading out (none with reduced motion)
const SETTLED_AFTER = 300; // ms: a bubble redrawn later than this does not pop in again

/** "thumbs up" for "👍" (the words screen readers hear). */
export function reactionName(emoji) {
  return NAMES.get(emoji) || pgettext("reaction", "an emoji");
}

export class ReactionBar {
  /** ``send(emoji)``: ask the server (its refusals are the caller's to show). */
  constructor({ send }) {
    this.shown = new Map(); // player id -> { emoji, seq, at }
    this.timers = new Map(); // player id -> the timer that ends their bubble
    this.muted = false;
    this.buttons = REACTIONS.map(({ emoji, name }) =>
      h(
        "button",
        {
          type: "button",
          class: "reactions__button",
          "aria-label": interpolate(gettext("React with %(name)s"), { name }, true),
          title: name.charAt(0).toUpperCase() + name.slice(1),
          dataset: { testid: `react-${emoji}`, emoji },
          onclick: () => send(emoji),
        },
        emoji,
      ),
    );
    this.note = h("p", { class: "reactions__note", dataset: { testid: "reactions-muted" }, hidden: true }, gettext("The host muted you"));
    this.el = h(
      "div",
      { class: "reactions", role: "group", "aria-label": gettext("Quick reactions"), dataset: { testid: "reactions" } },
      h("div", { class: "reactions__row" }, this.buttons),
      this.note,
    );
  }

  /** Follow the viewer's situation: muted by the host (the buttons still send, and the
   *  server's refusal says why), or the room closed (no row at all). */
  update({ muted, closed }) {
    this.el.hidden = Boolean(closed);
    if (this.muted === Boolean(muted)) return;
    this.muted = Boolean(muted);
    this.note.hidden = !this.muted;
    this.el.classList.toggle("is-muted", this.muted);
    for (const button of this.buttons) button.setAttribute("aria-disabled", String(this.muted));
  }

  /** The reactions of ``state`` newer than the ``previous`` state the page showed (none
   *  on a page's first state: those are not news to it). Each is shown on its sender's
   *  seat for SHOW_FOR ms, a newer one of the same sender replacing it. */
  receive(state, previous) {
    if (!previous) return [];
    const fresh = (state.reactions || []).filter((r) => r.seq > previous.version && NAMES.has(r.data?.emoji));
    for (const r of fresh) {
      const player = r.actor_id;
      this.shown.set(player, { emoji: r.data.emoji, seq: r.seq, at: performance.now() });
      clearTimeout(this.timers.get(player));
      this.timers.set(
        player,
        setTimeout(() => this.expire(player, r.seq), SHOW_FOR),
      );
    }
    return fresh;
  }

  /** The bubble to put on ``player``'s seat now, or null. Seats are redrawn often: a
   *  bubble drawn again after its first moment does not pop in again. */
  bubble(player) {
    const r = this.shown.get(player);
    if (!r) return null;
    const settled = performance.now() - r.at > SETTLED_AFTER;
    return h(
      "span",
      { class: `reaction${settled ? " is-settled" : ""}`, "aria-hidden": "true", dataset: { testid: "reaction", seq: r.seq, emoji: r.emoji } },
      r.emoji,
    );
  }

  expire(player, seq) {
    if (this.shown.get(player)?.seq !== seq) return;
    this.shown.delete(player);
    this.timers.delete(player);
    for (const el of document.querySelectorAll(`.reaction[data-seq="${seq}"]`)) {
      el.classList.add("is-leaving");
      setTimeout(() => el.remove(), LEAVE_FOR);
    }
  }
}
