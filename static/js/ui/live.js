// The aria-live region: short sentences for screen readers ("Your turn", "Bob rolled 1 2 3 4 5").

export class Live {
  constructor(region) {
    this.region = region;
    this.queue = [];
    this.timer = null;
  }

  say(text) {
    if (!text) return;
    this.queue.push(text);
    if (this.timer) return;
    // Several changes in one tick are read as one message.
    this.timer = setTimeout(() => {
      const message = this.queue.join(". ");
      this.queue = [];
      this.timer = null;
      // Clearing first makes the same sentence twice in a row still be read.
      this.region.textContent = "";
      requestAnimationFrame(() => {
        this.region.textContent = message;
      });
    }, 120);
  }
}
