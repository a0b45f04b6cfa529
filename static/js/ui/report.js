// The report form on the page's report <dialog>: a reason, optional words (required for
// "Something else"). Escape or Cancel sends nothing.

/** Ask what is wrong with ``about`` (a sentence naming the line or the person).
 *  Resolves with {reason, text}, or null when the reader cancels. */
export function askReport(dialog, { about }) {
  const form = dialog.querySelector("form");
  const text = form.elements.text;
  const error = dialog.querySelector("[data-testid=report-error]");
  const hint = dialog.querySelector("[data-testid=report-text-hint]");
  dialog.querySelector("[data-testid=report-about]").textContent = about;
  form.reset();
  error.hidden = true;
  text.removeAttribute("aria-invalid");
  const syncHint = () => {
    hint.textContent = form.elements.reason.value === "other" ? gettext("(required for Something else)") : gettext("(optional)");
  };
  syncHint();
  return new Promise((resolve) => {
    const opener = document.activeElement;
    const check = (event) => {
      if (event.submitter?.value !== "send") return;
      if (form.elements.reason.value === "other" && !text.value.trim()) {
        event.preventDefault();
        error.textContent = gettext("Say what happened: the moderators need a few words for Something else.");
        error.hidden = false;
        text.setAttribute("aria-invalid", "true");
        text.focus();
      }
    };
    const done = () => {
      form.removeEventListener("submit", check);
      form.removeEventListener("change", syncHint);
      dialog.removeEventListener("close", done);
      if (opener && opener.isConnected) opener.focus({ preventScroll: true });
      resolve(dialog.returnValue === "send" ? { reason: form.elements.reason.value, text: text.value.trim() } : null);
    };
    form.addEventListener("submit", check);
    form.addEventListener("change", syncHint);
    dialog.addEventListener("close", done);
    dialog.returnValue = "";
    if (dialog.open) dialog.close();
    dialog.showModal();
    form.querySelector("input[name=reason]:checked")?.focus();
  });
}
