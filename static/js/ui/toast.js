// Non-blocking messages in a corner: errors from the server, "Link copied", ...
import { h } from "../dom.js";

const SHOW_FOR = 6000;

export class Toasts {
  constructor(container) {
    this.container = container;
  }

  /** kind: "error" | "info". Repeated identical messages restart the newest one's timer. */
  show(message, kind = "error") {
    const last = this.container.lastElementChild;
    if (last && last.dataset.message === message) {
      this.arm(last);
      return last;
    }
    const close = h("button", { type: "button", class: "toast__close", "aria-label": gettext("Dismiss") }, "×");
    const toast = h(
      "div",
      { class: `toast toast--${kind}`, role: kind === "error" ? "alert" : "status", dataset: { testid: "toast", message } },
      h("span", { class: "toast__icon", "aria-hidden": "true" }, kind === "error" ? "!" : "✓"),
      h("span", { class: "toast__text" }, message),
      close,
    );
    close.addEventListener("click", () => this.dismiss(toast));
    this.container.append(toast);
    while (this.container.children.length > 3) this.container.firstElementChild.remove();
    this.arm(toast);
    return toast;
  }

  arm(toast) {
    clearTimeout(toast._timer);
    toast._timer = setTimeout(() => this.dismiss(toast), SHOW_FOR);
  }

  dismiss(toast) {
    clearTimeout(toast._timer);
    toast.classList.add("is-leaving");
    setTimeout(() => toast.remove(), 200);
  }
}
