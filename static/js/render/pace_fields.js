// The room settings' pace and turn limit: live (a turn timer off, a preset or any
// 15-300 seconds) or by the day (hours or days per turn, holidays allowed or not), and
// whether everyone plays each round at once. Part of the host's settings form
// (render/settings.js), which places `pace`, `timer` (the timer, its custom field and the
// hours), `holidays`, `together` and `duplicate`.
import { h } from "../dom.js";
import { DAY_HOURS, TIMER_MAX, TIMER_MIN, TIMER_PRESETS, hoursText } from "../variants.js";

const CUSTOM = "custom";
const HOUR = 3600;

/** A field of one check box: the box, its name in bold and a hint in small print. */
function checkField(input, name, hint) {
  return h(
    "div",
    { class: "field field--options" },
    h("label", { class: "check", for: input.id }, input, h("span", {}, h("strong", {}, name), " ", h("small", { class: "check__hint" }, hint))),
  );
}

/** A check box of the form named ``name`` (its id settings-<name>). */
function checkbox(name) {
  return h("input", { type: "checkbox", name, id: `settings-${name}`, dataset: { testid: `settings-${name}` } });
}

/** The pace's radio buttons (live or by the day) and their fieldset. */
function paceChoice() {
  const choices = [
    ["live", pgettext("room pace", "Live"), gettext("everyone at the table")],
    ["day", pgettext("room pace", "By the day"), gettext("play when you like")],
  ];
  const paceInputs = choices.map(([value]) =>
    h("input", { type: "radio", name: "settings-pace", value, dataset: { testid: `settings-pace-${value}` } }),
  );
  const pace = h(
    "fieldset",
    { class: "field", dataset: { testid: "settings-pace" } },
    h("legend", { class: "field__label" }, pgettext("room pace", "Pace")),
    h(
      "div",
      { class: "segmented" },
      choices.map(([, label, hint], i) => h("label", { class: "segmented__item" }, paceInputs[i], h("span", {}, label, " ", h("small", {}, hint)))),
    ),
  );
  return { paceInputs, pace };
}

/** A live turn's timer (off, a preset or custom) and the custom number's field. */
function timerFields() {
  const timer = h(
    "select",
    { class: "input", id: "settings-timer", name: "turn_seconds", dataset: { testid: "settings-timer" } },
    h("option", { value: "" }, pgettext("timer", "Off")),
    TIMER_PRESETS.map((s) => h("option", { value: String(s) }, interpolate(gettext("%(n)s s"), { n: s }, true))),
    h("option", { value: CUSTOM }, gettext("Custom…")),
  );
  const custom = h("input", {
    class: "input",
    id: "settings-timer-custom",
    type: "number",
    min: TIMER_MIN,
    max: TIMER_MAX,
    step: 1,
    inputmode: "numeric",
    "aria-describedby": "settings-timer-custom-hint",
    dataset: { testid: "settings-timer-custom" },
  });
  const range = interpolate(gettext("%(min)s to %(max)s"), { min: TIMER_MIN, max: TIMER_MAX }, true);
  return {
    timer,
    custom,
    timerField: h("div", { class: "field" }, h("label", { class: "field__label", for: "settings-timer" }, gettext("Turn timer")), timer),
    customField: h(
      "div",
      { class: "field", hidden: true },
      h("label", { class: "field__label", for: "settings-timer-custom" }, gettext("Seconds")),
      custom,
      h("p", { class: "field__hint field__hint--tiny", id: "settings-timer-custom-hint" }, range),
    ),
  };
}

/** A turn's time by the day, in hours. */
function hoursFields() {
  const hours = h(
    "select",
    { class: "input", id: "settings-turn-hours", name: "turn_hours", dataset: { testid: "settings-turn-hours" } },
    DAY_HOURS.map((n) => h("option", { value: String(n * HOUR) }, hoursText(n))),
  );
  return { hours, hoursField: h("div", { class: "field" }, h("label", { class: "field__label", for: "settings-turn-hours" }, gettext("Time per turn")), hours) };
}

/** Holidays, everyone at once and the same dice: a check box each. */
function checkFields() {
  const holidayInput = checkbox("holidays");
  const togetherInput = checkbox("together");
  const duplicateInput = checkbox("duplicate");
  return {
    holidayInput,
    holidays: checkField(holidayInput, gettext("Holidays"), gettext("each player may pause their own clock, up to 7 days a game")),
    togetherInput,
    together: checkField(togetherInput, gettext("Everyone at once"), gettext("each round, all play their own turn in any order: the game waits once a round, not once a turn")),
    duplicateInput,
    duplicate: checkField(
      duplicateInput,
      gettext("Same dice for everyone"),
      gettext("duplicate dice: every seat rolls the same dice, so the best player wins, not the luckiest; played everyone at once, each round's dice shown when it closes"),
    ),
  };
}

export class PaceFields {
  constructor() {
    Object.assign(this, paceChoice(), timerFields(), hoursFields(), checkFields());
    // By the day's default is everyone at once, live's one after another, until ticked;
    // duplicate dice are played at once, so each box follows the other.
    this.togetherInput.addEventListener("change", () => {
      this.togetherTouched = true;
      if (!this.togetherInput.checked) this.duplicateInput.checked = false;
    });
    this.duplicateInput.addEventListener("change", () => {
      if (this.duplicateInput.checked) [this.togetherInput.checked, this.togetherTouched] = [true, true];
    });
    for (const input of this.paceInputs) {
      input.addEventListener("change", () => {
        if (!this.togetherTouched && input.checked) this.togetherInput.checked = input.value === "day";
        this.showPace();
      });
    }
    this.timer.addEventListener("change", () => {
      this.showPace();
      if (this.timer.value === CUSTOM) {
        if (!this.custom.value) this.custom.value = "45";
        this.custom.focus();
        this.custom.select();
      }
    });
    this.custom.addEventListener("input", () => this.custom.removeAttribute("aria-invalid"));
  }

  chosen() {
    return this.paceInputs.find((i) => i.checked)?.value || "live";
  }

  /** Prefill from the room's current settings. */
  fill(room) {
    const day = room.pace === "day";
    for (const input of this.paceInputs) input.checked = input.value === (day ? "day" : "live");
    const seconds = room.turn_seconds;
    this.custom.value = "";
    // A turn set to other than the offered lengths (through the protocol) keeps its own
    // option, to the second, so that saving the form leaves it as it is.
    this.hours.querySelector("[data-other]")?.remove();
    if (day) {
      if (!DAY_HOURS.some((n) => n * HOUR === seconds)) {
        this.hours.append(h("option", { value: String(seconds), dataset: { other: "" } }, hoursText(Math.round(seconds / HOUR))));
      }
      this.hours.value = String(seconds);
      this.timer.value = "90";
    } else {
      this.hours.value = String(24 * HOUR);
      if (!seconds) this.timer.value = "";
      else if (TIMER_PRESETS.includes(seconds)) this.timer.value = String(seconds);
      else [this.timer.value, this.custom.value] = [CUSTOM, String(seconds)];
    }
    this.holidayInput.checked = room.holidays !== false;
    this.togetherInput.checked = Boolean(room.together);
    this.duplicateInput.checked = Boolean(room.duplicate);
    this.togetherTouched = false;
    this.custom.removeAttribute("aria-invalid");
    this.showPace();
  }

  /** Only the fields of the chosen pace are shown (and sent). */
  showPace() {
    const day = this.chosen() === "day";
    this.timerField.hidden = day;
    this.customField.hidden = day || this.timer.value !== CUSTOM;
    this.hoursField.hidden = !day;
    this.holidays.hidden = !day;
  }

  /** `pace`, `turn_seconds`, `holidays`, `together` and `duplicate` for `configure`, or
   * null (after saying why through `error`) when the custom seconds are not valid. */
  values(error) {
    const together = this.togetherInput.checked;
    const duplicate = this.duplicateInput.checked;
    if (this.chosen() === "day") {
      return { pace: "day", turn_seconds: Number(this.hours.value), holidays: this.holidayInput.checked, together, duplicate };
    }
    let seconds = null;
    if (this.timer.value === CUSTOM) {
      seconds = Number(this.custom.value);
      if (!this.custom.value.trim() || !Number.isInteger(seconds) || seconds < TIMER_MIN || seconds > TIMER_MAX) {
        this.custom.setAttribute("aria-invalid", "true");
        this.custom.focus();
        error(interpolate(gettext("A turn timer is %(min)s to %(max)s seconds."), { min: TIMER_MIN, max: TIMER_MAX }, true));
        return null;
      }
    } else if (this.timer.value) {
      seconds = Number(this.timer.value);
    }
    return { pace: "live", turn_seconds: seconds, together, duplicate };
  }
}
