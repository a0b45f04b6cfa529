// Tiny DOM helpers: build elements, and re-render a region without losing focus.

/**
 * h("button", {class: "btn", dataset: {testid: "roll"}, onclick}, "Roll")
 * Props: class, dataset, style (object), on<event> handlers, attributes (anything
 * else; true -> present, false/null/undefined -> absent). Children: nodes, strings,
 * numbers, arrays, null/false (skipped).
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) el.dataset[k] = v;
    } else if (key === "style") {
      for (const [k, v] of Object.entries(value)) {
        if (k.startsWith("--")) el.style.setProperty(k, String(v));
        else el.style[k] = v;
      }
    }
    else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "text") el.textContent = value;
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

/** A key that finds "the same control" after a region is redrawn. */
function focusKey(el) {
  return el?.dataset?.focusKey || el?.dataset?.testid || (el?.id ? `#${el.id}` : null);
}

/**
 * Replace the children of ``region`` with ``children``; if focus was inside, put it back
 * on the control with the same key (data-focus-key, data-testid or id), or, when that
 * control is gone, on ``fallback`` (a function returning an element) if given.
 */
export function render(region, children, fallback) {
  const active = document.activeElement;
  const hadFocus = active && active !== document.body && region.contains(active);
  const key = hadFocus ? focusKey(active) : null;
  region.replaceChildren(...[children].flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  if (!hadFocus) return;
  let target = null;
  if (key) {
    target = key.startsWith("#")
      ? region.querySelector(key)
      : [...region.querySelectorAll("[data-focus-key],[data-testid]")].find((el) => focusKey(el) === key);
  }
  if (!target && fallback) target = fallback();
  if (target && target.isConnected) target.focus({ preventScroll: true });
}

/** Ordinal: 1 -> "1st". */
export function ordinal(n) {
  const s = ["th", "st", "nd", "rd"];
  const v = n % 100;
  return n + (s[(v - 20) % 10] || s[v] || s[0]);
}

/** A die drawn with CSS pips, like the {% die %} template tag. */
const PIPS = {
  1: ["e"],
  2: ["a", "i"],
  3: ["a", "e", "i"],
  4: ["a", "c", "g", "i"],
  5: ["a", "c", "e", "g", "i"],
  6: ["a", "c", "d", "f", "g", "i"],
};

export function pips(face) {
  return (PIPS[face] || []).map((p) => h("span", { class: face === 1 ? "pip pip--e pip--ace" : `pip pip--${p}` }));
}

export function miniDie(face, extra = "") {
  return h("span", { class: `die die--mini ${extra}`.trim(), "data-face": face, "aria-hidden": "true" }, pips(face));
}
