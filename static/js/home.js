// Home page: the create-room and join-by-code forms.
// The forms work without JavaScript; this only makes them friendlier:
// - a variant's options are shown only when that variant is chosen,
// - the variant's summary follows the select,
// - the fields of the pace not chosen (live or by the day) are hidden,
// - the turn timer offers a "Custom…" number (15-300 s),
// - the join field accepts a pasted invite link as well as a bare code.
//
// Test hooks (data-testid): hero-start, create-form, create-error, create-name,
// create-ruleset, option-joker, option-exact-counts, create-pace (create-pace-live,
// create-pace-day), create-seats, create-timer, create-timer-custom, create-turn-hours,
// create-holidays, create-together, create-duplicate, create-submit, join-form, join-code, join-submit.
// On a room page for someone not yet at the table (templates/room.html):
// join-room-form, join-name, join-submit, join-error.

import "./local_times.js";
import "./name_field.js";

const CUSTOM = "custom";

function setupCreate(form) {
  const ruleset = form.querySelector("select[name=ruleset]");
  const summary = form.querySelector("#create-ruleset-summary");
  const optionGroups = [...form.querySelectorAll("[data-options-for]")];

  function showOptions() {
    const chosen = ruleset.value;
    for (const group of optionGroups) {
      const names = group.dataset.optionsFor.trim().split(/\s+/);
      const relevant = names.includes(chosen);
      group.hidden = !relevant;
      // Options of another variant are not sent at all.
      for (const input of group.querySelectorAll("input")) input.disabled = !relevant;
    }
    const option = ruleset.selectedOptions[0];
    if (summary && option) summary.textContent = option.dataset.summary || "";
  }
  ruleset.addEventListener("change", showOptions);
  showOptions();

  // Pace: only the fields of the pace chosen are shown (the server reads only those).
  const paces = [...form.querySelectorAll("input[name=pace]")];
  function showPace() {
    const chosen = paces.find((p) => p.checked)?.value || "live";
    for (const field of form.querySelectorAll("[data-pace]")) field.hidden = field.dataset.pace !== chosen;
    if (chosen === "live") {
      showCustom();
    } else {
      customField.hidden = true;
      custom.required = false;
    }
  }
  for (const pace of paces) pace.addEventListener("change", showPace);
  // Everyone's turn at once is by the day's default, and one after another live's,
  // until the host ticks or unticks it.
  const together = form.querySelector("input[name=together]");
  together.addEventListener("change", () => (together.dataset.touched = "yes"));
  // This page sets the box: unticked then means one after another (the server's default
  // by the pace is for pages without scripts).
  form.append(Object.assign(document.createElement("input"), { type: "hidden", name: "together_set", value: "1" }));
  for (const pace of paces) {
    pace.addEventListener("change", () => {
      if (!together.dataset.touched && pace.checked) together.checked = pace.value === "day";
    });
  }
  // Duplicate dice are played everyone at once: each box follows the other.
  const duplicate = form.querySelector("input[name=duplicate]");
  duplicate.addEventListener("change", () => {
    if (duplicate.checked) together.checked = true;
  });
  together.addEventListener("change", () => {
    if (!together.checked) duplicate.checked = false;
  });

  // Turn timer: a select of common values plus "Custom…", which reveals a number field.
  const timer = form.querySelector("select[name=turn_seconds]");
  const customField = form.querySelector("#create-custom-field");
  const custom = form.querySelector("#create-custom");
  // Translators: the turn timer's choice that reveals a field for any number of seconds.
  const customOption = new Option(pgettext("turn timer", "Custom…"), CUSTOM);
  timer.add(customOption);
  const initial = timer.dataset.initial || "";
  if (initial && ![...timer.options].some((o) => o.value === initial)) {
    customOption.selected = true;
    custom.value = initial;
  }

  function showCustom() {
    const isCustom = timer.value === CUSTOM;
    customField.hidden = !isCustom;
    // Exactly one control carries the name the server reads.
    if (isCustom) {
      timer.removeAttribute("name");
      custom.name = "turn_seconds";
      custom.required = true;
    } else {
      timer.name = "turn_seconds";
      custom.removeAttribute("name");
      custom.required = false;
    }
  }
  timer.addEventListener("change", () => {
    showCustom();
    if (timer.value === CUSTOM) {
      if (!custom.value) custom.value = "45";
      custom.focus();
      custom.select();
    }
  });
  showPace();

  const name = form.querySelector("input[name=name]");
  form.addEventListener("submit", (event) => {
    const problems = [];
    name.value = name.value.trim();
    if (!name.value) problems.push([name, gettext("Type the name the table will see.")]);
    if (timer.value === CUSTOM && !customField.hidden) {
      const seconds = Number(custom.value);
      if (!Number.isInteger(seconds) || seconds < 15 || seconds > 300) {
        problems.push([custom, gettext("A turn timer is 15 to 300 seconds.")]);
      }
    }
    for (const input of form.querySelectorAll(".input")) {
      input.removeAttribute("aria-invalid");
      input.setCustomValidity("");
    }
    if (problems.length) {
      event.preventDefault();
      for (const [input, message] of problems) {
        input.setAttribute("aria-invalid", "true");
        input.setCustomValidity(message);
      }
      problems[0][0].reportValidity();
      problems[0][0].focus();
      return;
    }
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    button.textContent = gettext("Opening…");
  });
  for (const input of [name, custom]) {
    input.addEventListener("input", () => {
      input.setCustomValidity("");
      input.removeAttribute("aria-invalid");
    });
  }

  // After a refused post, bring the message into view.
  const error = form.querySelector("#create-error");
  if (error) {
    error.scrollIntoView({ block: "center" });
    error.focus({ preventScroll: true });
  } else if (location.hash === "#play") {
    name.focus({ preventScroll: true });
  }
}

/** "https://host/r/k3mz.../" or " K3MZ... " -> "k3mz...". */
export function codeFrom(text) {
  const value = text.trim();
  const match = value.match(/\/r\/([^/?#\s]+)/);
  const code = match ? match[1] : value;
  return code.replace(/\s+/g, "").toLowerCase();
}

function setupJoin(form) {
  const input = form.querySelector("input[name=code]");
  form.addEventListener("submit", (event) => {
    input.value = codeFrom(input.value);
    if (!input.value) {
      event.preventDefault();
      input.setCustomValidity(gettext("Type or paste the room code."));
      input.reportValidity();
    }
  });
  input.addEventListener("input", () => input.setCustomValidity(""));
}

const create = document.getElementById("create-form");
if (create) setupCreate(create);
const join = document.getElementById("join-form");
if (join) setupJoin(join);

// The hero's "Start a room" puts the cursor in the name field.
for (const link of document.querySelectorAll('a[href="#play"]')) {
  link.addEventListener("click", () => {
    setTimeout(() => document.getElementById("create-name")?.focus({ preventScroll: true }), 350);
  });
}
