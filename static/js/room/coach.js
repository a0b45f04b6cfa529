// The coach (docs/protocol.md, `hint`): while hints are on, asked after each of your
// rolls; its best choice is shown on the dice and boxes, and can be played in one tap.
import { render } from "../dom.js";
import { choiceText, holdPositions, renderCoach } from "../render/coach.js";
import { app, draw, live, regions, socket, store } from "./page.js";
import { announceBox, place } from "./actions.js";
import { turnOf } from "./facts.js";
import { canHold, sendHolds } from "./holds.js";
import { placements } from "./placements.js";

const HINTS_KEY = "fivedice:hints";

export const hints = {
  on: readHintsSetting(),
  key: null, // the position asked about (see hintKey)
  status: "idle", // idle | loading | warming | ready | error
  data: null,
  error: null,
  timer: null,
  moreOpen: false,
  rev: 0, // bumped on every change, so the panel is redrawn only then
  drawn: -1,
  said: null,
};

function readHintsSetting() {
  try {
    return localStorage.getItem(HINTS_KEY) === "on";
  } catch {
    return false;
  }
}

/** Hints can be asked for: the room's coach is on and it is the viewer's turn. */
export function coachOn(state, myTurn) {
  return Boolean(state.room.coach && myTurn && state.room.status === "open");
}

/** The position a hint is about: the turn, the dice, the rolls left and the announcement. */
function hintKey(game) {
  return `${game.number}:${game.turn}:${game.rolls_left}:${game.announced || ""}:${game.dice.join("")}`;
}

/** The coach's best choice for the position on the table, if it is known. */
export function coachBest(state) {
  if (!hints.on || hints.status !== "ready" || !hints.data || !state.game?.dice?.length) return null;
  if (hints.key !== hintKey(state.game) || !coachOn(state, true)) return null;
  return hints.data.choices[0] || null;
}

function hintsChanged(fields) {
  Object.assign(hints, fields);
  hints.rev += 1;
}

export function toggleHints() {
  const on = !hints.on;
  hintsChanged({ on, key: null, data: null, status: "idle", error: null });
  clearTimeout(hints.timer);
  try {
    localStorage.setItem(HINTS_KEY, on ? "on" : "off");
  } catch {
    /* private mode: the toggle just is not remembered */
  }
  live.say(on ? gettext("Hints on") : gettext("Hints off"));
  draw();
}

export function setMoreOpen(open) {
  hints.moreOpen = open;
}

/** Ask for a hint when hints are on and the position is new; forget it otherwise. */
export function syncHints(ctx) {
  if (!hints.on || !ctx.coachOn) {
    if (hints.key !== null) {
      clearTimeout(hints.timer);
      hintsChanged({ key: null, data: null, status: "idle", error: null });
    }
    return;
  }
  const key = hintKey(ctx.state.game);
  if (key !== hints.key) requestHint(key);
}

async function requestHint(key, attempt = 0) {
  clearTimeout(hints.timer);
  if (attempt === 0) hintsChanged({ key, data: null, status: "loading", error: null, moreOpen: false });
  let answer;
  try {
    answer = await socket.request("hint");
  } catch (error) {
    if (hints.key !== key) return;
    if ((error.code === "coach_warming_up" || error.code === "rate_limited") && attempt < 120) {
      // The coach's tables are being built (or we asked too fast): ask again in a second.
      if (hints.status !== "warming" && error.code === "coach_warming_up") hintsChanged({ status: "warming" });
      hints.timer = setTimeout(() => {
        if (hints.key === key) requestHint(key, attempt + 1);
      }, 1000);
    } else {
      hintsChanged({ status: "error", error: error.code === "coach_off" ? gettext("The host turned the coach off.") : error.message });
    }
    draw();
    return;
  }
  if (hints.key !== key) return;
  hintsChanged({ status: "ready", data: answer });
  draw();
  const best = answer.choices?.[0];
  if (best && hints.said !== key) {
    hints.said = key;
    live.say(interpolate(gettext("Coach: %(advice)s"), { advice: choiceText(best, app.rules) }, true));
  }
}

export function drawCoach(ctx) {
  const visible = ctx.phase === "playing" && ctx.coachOn && hints.on;
  regions.coach.hidden = !visible;
  if (!visible || hints.drawn === hints.rev) return;
  hints.drawn = hints.rev;
  render(regions.coach, renderCoach(ctx));
}

/** Do what the coach suggests: hold its dice, fill its box, or announce its box. */
export function applyHint(best) {
  const game = store.state?.game;
  if (!best || !game || !turnOf().myTurn || app.busy) return;
  if (best.kind === "keep") {
    if (!canHold()) return;
    app.holds = new Set(holdPositions(game.dice, best.keep));
    live.say(
      best.keep.length
        ? interpolate(gettext("Holding %(dice)s"), { dice: best.keep.join(" ") }, true)
        : gettext("Holding nothing: roll all five"),
    );
    draw();
    sendHolds();
  } else if (best.kind === "announce") {
    announceBox(best.box);
  } else {
    const option = placements(game).find((o) => o.box === best.box && (!best.column || o.column === best.column));
    if (option) place(option);
  }
}
