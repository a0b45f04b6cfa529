// The notifications page: this device's push notifications, on or off (push.js), and the
// time zone guessed from the device when none is kept yet.
//
// Test hooks (data-testid): device-push, device-push-state, device-push-on,
// device-push-off, notices-zone, zone-guessed.
import { canPush, currentSubscription, turnOff, turnOn } from "./push.js";

const device = document.querySelector("[data-testid=device-push]");
const state = device.querySelector("[data-testid=device-push-state]");
const on = device.querySelector("[data-testid=device-push-on]");
const off = device.querySelector("[data-testid=device-push-off]");

async function show() {
  if (!canPush() || !window.isSecureContext || !device.dataset.key) return;
  device.hidden = false;
  const subscribed = Boolean(await currentSubscription().catch(() => null));
  if (subscribed) state.textContent = gettext("Notifications are on on this device.");
  else if (Notification.permission === "denied") state.textContent = gettext("This browser blocks notifications from this site: allow them in its site settings first.");
  else state.textContent = gettext("Notifications are off on this device.");
  on.hidden = subscribed || Notification.permission === "denied";
  off.hidden = !subscribed;
}

async function change(action) {
  on.disabled = off.disabled = true;
  try {
    await action();
  } catch (error) {
    console.warn("push subscription:", error);
    state.textContent = gettext("This browser could not change its notifications. Try again.");
    on.disabled = off.disabled = false;
    return;
  }
  on.disabled = off.disabled = false;
  await show();
}

on.addEventListener("click", () => change(() => turnOn(device.dataset.key)));
off.addEventListener("click", () => change(turnOff));
show();

// No time zone kept yet: the device's own is the likely one.
const zone = document.querySelector("[data-testid=notices-zone]");
const guessed = document.querySelector("[data-testid=zone-guessed]");
const here = Intl.DateTimeFormat().resolvedOptions().timeZone;
if (guessed && here && [...zone.options].some((o) => o.value === here)) {
  zone.value = here;
  guessed.hidden = false;
}
