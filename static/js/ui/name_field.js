// Name fields (home page's create form, a room's join form): say the limit while typing.
// A name has at most 24 characters as people count them: an emoji such as 👩‍💻 is one,
// as the server counts (accounts/services/players.py). The field itself never cuts a name.
// Markup: <input data-name-field ... aria-describedby="X"> and <p id="X" data-name-count>.

export const NAME_MAX = 24;

const segmenter = typeof Intl.Segmenter === "function" ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;

/** How many characters a person sees in ``text``. */
export function characters(text) {
  const value = text.normalize("NFC");
  return segmenter ? [...segmenter.segment(value)].length : [...value].length;
}

function setup(input) {
  const hint = document.getElementById(input.getAttribute("aria-describedby") || "");
  const base = hint ? hint.textContent : "";
  const update = () => {
    const count = characters(input.value.trim());
    const over = count > NAME_MAX;
    const values = { n: count, max: NAME_MAX };
    input.setCustomValidity(over ? interpolate(gettext("A name has at most %(max)s characters: this one has %(n)s."), values, true) : "");
    if (!hint) return;
    hint.classList.toggle("is-over", over);
    let text = base;
    if (over) text = interpolate(gettext("Too long: %(n)s of %(max)s characters."), values, true);
    else if (count) text = interpolate(ngettext("%(n)s of %(max)s characters.", "%(n)s of %(max)s characters.", count), values, true);
    hint.textContent = text;
  };
  input.addEventListener("input", update);
  update();
}

/** Count the characters of every name field (input[data-name-field]) in ``root``. */
export function setupNameFields(root) {
  for (const input of root.querySelectorAll("input[data-name-field]")) setup(input);
}
