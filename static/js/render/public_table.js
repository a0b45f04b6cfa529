// An open table's parts (docs/open-tables.md): the host's switch that opens the room to
// anyone while it waits, the "Start with bots" offer once it has waited, and each
// person's choice to chat with strangers (a line passes only between two people who both
// turned it on; reactions always pass).
//
// Test hooks (data-testid): publish, fill-bots, strangers-chat, strangers-chat-box.
import { h, render } from "../dom.js";

/** The host's controls before the first game: open the room to anyone (a switch), and at
 *  an open table that has waited, bots in the free seats (people who come take them). */
export function publicControls(ctx, { free, afterGame, closed }) {
  const room = ctx.state.room;
  if (closed || afterGame || !ctx.isHost || ctx.dailyUrl) return null;
  const controls = [
    h(
      "button",
      {
        type: "button",
        class: "btn btn--quiet switch",
        dataset: { testid: "publish" },
        "aria-pressed": String(Boolean(room.public)),
        title: gettext("Listed among the open tables: anyone may join"),
        onclick: () => ctx.act("publish", { public: !room.public }),
      },
      gettext("Open to anyone"),
    ),
  ];
  if (room.public && !room.rated && free > 0 && ctx.botsOffered) {
    controls.push(
      h(
        "button",
        { type: "button", class: "btn", dataset: { testid: "fill-bots" }, onclick: () => ctx.act("fill_with_bots") },
        gettext("Start with bots"),
      ),
      h("p", { class: "lobby__note" }, gettext("Bots take the free seats; people who come before you start take theirs.")),
    );
  }
  return h("div", { class: "lobby__actions lobby__public" }, controls);
}

/** At an open table, the viewer's "Chat with strangers" box in ``el`` (hidden elsewhere). */
export function renderStrangersChat(el, ctx) {
  const room = ctx.state.room;
  const me = ctx.state.members.find((m) => m.player === ctx.you.player);
  el.hidden = !room.public || !me;
  if (el.hidden) return;
  const on = Boolean(me.strangers_chat);
  const others = ctx.state.members.filter((m) => !m.bot && m.player !== me.player && m.strangers_chat).length;
  render(el, [
    h(
      "label",
      { class: "chat-consent__label" },
      h("input", {
        type: "checkbox",
        checked: on,
        dataset: { testid: "strangers-chat-box" },
        onchange: (event) => ctx.act("strangers_chat", { on: event.target.checked }),
      }),
      ` ${gettext("Chat with strangers")}`,
    ),
    h(
      "p",
      { class: "chat-consent__note" },
      on
        ? interpolate(ngettext("%(n)s other person chats with strangers.", "%(n)s other people chat with strangers.", others), { n: others }, true)
        : gettext("Chat is off at an open table until both of you turn it on. Reactions still work."),
    ),
  ]);
}
