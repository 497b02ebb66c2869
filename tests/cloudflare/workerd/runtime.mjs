// A small workerd double: real Pyodide 314 running the real src/entry.py and the vendored
// python_modules/, with the Durable Object doubles from doubles.mjs underneath.
//
// It owns the virtual clock (Date.now, which Python's time.time() reads), the objects of the
// ROOMS namespace (storage and hibernatable sockets outlive any Python instance), one input
// queue per object (events are delivered one at a time, as the input gate does for this code),
// alarm delivery with retries, hibernation (a fresh Python instance over the same storage and
// sockets) and redeploys (every socket dropped, every instance reset, the code re-imported).

import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";
import initSqlJs from "sql.js";
import * as doubles from "./doubles.mjs";
import { EntropyGate } from "./entropy.mjs";

const require = createRequire(import.meta.url);
export const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(HERE, "..", "..", "..");

// --- Virtual clock ------------------------------------------------------------------------
const realDateNow = Date.now.bind(Date);
export class Clock {
  constructor(speed) {
    this.speed = speed; // 0: manual (moves only when told); N: N virtual seconds per second
    this.base = realDateNow();
    this.realStart = performance.now();
    this.offset = 0;
  }
  now() {
    const running = this.speed ? (performance.now() - this.realStart) * this.speed : 0;
    return this.base + this.offset + running;
  }
  advance(ms) {
    this.offset += ms;
  }
  install() {
    Date.now = () => Math.floor(this.now());
  }
}

// --- The Response class of the runtime: status 101 with a webSocket is allowed ---------------
const NodeResponse = globalThis.Response;
class Response extends NodeResponse {
  constructor(body, init) {
    const status = init?.status;
    if (status === 101) {
      if (!(init.webSocket instanceof doubles.ClientWebSocket)) {
        throw new RangeError("Responses with status 101 must have a webSocket (the client end of a WebSocketPair).");
      }
      super(null, { ...init, status: 200 });
      Object.defineProperty(this, "_upgradeStatus", { value: 101 });
    } else {
      super(body ?? null, init);
    }
    Object.defineProperty(this, "webSocket", { value: init?.webSocket ?? null });
  }
  get status() {
    return this._upgradeStatus ?? super.status;
  }
}

export class Runtime {
  // The upload's snapshot is taken as production takes it (a dedicated snapshot: the top level
  // runs with the runtime's import patcher installed, python_modules/'s .pth files processed, so
  // the SDK's entropy patches apply). `pythonModules`: another python_modules/ (a test's copy
  // without the SDK's patches: the import must then fail). `main`: another main module.
  // `silenceSeconds`: the presence bound (admission.SILENCE_SECONDS by default) in real seconds.
  // The clients' heartbeat runs in real time while the clock runs ×speed, so the Worker is
  // given the bound on its clock (env.SILENCE_SECONDS); with the manual clock (speed 0) a
  // test's jumps are not silences: presence is off unless a bound is given.
  constructor({
    speed = 0,
    hibernate = "never",
    log = () => {},
    pythonModules = null,
    main = null,
    silenceSeconds = null,
  } = {}) {
    this.silenceSeconds = silenceSeconds;
    this.pythonModules = path.resolve(pythonModules ?? path.join(ROOT, "python_modules"));
    this.mainPath = main;
    this.mainName = main ? path.basename(main, ".py") : "entry";
    this.clock = new Clock(speed);
    this.hibernatePolicy = hibernate; // "never" | "always"
    this.log = log;
    this.objects = new Map(); // name -> RoomObject
    this.logs = []; // Python's stdout and stderr lines, in order
    this.streams = { stdout: [], stderr: [] }; // the same lines, by stream
    this.errors = []; // uncaught exceptions from handlers
    this.timings = []; // [handler, ms] per invocation
    this.generation = 0; // bumped by every redeploy
    this.entropy = new EntropyGate();
  }

  async start() {
    this.clock.install();
    globalThis.Response = Response;
    globalThis.WebSocketPair = doubles.WebSocketPair;
    globalThis.WebSocketRequestResponsePair = doubles.WebSocketRequestResponsePair;
    globalThis.WebSocket = doubles.WebSocket;
    const sqlWasm = require.resolve("sql.js/dist/sql-wasm.wasm");
    this.SQL = await initSqlJs({ locateFile: () => sqlWasm });
    this.pyodide = await loadPyodide({
      indexURL: path.join(ROOT, "node_modules", "pyodide") + path.sep,
      stdout: (line) => {
        this.logs.push(line);
        this.streams.stdout.push(line);
      },
      stderr: (line) => {
        this.logs.push(line);
        this.streams.stderr.push(line);
      },
    });
    const py = this.pyodide;
    // Modules are mounted where workerd mounts them: the upload's tree (build/worker/, what
    // scripts/build_worker.py assembles from src/) at /session/metadata, and
    // python_modules/ as a site directory (compat >= 2026-05-26 processes its .pth files).
    py.FS.mkdirTree("/session/metadata");
    py.FS.mount(py.FS.filesystems.NODEFS, { root: path.join(ROOT, "build", "worker") }, "/session/metadata");
    py.FS.mkdirTree("/session/python_modules");
    py.FS.mount(py.FS.filesystems.NODEFS, { root: this.pythonModules }, "/session/python_modules");
    // The two modules the runtime provides to the SDK (python-entrypoint-helper, compat flags).
    py.registerJsModule("_cloudflare_compat_flags", {
      python_workflows_implicit_dependencies: false,
      python_request_headers_preserve_commas: false,
    });
    py.registerJsModule("_pyodide_entrypoint_helper", {
      patchWaitUntil() {},
      cloudflareWorkersModule: { env: {} },
      cloudflareSocketsModule: {},
      async doAnImport(name) {
        throw new Error(`import ${name}: not available in the harness`);
      },
      *patch_env_helper() {},
    });
    py.registerJsModule("harness_doubles", { ...doubles, runtime: this });
    // The runtime's private `_cloudflare` package (a model: workerd_python/ beside this file), present
    // before python_modules/ is added so that the SDK's .pth loader applies its entropy patches.
    py.FS.mkdirTree("/session/workerd_python");
    py.FS.mount(py.FS.filesystems.NODEFS, { root: path.join(HERE, "workerd_python") }, "/session/workerd_python");
    if (this.mainPath) {
      py.FS.mkdirTree("/session/main");
      py.FS.mount(py.FS.filesystems.NODEFS, { root: path.dirname(path.resolve(this.mainPath)) }, "/session/main");
    }
    const address = py.runPython(`
import os, site, sys
os.chdir("/session/metadata")
sys.path.insert(0, "/session/metadata")
sys.path.insert(1, "/session/workerd_python")
${this.mainPath ? 'sys.path.insert(0, "/session/main")' : ""}
sys.dont_write_bytecode = True
from _cloudflare import allow_entropy, entropy_patches
site.addsitedir("/session/python_modules")
allow_entropy.allowance_address()
`);
    this.entropy.attach(py._module, address);
    this.importTopLevel();
    if (this.mainPath) return;
    this.env = this.makeEnv();
  }

  // The upload's snapshot: the main module's top level runs outside any request, every entropy
  // call refused unless an import context grants it; then the runtime's after-snapshot checks
  // and the before-first-request reseeding, after which entropy is real.
  importTopLevel() {
    const py = this.pyodide;
    py.runPython("from _cloudflare.entropy_patches import before_top_level; before_top_level()");
    this.entropy.inRequest = false;
    const logged = this.logs.length;
    this.entropy.onRefused = () => {
      py._module._dump_traceback(); // the Python stack, to stderr (as workerd logs it)
      return this.logs.slice(logged).join("\n");
    };
    try {
      this.importMain();
    } finally {
      this.entropy.inRequest = true;
    }
    py.runPython(`
from _cloudflare.entropy_patches import after_snapshot, before_first_request
after_snapshot()
before_first_request()
`);
  }

  // Import (or, after a redeploy, re-import) the main module the way the runtime does.
  importMain() {
    this.pyodide.runPython(`
import sys
for name in [n for n in sys.modules if n in ("entry", "undercover") or n.startswith("undercover.")]:
    del sys.modules[name]
`);
    this.main = this.pyodide.pyimport(this.mainName);
    if (this.mainPath) return; // a test's module: no Worker classes
    this.DefaultClass = this.main.Default;
    this.RoomClass = this.main.GameRoom;
    const names = this.pyodide.runPython(`
import inspect, entry
SPECIAL = {"fetch", "alarm", "webSocketMessage", "webSocketClose", "webSocketError"}
[n for n, v in inspect.getmembers(entry.GameRoom, inspect.isfunction) if not n.startswith("_") and n not in SPECIAL]
`);
    this.rpcMethods = names.toJs();
    names.destroy();
  }

  silenceOnClock() {
    const speed = this.clock.speed;
    if (this.silenceSeconds === null && !(speed > 0)) return Infinity;
    const real =
      this.silenceSeconds ??
      this.pyodide.runPython("from undercover.hosts.admission import SILENCE_SECONDS; SILENCE_SECONDS");
    return real * (speed > 0 ? speed : 1);
  }

  makeEnv() {
    const clockMs = () => this.clock.now();
    const env = {
      ROOMS: new DurableObjectNamespace(this),
      ASSETS: new doubles.Fetcher(async () => new Response("Not found.", { status: 404 })),
      SILENCE_SECONDS: String(this.silenceOnClock()),
    };
    // The rate-limiting bindings as wrangler.toml declares them.
    for (const { name, limit, period } of rateLimitsOf(fs.readFileSync(path.join(ROOT, "wrangler.toml"), "utf8"))) {
      env[name] = new doubles.Ratelimit(limit, period, clockMs);
    }
    return env;
  }

  resetLimits() {
    for (const value of Object.values(this.env)) if (value instanceof doubles.Ratelimit) value._windows.clear();
  }

  object(name) {
    let object = this.objects.get(name);
    if (!object) {
      object = new RoomObject(this, name);
      this.objects.set(name, object);
    }
    return object;
  }

  // The Worker's default entrypoint: a fresh Default instance per request, as workerd does.
  async workerFetch(request) {
    const started = performance.now();
    const instance = this.DefaultClass(this.makeExecutionContext(), this.env);
    try {
      const result = await instance.fetch(request);
      return unwrapResponse(result);
    } catch (error) {
      this.errors.push(["Default.fetch", String(error)]);
      return new Response("Worker threw an exception", { status: 500 });
    } finally {
      instance.destroy();
      this.timings.push(["Default.fetch", performance.now() - started]);
    }
  }

  makeExecutionContext() {
    return { waitUntil() {}, passThroughOnException() {}, props: {} };
  }

  // Drop every Python instance; storage and sockets stay (what eviction after ~10 s idle does).
  hibernateAll() {
    for (const object of this.objects.values()) object.hibernate();
  }

  // A redeploy: every object resets, its sockets are dropped (1001), and the code is re-imported.
  async redeploy() {
    for (const object of this.objects.values()) await object.idle();
    for (const object of this.objects.values()) object.reset();
    this.generation += 1;
    this.importMain();
  }

  // Deliver every alarm that is due by now (one object at a time; each in its input queue).
  async deliverDueAlarms() {
    const due = [...this.objects.values()].filter((o) => o.storage._alarm !== null && o.storage._alarm <= this.clock.now());
    await Promise.all(due.map((o) => o.fireAlarm()));
    return due.map((o) => o.name);
  }
}

// `[[ratelimits]]` blocks of wrangler.toml: name, simple = { limit = N, period = S }.
export function rateLimitsOf(toml) {
  const out = [];
  for (const block of toml.split(/^\[\[ratelimits\]\]\s*$/m).slice(1)) {
    const body = block.split(/^\[/m)[0];
    const name = /^name\s*=\s*"([^"]+)"/m.exec(body)?.[1];
    const limit = /limit\s*=\s*(\d+)/.exec(body)?.[1];
    const period = /period\s*=\s*(\d+)/.exec(body)?.[1];
    if (name && limit && period) out.push({ name, limit: Number(limit), period: Number(period) });
  }
  return out;
}

function unwrapResponse(result) {
  if (result === undefined || result === null) throw new TypeError("handler returned no Response");
  let js = result;
  if (result.js_object !== undefined) js = result.js_object;
  else if (result.js_response !== undefined) js = result.js_response;
  if (!(js instanceof NodeResponse)) throw new TypeError("handler did not return a Response");
  if (typeof result.destroy === "function") result.destroy();
  return js;
}

// One Durable Object: the storage and sockets that persist, and at most one live Python instance.
export class RoomObject {
  constructor(runtime, name) {
    this.runtime = runtime;
    this.name = name;
    this.id = new doubles.DurableObjectId(name);
    this.storage = new doubles.DurableObjectStorage(runtime.SQL, () => runtime.clock.now());
    this.sockets = new Map(); // WebSocket -> tags, shared by every instance
    this.hibernation = { autoResponse: null }; // kept by the runtime across instances
    this.autoResponses = 0; // frames the runtime answered without the object
    this.instance = null;
    this.instances = 0; // how many times the constructor ran
    this.queue = Promise.resolve();
    this.alarmRetries = 0;
  }

  live() {
    if (!this.instance) {
      const ctx = new doubles.DurableObjectState(this.id, this.storage, this.sockets, this.hibernation);
      this.instance = this.runtime.RoomClass(ctx, this.runtime.env);
      this.instances += 1;
    }
    return this.instance;
  }

  hibernate() {
    if (this.instance) {
      this.instance.destroy();
      this.instance = null;
    }
  }

  reset() {
    this.hibernate();
    this.hibernation.autoResponse = null; // a new version sets its own
    for (const ws of [...this.sockets.keys()]) {
      if (ws.readyState !== 3) {
        ws.readyState = 3;
        ws._peer.closedByServer(1001, "redeploy");
      }
    }
    this.sockets.clear();
  }

  idle() {
    return this.queue;
  }

  // Run one event in this object's input queue; returns the handler's result.
  enqueue(label, fn) {
    const run = this.queue.then(async () => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const inDoubles = doubles.spent.ms;
      try {
        return await fn(this.live());
      } finally {
        const used = process.cpuUsage(cpu);
        this.runtime.timings.push([
          label,
          performance.now() - started,
          (used.user + used.system) / 1000,
          doubles.spent.ms - inDoubles,
          label === "GameRoom.webSocketMessage" ? this.runtime.lastKind : label,
          this.runtime.lastCallMs,
          this.runtime.lastCallCpuMs,
        ]);
        this.runtime.lastCallMs = this.runtime.lastCallCpuMs = 0;
        if (this.runtime.hibernatePolicy === "always") this.hibernate();
      }
    });
    this.queue = run.catch(() => {});
    return run;
  }

  async call(label, method, args) {
    try {
      return await this.enqueue(label, async (instance) => {
        // The synchronous part of the call: Pyodide wraps the coroutine in a task and returns
        // a promise (the handler's own steps are timed inside the Pyodide, tests/cloudflare/bench.py).
        const started = performance.now();
        const cpu = doubles.threadCpuMs();
        const pending = instance[method].callRelaxed(...args);
        this.runtime.lastCallMs = performance.now() - started;
        this.runtime.lastCallCpuMs = doubles.threadCpuMs() - cpu;
        return await pending;
      });
    } catch (error) {
      this.runtime.errors.push([`${this.name}.${method}`, String(error)]);
      throw error;
    }
  }

  async fetch(request) {
    const result = await this.call("GameRoom.fetch", "fetch", [request]);
    return unwrapResponse(result);
  }

  async rpc(method, args) {
    const result = await this.call(`GameRoom.${method}`, method, args);
    if (result !== null && typeof result === "object") {
      // workerd serialises RPC results; a bare PyProxy cannot cross it.
      if (typeof result.destroy === "function") result.destroy();
      throw new TypeError(`RPC result of ${method} is not serialisable (a Python object)`);
    }
    return result;
  }

  // The runtime's auto-response: true if it answered `message` itself (the object not woken).
  autoRespond(ws, message) {
    const pair = this.hibernation.autoResponse;
    if (pair === null || typeof message !== "string" || message !== pair.request) return false;
    ws._autoResponseAt = new Date(this.runtime.clock.now());
    this.autoResponses += 1;
    ws._peer.deliver(pair.response);
    return true;
  }

  async webSocketMessage(ws, message) {
    let kind = "binary";
    try {
      kind = typeof message === "string" ? String(JSON.parse(message)?.type) : kind;
    } catch {
      kind = "malformed";
    }
    this.runtime.lastKind = kind;
    try {
      await this.call("GameRoom.webSocketMessage", "webSocketMessage", [ws, message]);
    } catch {
      // The runtime reports the exception; the socket stays open.
    }
  }

  async webSocketClose(ws, code, reason, wasClean) {
    ws._closeReceived = true;
    if (ws.readyState === 1) ws.readyState = 2;
    try {
      await this.call("GameRoom.webSocketClose", "webSocketClose", [ws, code, reason, wasClean]);
    } catch {
      // reported above
    } finally {
      ws.readyState = 3;
      this.sockets.delete(ws);
    }
  }

  async webSocketError(ws, error) {
    try {
      await this.call("GameRoom.webSocketError", "webSocketError", [ws, error]);
    } catch {
      // reported above
    } finally {
      ws.readyState = 3;
      this.sockets.delete(ws);
    }
  }

  // Alarm delivery: the alarm is cleared before the handler runs; a raising handler is retried
  // (up to 6 times in workerd, with backoff from 2 s; here the next retry is due 2 s later).
  async fireAlarm({ retryCount = 0 } = {}) {
    const storage = this.storage;
    storage._alarm = null;
    storage._runningAlarm = true;
    storage._alarmSetDuringRun = false;
    try {
      await this.call("GameRoom.alarm", "alarm", [{ retryCount, isRetry: retryCount > 0 }]);
      this.alarmRetries = 0;
    } catch {
      if (retryCount < 6 && storage._alarm === null) {
        storage._alarm = this.runtime.clock.now() + 2000 * 2 ** retryCount;
      }
    } finally {
      storage._runningAlarm = false;
    }
  }
}

export class DurableObjectNamespace {
  constructor(runtime) {
    this._runtime = runtime;
  }
  idFromName(name) {
    return new doubles.DurableObjectId(String(name));
  }
  get(id) {
    return makeStub(this._runtime, id.name);
  }
  getByName(name) {
    return makeStub(this._runtime, String(name));
  }
}

// A stub: fetch() plus the RPC methods the Python class defines (found by introspection, as the
// runtime does), and nothing else.
class DurableObject {
  constructor(runtime, name) {
    this.id = new doubles.DurableObjectId(name);
    this.name = name;
    const object = () => runtime.object(name);
    this.fetch = async (request) => object().fetch(request);
    for (const method of runtime.rpcMethods) {
      this[method] = async (...args) => object().rpc(method, args);
    }
  }
}

function makeStub(runtime, name) {
  return new DurableObject(runtime, name);
}
