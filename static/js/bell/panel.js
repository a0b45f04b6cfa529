// The header's bell (createBell): the link to the bell's page becomes a button that
// opens a panel of the newest items, live over the player's own socket /ws/me/ (decision
// 0071). Escape or a click elsewhere closes it and focus goes back to the button.

import { RoomSocket } from "../socket.js";
import { BellStore } from "./store.js";
import { countView, itemViews } from "./render.js";

function drawItem(view) {
  const li = document.createElement("li");
  li.className = view.unread ? "bell__item bell__item--unread" : "bell__item";
  li.dataset.testid = "bell-item";
  li.dataset.read = String(!view.unread);
  const link = document.createElement("a");
  link.className = "bell__link";
  link.href = view.href;
  link.dataset.item = String(view.id);
  const icon = Object.assign(document.createElement("span"), { className: "bell__item-icon", textContent: view.icon });
  icon.setAttribute("aria-hidden", "true");
  const body = Object.assign(document.createElement("span"), { className: "bell__body" });
  if (view.prefix) body.append(Object.assign(document.createElement("span"), { className: "visually-hidden", textContent: `${view.prefix} ` }));
  body.append(Object.assign(document.createElement("span"), { className: "bell__text", textContent: view.text }));
  if (view.detail) body.append(Object.assign(document.createElement("span"), { className: "bell__detail", textContent: view.detail }));
  const time = Object.assign(document.createElement("time"), { className: "bell__time", textContent: view.time });
  time.dateTime = view.created;
  body.append(time);
  link.append(icon, body);
  li.append(link);
  return li;
}

/** The link to the bell's page, replaced by a button that opens `panel`. */
function buttonFor(link, panel) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = link.className;
  button.dataset.testid = "bell-button";
  button.setAttribute("aria-expanded", "false");
  button.setAttribute("aria-controls", panel.id);
  button.append(...link.childNodes);
  link.replaceWith(button);
  return button;
}

/** Open and close the panel: the button, Escape, a click or the focus elsewhere. */
function disclose(root, button, panel) {
  const close = (refocus) => {
    if (panel.hidden) return;
    panel.hidden = true;
    button.setAttribute("aria-expanded", "false");
    if (refocus) button.focus();
  };
  const open = () => {
    panel.hidden = false;
    button.setAttribute("aria-expanded", "true");
    panel.querySelector("#bell-title")?.focus();
  };
  button.addEventListener("click", () => (panel.hidden ? open() : close(true)));
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !panel.hidden) {
      event.preventDefault();
      close(true);
    }
  });
  document.addEventListener("click", (event) => {
    if (!root.contains(event.target)) close(false);
  });
  root.addEventListener("focusout", (event) => {
    if (event.relatedTarget && !root.contains(event.relatedTarget)) close(false);
  });
  return { open, close };
}

/** The bell of the page's header, built from its root (`[data-bell]`). */
export function createBell(root, { socket = new RoomSocket("/ws/me/") } = {}) {
  const link = root.querySelector("[data-testid=bell-button]");
  const panel = root.querySelector("[data-testid=bell-panel]");
  const list = panel.querySelector("[data-testid=bell-list]");
  const empty = panel.querySelector("[data-testid=bell-empty]");
  const readAll = panel.querySelector("[data-testid=bell-read-all]");
  const count = link.querySelector("[data-testid=bell-count]");
  const store = new BellStore();
  store.unread = Number(count.textContent) || 0;
  const button = buttonFor(link, panel);
  const draw = () => {
    const view = countView(store.unread);
    count.textContent = view.badge;
    count.hidden = view.hidden;
    button.setAttribute("aria-label", view.label);
    list.replaceChildren(...itemViews(store.items).map(drawItem));
    empty.hidden = store.items.length > 0;
    readAll.disabled = store.unread === 0;
  };
  store.subscribe(draw);
  const { open, close } = disclose(root, button, panel);
  list.addEventListener("click", (event) => {
    const item = event.target.closest("a[data-item]");
    if (item) store.markRead(Number(item.dataset.item)); // its page marks it on the server
  });
  readAll.addEventListener("click", () => {
    store.markAllRead();
    socket.request("read_all").catch(() => socket.sendRaw({ type: "sync", id: "bell-sync" }));
  });
  socket.handlers.onBell = (message) => store.receive(message);
  socket.connect();
  draw();
  return { store, socket, open, close };
}
