// The header's bell without a page: its store takes each `bell` message of /ws/me/ whole
// and shows reads at once, and its rendering words the badge and the items.
import assert from "node:assert/strict";
import { test } from "node:test";
import "./support/globals.js";

const { BellStore } = await import("../../static/js/bell/store.js");
const { countView, itemViews } = await import("../../static/js/bell/render.js");

function item(id, read = false) {
  return { id, kind: "room_chat", icon: "💬", text: `item ${id}`, detail: "Bob: hi", link: `/notices/bell/${id}/`, created: "2026-12-06T14:00:00+00:00", read };
}

test("each bell message replaces the last, and anything else is ignored", () => {
  const store = new BellStore();
  const seen = [];
  store.subscribe((s) => seen.push(s.unread));
  store.receive({ type: "bell", unread: 2, items: [item(2), item(1)] });
  store.receive({ type: "bell", unread: 1, items: [item(3), item(2, true)] });
  store.receive({ type: "pong", id: "p" });
  store.receive({ type: "bell", unread: "2", items: [] }); // broken: dropped
  assert.deepEqual(seen, [2, 1]);
  assert.deepEqual(store.items.map((i) => i.id), [3, 2]);
});

test("an opened item and mark-all-read show at once, and once", () => {
  const store = new BellStore();
  let changes = 0;
  store.subscribe(() => (changes += 1));
  store.receive({ type: "bell", unread: 2, items: [item(2), item(1)] });
  store.markRead(2);
  store.markRead(2); // already read: nothing changes
  store.markRead(9); // not shown: nothing changes
  assert.equal(store.unread, 1);
  assert.deepEqual(store.items.map((i) => i.read), [true, false]);
  store.markAllRead();
  store.markAllRead();
  assert.equal(store.unread, 0);
  assert.ok(store.items.every((i) => i.read));
  assert.equal(changes, 3);
});

test("the badge hides at zero, caps at 99+, and names the count for screen readers", () => {
  assert.deepEqual(countView(0), { badge: "0", hidden: true, label: "Notices, 0 unread" });
  assert.deepEqual(countView(3), { badge: "3", hidden: false, label: "Notices, 3 unread" });
  assert.equal(countView(150).badge, "99+");
  assert.equal(countView(150).label, "Notices, 150 unread");
});

test("items keep the server's order and mark the unread ones for eye and ear", () => {
  const [unread, read] = itemViews([item(5), item(4, true)]);
  assert.deepEqual(
    [unread.id, unread.href, unread.unread, unread.prefix, read.unread, read.prefix],
    [5, "/notices/bell/5/", true, "Unread:", false, ""],
  );
  assert.equal(unread.text, "item 5");
  assert.equal(unread.detail, "Bob: hi");
  assert.ok(unread.time.length > 0);
});
