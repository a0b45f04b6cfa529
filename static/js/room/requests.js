// Requests to the table (docs/protocol.md): send one, wait for the state that shows its
// effect, and turn a refusal into a toast.
import { askReport } from "../ui/report.js";
import { refusalText, refusedWhile } from "../ui/outage.js";
import { app, draw, reportDialog, socket, store, toasts } from "./page.js";

export function showError(error) {
  const text = error?.message || gettext("Something went wrong.");
  toasts.show(text.charAt(0).toUpperCase() + text.slice(1));
}

/** Ask why, then report a chat line ({message}) or a person ({player}) to the
 *  moderators; the receipt (or the refusal) is a toast, read out to screen readers. */
export async function report(target, about) {
  const answer = await askReport(reportDialog, { about });
  if (!answer) return false;
  try {
    const ack = await socket.request("report", { ...target, reason: answer.reason, text: answer.text || null });
    toasts.show(
      ack?.report === "already"
        ? gettext("You already reported this. The moderators have it.")
        : gettext("Report received. Thank you: a moderator will look at it."),
      "info",
    );
    return true;
  } catch (error) {
    showError(error);
    return false;
  }
}

/** Send a request; errors become toasts. busy: mark the turn controls busy meanwhile. */
export async function act(type, fields = {}, { busy = null } = {}) {
  if (refusedWhile(socket.status, type)) {
    toasts.show(refusalText());
    return false;
  }
  if (busy) {
    if (app.busy) return false;
    app.busy = busy;
    draw();
  }
  try {
    const ack = await socket.request(type, fields);
    await store.until(ack?.version);
    return true;
  } catch (error) {
    showError(error);
    return false;
  } finally {
    if (busy) {
      app.busy = null;
      draw();
    }
  }
}
