// The move log (newest first) and the chat (oldest first).
import { h, miniDie } from "../dom.js";
import { formatTime } from "../i18n.js";
import { describe } from "../text.js";

/** The time of day of a timestamp, in the page's language ("" if there is none). */
function timeOf(at) {
  if (!at) return "";
  return Number.isNaN(new Date(at).getTime()) ? "" : formatTime(at);
}

/** True (and remembered) when ``list`` already shows what ``signature`` describes. */
function unchanged(list, signature) {
  if (list.dataset.signature === signature) return true;
  list.dataset.signature = signature;
  return false;
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

/** Draw the move log, newest first; left alone when no entry changed.  An entry already
 *  shown keeps its element, so a new move adds one line instead of redrawing fifty. */
export function renderLog(list, ctx, seenSeq) {
  const entries = [];
  for (const event of ctx.state.log || []) {
    const text = describe(event, ctx.state, ctx.rules);
    if (text) entries.push({ event, text, fresh: seenSeq !== null && event.seq > seenSeq });
  }
  const signature = JSON.stringify(entries.map(({ event, text, fresh }) => [event.seq, text, fresh]));
  if (unchanged(list, signature)) return;
  if (!entries.length) {
    list.replaceChildren(h("li", { class: "log__empty" }, gettext("Nothing has happened yet.")));
    return;
  }
  const shown = new Map([...list.querySelectorAll(":scope > li[data-key]")].map((li) => [li.dataset.key, li]));
  const items = entries.map(({ event, text, fresh }) => {
    const key = JSON.stringify([event.seq, text]);
    const item = shown.get(key) || logItem(event, text, key);
    item.classList.toggle("is-new", fresh);
    return item;
  });
  keepInOrder(list, items);
}

function logItem(event, text, key) {
  const kind = event.kind;
  return h(
    "li",
    { class: `log__item log__item--${kind}`, dataset: { seq: event.seq, kind, key } },
    h("span", { class: "log__main" }, h("span", { class: "log__text" }, text), kind === "roll" ? rollDice(event) : null),
    h("time", { class: "log__time", datetime: event.at || "" }, timeOf(event.at)),
  );
}

/** Make ``items`` the children of ``list``, touching only what differs: elements already
 *  in place stay where they are, new ones go in, the rest leave. */
function keepInOrder(list, items) {
  let cursor = list.firstChild;
  for (const item of items) {
    if (item === cursor) cursor = cursor.nextSibling;
    else list.insertBefore(item, cursor);
  }
  while (cursor) {
    const next = cursor.nextSibling;
    cursor.remove();
    cursor = next;
  }
}

function reportChatButton(ctx, m) {
  return h(
    "button",
    {
      type: "button",
      class: "chat__report",
      dataset: { testid: `report-chat-${m.id}` },
      "aria-label": interpolate(gettext("Report %(name)s's message"), { name: m.name }, true),
      title: gettext("Report this message to the moderators"),
      onclick: () => ctx.report({ message: m.id }, interpolate(gettext("%(name)s wrote: “%(text)s”"), { name: m.name, text: m.text }, true)),
    },
    gettext("Report"),
  );
}

/** Draw the chat, oldest first, kept scrolled to the newest message unless the reader
 *  scrolled up; left alone when no message changed. */
export function renderChat(list, ctx) {
  const me = ctx.you.name;
  const myId = ctx.you.player;
  const messages = ctx.state.chat || [];
  if (unchanged(list, JSON.stringify([me, myId, messages.map((m) => [m.id, m.name, m.text])]))) return;
  const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  const items = messages.map((m) =>
    h(
      "li",
      { class: `chat__msg${m.name === me ? " is-mine" : ""}`, dataset: { id: m.id } },
      h("span", { class: "chat__name" }, m.name),
      h("span", { class: "chat__text" }, m.text),
      h("time", { class: "chat__time", datetime: m.at || "" }, timeOf(m.at)),
      m.player !== undefined && m.player !== myId ? reportChatButton(ctx, m) : null,
    ),
  );
  if (!items.length) items.push(h("li", { class: "chat__empty" }, gettext("No messages yet. Say hello!")));
  list.replaceChildren(...items);
  if (nearBottom || list.dataset.init !== "1") list.scrollTop = list.scrollHeight;
  list.dataset.init = "1";
}
