// The state the page holds (docs/protocol.md, `state` and `patch`). The one place that
// decides whether a message from the server gives a new state: a whole `state` replaces
// the one held when newer; a `patch` is applied when it follows the version held; an
// older or repeated version is dropped, and a gap in versions asks the server for a
// fresh state (`sync`).
//
//   const store = new Store({ sync: () => socket.sendRaw({ type: "sync", id }) });
//   store.onChange = (state, previous) => draw(...);
//   store.receive(message);          // a `state` message
//   store.patch(message);            // a `patch` message
//   await store.until(ack.version);  // the state of a request's effect arrived
import { applyPatch } from "../../vendor/fast-json-patch/core.js";

const WAIT_AT_MOST = 4000; // ms: never wait forever for a state

export class Store {
  constructor({ sync }) {
    this.sync = sync;
    this.state = null;
    this.stateAt = 0; // Date.now() when it arrived (presence counts from there)
    this.syncing = false; // a `sync` is on its way: patches wait for its state
    this.onChange = () => {};
    this.waiters = [];
  }

  /** The version of the state held (null before the first one). */
  get version() {
    return this.state ? this.state.version : null;
  }

  /** Take a `state` message: a whole state, newer than the one held, replaces it; so
   *  does one of the version held whose `you` differs (the viewer muted or unmuted
   *  someone: the room has no new version, only what this viewer is sent changed). */
  receive(message) {
    this.syncing = false; // whatever was asked, the patches after it build on this one
    if (this.version !== null && !(message.version > this.version) && !this.rescreened(message)) return false; // not newer: drop
    this.replace(message);
    return true;
  }

  /** Whether ``message`` is the state held, sent again with what its viewer screens. */
  rescreened(message) {
    return message.version === this.version && JSON.stringify(message.you) !== JSON.stringify(this.state.you);
  }

  /** Take a `patch` message: what changed at a new version, applied to a copy of the
   *  state held when it follows that version (`base`); otherwise ask for `sync`. */
  patch(message) {
    if (this.version !== null && !(message.version > this.version)) return false; // not newer: drop
    if (this.syncing) return false;
    if (message.base !== this.version) {
      this.resync();
      return false;
    }
    let state;
    try {
      state = applyPatch(this.state, message.ops, false, false).newDocument;
    } catch {
      this.resync(); // cannot happen with the server's patches; the whole state heals it
      return false;
    }
    state.version = message.version;
    if (state.game) state.game.seconds_left = message.seconds_left ?? null;
    // Presence comes when it changed; otherwise each member's is the state before's, and
    // the seconds since they were last seen count on from it. (A patch that redraws a
    // member, as when the host role passes, brings the member without either.)
    const elapsed = (Date.now() - this.stateAt) / 1000;
    const news = new Map((message.presence || []).map((p) => [p.player, p]));
    const before = new Map(this.state.members.map((m) => [m.player, m]));
    for (const member of state.members) {
      const fresh = news.get(member.player);
      const held = before.get(member.player);
      if (fresh) {
        Object.assign(member, { presence: fresh.presence, seen_seconds_ago: fresh.seen_seconds_ago });
      } else if (held) {
        const ago = held.seen_seconds_ago;
        Object.assign(member, { presence: held.presence, seen_seconds_ago: typeof ago === "number" ? ago + elapsed : ago });
      }
    }
    this.replace(state);
    return true;
  }

  /** Ask for the whole state again (after a gap in versions). */
  resync() {
    if (this.syncing) return;
    this.syncing = true;
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
