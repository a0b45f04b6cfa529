// The connection's status in the room bar and banner, and the notice that takes the
// table's place when the server refuses the socket for good.
import { h } from "../dom.js";

/** The connection as the page shows it: ``indicator`` (the room bar's), ``banner``
 *  (reconnecting), and the notice in the page's ``root`` that replaces its ``regions``
 *  when the socket is refused; ``draw()`` redraws the page. */
export class Connection {
  constructor({ root, config, indicator, banner, layout, regions, live, tabs, draw }) {
    Object.assign(this, { root, config, indicator, banner, layout, regions, live, tabs, draw });
  }

  onStatus(status) {
    this.indicator.dataset.state = status;
    const texts = {
      connecting: gettext("Connecting…"),
      // A state, not a pace: "Live" read as the room's pace in a room by the day.
      open: pgettext("connection", "Connected"),
      reconnecting: gettext("Reconnecting…"),
      closed: pgettext("connection", "Offline"),
    };
    const text = texts[status] || status;
    this.indicator.querySelector(".conn__text").textContent = text;
    const down = status === "reconnecting";
    this.banner.hidden = !down;
    this.root.classList.toggle("is-offline", down);
    if (down) this.live.say(gettext("Connection lost. Reconnecting"));
    this.draw(); // the others' presence is unknown meanwhile
  }

  onFatal(code, message) {
    if (code === 1000) {
      // We left on purpose.
      location.assign(this.config.homeUrl);
      return;
    }
    this.banner.hidden = true;
    // The notice takes the table's place: on a phone showing the chat, switch back to it.
    this.tabs.open("table");
    this.tabs.nav.hidden = true;
    this.layout.dataset.phase = "fatal";
    for (const region of Object.values(this.regions)) region.hidden = true;
    // Inviting and leaving go through a table the server no longer lets this page reach
    // (a ban refuses both): the room bar stops offering them.
    const barControls = this.root.querySelectorAll(".room-bar [data-action=copy-invite], .room-bar [data-action=leave]");
    for (const control of barControls) control.hidden = true;
    this.root.querySelector("#room-main").append(fatalNotice(code, message, this.config));
  }
}

/** The notice shown when the server refused the socket with ``code``. */
function fatalNotice(code, message, config) {
  const titles = { 4404: gettext("No such room"), 4451: gettext("You are banned") };
  // A banned player is offered nothing the ban refuses (the room page, opening a room).
  const banned = code === 4451;
  const links = banned
    ? [h("a", { class: "btn", href: config.rulesUrl, dataset: { testid: "fatal-rules" } }, gettext("Read the rules"))]
    : [h("a", { class: "btn", href: location.pathname }, gettext("Back to the room page")), " ", h("a", { class: "btn btn--quiet", href: config.homeUrl }, gettext("Home"))];
  return h(
    "div",
    { class: "panel fatal", role: "alert", dataset: { testid: "fatal" } },
    h("h2", { class: "panel__title" }, titles[code] || gettext("You're not at this table")),
    h("p", {}, message || gettext("The table closed the connection.")),
    banned ? h("p", {}, gettext("While the ban lasts you cannot open, join or play at a table. The rules stay open to read.")) : null,
    h("p", { class: "fatal__actions" }, ...links),
  );
}
