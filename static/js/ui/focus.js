// Where keyboard focus goes when the control that had it goes away (a scored box turns
// into a filled cell), so keyboard and screen-reader players are not thrown to the top
// of the page.

/** Whether focus fell off the page's controls: to the body, or with its element removed
 *  or hidden. */
export function focusLost() {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected || Boolean(active.closest("[hidden]"));
}

/** Put focus on ``target`` (made focusable by script only) if focus was lost and
 *  ``target`` is shown; a focus that found a home (the results' title) is left alone. */
export function refocus(target) {
  if (!target?.isConnected || target.closest("[hidden]") || !focusLost()) return;
  if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
  target.focus({ preventScroll: true });
}
