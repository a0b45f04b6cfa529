// A keyboard-friendly confirmation on the page's <dialog>: Escape or Cancel says no.

export function confirmDialog(dialog, { title, text, ok = gettext("OK"), cancel = gettext("Cancel"), danger = false }) {
  return new Promise((resolve) => {
    dialog.querySelector(".dialog__title").textContent = title;
    dialog.querySelector(".dialog__text").textContent = text;
    const okButton = dialog.querySelector('[value="ok"]');
    const cancelButton = dialog.querySelector('[value="cancel"]');
    okButton.textContent = ok;
    cancelButton.textContent = cancel;
    okButton.classList.toggle("btn--danger", danger);
    const opener = document.activeElement;
    dialog.returnValue = "";
    const done = () => {
      dialog.removeEventListener("close", done);
      if (opener && opener.isConnected) opener.focus({ preventScroll: true });
      resolve(dialog.returnValue === "ok");
    };
    dialog.addEventListener("close", done);
    if (dialog.open) dialog.close();
    dialog.showModal();
    // The safe choice has the focus: Enter on a stray key press does not spend a box.
    cancelButton.focus();
  });
}
