// The move log (newest first) and the chat (oldest first).
import { h, miniDie } from "../dom.js";
import { describe } from "../text.js";

function timeOf(at) {
  if (!at) return "";
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

function rollDice(event) {
  const d = event.data || {};
  const held = new Set(d.held || []);
  return h(
    "span",
    { class: "log__dice", "aria-hidden": "true" },
    (d.dice || []).map((face, i) => miniDie(face, held.has(i) ? "is-kept" : "")),
  );
}

export function renderLog(list, ctx, seenSeq) {
  const items = [];
  for (const event of ctx.state.log || []) {
    const text = describe(event, ctx.state, ctx.rules);
    if (!text) continue;
    const kind = event.kind;
    items.push(
      h(
        "li",
        {
          class: `log__item log__item--${kind}${seenSeq !== null && event.seq > seenSeq ? " is-new" : ""}`,
          dataset: { seq: event.seq, kind },
        },
        h("span", { class: "log__main" }, h("span", { class: "log__text" }, text), kind === "roll" ? rollDice(event) : null),
        h("time", { class: "log__time", datetime: event.at || "" }, timeOf(event.at)),
      ),
    );
  }
  if (!items.length) items.push(h("li", { class: "log__empty" }, "Nothing has happened yet."));
  list.replaceChildren(...items);
}

export function renderChat(list, ctx) {
  const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  const me = ctx.you.name;
  const items = (ctx.state.chat || []).map((m) =>
    h(
      "li",
      { class: `chat__msg${m.name === me ? " is-mine" : ""}`, dataset: { id: m.id } },
      h("span", { class: "chat__name" }, m.name),
      h("span", { class: "chat__text" }, m.text),
      h("time", { class: "chat__time", datetime: m.at || "" }, timeOf(m.at)),
    ),
  );
  if (!items.length) items.push(h("li", { class: "chat__empty" }, "No messages yet. Say hello!"));
  list.replaceChildren(...items);
  if (nearBottom || list.dataset.init !== "1") list.scrollTop = list.scrollHeight;
  list.dataset.init = "1";
}
