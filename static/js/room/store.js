// The state the page holds (docs/protocol.md, `state`). The one place that decides whether
// a message from the server gives a new state: an older or repeated version is dropped,
// and a gap in versions asks the server for a fresh state (`sync`).
//
//   const store = new Store({ sync: () => socket.sendRaw({ type: "sync", id }) });
//   store.onChange = (state, previous) => draw(...);
//   store.receive(message);          // a `state` message
//   await store.until(ack.version);  // the state of a request's effect arrived

const WAIT_AT_MOST = 4000; // ms: never wait forever for a state

export class Store {
  constructor({ sync }) {
    this.sync = sync;
    this.state = null;
    this.stateAt = 0; // Date.now() when it arrived (presence counts from there)
    this.onChange = () => {};
    this.waiters = [];
  }

  /** The version of the state held (null before the first one). */
  get version() {
    return this.state ? this.state.version : null;
  }

  /** Take a `state` message: a whole state, newer than the one held, replaces it. */
  receive(message) {
    if (this.version !== null && !(message.version > this.version)) return false; // not newer: drop
    this.replace(message);
    return true;
  }

  /** Ask for the whole state again (after a gap in versions). */
  resync() {
    this.sync();
  }

  replace(state) {
    const previous = this.state;
    this.state = state;
    this.stateAt = Date.now();
    this.onChange(state, previous);
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      if (state.version >= this.waiters[i].version) {
        this.waiters[i].resolve();
        this.waiters.splice(i, 1);
      }
    }
  }

  /** Resolves once the state held is at ``version`` or newer (or after a few seconds). */
  until(version) {
    if (version === null || version === undefined || (this.version ?? -1) >= version) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiters.push({ version, resolve });
      setTimeout(resolve, WAIT_AT_MOST);
    });
  }
}
