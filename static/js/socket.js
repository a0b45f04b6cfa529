// The room's websocket (docs/protocol.md): connect, keep alive, reconnect, and
// match answers to requests.
//
//   const socket = new RoomSocket("/ws/rooms/k3mz.../", {onState, onPatch, onError, onStatus, onFatal});
//   socket.connect();
//   socket.request("roll", {hold: [0, 1]}).then(ack => ..., error => ...);

const PING_EVERY = 15_000; // the protocol's keep-alive
const SILENCE_LIMIT = 40_000; // nothing heard for this long: the socket is dead
const BACKOFF_MIN = 500;
const BACKOFF_MAX = 10_000;
const RESEND_WITHIN = 10_000; // unanswered requests younger than this are re-sent after a reconnect
const REQUEST_TIMEOUT = 20_000;

// Close codes after which reconnecting cannot help.
export const FATAL_CLOSES = {
  4403: gettext("You are no longer a member of this room."),
  4404: gettext("There is no room with this code."),
  4451: gettext("A moderator banned you from playing here."),
};

export function newRequestId() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  // Fallback for older browsers and plain-http hosts other than localhost.
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export class RoomSocket {
  constructor(path, handlers = {}) {
    this.path = path;
    this.handlers = handlers;
    this.ws = null;
    this.status = "idle"; // connecting | open | reconnecting | closed
    this.attempt = 0;
    this.everOpened = false;
    this.pending = new Map(); // id -> {message, sentAt, resolve, reject, timer}
    this.pingTimer = null;
    this.reconnectTimer = null;
    this.lastHeard = 0;
    this.final = false;
    this.closeMessage = null; // what the server said just before closing for good

    window.addEventListener("online", () => this.reconnectNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.reconnectNow();
    });
    window.addEventListener("pagehide", () => {
      this.suspended = true;
      this.final = true;
      this.ws?.close(1000);
    });
    window.addEventListener("pageshow", (event) => {
      // Back in the page from the back/forward cache: pick the table up again.
      if (event.persisted && this.suspended) {
        this.suspended = false;
        this.final = false;
        this.attempt = 0;
        this.connect();
      }
    });
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}${this.path}`;
  }

  setStatus(status) {
    if (this.status === status) return;
    this.status = status;
    this.handlers.onStatus?.(status);
  }

  connect() {
    if (this.final) return;
    clearTimeout(this.reconnectTimer);
    this.setStatus(this.everOpened ? "reconnecting" : "connecting");
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => this.onOpen(ws));
    ws.addEventListener("message", (event) => this.onMessage(ws, event));
    ws.addEventListener("close", (event) => this.onClose(ws, event));
  }

  onOpen(ws) {
    if (ws !== this.ws) return;
    const wasReconnect = this.everOpened;
    this.everOpened = true;
    this.attempt = 0;
    this.lastHeard = Date.now();
    this.setStatus("open");
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this.keepAlive(), PING_EVERY);
    // The server starts every connection with a full state; after a gap ask again anyway.
    if (wasReconnect) this.sendRaw({ type: "sync", id: newRequestId() });
    // Requests that were in flight when the line dropped: the same id is safe to retry.
    const now = Date.now();
    for (const [id, entry] of this.pending) {
      if (now - entry.sentAt < RESEND_WITHIN) this.sendRaw(entry.message);
      else this.settle(id, null, { code: "connection_lost", message: gettext("The connection dropped; try again.") });
    }
  }

  keepAlive() {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    if (Date.now() - this.lastHeard > SILENCE_LIMIT) {
      // Half-open connection: nothing heard, not even pongs. Start over.
      this.ws.close(4000, "silent");
      this.onClose(this.ws, { code: 4000 });
      return;
    }
    this.sendRaw({ type: "ping", id: newRequestId() });
  }

  onMessage(ws, event) {
    if (ws !== this.ws) return;
    this.lastHeard = Date.now();
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch {
      return;
    }
    switch (msg.type) {
      case "state": // the page's store decides whether it is newer than the one held
        this.handlers.onState?.(msg);
        break;
      case "patch": // what changed at a new version: the store applies it
        this.handlers.onPatch?.(msg);
        break;
      case "bell": // the player's bell (/ws/me/): the unread count and newest items
        this.handlers.onBell?.(msg);
        break;
      case "ack":
      case "hint": // the answer to a `hint` request
        this.settle(msg.id, msg, null);
        break;
      case "error":
        if (msg.id && this.pending.has(msg.id)) this.settle(msg.id, null, msg);
        else if (msg.code === "banned") this.closeMessage = msg.message; // the close follows
        else this.handlers.onError?.(msg);
        break;
      case "pong":
      default:
        break;
    }
  }

  onClose(ws, event) {
    if (ws !== this.ws) return;
    this.ws = null;
    clearInterval(this.pingTimer);
    if (this.final) {
      this.setStatus("closed");
      return;
    }
    // A ban's close comes after an error that says until when: show that one.
    const fatal = (event.code === 4451 && this.closeMessage) || FATAL_CLOSES[event.code];
    if (fatal || event.code === 1000) {
      this.final = true;
      this.setStatus("closed");
      for (const id of [...this.pending.keys()]) this.settle(id, null, { code: "closed", message: fatal || gettext("Disconnected.") });
      this.handlers.onFatal?.(event.code, fatal);
      return;
    }
    this.scheduleReconnect(event.code === 4429 ? 5000 : 0);
  }

  scheduleReconnect(minimum = 0) {
    this.setStatus(this.everOpened ? "reconnecting" : "connecting");
    clearTimeout(this.reconnectTimer);
    const base = Math.min(BACKOFF_MAX, BACKOFF_MIN * 2 ** this.attempt);
    const delay = Math.max(minimum, base * (0.75 + Math.random() * 0.5));
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  /** Skip the wait (the network came back, the tab became visible). */
  reconnectNow() {
    if (this.final || this.ws) return;
    if (this.status === "reconnecting" || this.status === "connecting") {
      this.attempt = 0;
      this.connect();
    }
  }

  sendRaw(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** Send a request; resolves with the ack, rejects with the error ({code, message}). */
  request(type, fields = {}) {
    const id = newRequestId();
    const message = { type, id, ...fields };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.settle(id, null, { code: "timeout", message: gettext("The server did not answer; try again.") }),
        REQUEST_TIMEOUT,
      );
      this.pending.set(id, { message, sentAt: Date.now(), resolve, reject, timer });
      this.sendRaw(message); // if the socket is down it goes out on reconnect
    });
  }

  settle(id, ack, error) {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    clearTimeout(entry.timer);
    if (error) entry.reject(error);
    else entry.resolve(ack);
  }

  /** Leave on purpose: no reconnecting afterwards. */
  close() {
    this.final = true;
    this.ws?.close(1000);
  }
}
