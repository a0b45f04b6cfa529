// The room page's Block button (static/js/room/blocks.js): what the page says the viewer
// blocked, the POST with the CSRF token, and the list redrawn only when the server agreed.
import assert from "node:assert/strict";
import { test } from "node:test";
import "./support/globals.js";
import { Blocks, blockedIds } from "../../static/js/room/blocks.js";

function blocksAnswering(answer, blocked = "") {
  const sent = [];
  const shown = [];
  let drawn = 0;
  const blocks = new Blocks({
    config: { blockUrl: "/friends/block/", unblockUrl: "/friends/unblock/", blocked },
    toasts: { show: (message, kind) => shown.push([message, kind]) },
    draw: () => (drawn += 1),
    post: async (url, options) => {
      sent.push([url, options]);
      return { json: async () => answer };
    },
    doc: { cookie: "theme=dark; csrftoken=abc123" },
  });
  return { blocks, sent, shown, drawn: () => drawn };
}

test("the page's list of blocked ids reads empty as none", () => {
  assert.deepEqual([...blockedIds("3,7")], [3, 7]);
  assert.deepEqual([...blockedIds("")], []);
});

test("blocking posts the player with the CSRF token, then shows them blocked", async () => {
  const { blocks, sent, shown, drawn } = blocksAnswering({ ok: true, message: "You blocked Bob." });
  await blocks.toggle({ player: 2, name: "Bob" });
  const [url, options] = sent[0];
  assert.equal(url, "/friends/block/");
  assert.equal(options.headers["X-CSRFToken"], "abc123");
  assert.equal(options.headers.Accept, "application/json");
  assert.equal(options.body.get("player"), "2");
  assert.equal(blocks.has(2), true);
  assert.deepEqual(shown, [["You blocked Bob.", "info"]]);
  assert.equal(drawn(), 1);
});

test("unblocking goes to its own address; a refusal changes nothing", async () => {
  const { blocks, sent, shown, drawn } = blocksAnswering({ ok: false, message: "you have not blocked this person" }, "2");
  await blocks.toggle({ player: 2, name: "Bob" });
  assert.equal(sent[0][0], "/friends/unblock/");
  assert.equal(blocks.has(2), true);
  assert.deepEqual(shown, [["you have not blocked this person", undefined]]);
  assert.equal(drawn(), 0);
});
