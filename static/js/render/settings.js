// The room's settings in the lobby: a summary line for everyone and, for the host
// between games, a "Room settings" button opening a small form that sends `configure`
// (docs/protocol.md): variant, its options, seats, pace and turn limit (render/pace_fields.js),
// the coach, and before the first game rated or casual, all at once.
//
// The block is built once and kept (never redrawn with the rest of the lobby), so a
// state arriving while the host is choosing does not close a select or lose a draft.
import { h } from "../dom.js";
import { MAX_SEATS, MIN_SEATS, OPTIONS, VARIANTS, coachText, optionText, seatsText, timerText, variant } from "../variants.js";
import { PaceFields } from "./pace_fields.js";

/** "Yam's · 3 seats · 60 s per turn · Joker rule: free" as a list of parts. */
export function settingsParts(room) {
  const rs = room.ruleset;
  return [
    variant(rs.name)?.title || rs.name, // the state has keys only: words from room_setup
    seatsText(room.seat_count),
    timerText(room.turn_seconds, room.pace),
    ...(room.pace === "day" && room.holidays === false ? [gettext("no holidays")] : []),
    // One after another goes without saying live, not by the day (whose default it is not).
    ...(room.together ? [gettext("everyone at once")] : room.pace === "day" ? [gettext("one after another")] : []),
    ...(room.duplicate ? [gettext("same dice for everyone")] : []),
    ...Object.entries(rs.options || {}).map(([key, value]) => optionText(key, value)),
    coachText(room.coach),
    room.rated ? pgettext("room", "Rated") : pgettext("room", "Casual"),
  ];
}

function settingsKey(room) {
  return JSON.stringify([room.ruleset.name, room.ruleset.options, room.seat_count, room.pace, room.turn_seconds, room.holidays, room.together, room.duplicate, room.coach, room.rated]);
}

/** The variant's select, its summary, and the fields of its options (the joker rule,
 *  exact counts). */
function variantFields() {
  const fields = {
    ruleset: h(
      "select",
      {
        class: "input",
        id: "settings-ruleset",
        name: "ruleset",
        "aria-describedby": "settings-ruleset-summary",
        dataset: { testid: "settings-ruleset" },
      },
      VARIANTS.map((v) => h("option", { value: v.name }, v.title)),
    ),
    rulesetSummary: h("p", { class: "field__hint", id: "settings-ruleset-summary" }),
    jokerInputs: OPTIONS.joker.choices.map((c) =>
      h("input", { type: "radio", name: "settings-joker", value: c.value, dataset: { testid: `settings-joker-${c.value}` } }),
    ),
    exactCounts: h("input", { type: "checkbox", name: "exact_counts", dataset: { testid: "settings-exact-counts" } }),
  };
  fields.jokerField = h(
    "fieldset",
    { class: "field field--options", dataset: { testid: "settings-option-joker" } },
    h("legend", { class: "field__label" }, OPTIONS.joker.title),
    h(
      "div",
      { class: "segmented" },
      OPTIONS.joker.choices.map((c, i) =>
        h("label", { class: "segmented__item" }, fields.jokerInputs[i], h("span", {}, c.label, " ", h("small", {}, c.hint))),
      ),
    ),
  );
  fields.exactField = h(
    "div",
    { class: "field field--options", dataset: { testid: "settings-option-exact-counts" } },
    checkLabel({}, fields.exactCounts, gettext("Exact counts"), { class: "check__hint" }, gettext("a pair needs exactly two matching dice, three of a kind exactly three")),
  );
  return fields;
}

/** A check box's label: the box, its name in bold and a hint in small print. */
function checkLabel(props, input, name, hintProps, hint) {
  return h("label", { class: "check", ...props }, input, h("span", {}, h("strong", {}, name), " ", h("small", hintProps, hint)));
}

/** The number of seats and the hint under it (how many are seated now). */
function seatsFields() {
  return {
    seats: h(
      "select",
      { class: "input", id: "settings-seats", name: "seats", "aria-describedby": "settings-seats-hint", dataset: { testid: "settings-seats" } },
      Array.from({ length: MAX_SEATS - MIN_SEATS + 1 }, (_, i) => h("option", { value: String(MIN_SEATS + i) }, MIN_SEATS + i)),
    ),
    seatsHint: h("p", { class: "field__hint field__hint--tiny", id: "settings-seats-hint" }),
  };
}

/** The coach's check box and its field. */
function coachFields() {
  const coach = h("input", {
    type: "checkbox",
    name: "coach",
    id: "settings-coach",
    "aria-describedby": "settings-coach-hint",
    dataset: { testid: "settings-coach" },
  });
  const hint = gettext("players may ask the coach for the best move on their turn; off makes the table competitive");
  const coachField = h(
    "div",
    { class: "field field--options" },
    checkLabel({ for: "settings-coach" }, coach, gettext("Coach hints"), { class: "check__hint", id: "settings-coach-hint" }, hint),
  );
  return { coach, coachField };
}

/** Rated or casual: its check box and field, offered before the first game only. */
function ratedFields() {
  const rated = h("input", {
    type: "checkbox",
    name: "rated",
    id: "settings-rated",
    "aria-describedby": "settings-rated-hint",
    dataset: { testid: "settings-rated" },
  });
  const hint = gettext("its games of two or more people with an account change their ratings; no bots at the table");
  const ratedField = h(
    "div",
    { class: "field field--options" },
    checkLabel({ for: "settings-rated" }, rated, pgettext("room", "Rated"), { class: "check__hint", id: "settings-rated-hint" }, hint),
  );
  return { rated, ratedField };
}

/** The form's fields of ``settings`` in their order, with its title, note and buttons. */
function formContent(settings) {
  const pace = settings.paceFields;
  return [
    h("h3", { class: "settings__title", id: "settings-form-title" }, gettext("Room settings")),
    h("div", { class: "field" }, h("label", { class: "field__label", for: "settings-ruleset" }, pgettext("variant", "Game")), settings.ruleset, settings.rulesetSummary),
    settings.jokerField,
    settings.exactField,
    pace.pace,
    h(
      "div",
      { class: "field-row settings__row" },
      h("div", { class: "field" }, h("label", { class: "field__label", for: "settings-seats" }, gettext("Seats")), settings.seats, settings.seatsHint),
      pace.timerField,
      pace.customField,
      pace.hoursField,
    ),
    pace.holidays,
    pace.together,
    pace.duplicate,
    settings.coachField,
    settings.ratedField,
    h("p", { class: "field__hint field__hint--small settings__note" }, gettext("The next game is played with these settings. Everyone at the table sees the change.")),
    h("div", { class: "settings__actions" }, settings.save, settings.cancel),
  ];
}

export class RoomSettings {
  constructor() {
    this.open = false;
    this.dirty = false; // the host changed something since the form was filled
    this.saving = false;
    this.ctx = null;
    this.shownKey = null; // the room settings the form was filled from

    this.summary = h("p", { class: "settings__summary", dataset: { testid: "settings-summary" } });
    this.toggle = h(
      "button",
      {
        type: "button",
        class: "btn btn--small btn--quiet settings__toggle",
        "aria-expanded": "false",
        "aria-controls": "settings-form",
        dataset: { testid: "settings-open" },
        onclick: () => (this.open ? this.close() : this.show()),
      },
      h("span", { class: "settings__gear", "aria-hidden": "true" }, "⚙"),
      gettext("Room settings"),
    );
    Object.assign(this, variantFields(), seatsFields());
    this.paceFields = new PaceFields();
    Object.assign(this, coachFields(), ratedFields());
    this.save = h("button", { type: "submit", class: "btn", dataset: { testid: "settings-save" } }, gettext("Save settings"));
    this.cancel = h(
      "button",
      { type: "button", class: "btn btn--quiet", dataset: { testid: "settings-cancel" }, onclick: () => this.close() },
      gettext("Cancel"),
    );
    this.form = this.buildForm();
    this.ruleset.addEventListener("change", () => this.showOptions());
    this.bar = h("div", { class: "settings__bar" }, this.summary);
    this.el = h("div", { class: "settings", dataset: { testid: "settings" } }, this.bar, this.form);
  }

  buildForm() {
    const touched = () => {
      this.dirty = true;
    };
    return h(
      "form",
      {
        class: "settings__form form",
        id: "settings-form",
        hidden: true,
        novalidate: true,
        "aria-labelledby": "settings-form-title",
        dataset: { testid: "settings-form" },
        onsubmit: (event) => {
          event.preventDefault();
          this.submit();
        },
        oninput: touched,
        onchange: touched,
        onkeydown: (event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            this.close();
          }
        },
      },
      ...formContent(this),
    );
  }

  /** Called on every state while the lobby shows. */
  update(ctx) {
    this.ctx = ctx;
    const room = ctx.state.room;
    const parts = settingsParts(room);
    const sep = () => h("span", { class: "settings__sep" }, h("span", { "aria-hidden": "true" }, " · "), h("span", { class: "visually-hidden" }, ", "));
    this.summary.replaceChildren(
      h("span", { class: "settings__label" }, `${gettext("This table:")} `),
      ...parts.flatMap((p, i) => [i ? sep() : null, h("span", { class: i ? "settings__part" : "settings__part settings__part--variant" }, p)]).filter(Boolean),
    );

    const canEdit = this.canEdit(ctx);
    if (canEdit && !this.toggle.isConnected) this.bar.append(this.toggle);
    if (!canEdit) {
      if (this.open) this.close({ focus: false });
      this.toggle.remove();
      return;
    }
    // Seats: no fewer than the people and bots seated now (the server says so too).
    const seated = ctx.state.members.filter((m) => m.seat !== null && m.seat !== undefined).length;
    for (const option of this.seats.options) option.disabled = Number(option.value) < seated && !option.selected;
    this.seatsHint.textContent = seated > 1 ? interpolate(ngettext("%(n)s seated now", "%(n)s seated now", seated), { n: seated }, true) : "";
    this.seatsHint.hidden = seated <= 1;

    // The room changed under an untouched form (another tab of the host): follow it.
    if (this.open && !this.dirty && !this.saving && settingsKey(room) !== this.shownKey) this.fill(room);
  }

  canEdit(ctx) {
    return ctx.isHost && ctx.betweenGames && ctx.state.room.status !== "closed";
  }

  /** Prefill the form from the room's current settings. */
  fill(room) {
    const rs = room.ruleset;
    this.ruleset.value = rs.name;
    const options = rs.options || {};
    const joker = options.joker ?? OPTIONS.joker.choices[0].value;
    for (const input of this.jokerInputs) input.checked = input.value === joker;
    this.exactCounts.checked = Boolean(options.exact_counts);
    this.seats.value = String(room.seat_count);
    this.coach.checked = room.coach !== false;
    this.rated.checked = Boolean(room.rated);
    // Rated or casual is chosen before the first game (the server refuses it after).
    this.ratedField.hidden = Boolean(this.ctx?.state.game);
    this.paceFields.fill(room);
    this.showOptions();
    this.shownKey = settingsKey(room);
    this.dirty = false;
  }

  /** Only the chosen variant's options are shown (and sent). */
  showOptions() {
    const chosen = variant(this.ruleset.value);
    const names = chosen?.options || [];
    this.jokerField.hidden = !names.includes("joker");
    this.exactField.hidden = !names.includes("exact_counts");
    this.rulesetSummary.textContent = chosen ? `${chosen.shape}. ${chosen.summary}` : "";
  }

  show() {
    if (!this.ctx || !this.canEdit(this.ctx)) return;
    this.fill(this.ctx.state.room);
    this.open = true;
    this.form.hidden = false;
    this.toggle.setAttribute("aria-expanded", "true");
    this.el.classList.add("is-open");
    this.ruleset.focus();
  }

  close({ focus = true } = {}) {
    const hadFocus = this.form.contains(document.activeElement);
    this.open = false;
    this.dirty = false;
    this.form.hidden = true;
    this.toggle.setAttribute("aria-expanded", "false");
    this.el.classList.remove("is-open");
    if (focus && (hadFocus || document.activeElement === document.body) && this.toggle.isConnected) this.toggle.focus();
  }

  /** The `configure` fields from the form, or null (after saying why) when they are not valid. */
  values() {
    const chosen = variant(this.ruleset.value);
    const options = {};
    for (const name of chosen?.options || []) {
      if (name === "joker") options.joker = this.jokerInputs.find((i) => i.checked)?.value || OPTIONS.joker.choices[0].value;
      if (name === "exact_counts") options.exact_counts = this.exactCounts.checked;
    }
    const pace = this.paceFields.values((message) => this.ctx?.error(message));
    if (!pace) return null;
    const rated = this.ratedField.hidden ? {} : { rated: this.rated.checked };
    return { ruleset: this.ruleset.value, options, seats: Number(this.seats.value), ...pace, coach: this.coach.checked, ...rated };
  }

  async submit() {
    if (this.saving || !this.ctx) return;
    const fields = this.values();
    if (!fields) return;
    this.saving = true;
    this.save.setAttribute("aria-disabled", "true");
    this.save.textContent = gettext("Saving…");
    try {
      const ok = await this.ctx.act("configure", fields);
      if (ok) {
        this.close();
        this.ctx.toast(gettext("Room settings saved."));
      }
    } finally {
      this.saving = false;
      this.save.removeAttribute("aria-disabled");
      this.save.textContent = gettext("Save settings");
    }
  }
}
