// What the bell shows, worked out without the DOM: the button's badge and its name for
// screen readers, and each item of the panel. static/js/bell/panel.js draws them.

const BADGE_MAX = 99;

/** The button: the badge's text (hidden at 0) and its accessible name. */
export function countView(unread) {
  return {
    badge: unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread),
    hidden: unread === 0,
    label: interpolate(ngettext("Notices, %(n)s unread", "Notices, %(n)s unread", unread), { n: unread }, true),
  };
}

/** Each item as the panel lists it, newest first as the server sent them. */
export function itemViews(items) {
  return items.map((item) => ({
    id: item.id,
    href: item.link,
    icon: item.icon,
    text: item.text,
    detail: item.detail,
    unread: !item.read,
    // Said before the text to a screen reader; the dot says it to the eye.
    prefix: item.read ? "" : gettext("Unread:"),
    created: item.created,
    time: new Date(item.created).toLocaleString(document.documentElement.lang || undefined, {
      dateStyle: "short",
      timeStyle: "short",
    }),
  }));
}
