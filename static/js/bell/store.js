// The bell's state on this page: the unread count and the newest items, as the last
// `bell` message of /ws/me/ gave them (docs/protocol.md, "The bell"). Every message is
// the whole bell, so the newest one always wins.

export class BellStore {
  constructor() {
    this.unread = 0;
    this.items = [];
    this.listeners = new Set();
  }

  /** Follow every change; returns a function that stops following. */
  subscribe(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Take a `bell` message (anything else is ignored). */
  receive(message) {
    if (message?.type !== "bell" || !Number.isInteger(message.unread) || !Array.isArray(message.items)) return;
    this.unread = Math.max(0, message.unread);
    this.items = message.items;
    this.changed();
  }

  /** Show an item read at once (it is opened: the server marks it, and its `bell` follows). */
  markRead(id) {
    const item = this.items.find((i) => i.id === id);
    if (!item || item.read) return;
    this.items = this.items.map((i) => (i.id === id ? { ...i, read: true } : i));
    this.unread = Math.max(0, this.unread - 1);
    this.changed();
  }

  /** Show every item read at once ("Mark all read" is on its way). */
  markAllRead() {
    if (this.unread === 0 && this.items.every((i) => i.read)) return;
    this.items = this.items.map((i) => (i.read ? i : { ...i, read: true }));
    this.unread = 0;
    this.changed();
  }

  changed() {
    for (const listener of this.listeners) listener(this);
  }
}
