// Requests to the table (docs/protocol.md): send one, wait for the state that shows its
// effect, and turn a refusal into a toast.
import { askReport } from "../ui/report.js";
import { refusalText, refusedWhile } from "../ui/outage.js";

/** What a rematch that invited the last game's people who left says to its host. */
function invitedText(names) {
  return interpolate(
    gettext("Invited %(names)s to the rematch: start it when they sit, or press Rematch again to play without them."),
    { names: names.join(", ") },
    true,
  );
}

/** The page's requests over ``socket``: ``store`` says when their effect arrived, ``app``
 *  holds the request in flight, ``toasts`` show refusals, ``draw()`` redraws the page. */
export class Requests {
  constructor({ socket, store, app, toasts, reportDialog, draw }) {
    Object.assign(this, { socket, store, app, toasts, reportDialog, draw });
  }

  showError(error) {
    const text = error?.message || gettext("Something went wrong.");
    this.toasts.show(text.charAt(0).toUpperCase() + text.slice(1));
  }

  /** Ask why, then report a chat line ({message}) or a person ({player}) to the
   *  moderators; the receipt (or the refusal) is a toast, read out to screen readers. */
  async report(target, about) {
    const answer = await askReport(this.reportDialog, { about });
    if (!answer) return false;
    try {
      const ack = await this.socket.request("report", { ...target, reason: answer.reason, text: answer.text || null });
      this.toasts.show(
        ack?.report === "already"
          ? gettext("You already reported this. The moderators have it.")
          : gettext("Report received. Thank you: a moderator will look at it."),
        "info",
      );
      return true;
    } catch (error) {
      this.showError(error);
      return false;
    }
  }

  /** Send a request; errors become toasts. busy: mark the turn controls busy meanwhile. */
  async act(type, fields = {}, { busy = null } = {}) {
    if (refusedWhile(this.socket.status, type)) {
      this.toasts.show(refusalText());
      return false;
    }
    if (busy) {
      if (this.app.busy) return false;
      this.app.busy = busy;
      this.draw();
    }
    try {
      const ack = await this.socket.request(type, fields);
      await this.store.until(ack?.version);
      if (ack?.invited?.length) this.toasts.show(invitedText(ack.invited), "info");
      return true;
    } catch (error) {
      this.showError(error);
      return false;
    } finally {
      if (busy) {
        this.app.busy = null;
        this.draw();
      }
    }
  }
}
