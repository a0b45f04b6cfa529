// The connection's status in the room bar and banner, and the notice that takes the
// table's place when the server refuses the socket for good.
import { h } from "../dom.js";
import { $, banner, config, connection, draw, layout, live, regions, root, tabs } from "./page.js";

export function onStatus(status) {
  connection.dataset.state = status;
  const texts = {
    connecting: gettext("Connecting…"),
    // A state, not a pace: "Live" read as the room's pace in a room by the day.
    open: pgettext("connection", "Connected"),
    reconnecting: gettext("Reconnecting…"),
    closed: pgettext("connection", "Offline"),
  };
  const text = texts[status] || status;
  connection.querySelector(".conn__text").textContent = text;
  const down = status === "reconnecting";
  banner.hidden = !down;
  root.classList.toggle("is-offline", down);
  if (down) live.say(gettext("Connection lost. Reconnecting"));
  draw(); // the others' presence is unknown meanwhile
}

export function onFatal(code, message) {
  if (code === 1000) {
    // We left on purpose.
    location.assign(config.homeUrl);
    return;
  }
  banner.hidden = true;
  // The notice takes the table's place: on a phone showing the chat, switch back to it.
  tabs.open("table");
  tabs.nav.hidden = true;
  layout.dataset.phase = "fatal";
  for (const region of Object.values(regions)) region.hidden = true;
  // Inviting and leaving go through a table the server no longer lets this page reach
  // (a ban refuses both): the room bar stops offering them.
  for (const control of root.querySelectorAll(".room-bar [data-action=copy-invite], .room-bar [data-action=leave]")) control.hidden = true;
  const notice = h(
    "div",
    { class: "panel fatal", role: "alert", dataset: { testid: "fatal" } },
    h("h2", { class: "panel__title" }, { 4404: gettext("No such room"), 4451: gettext("You are banned") }[code] || gettext("You're not at this table")),
    h("p", {}, message || gettext("The table closed the connection.")),
    // A banned player is offered nothing the ban refuses (the room page, opening a room).
    code === 4451 ? h("p", {}, gettext("While the ban lasts you cannot open, join or play at a table. The rules stay open to read.")) : null,
    h(
      "p",
      { class: "fatal__actions" },
      ...(code === 4451
        ? [h("a", { class: "btn", href: config.rulesUrl, dataset: { testid: "fatal-rules" } }, gettext("Read the rules"))]
        : [h("a", { class: "btn", href: location.pathname }, gettext("Back to the room page")), " ", h("a", { class: "btn btn--quiet", href: config.homeUrl }, gettext("Home"))]),
    ),
  );
  $("#room-main").append(notice);
}
