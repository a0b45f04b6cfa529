// Parts of the room page built as createRoomPage builds them (static/js/room/page.js),
// each from the small fakes it is given: the coach asking again while it warms up, the
// requests and their refusals, the holds shown while their requests are on their way,
// and the screen-reader region gathering what a tick says. Node's mock timers run the
// clocks.
import assert from "node:assert/strict";
import { test } from "node:test";
import "./support/globals.js";
import { mockTimers } from "./support/timers.js";

const { Coach } = await import("../../static/js/room/coach.js");
const { Facts } = await import("../../static/js/room/facts.js");
const { Holds } = await import("../../static/js/room/holds.js");
const { Requests } = await import("../../static/js/room/requests.js");
const { pageChoices } = await import("../../static/js/room/page.js");
const { Store } = await import("../../static/js/room/store.js");
const { Live } = await import("../../static/js/ui/live.js");

/** Waits for the promises already settled to run their callbacks. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A socket that answers each request with what ``answer(type, fields)`` returns (a
 *  value, or an error object to refuse with), and keeps what it was sent. */
function fakeSocket(answer, status = "open") {
  const socket = { status, sent: [] };
  socket.request = async (type, fields = {}) => {
    socket.sent.push([type, fields]);
    const reply = answer(type, fields);
    if (reply?.code) throw reply;
    return reply;
  };
  return socket;
}

/** A table where it is the viewer's (player 1's) turn: dice rolled, two rolls left. */
function myTurn(version = 7) {
  return {
    version,
    room: { status: "open", coach: true },
    you: { player: 1, seat: 0 },
    members: [{ player: 1, name: "Ada" }],
    game: { status: "playing", number: 1, turn: 3, current_seat: 0, seats: [{ seat: 0, player: 1 }], dice: [6, 2, 6, 3, 6], held: [], rolls_left: 2 },
  };
}

/** The shared parts of a page over ``socket``: the store holding ``state``, the page's
 *  choices, what was toasted, said and drawn. */
function pageOver(socket, state = myTurn()) {
  const store = new Store({ sync: () => {} });
  store.receive(state);
  const page = { socket, store, app: pageChoices(), toasted: [], said: [], draws: 0 };
  page.toasts = { show: (text, kind = "error") => page.toasted.push([kind, text]) };
  page.live = { say: (text) => page.said.push(text) };
  page.draw = () => (page.draws += 1);
  page.facts = new Facts({ socket, store });
  page.requests = new Requests({ ...page, reportDialog: null });
  return page;
}

test("while the coach warms up it is asked again each second, and its advice said once", async (t) => {
  const timers = mockTimers(t, ["setTimeout"]);
  let warming = 2;
  const best = { kind: "keep", keep: [6, 6, 6], value: 212.4 };
  const socket = fakeSocket(() => (warming-- > 0 ? { code: "coach_warming_up", message: "Getting ready" } : { exact: true, choices: [best] }));
  const page = pageOver(socket);
  const coach = new Coach({ ...page, region: { hidden: true }, holds: null, actions: null });
  coach.hints.on = true;
  const ctx = { coachOn: true, state: page.store.state };
  coach.sync(ctx);
  await settle();
  assert.equal(coach.hints.status, "warming");
  assert.equal(socket.sent.length, 1);
  timers.tick(999);
  await settle();
  assert.equal(socket.sent.length, 1);
  timers.tick(1);
  await settle();
  assert.equal(socket.sent.length, 2);
  timers.tick(1000);
  await settle();
  assert.equal(socket.sent.length, 3);
  assert.equal(coach.hints.status, "ready");
  assert.deepEqual(coach.best(page.store.state), best);
  assert.deepEqual(page.said, ["Coach: keep 6 6 6"]);
  coach.sync(ctx); // the same position: not asked again, not said again
  timers.tick(5000);
  await settle();
  assert.equal(socket.sent.length, 3);
  assert.deepEqual(page.said, ["Coach: keep 6 6 6"]);
});

test("a hint for a position gone by is dropped, and a coach turned off stops asking", async (t) => {
  const timers = mockTimers(t, ["setTimeout"]);
  const socket = fakeSocket(() => ({ code: "coach_warming_up", message: "Getting ready" }));
  const page = pageOver(socket);
  const coach = new Coach({ ...page, region: { hidden: true }, holds: null, actions: null });
  coach.hints.on = true;
  coach.sync({ coachOn: true, state: page.store.state });
  await settle();
  coach.sync({ coachOn: false, state: page.store.state }); // the turn passed
  assert.equal(coach.hints.status, "idle");
  timers.tick(10000);
  await settle();
  assert.equal(socket.sent.length, 1);
  socket.request = async () => {
    throw { code: "coach_off", message: "off" };
  };
  coach.sync({ coachOn: true, state: page.store.state });
  await settle();
  assert.equal(coach.hints.status, "error");
  assert.equal(coach.hints.error, "The host turned the coach off.");
});

test("a move marks the controls busy until the state that shows it arrives", async () => {
  const socket = fakeSocket(() => ({ version: 8 }));
  const page = pageOver(socket);
  let done = false;
  const rolling = page.requests.act("roll", { hold: [] }, { busy: "roll" }).then((ok) => (done = ok));
  assert.equal(page.app.busy, "roll");
  assert.equal(await page.requests.act("place", { box: "chance" }, { busy: "place" }), false); // one at a time
  await settle();
  assert.equal(done, false); // acknowledged at version 8, the store still holds 7
  page.store.receive(myTurn(8));
  await rolling;
  assert.equal(done, true);
  assert.equal(page.app.busy, null);
  assert.equal(page.draws, 2); // busy, then not
  assert.deepEqual(socket.sent, [["roll", { hold: [] }]]);
});

test("a move is refused while reconnecting, and a refusal becomes a toast", async () => {
  const offline = pageOver(fakeSocket(() => ({}), "reconnecting"));
  assert.equal(await offline.requests.act("roll", { hold: [] }, { busy: "roll" }), false);
  assert.deepEqual(offline.socket.sent, []);
  assert.deepEqual(offline.toasted, [["error", "Not sent: the table is reconnecting. Try again once it is back."]]);
  const refused = pageOver(fakeSocket(() => ({ code: "not_your_turn", message: "it is not your turn" })));
  assert.equal(await refused.requests.act("roll", { hold: [] }, { busy: "roll" }), false);
  assert.deepEqual(refused.toasted, [["error", "It is not your turn"]]);
  assert.equal(refused.app.busy, null);
});

test("the viewer's holds show at once, and the server's again once none is on its way", async () => {
  const answers = [];
  const socket = fakeSocket(() => new Promise((resolve) => answers.push(resolve)));
  const page = pageOver(socket);
  const holds = new Holds({ ...page });
  holds.toggle(0);
  holds.toggle(2);
  assert.deepEqual([...page.app.holds], [0, 2]);
  assert.deepEqual(page.said, ["Die 1, 6, held", "Die 3, 6, held"]);
  assert.deepEqual(socket.sent.map(([, fields]) => fields.hold), [[0], [0, 2]]);
  const held = myTurn(8);
  held.game.held = [0]; // the state of the first request: the second is on its way
  page.store.receive(held);
  holds.sync();
  assert.deepEqual([...page.app.holds], [0, 2]);
  answers.forEach((resolve, i) => resolve({ version: 8 + i }));
  const both = myTurn(9);
  both.game.held = [0, 2];
  page.store.receive(both);
  await settle();
  assert.equal(page.app.holdsSending, 0);
  assert.deepEqual([...page.app.holds], [0, 2]);
});

test("no roll left: a die is not held, and the player is told why", () => {
  const state = myTurn();
  state.game.rolls_left = 0;
  const page = pageOver(fakeSocket(() => ({})), state);
  const holds = new Holds({ ...page });
  holds.toggle(1);
  assert.deepEqual([...page.app.holds], []);
  assert.deepEqual(page.toasted, [["info", "No rolls left: pick a box to score."]]);
  assert.deepEqual(page.socket.sent, []);
});

test("what one moment says is read out as one message", (t) => {
  const timers = mockTimers(t, ["setTimeout"]);
  const frames = [];
  globalThis.requestAnimationFrame = (callback) => frames.push(callback);
  t.after(() => delete globalThis.requestAnimationFrame);
  const region = { textContent: "before" };
  const live = new Live(region);
  live.say("Bob rolled 1 2 3 4 5");
  live.say("");
  live.say("Your turn");
  timers.tick(119);
  assert.equal(region.textContent, "before");
  timers.tick(1);
  assert.equal(region.textContent, ""); // cleared first, so that a repeat is read again
  frames.splice(0).forEach((frame) => frame());
  assert.equal(region.textContent, "Bob rolled 1 2 3 4 5. Your turn");
});

test("a rematch that invited the last game's people who left says whom, and nothing else does", async () => {
  const socket = fakeSocket((type) => (type === "rematch" ? { version: 7, invited: ["Ada", "Bo"] } : { version: 7 }));
  const page = pageOver(socket);
  assert.equal(await page.requests.act("rematch"), true);
  assert.equal(await page.requests.act("start"), true);
  assert.deepEqual(page.toasted, [
    ["info", "Invited Ada, Bo to the rematch: start it when they sit, or press Rematch again to play without them."],
  ]);
});
