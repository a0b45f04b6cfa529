// "Skip to the table" (templates/room.html), the page's first control: Enter on it takes
// the keyboard past the site's header and the room bar to where the table stands now,
// the element marked data-table-start that is shown: the lobby's status (Start and
// "Add a bot" follow it), the turn banner (then the dice and Roll), or the results'
// heading (then Rematch). Without this script the link still leads to #room-main.

/** The shown element of ``room`` where the table starts now, if any. */
export function tableStart(room) {
  return [...room.querySelectorAll("[data-table-start]")].find((el) => !el.closest("[hidden]")) || null;
}

/** Make ``link`` put the focus on the table's start; ``showTable`` first brings the
 *  table's tab forward on narrow screens. */
export function skipToTable(link, room, showTable) {
  link?.addEventListener("click", (event) => {
    showTable();
    const target = tableStart(room);
    if (!target) return; // the link's own #room-main
    event.preventDefault();
    if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
    target.focus();
  });
}
