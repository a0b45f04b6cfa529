// Tiny DOM helpers: build elements, and re-render a region without losing focus.
import { LANG } from "./i18n.js";

// The listeners h() gives an element, by event type. The element listens through
// ``dispatch``, which calls the one held here: patch() keeps a redrawn element's node and
// hands it the new drawing's listeners, so that they act on the latest state.
const listeners = new WeakMap();

function dispatch(event) {
  return listeners.get(event.currentTarget)?.[event.type]?.call(event.currentTarget, event);
}

function listen(el, type, handler) {
  const own = listeners.get(el) || {};
  own[type] = handler;
  listeners.set(el, own);
  el.addEventListener(type, dispatch);
}

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
    else if (key.startsWith("on") && typeof value === "function") listen(el, key.slice(2), value);
    else if (key === "text") el.textContent = value;
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
  keepingFocus(region, fallback, () => region.replaceChildren(...flat(children)));
}

/**
 * Like ``render``, but change only what differs: an element that is still there (same
 * tag, same data-testid, at the same place) keeps its node (its scroll, focus and running
 * animation), with its attributes, text and listeners brought up to date; the rest is
 * replaced. Nothing is laid out again where nothing changed. For regions redrawn on every
 * move whose form fields show what the state says (their values are properties, which
 * this leaves alone), and whose listeners hold no element of the drawing (a kept node
 * takes the listener, not the element it would refer to: use the event's target).
 */
export function patch(region, children, fallback) {
  keepingFocus(region, fallback, () => patchChildren(region, flat(children)));
}

function flat(children) {
  return [children].flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false);
}

function keepingFocus(region, fallback, change) {
  const active = document.activeElement;
  const hadFocus = active && active !== document.body && region.contains(active);
  const key = hadFocus ? focusKey(active) : null;
  change();
  if (!hadFocus || region.contains(document.activeElement)) return;
  let target = null;
  if (key) {
    target = key.startsWith("#")
      ? region.querySelector(key)
      : [...region.querySelectorAll("[data-focus-key],[data-testid]")].find((el) => focusKey(el) === key);
  }
  if (!target && fallback) target = fallback();
  if (target && target.isConnected) target.focus({ preventScroll: true });
}

function patchChildren(parent, wanted) {
  const nodes = wanted.map((c) => (c instanceof Node ? c : document.createTextNode(String(c))));
  nodes.forEach((want, i) => {
    const have = parent.childNodes[i];
    if (!have) parent.append(want);
    else if (!sameKind(have, want)) have.replaceWith(want);
    else if (have.nodeType === Node.TEXT_NODE) {
      if (have.data !== want.data) have.data = want.data;
    } else {
      patchAttributes(have, want);
      takeListeners(have, want);
      patchChildren(have, [...want.childNodes]);
    }
  });
  while (parent.childNodes.length > nodes.length) parent.lastChild.remove();
}

function sameKind(have, want) {
  if (have.nodeType !== want.nodeType || have.nodeName !== want.nodeName) return false;
  return have.nodeType === Node.TEXT_NODE || have.dataset?.testid === want.dataset?.testid;
}

/** ``have``, kept in place of ``want``, listens from now on as ``want`` would have. */
function takeListeners(have, want) {
  const wanted = listeners.get(want);
  if (!wanted) {
    listeners.delete(have);
    return;
  }
  for (const type of Object.keys(wanted)) have.addEventListener(type, dispatch);
  listeners.set(have, wanted);
}

function patchAttributes(have, want) {
  for (const { name, value } of want.attributes) {
    // Styles through the CSSOM: the Content Security Policy refuses style attributes.
    if (name === "style") {
      if (have.style.cssText !== want.style.cssText) have.style.cssText = want.style.cssText;
    } else if (have.getAttribute(name) !== value) have.setAttribute(name, value);
  }
  for (const { name } of [...have.attributes]) {
    if (!want.hasAttribute(name)) have.removeAttribute(name);
  }
}

const ordinals = new Intl.PluralRules(LANG, { type: "ordinal" });

/** Ordinal in the page's language: 1 -> "1st" ("1er", "1:a"). The language's ordinal
 *  category of ``n`` (Intl) picks the form; each language translates the forms it has. */
export function ordinal(n) {
  const category = ordinals.select(n);
  const values = { n };
  // Translators: an ordinal number, by the language's ordinal category (Intl.PluralRules):
  // English has one (1st, 21st), two (2nd), few (3rd) and other (4th, 11th); French and
  // Swedish only one and other, so their "two" and "few" are never shown.
  if (category === "one") return interpolate(pgettext("ordinal one", "%(n)sst"), values, true);
  // Translators: see "ordinal one".
  if (category === "two") return interpolate(pgettext("ordinal two", "%(n)snd"), values, true);
  // Translators: see "ordinal one".
  if (category === "few") return interpolate(pgettext("ordinal few", "%(n)srd"), values, true);
  // Translators: see "ordinal one".
  return interpolate(pgettext("ordinal other", "%(n)sth"), values, true);
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
