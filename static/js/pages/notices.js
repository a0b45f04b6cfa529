// The notifications page (notices/templates/notices/preferences.html; notices.js calls
// setupNoticesPage): this device's push notifications, on or off (push.js), and the time
// zone guessed from the device when none is kept yet.
//
// Test hooks (data-testid): device-push, device-push-state, device-push-on,
// device-push-off, notices-zone, zone-guessed.
import { canPush, currentSubscription, turnOff, turnOn } from "../push.js";

/** The switch of this device's notifications in ``device`` (data-testid=device-push). */
export class DevicePush {
  constructor(device) {
    this.device = device;
    this.state = device.querySelector("[data-testid=device-push-state]");
    this.on = device.querySelector("[data-testid=device-push-on]");
    this.off = device.querySelector("[data-testid=device-push-off]");
    this.on.addEventListener("click", () => this.change(() => turnOn(device.dataset.key)));
    this.off.addEventListener("click", () => this.change(turnOff));
  }

  /** Say whether this device gets notifications, and offer the switch that changes it. */
  async show() {
    const { device, state, on, off } = this;
    if (!canPush() || !window.isSecureContext || !device.dataset.key) return;
    device.hidden = false;
    const subscribed = Boolean(await currentSubscription().catch(() => null));
    if (subscribed) state.textContent = gettext("Notifications are on on this device.");
    else if (Notification.permission === "denied") state.textContent = gettext("This browser blocks notifications from this site: allow them in its site settings first.");
    else state.textContent = gettext("Notifications are off on this device.");
    on.hidden = subscribed || Notification.permission === "denied";
    off.hidden = !subscribed;
  }

  async change(action) {
    const { on, off } = this;
    on.disabled = off.disabled = true;
    try {
      await action();
    } catch (error) {
      console.warn("push subscription:", error);
      this.state.textContent = gettext("This browser could not change its notifications. Try again.");
      on.disabled = off.disabled = false;
      return;
    }
    on.disabled = off.disabled = false;
    await this.show();
  }
}

/** No time zone kept yet: the device's own is the likely one. */
function guessZone(doc) {
  const zone = doc.querySelector("[data-testid=notices-zone]");
  const guessed = doc.querySelector("[data-testid=zone-guessed]");
  const here = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (guessed && here && [...zone.options].some((o) => o.value === here)) {
    zone.value = here;
    guessed.hidden = false;
  }
}

/** The notifications page in ``doc``. */
export function setupNoticesPage(doc) {
  new DevicePush(doc.querySelector("[data-testid=device-push]")).show();
  guessZone(doc);
}
