// The coach (docs/protocol.md, `hint`): while hints are on, asked after each of your
// rolls; its best choice is shown on the dice and boxes, and can be played in one tap.
import { render } from "../dom.js";
import { choiceText, holdPositions, renderCoach } from "../render/coach.js";
import { placements } from "./placements.js";

const HINTS_KEY = "fivedice:hints";

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

/** The coach's panel (drawn in ``region``) and its hints, asked over ``socket``; its
 *  choices are played through ``holds`` and ``actions``; ``draw()`` redraws the page. */
export class Coach {
  constructor({ app, live, region, socket, store, facts, holds, actions, draw }) {
    Object.assign(this, { app, live, region, socket, store, facts, holds, actions, draw });
    this.hints = {
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
  }

  /** The coach's best choice for the position on the table, if it is known. */
  best(state) {
    const hints = this.hints;
    if (!hints.on || hints.status !== "ready" || !hints.data || !state.game?.dice?.length) return null;
    if (hints.key !== hintKey(state.game) || !coachOn(state, true)) return null;
    return hints.data.choices[0] || null;
  }

  changed(fields) {
    Object.assign(this.hints, fields);
    this.hints.rev += 1;
  }

  toggleHints() {
    const on = !this.hints.on;
    this.changed({ on, key: null, data: null, status: "idle", error: null });
    clearTimeout(this.hints.timer);
    try {
      localStorage.setItem(HINTS_KEY, on ? "on" : "off");
    } catch {
      /* private mode: the toggle just is not remembered */
    }
    this.live.say(on ? gettext("Hints on") : gettext("Hints off"));
    this.draw();
  }

  setMoreOpen(open) {
    this.hints.moreOpen = open;
  }

  /** Ask for a hint when hints are on and the position is new; forget it otherwise. */
  sync(ctx) {
    const hints = this.hints;
    if (!hints.on || !ctx.coachOn) {
      if (hints.key !== null) {
        clearTimeout(hints.timer);
        this.changed({ key: null, data: null, status: "idle", error: null });
      }
      return;
    }
    const key = hintKey(ctx.state.game);
    if (key !== hints.key) this.request(key);
  }

  async request(key, attempt = 0) {
    const hints = this.hints;
    clearTimeout(hints.timer);
    if (attempt === 0) this.changed({ key, data: null, status: "loading", error: null, moreOpen: false });
    let answer;
    try {
      answer = await this.socket.request("hint");
    } catch (error) {
      if (hints.key !== key) return;
      this.refused(key, attempt, error);
      this.draw();
      return;
    }
    if (hints.key !== key) return;
    this.changed({ status: "ready", data: answer });
    this.draw();
    const best = answer.choices?.[0];
    if (best && hints.said !== key) {
      hints.said = key;
      this.live.say(interpolate(gettext("Coach: %(advice)s"), { advice: choiceText(best, this.app.rules) }, true));
    }
  }

  /** The coach did not answer the hint for ``key``: ask again in a second while its
   *  tables are being built (or we asked too fast), or show why. */
  refused(key, attempt, error) {
    const hints = this.hints;
    if ((error.code === "coach_warming_up" || error.code === "rate_limited") && attempt < 120) {
      if (hints.status !== "warming" && error.code === "coach_warming_up") this.changed({ status: "warming" });
      hints.timer = setTimeout(() => {
        if (hints.key === key) this.request(key, attempt + 1);
      }, 1000);
    } else {
      this.changed({ status: "error", error: error.code === "coach_off" ? gettext("The host turned the coach off.") : error.message });
    }
  }

  drawPanel(ctx) {
    const hints = this.hints;
    const visible = ctx.phase === "playing" && ctx.coachOn && hints.on;
    this.region.hidden = !visible;
    if (!visible || hints.drawn === hints.rev) return;
    hints.drawn = hints.rev;
    render(this.region, renderCoach(ctx));
  }

  /** Do what the coach suggests: hold its dice, fill its box, or announce its box. */
  apply(best) {
    const game = this.store.state?.game;
    if (!best || !game || !this.facts.turnOf().myTurn || this.app.busy) return;
    if (best.kind === "keep") {
      if (!this.holds.canHold()) return;
      this.app.holds = new Set(holdPositions(game.dice, best.keep));
      this.live.say(
        best.keep.length
          ? interpolate(gettext("Holding %(dice)s"), { dice: best.keep.join(" ") }, true)
          : gettext("Holding nothing: roll all five"),
      );
      this.draw();
      this.holds.send();
    } else if (best.kind === "announce") {
      this.actions.announceBox(best.box);
    } else {
      const option = placements(game).find((o) => o.box === best.box && (!best.column || o.column === best.column));
      if (option) this.actions.place(option);
    }
  }
}
