// Page-level controls: copy the invite, leave the room, send a chat line, and the keys
// (1-5 hold dice, R rolls; never while typing or in a dialog).
import { confirmDialog } from "../ui/dialog.js";

/** Listen to the room bar's buttons in ``root``, the chat form and the page's keys. */
export function listenControls({ root, chatForm, chatInput, dialog, store, facts, actions, holds, requests }) {
  root.addEventListener("click", async (event) => {
    const button = event.target.closest("[data-action]");
    if (!button) return;
    if (button.dataset.action === "copy-invite") actions.copyInvite();
    if (button.dataset.action === "leave") {
      const seated = store.state?.game?.status === "playing" && facts.turnOf().mySeat;
      const ok = await confirmDialog(dialog, {
        title: gettext("Leave this room?"),
        text: seated
          ? gettext("A bot finishes your game for you. You can come back with the link, as a spectator.")
          : gettext("You can come back with the link while the room is open."),
        ok: gettext("Leave"),
        danger: true,
      });
      if (ok) requests.act("leave");
    }
  });

  chatForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = chatInput.value.trim();
    if (!text) return;
    chatInput.value = "";
    const ok = await requests.act("chat", { text });
    if (!ok && !chatInput.value) chatInput.value = text; // give the words back
  });

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target.closest?.("input, textarea, select, [contenteditable], dialog")) return;
    if (dialog.open) return;
    if (/^[1-5]$/.test(event.key)) {
      if (!store.state || !facts.turnOf().myTurn) return;
      event.preventDefault();
      holds.toggle(Number(event.key) - 1);
    } else if (event.key === "r" || event.key === "R") {
      if (!store.state || !facts.turnOf().myTurn) return;
      event.preventDefault();
      actions.roll();
    }
  });
}
