// The home page's create-room and join-by-code forms (templates/home.html; home.js calls
// setupHomePage). The forms work without JavaScript; this only makes them friendlier:
// - a variant's options are shown only when that variant is chosen,
// - the variant's summary follows the select,
// - the fields of the pace not chosen (live or by the day) are hidden,
// - the turn timer offers a "Custom…" number (15-300 s),
// - the join field accepts a pasted invite link as well as a bare code.
import { showLocalTimes } from "../ui/local_times.js";
import { setupNameFields } from "../ui/name_field.js";

const CUSTOM = "custom";

/** Show the options and the summary of the variant chosen only; another variant's
 *  options are not sent at all. */
function followVariant(form) {
  const ruleset = form.querySelector("select[name=ruleset]");
  const summary = form.querySelector("#create-ruleset-summary");
  const optionGroups = [...form.querySelectorAll("[data-options-for]")];
  function showOptions() {
    const chosen = ruleset.value;
    for (const group of optionGroups) {
      const names = group.dataset.optionsFor.trim().split(/\s+/);
      const relevant = names.includes(chosen);
      group.hidden = !relevant;
      for (const input of group.querySelectorAll("input")) input.disabled = !relevant;
    }
    const option = ruleset.selectedOptions[0];
    if (summary && option) summary.textContent = option.dataset.summary || "";
  }
  ruleset.addEventListener("change", showOptions);
  showOptions();
}

/** The turn timer: a select of common values plus "Custom…", which reveals a number
 *  field; exactly one of them carries the name the server reads. */
function turnTimerField(form) {
  const timer = {
    select: form.querySelector("select[name=turn_seconds]"),
    field: form.querySelector("#create-custom-field"),
    custom: form.querySelector("#create-custom"),
  };
  const { select, field, custom } = timer;
  // Translators: the turn timer's choice that reveals a field for any number of seconds.
  const customOption = new Option(pgettext("turn timer", "Custom…"), CUSTOM);
  select.add(customOption);
  const initial = select.dataset.initial || "";
  if (initial && ![...select.options].some((o) => o.value === initial)) {
    customOption.selected = true;
    custom.value = initial;
  }
  timer.showCustom = () => {
    const isCustom = select.value === CUSTOM;
    field.hidden = !isCustom;
    if (isCustom) {
      select.removeAttribute("name");
      custom.name = "turn_seconds";
      custom.required = true;
    } else {
      select.name = "turn_seconds";
      custom.removeAttribute("name");
      custom.required = false;
    }
  };
  select.addEventListener("change", () => {
    timer.showCustom();
    if (select.value === CUSTOM) {
      if (!custom.value) custom.value = "45";
      custom.focus();
      custom.select();
    }
  });
  return timer;
}

/** Show only the fields of the pace chosen (the server reads only those); the turn
 *  timer belongs to live play. Returns the pace's radio buttons and a redraw. */
function followPace(form, timer) {
  const paces = [...form.querySelectorAll("input[name=pace]")];
  function showPace() {
    const chosen = paces.find((p) => p.checked)?.value || "live";
    for (const field of form.querySelectorAll("[data-pace]")) field.hidden = field.dataset.pace !== chosen;
    if (chosen === "live") {
      timer.showCustom();
    } else {
      timer.field.hidden = true;
      timer.custom.required = false;
    }
  }
  for (const pace of paces) pace.addEventListener("change", showPace);
  return { paces, showPace };
}

/** Everyone's turn at once is by the day's default, and one after another live's, until
 *  the host ticks or unticks it; duplicate dice are played everyone at once. */
function pairTurnOrder(form, paces) {
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
  const duplicate = form.querySelector("input[name=duplicate]");
  duplicate.addEventListener("change", () => {
    if (duplicate.checked) together.checked = true;
  });
  together.addEventListener("change", () => {
    if (!together.checked) duplicate.checked = false;
  });
}

/** What keeps the form from being sent: no name, a custom timer out of 15-300 s. */
function createProblems(name, timer) {
  const problems = [];
  if (!name.value) problems.push([name, gettext("Type the name the table will see.")]);
  if (timer.select.value === CUSTOM && !timer.field.hidden) {
    const seconds = Number(timer.custom.value);
    if (!Number.isInteger(seconds) || seconds < 15 || seconds > 300) {
      problems.push([timer.custom, gettext("A turn timer is 15 to 300 seconds.")]);
    }
  }
  return problems;
}

/** Check the form before it is sent: mark each problem on its field, or say it opens. */
function checkOnSubmit(form, name, timer) {
  form.addEventListener("submit", (event) => {
    name.value = name.value.trim();
    const problems = createProblems(name, timer);
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
  for (const input of [name, timer.custom]) {
    input.addEventListener("input", () => {
      input.setCustomValidity("");
      input.removeAttribute("aria-invalid");
    });
  }
}

function setupCreate(form) {
  followVariant(form);
  const timer = turnTimerField(form);
  const { paces, showPace } = followPace(form, timer);
  pairTurnOrder(form, paces);
  showPace();
  const name = form.querySelector("input[name=name]");
  checkOnSubmit(form, name, timer);
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

/** The home page in ``doc``: its moments in local time, its name field, its forms, and
 *  the hero's "Start a room", which puts the cursor in the name field. */
export function setupHomePage(doc) {
  showLocalTimes(doc);
  setupNameFields(doc);
  const create = doc.getElementById("create-form");
  if (create) setupCreate(create);
  const join = doc.getElementById("join-form");
  if (join) setupJoin(join);
  for (const link of doc.querySelectorAll('a[href="#play"]')) {
    link.addEventListener("click", () => {
      setTimeout(() => doc.getElementById("create-name")?.focus({ preventScroll: true }), 350);
    });
  }
}
