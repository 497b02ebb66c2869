// JS doubles of the Durable Object runtime API, strict where workerd is strict.
//
// Each class carries the constructor name the vendored `workers` SDK checks
// (`DurableObjectStorage`, `DurableObjectNamespace`, `Ratelimit`, ...), so the SDK wraps
// them exactly as it wraps the real bindings. What each double reproduces, and what it
// does not, is listed in docs/cloudflare.md.

import { threadCpuMs } from "./thread_clock.mjs";

const MAX_BINDINGS = 100; // DO SQL limit
const MAX_TAGS = 10;
const MAX_TAG_LENGTH = 256;
const MAX_ATTACHMENT_BYTES = 16 * 1024;
const MAX_CLOSE_REASON_BYTES = 123;
const MAX_AUTO_RESPONSE_BYTES = 2048;
const TRANSACTION_STATEMENT = /^\s*(BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE)\b/i;
const READ_ONLY = /^\s*(SELECT|PRAGMA|EXPLAIN|WITH)\b/i;

export { threadCpuMs }; // for tests/cloudflare/bench.py, inside the Pyodide

// Time spent inside the doubles themselves (sql.js, bookkeeping), wall and the thread's CPU,
// so that the benchmark can report the adapter's own cost apart from these stand-ins for
// workerd's native code.
export const spent = { ms: 0, cpuMs: 0 };
// What the object asked of the doubles, for the bench's cost model of the real runtime: the
// frames sent (and their bytes), the SQL statements, and those that may write with the bytes
// they bind.
export const io = { frames: 0, frameBytes: 0, statements: 0, writes: 0, writtenBytes: 0 };

function boundBytes(value) {
  if (typeof value === "string") return utf8Length(value);
  if (value instanceof Uint8Array) return value.byteLength;
  return value === null ? 0 : 8;
}
function timed(fn) {
  const started = performance.now();
  const cpu = threadCpuMs();
  try {
    return fn();
  } finally {
    spent.ms += performance.now() - started;
    spent.cpuMs += threadCpuMs() - cpu;
  }
}

export class SqlError extends Error {
  constructor(message) {
    super(message);
    this.name = "Error";
  }
}

function checkBinding(value, index) {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number") return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  // workerd's binding type is null | number | string | ArrayBuffer(View): a boolean, a BigInt or
  // an object (a Python object arrives as a PyProxy) is a TypeError there too.
  const kind = value?.constructor?.name ?? typeof value;
  throw new TypeError(`SQL binding ${index + 1} has an unsupported type: ${kind}`);
}

function toJsValue(value) {
  if (value instanceof Uint8Array) {
    return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength);
  }
  return value === undefined ? null : value;
}

export class SqlStorageCursor {
  constructor(columnNames, rows, rowsRead, rowsWritten) {
    this.columnNames = columnNames;
    this._rows = rows; // arrays of values
    this._next = 0;
    this.rowsRead = rowsRead;
    this.rowsWritten = rowsWritten;
  }
  _object(values) {
    const row = {};
    this.columnNames.forEach((name, i) => {
      row[name] = values[i];
    });
    return row;
  }
  next() {
    if (this._next >= this._rows.length) return { done: true, value: undefined };
    return { done: false, value: this._object(this._rows[this._next++]) };
  }
  toArray() {
    const out = [];
    for (let r = this.next(); !r.done; r = this.next()) out.push(r.value);
    return out;
  }
  one() {
    const rest = this.toArray();
    if (rest.length !== 1) throw new SqlError("Expected exactly one result from SQL query, but got " + (rest.length ? "more" : "no") + " results.");
    return rest[0];
  }
  raw() {
    const self = this;
    return {
      next() {
        if (self._next >= self._rows.length) return { done: true, value: undefined };
        return { done: false, value: self._rows[self._next++].slice() };
      },
      toArray() {
        const out = self._rows.slice(self._next).map((r) => r.slice());
        self._next = self._rows.length;
        return out;
      },
      [Symbol.iterator]() {
        return this;
      },
    };
  }
  [Symbol.iterator]() {
    return this;
  }
}

export class SqlStorage {
  constructor(db) {
    this._db = db; // a sql.js Database
    this._inTransaction = false;
    this.stats = { statements: 0, rowsWritten: 0, bindings: 0 };
  }
  get databaseSize() {
    return this._db.export().byteLength;
  }
  exec(query, ...bindings) {
    return timed(() => this._exec(query, bindings));
  }
  _exec(query, bindings) {
    if (typeof query !== "string") throw new TypeError("SQL query must be a string");
    if (bindings.length > MAX_BINDINGS) {
      throw new SqlError(`Too many SQL bindings: ${bindings.length} (the limit is ${MAX_BINDINGS}): SQLITE_RANGE`);
    }
    const values = bindings.map(checkBinding);
    let columnNames = [];
    let rows = [];
    let rowsWritten = 0;
    let rowsRead = 0;
    let count = 0;
    try {
      // sql.js frees each statement when the iterator advances: run them one by one, binding the
      // parameters to the last one only (as workerd does; earlier ones may not take any).
      const statements = this._db.iterateStatements(query);
      for (const statement of statements) {
        count += 1;
        const text = statement.getSQL();
        if (TRANSACTION_STATEMENT.test(text)) {
          throw new SqlError(
            "To execute a transaction, please use the state.storage.transaction() or state.storage.transactionSync() APIs instead of the SQL BEGIN TRANSACTION or SAVEPOINT statements: SQLITE_AUTH",
          );
        }
        const last = !/[^\s;]/.test(statements.getRemainingSQL().replace(/--[^\n]*/g, ""));
        if (last) statement.bind(values);
        const results = [];
        while (statement.step()) results.push(statement.get().map(toJsValue));
        rowsRead += results.length;
        if (!READ_ONLY.test(text)) rowsWritten += this._db.getRowsModified();
        if (last) {
          columnNames = statement.getColumnNames();
          rows = results;
        }
      }
    } catch (error) {
      if (error instanceof SqlError || error instanceof TypeError) throw error;
      throw new SqlError(String(error.message ?? error));
    }
    if (count === 0) throw new SqlError("SQL query contains no statements");
    this.stats.statements += 1;
    io.statements += 1;
    if (!READ_ONLY.test(query)) {
      io.writes += 1;
      io.writtenBytes += values.reduce((sum, value) => sum + boundBytes(value), 0);
    }
    this.stats.rowsWritten += rowsWritten;
    this.stats.bindings += values.length;
    return new SqlStorageCursor(columnNames, rows, rowsRead, rowsWritten);
  }
  _transaction(fn) {
    if (this._inTransaction) return fn();
    this._db.run("BEGIN");
    this._inTransaction = true;
    try {
      const result = fn();
      this._db.run("COMMIT");
      return result;
    } catch (error) {
      this._db.run("ROLLBACK");
      throw error;
    } finally {
      this._inTransaction = false;
    }
  }
}

// One object's storage: SQLite plus the single alarm. `clock()` gives the current time in ms.
export class DurableObjectStorage {
  constructor(SQL, clock) {
    this._SQL = SQL;
    this._db = new SQL.Database();
    this.sql = new SqlStorage(this._db);
    this._clock = clock;
    this._alarm = null; // epoch ms
    this._runningAlarm = false;
    this._alarmSetDuringRun = false;
    this.alarmLog = [];
  }
  async getAlarm() {
    if (this._runningAlarm && !this._alarmSetDuringRun) return null;
    return this._alarm;
  }
  async setAlarm(when) {
    let ms = when;
    if (when instanceof Date) ms = when.getTime();
    if (typeof ms !== "number" || !Number.isFinite(ms)) {
      throw new TypeError("setAlarm() expects a number of milliseconds or a Date");
    }
    this._alarm = ms;
    this._alarmSetDuringRun = this._runningAlarm;
    this.alarmLog.push(["set", ms]);
  }
  async deleteAlarm() {
    this._alarm = null;
    this.alarmLog.push(["delete"]);
  }
  async deleteAll() {
    // Since compatibility date 2026-02-24, deleteAll() also deletes the alarm.
    // The same `sql` object stays valid (workerd empties the database, it does not replace it).
    this._db.close();
    this._db = new this._SQL.Database();
    this.sql._db = this._db;
    this._alarm = null;
    this.alarmLog.push(["deleteAll"]);
  }
  transactionSync(fn) {
    return this.sql._transaction(() => fn());
  }
  async transaction(fn) {
    return this.sql._transaction(() => fn(this));
  }
  get isEmpty() {
    const tables = this._db.exec("SELECT name FROM sqlite_master WHERE type='table'");
    return tables.length === 0 && this._alarm === null;
  }
}

function utf8Length(text) {
  return Buffer.byteLength(text, "utf8");
}

// The Durable Object's end of a WebSocket. `peer` receives what the object sends.
export class WebSocket {
  constructor(peer) {
    this._peer = peer;
    this._attachment = undefined;
    this.readyState = 1; // OPEN
    this._closeReceived = false;
  }
  send(message) {
    if (this.readyState !== 1) throw new TypeError("Can't call WebSocket send() after close().");
    if (typeof message !== "string" && !(message instanceof ArrayBuffer) && !ArrayBuffer.isView(message)) {
      throw new TypeError(`WebSocket send() got an unsupported message type: ${message?.constructor?.name ?? typeof message}`);
    }
    io.frames += 1;
    io.frameBytes += typeof message === "string" ? utf8Length(message) : message.byteLength;
    timed(() => this._peer.deliver(message));
  }
  close(code = 1000, reason = "") {
    if (code !== undefined && code !== null) {
      if (typeof code !== "number" || code < 1000 || code >= 5000 || [1004, 1005, 1006, 1015].includes(code)) {
        // workerd's check: 1004/1005/1006/1015 are reserved, never sent on the wire.
        throw new TypeError(`Invalid WebSocket close code: ${code}.`);
      }
    }
    if (typeof reason !== "string") throw new TypeError("WebSocket close reason must be a string");
    if (utf8Length(reason) > MAX_CLOSE_REASON_BYTES) {
      throw new TypeError(`WebSocket close reason exceeds ${MAX_CLOSE_REASON_BYTES} bytes.`);
    }
    if (this.readyState === 3) return;
    this.readyState = this._closeReceived ? 3 : 2;
    timed(() => this._peer.closedByServer(code ?? 1000, reason));
    if (this._closeReceived) this.readyState = 3;
  }
  serializeAttachment(value) {
    // structuredClone is what workerd does; a Python dict (a PyProxy) fails with DataCloneError.
    const copy = structuredClone(value);
    const size = utf8Length(JSON.stringify(copy) ?? "");
    if (size > MAX_ATTACHMENT_BYTES) {
      throw new RangeError(`A WebSocket attachment cannot be larger than ${MAX_ATTACHMENT_BYTES} bytes.`);
    }
    this._attachment = copy;
  }
  deserializeAttachment() {
    return this._attachment === undefined ? null : structuredClone(this._attachment);
  }
  accept() {
    throw new TypeError("A hibernatable WebSocket must not be accept()ed by the object (use ctx.acceptWebSocket).");
  }
}

// The client end handed back in the 101 response: the harness's front wires it to a real socket.
export class ClientWebSocket {
  constructor() {
    this.serverSide = null;
  }
}

export class WebSocketPair {
  constructor(peerFactory) {
    const client = new ClientWebSocket();
    const peer = peerFactory ? peerFactory(client) : new BufferPeer();
    const server = new WebSocket(peer);
    client.serverSide = server;
    client.peer = peer;
    this[0] = client;
    this[1] = server;
  }
  *[Symbol.iterator]() {
    yield this[0];
    yield this[1];
  }
}

// A peer that buffers frames until the front connects it to a real socket.
export class BufferPeer {
  constructor() {
    this.frames = [];
    this.closed = null;
    this.onFrame = null;
    this.onClose = null;
  }
  deliver(message) {
    if (this.onFrame) this.onFrame(message);
    else this.frames.push(message);
  }
  closedByServer(code, reason) {
    if (this.closed) return;
    this.closed = { code, reason };
    if (this.onClose) this.onClose(code, reason);
  }
  attach(onFrame, onClose) {
    this.onFrame = onFrame;
    this.onClose = onClose;
    for (const frame of this.frames.splice(0)) onFrame(frame);
    if (this.closed) onClose(this.closed.code, this.closed.reason);
  }
}

export class DurableObjectId {
  constructor(name) {
    this.name = name;
  }
  toString() {
    return Buffer.from(this.name).toString("hex").padStart(64, "0");
  }
  equals(other) {
    return other?.name === this.name;
  }
}

// A request/response pair the runtime answers by itself on the object's hibernatable sockets:
// a text frame equal to `request` gets `response`, without waking (or constructing) the object.
export class WebSocketRequestResponsePair {
  constructor(request, response) {
    for (const [name, value] of [["request", request], ["response", response]]) {
      if (typeof value !== "string") throw new TypeError(`WebSocketRequestResponsePair: ${name} must be a string`);
      if (utf8Length(value) > MAX_AUTO_RESPONSE_BYTES) {
        throw new RangeError(`WebSocketRequestResponsePair: ${name} is over ${MAX_AUTO_RESPONSE_BYTES} bytes`);
      }
    }
    this._request = request;
    this._response = response;
  }
  get request() {
    return this._request;
  }
  get response() {
    return this._response;
  }
}

// The object's `ctx`: storage plus the hibernatable sockets (which outlive any one instance).
// `hibernation` is the object's state the runtime keeps across instances: its auto-response.
export class DurableObjectState {
  constructor(id, storage, sockets, hibernation = { autoResponse: null }) {
    this.id = id;
    this.storage = storage;
    this._sockets = sockets; // shared Map<WebSocket, string[]> across instances
    this._hibernation = hibernation;
    this.waitUntilPromises = [];
  }
  acceptWebSocket(ws, tags) {
    if (!(ws instanceof WebSocket)) throw new TypeError("acceptWebSocket() expects the server end of a WebSocketPair");
    let list = [];
    if (tags !== undefined && tags !== null) {
      // workerd converts to kj::Array<kj::String>: a real JS array is required (a Python list
      // arrives as a PyProxy, for which Array.isArray is false).
      if (!Array.isArray(tags)) {
        throw new TypeError("Failed to execute 'acceptWebSocket' on 'DurableObjectState': parameter 2 is not of type 'Array'.");
      }
      if (tags.length > MAX_TAGS) throw new TypeError(`A WebSocket can have at most ${MAX_TAGS} tags.`);
      for (const tag of tags) {
        if (typeof tag !== "string") throw new TypeError("WebSocket tags must be strings.");
        if (tag.length > MAX_TAG_LENGTH) throw new TypeError(`A WebSocket tag can be at most ${MAX_TAG_LENGTH} characters.`);
      }
      list = tags.slice();
    }
    if (this._sockets.has(ws)) throw new TypeError("This WebSocket was already accepted.");
    this._sockets.set(ws, list);
  }
  getWebSockets(tag) {
    const out = [];
    for (const [ws, tags] of this._sockets) {
      if (ws.readyState === 3) continue;
      if (tag === undefined || tag === null || tags.includes(tag)) out.push(ws);
    }
    return out;
  }
  getTags(ws) {
    const tags = this._sockets.get(ws);
    if (!tags) throw new TypeError("getTags() called on a WebSocket this object did not accept");
    return tags.slice();
  }
  setWebSocketAutoResponse(pair) {
    if (pair === undefined || pair === null) {
      this._hibernation.autoResponse = null;
      return;
    }
    if (!(pair instanceof WebSocketRequestResponsePair)) {
      throw new TypeError("setWebSocketAutoResponse() expects a WebSocketRequestResponsePair");
    }
    this._hibernation.autoResponse = pair;
  }
  getWebSocketAutoResponse() {
    return this._hibernation.autoResponse;
  }
  getWebSocketAutoResponseTimestamp(ws) {
    return ws._autoResponseAt ?? null;
  }
  waitUntil(promise) {
    this.waitUntilPromises.push(promise);
  }
  async blockConcurrencyWhile(fn) {
    return await fn();
  }
  abort(reason) {
    throw new Error(`abort: ${reason ?? ""}`);
  }
}

// The Workers rate-limiting binding: `await env.X.limit({key})` -> {success}.
export class Ratelimit {
  constructor(limit, periodSeconds, clock) {
    this._limit = limit;
    this._period = periodSeconds * 1000;
    this._clock = clock;
    this._windows = new Map();
  }
  async limit(options) {
    if (options === null || typeof options !== "object" || Array.isArray(options) || options.constructor !== Object) {
      throw new TypeError("limit() expects a plain object {key: string}");
    }
    if (typeof options.key !== "string") throw new TypeError("limit() expects {key: string}");
    const now = this._clock();
    const window = Math.floor(now / this._period);
    const entry = this._windows.get(options.key);
    if (!entry || entry.window !== window) {
      this._windows.set(options.key, { window, count: 1 });
      return { success: true };
    }
    entry.count += 1;
    return { success: entry.count <= this._limit };
  }
}

// The static assets binding: answers from a map of path -> body (the harness's front serves the
// real files; the Worker only reaches ASSETS for paths run_worker_first sends to it).
export class Fetcher {
  constructor(handler) {
    this._handler = handler;
  }
  async fetch(request) {
    return this._handler(request);
  }
}
