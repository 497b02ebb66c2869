// The WebSocket to /ws/<CODE>: hello with the seat token, then views.
// Reconnects at once, then with backoff (0.5 s doubling to 8 s, with jitter), and at once
// again when the page becomes visible (phone unlocked) or the network comes back.
// Close codes that end the story (kicked, replaced, unknown room, outdated) never reconnect.

import {
  CLOSE_CODES,
  ERROR_CODES,
  PING,
  PING_INTERVAL_MS,
  PONG,
  PONG_TIMEOUT_MS,
  PROTOCOL_VERSION,
  SERVER_MESSAGE_TYPES,
} from "./protocol.js";
import { lang } from "./i18n.js";
import { store } from "./store.js";

// The heartbeat (src/undercover/hosts/heartbeat.py): a socket that died silently never closes,
// so the client pings every PING_INTERVAL_MS and reconnects when no frame at all has come
// PONG_TIMEOUT_MS later. Both hosts answer PONG (Cloudflare without waking the room).
const KNOWN_TYPES = new Set(SERVER_MESSAGE_TYPES);
const SYNC = '{"type":"sync"}';

// Close code -> final state the client shows instead of reconnecting (docs/protocol.md).
const FINAL_CLOSES = {
  [CLOSE_CODES.PROTOCOL_ERROR]: "fatal",
  [CLOSE_CODES.KICKED]: "kicked",
  [CLOSE_CODES.ROOM_NOT_FOUND]: "room_not_found",
  [CLOSE_CODES.REPLACED]: "replaced",
  [CLOSE_CODES.ROOM_DELETED]: "room_deleted",
  [CLOSE_CODES.OUTDATED]: "outdated",
};
const FINAL_REASONS = { kicked: "kicked", replaced: "replaced", room_deleted: "room_deleted" };

export class Connection {
  /**
   * @param {string} code room code
   * @param {() => object} hello builds the hello's {token, name, lang} at each attempt
   * @param {object} [on] callbacks: message(msg), status(state, detail), unknown(raw); if
   *   not given yet, what happens is held until listen(on)
   */
  constructor(code, hello, on = null) {
    this.code = code;
    this.hello = hello;
    this.on = on;
    this.held = [];
    this.ws = null;
    this.attempt = 0;
    this.timer = null;
    this.final = null;
    this.stopped = false;
    this.pinger = null; // the heartbeat's interval, while greeted
    this.silence = null; // the deadline of the ping awaiting an answer
    this.onWake = () => {
      if (document.visibilityState === "visible") this.wake();
    };
    this.onOnline = () => this.wake();
    document.addEventListener("visibilitychange", this.onWake);
    window.addEventListener("online", this.onOnline);
    window.addEventListener("pageshow", this.onOnline);
  }

  start() {
    this.open();
  }

  /** Hand what happens to `on`, first what was held since start (a socket opened early). */
  listen(on) {
    this.on = on;
    for (const [kind, args] of this.held.splice(0)) on[kind](...args);
  }

  emit(kind, ...args) {
    if (this.on) this.on[kind](...args);
    else this.held.push([kind, args]);
  }

  get isOpen() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  /** Send a command; false when the socket is not open (the caller keeps its draft). */
  send(message) {
    if (!this.isOpen || !this.greeted) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.stopBeat();
    document.removeEventListener("visibilitychange", this.onWake);
    window.removeEventListener("online", this.onOnline);
    window.removeEventListener("pageshow", this.onOnline);
    if (this.ws) this.ws.close(1000);
  }

  /** Reconnect now if the socket is down (and the story has not ended). */
  wake() {
    if (this.stopped || this.final) return;
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) return;
    clearTimeout(this.timer);
    this.attempt = 0;
    this.open();
  }

  open() {
    if (this.stopped || this.final) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.code)}`);
    this.ws = ws;
    this.greeted = false;
    this.opened = false;
    this.lastView = null; // a new socket is sent the whole recap first
    this.emit("status", this.attempt === 0 ? "connecting" : "reconnecting");
    ws.addEventListener("open", () => {
      this.opened = true;
      ws.send(JSON.stringify({ type: "hello", protocol: PROTOCOL_VERSION, ...this.hello() }));
    });
    ws.addEventListener("message", (event) => this.receive(ws, event.data));
    ws.addEventListener("close", (event) => this.closed(ws, event.code));
  }

  receive(ws, data) {
    if (ws !== this.ws) return;
    clearTimeout(this.silence); // any frame shows the socket is alive
    this.silence = null;
    if (data === PONG) return;
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      message = null;
    }
    if (!message || typeof message !== "object" || !KNOWN_TYPES.has(message.type)) {
      this.emit("unknown", data);
      return;
    }
    if (message.type === "view") {
      const view = wholeView(this.lastView, message);
      if (!view) {
        // Never expected (a socket's first view is full): ask for a full one, and drop the
        // partial frames until it comes, as they apply to a view this client does not hold.
        this.lastView = null;
        if (!this.syncing) ws.send(SYNC);
        this.syncing = true;
        return;
      }
      this.syncing = false;
      message.view = this.lastView = view;
    }
    if (message.type === "welcome" || message.type === "view") {
      if (!this.greeted) {
        this.greeted = true;
        this.attempt = 0;
        this.beat(ws);
        this.emit("status", "online");
      }
    }
    if (message.type === "closed" && FINAL_REASONS[message.reason]) {
      this.final = FINAL_REASONS[message.reason];
    }
    if (message.type === "error" && message.fatal) {
      this.final = message.code === ERROR_CODES.OUTDATED ? "outdated" : "fatal";
      this.fatalError = message;
    }
    this.emit("message", message);
  }

  // Ping at a fixed interval; a ping left unanswered ends the socket (see PONG_TIMEOUT_MS).
  beat(ws) {
    this.stopBeat();
    this.pinger = setInterval(() => {
      if (ws !== this.ws || !this.isOpen) return;
      ws.send(PING);
      if (this.silence === null) this.silence = setTimeout(() => this.silent(ws), PONG_TIMEOUT_MS);
    }, PING_INTERVAL_MS);
  }

  stopBeat() {
    clearInterval(this.pinger);
    clearTimeout(this.silence);
    this.pinger = null;
    this.silence = null;
  }

  // No answer: the socket is dead even if the browser has not noticed; reconnect now (its
  // close event, if one ever comes, is then ignored).
  silent(ws) {
    if (ws !== this.ws) return;
    this.closed(ws, 1006);
    try {
      ws.close();
    } catch {
      // already closing
    }
  }

  closed(ws, code) {
    if (ws !== this.ws) return;
    this.stopBeat();
    this.ws = null;
    this.greeted = false;
    if (this.stopped) return;
    if (!this.final && FINAL_CLOSES[code]) this.final = FINAL_CLOSES[code];
    if (this.final) {
      this.emit("status", "final", { reason: this.final, error: this.fatalError || null });
      return;
    }
    // First retry at once, then 0.5 s, 1 s, 2 s … 8 s, each with up to 30 % jitter.
    const delay = this.attempt === 0 ? 0 : Math.min(8000, 500 * 2 ** (this.attempt - 1));
    this.attempt += 1;
    // A socket refused before it opened: the room may be gone (the upgrade answers 404).
    this.emit("status", "reconnecting", { refused: !this.opened });
    this.timer = setTimeout(() => this.open(), delay * (1 + Math.random() * 0.3));
  }
}

/** The hello of this device's seat in room `code`, or of a newcomer named `name()`. */
export function seatHello(code, name = () => null) {
  return () => ({
    token: store.seat(code)?.token || null,
    name: name() || store.nickname() || null,
    lang: lang(),
    avatar: store.look()?.avatar || null,
    color: store.look()?.color || null,
  });
}

// A view frame holds the whole view (`full`) or only the parts that changed since the last
// view this socket received: of `players`, the seats that changed (`players_patch`), of `game`,
// only the fields that changed, and of its recap the entries from `recap_from` on
// (docs/protocol.md). Null if it does not apply to `before`.
export function wholeView(before, message) {
  const part = message.view;
  const start = message.recap_from || 0;
  if (!part || typeof part !== "object") return null;
  if (message.full) return start ? null : part;
  if (!before) return null;
  const view = { ...before, ...part };
  delete view.players_patch;
  if (part.players_patch) {
    // The seats that changed, by index (protocol 4).
    if (!Array.isArray(before.players)) return null;
    view.players = before.players.slice();
    for (const [index, seat] of Object.entries(part.players_patch)) {
      if (!/^\d+$/.test(index) || Number(index) >= view.players.length) return null;
      view.players[Number(index)] = seat;
    }
  }
  const held = before.game || null;
  if (part.game) view.game = { ...held, ...part.game };
  if (start) {
    const recap = held && held.recap;
    if (!part.game || !Array.isArray(part.game.recap) || !Array.isArray(recap) || recap.length < start) return null;
    view.game.recap = recap.slice(0, start).concat(part.game.recap);
  }
  return view;
}
