// The five dice of the table: persistent buttons, updated in place so focus and
// animations survive every new state.
import { h, pips } from "../dom.js";

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** What a screen reader hears of die ``n`` (1-5) showing ``face`` (0: not rolled yet). */
function dieLabel(n, face, held, suggested) {
  if (!face) return interpolate(gettext("Die %(n)s, not rolled yet"), { n }, true);
  let text;
  if (held && suggested) text = gettext("Die %(n)s: %(face)s, held, the coach keeps it");
  else if (held) text = gettext("Die %(n)s: %(face)s, held");
  else if (suggested) text = gettext("Die %(n)s: %(face)s, the coach keeps it");
  else text = gettext("Die %(n)s: %(face)s");
  return interpolate(text, { n, face }, true);
}

/** The tooltip of die ``n`` the player may hold or release (with its key). */
function dieTitle(n, held) {
  return interpolate(held ? gettext("Release this die (key %(n)s)") : gettext("Hold this die (key %(n)s)"), { n }, true);
}

/** The pips of ``face`` and the (hidden until held) "Held" mark. */
function dieFace(face) {
  // Translators: the mark on a die the player keeps for the next roll.
  return [...pips(face), h("span", { class: "die__held", "aria-hidden": "true" }, pgettext("die", "Held"))];
}

export class DiceTray {
  /** onToggle(index) is called when a die is clicked or pressed (Space/Enter). */
  constructor(onToggle) {
    this.onToggle = onToggle;
    this.faces = [0, 0, 0, 0, 0];
    this.dice = [0, 1, 2, 3, 4].map((i) => {
      const button = h("button", {
        type: "button",
        class: "die die--play is-blank",
        dataset: { testid: `die-${i}`, index: i },
        "aria-pressed": "false",
        onclick: () => this.onToggle(i),
      });
      return button;
    });
    this.el = h("div", { class: "tray__dice", role: "group", "aria-label": gettext("Dice") }, this.dice);
  }

  /**
   * faces: 5 numbers or [] (not rolled); held: Set of indexes; interactive: the viewer
   * may hold dice now; rolled: indexes to animate (a fresh roll); suggested: Set of
   * indexes the coach says to keep.
   */
  update({ faces, held, interactive, rolled = [], suggested = new Set() }) {
    const blank = !faces || faces.length !== 5;
    this.dice.forEach((die, i) => {
      const face = blank ? 0 : faces[i];
      const isHeld = !blank && held.has(i);
      die.classList.toggle("is-blank", blank);
      die.classList.toggle("is-held", isHeld);
      const isSuggested = !blank && suggested.has(i);
      die.classList.toggle("is-suggested", isSuggested);
      die.setAttribute("aria-pressed", String(isHeld));
      die.setAttribute("aria-disabled", String(!interactive));
      die.classList.toggle("is-static", !interactive);
      die.dataset.face = face || "";
      die.setAttribute("aria-label", dieLabel(i + 1, blank ? 0 : face, isHeld, isSuggested));
      die.title = !blank && interactive ? dieTitle(i + 1, isHeld) : "";
      if (this.faces[i] !== face || blank) die.replaceChildren(...dieFace(face));
      this.faces[i] = face;
    });
    if (rolled.length && !reducedMotion()) this.animate(rolled, faces);
  }

  /** Tumble the freshly rolled dice, flicking through faces, then land on the result. */
  animate(indexes, finalFaces) {
    for (const i of indexes) {
      const die = this.dice[i];
      die.classList.remove("is-rolling");
      // Restart the CSS animation.
      void die.offsetWidth;
      die.style.setProperty("--spin", `${(Math.random() < 0.5 ? -1 : 1) * (200 + Math.random() * 200)}deg`);
      die.style.setProperty("--delay", `${Math.round(Math.random() * 90)}ms`);
      die.classList.add("is-rolling");
      let flicks = 0;
      clearInterval(die._flick);
      die._flick = setInterval(() => {
        flicks += 1;
        if (flicks >= 6) {
          clearInterval(die._flick);
          die.replaceChildren(...dieFace(finalFaces[i]));
          return;
        }
        const face = 1 + Math.floor(Math.random() * 6);
        die.replaceChildren(...dieFace(face));
      }, 65);
      die.addEventListener("animationend", () => die.classList.remove("is-rolling"), { once: true });
    }
  }
}
