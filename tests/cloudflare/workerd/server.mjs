// The harness's front: a real HTTP + WebSocket server on loopback in front of the workerd double,
// so the same clients (the e2e scenarios, the smoke script, the bots) talk to the Pyodide-hosted
// Worker as they would to a deployment. It also plays Workers Static Assets: files from static/
// with the headers of static/_headers, the SPA fallback, and run_worker_first for /ws/* and /api/*.
//
// Test-only control endpoints live under /__harness/ (this prefix exists only in the harness).
//
//   node tests/cloudflare/workerd/server.mjs [--port 0] [--speed 0|N] [--hibernate never|always] [--silence-seconds S]
//
// Prints one JSON line {"ready": true, "port": N} on stdout once it serves.

import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { WebSocketServer } from "ws";
import { ClientWebSocket } from "./doubles.mjs";
import { ROOT, Runtime } from "./runtime.mjs";

const { values: options } = parseArgs({
  options: {
    port: { type: "string", default: "0" },
    speed: { type: "string", default: "0" },
    hibernate: { type: "string", default: "never" },
    "silence-seconds": { type: "string" },
    static: { type: "string", default: path.join(ROOT, "static") },
  },
});

const silence = options["silence-seconds"];
const runtime = new Runtime({
  speed: Number(options.speed),
  hibernate: options.hibernate,
  silenceSeconds: silence === undefined ? null : Number(silence),
});
await runtime.start();

const STATIC = path.resolve(options.static);
const WORKER_FIRST = [/^\/ws\/.*$/, /^\/api\/.*$/];
const MIME = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

function headerRules() {
  const file = path.join(STATIC, "_headers");
  if (!fs.existsSync(file)) return [];
  const rules = [];
  let current = null;
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      const pattern = line.trim();
      const regex = new RegExp("^" + pattern.split("*").map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*") + "$");
      current = { regex, headers: [] };
      rules.push(current);
    } else if (current && line.includes(":")) {
      const at = line.indexOf(":");
      current.headers.push([line.slice(0, at).trim(), line.slice(at + 1).trim()]);
    }
  }
  return rules;
}

function assetFor(urlPath) {
  let relative = decodeURIComponent(urlPath).replace(/^\/+/, "");
  if (relative === "" || relative.endsWith("/")) relative += "index.html";
  const file = path.resolve(STATIC, relative);
  if (!file.startsWith(STATIC + path.sep) || path.basename(file) === "_headers") return null;
  if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  if (fs.existsSync(file + ".html")) return file + ".html";
  return null;
}

function serveAsset(res, urlPath, file, method) {
  const headers = { "content-type": MIME[path.extname(file)] ?? "application/octet-stream" };
  for (const rule of headerRules()) {
    if (rule.regex.test(urlPath)) for (const [name, value] of rule.headers) headers[name.toLowerCase()] = value;
  }
  const body = fs.readFileSync(file);
  res.writeHead(200, headers);
  res.end(method === "HEAD" ? undefined : body);
}

function clientAddress(req) {
  return req.socket.remoteAddress ?? "127.0.0.1";
}

function toRequest(req, body) {
  const url = `http://${req.headers.host ?? "127.0.0.1"}${req.url}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  // What Cloudflare's edge adds: the client's address.
  headers.set("cf-connecting-ip", headers.get("x-harness-client-ip") ?? clientAddress(req));
  const init = { method: req.method, headers };
  if (body && body.length && !["GET", "HEAD"].includes(req.method)) init.body = body;
  return new Request(url, init);
}

async function sendResponse(res, response) {
  const headers = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function sendJson(res, status, value) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}

// --- Control endpoints (tests only) ----------------------------------------------------------
function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function control(req, res, url) {
  const body = req.method === "POST" ? JSON.parse((await readBody(req)).toString() || "{}") : {};
  const name = url.pathname.slice("/__harness/".length);
  const room = body.room ?? url.searchParams.get("room");
  switch (name) {
    case "now":
      return sendJson(res, 200, { now: runtime.clock.now() / 1000 });
    case "advance": {
      runtime.clock.advance((body.seconds ?? 0) * 1000);
      const fired = body.deliver === false ? [] : await runtime.deliverDueAlarms();
      return sendJson(res, 200, { now: runtime.clock.now() / 1000, fired });
    }
    case "alarm": {
      // Deliver a room's alarm now, whatever its time: an early or a duplicated delivery.
      const object = runtime.objects.get(room);
      if (!object) return sendJson(res, 404, { error: "no such object" });
      await object.fireAlarm();
      return sendJson(res, 200, { alarm: object.storage._alarm });
    }
    case "hibernate":
      if (room) runtime.objects.get(room)?.hibernate();
      else runtime.hibernateAll();
      return sendJson(res, 200, { ok: true });
    case "redeploy":
      await runtime.redeploy();
      return sendJson(res, 200, { generation: runtime.generation });
    case "idle":
      await Promise.all([...runtime.objects.values()].map((o) => o.idle()));
      return sendJson(res, 200, { ok: true });
    case "state": {
      const object = runtime.objects.get(room);
      if (!object) return sendJson(res, 404, { error: "no such object" });
      await object.idle();
      return sendJson(res, 200, {
        alarm: object.storage._alarm === null ? null : object.storage._alarm / 1000,
        sockets: object.sockets.size,
        instances: object.instances,
        live: object.instance !== null,
        auto_responses: object.autoResponses,
        empty: object.storage.isEmpty,
        sql: object.storage.sql.stats,
      });
    }
    case "stored": {
      // The room's stored document, as the runner wrote it (tests search frames for its secrets).
      const object = runtime.objects.get(room);
      if (!object) return sendJson(res, 404, { error: "no such object" });
      await object.idle();
      const rows = object.storage.isEmpty ? [] : object.storage.sql.exec("SELECT doc FROM room").toArray();
      const doc = rows.length ? rows[0].doc : null; // UTF-8 bytes, or TEXT from an older write
      return sendJson(res, 200, { doc: doc instanceof ArrayBuffer ? new TextDecoder().decode(doc) : doc });
    }
    case "reset-limits":
      runtime.resetLimits();
      return sendJson(res, 200, { ok: true });
    case "objects":
      return sendJson(res, 200, { objects: [...runtime.objects.keys()] });
    case "logs":
      return sendJson(res, 200, { logs: runtime.logs, errors: runtime.errors, ...runtime.streams });
    case "timings": {
      // Per handler: wall time, CPU time of this process, and both without the time spent in
      // the doubles (sql.js standing in for workerd's native SQLite, socket bookkeeping).
      if (req.method === "POST" && body.reset) {
        runtime.timings = [];
        return sendJson(res, 200, { ok: true });
      }
      const by = {};
      for (const [label, wall, cpu, doubles] of runtime.timings) {
        const entry = (by[label] ??= { wall: [], cpu: [], wall_without_doubles: [], cpu_without_doubles: [] });
        entry.wall.push(wall);
        entry.cpu.push(cpu);
        entry.wall_without_doubles.push(wall - doubles);
        entry.cpu_without_doubles.push(Math.max(0, cpu - doubles));
      }
      const summary = {};
      // Per handler, in call order: the synchronous part of each call into the Pyodide, wall
      // and the thread's CPU.
      summary.call_ms = {};
      summary.call_cpu_ms = {};
      for (const [label, , , , , call, callCpu] of runtime.timings) {
        (summary.call_ms[label] ??= []).push(call ?? 0);
        (summary.call_cpu_ms[label] ??= []).push(callCpu ?? 0);
      }
      // The slowest inputs by CPU time without the doubles, with the message type.
      summary.slowest = runtime.timings
        .map(([label, wall, cpu, doubles, kind]) => ({ kind, cpu: Math.max(0, cpu - doubles), wall }))
        .sort((a, b) => b.cpu - a.cpu)
        .slice(0, 12);
      for (const [label, series] of Object.entries(by)) {
        summary[label] = { count: series.wall.length };
        for (const [name, list] of Object.entries(series)) {
          const sorted = list.slice().sort((a, b) => a - b);
          summary[label][name] = { median: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) };
        }
      }
      return sendJson(res, 200, summary);
    }
    case "python": {
      // Run Python inside the harness's Pyodide (strictness checks of the doubles).
      try {
        const result = await runtime.pyodide.runPythonAsync(body.code, { globals: runtime.pyodide.toPy({}) });
        const value = result?.toJs ? result.toJs({ dict_converter: Object.fromEntries }) : result;
        result?.destroy?.();
        return sendJson(res, 200, { result: value ?? null });
      } catch (error) {
        return sendJson(res, 200, { error: String(error.message ?? error) });
      }
    }
    default:
      return sendJson(res, 404, { error: `unknown control ${name}` });
  }
}

// --- HTTP -----------------------------------------------------------------------------------
const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url, "http://harness");
    if (url.pathname.startsWith("/__harness/")) return await control(req, res, url);
    const workerFirst = WORKER_FIRST.some((r) => r.test(url.pathname));
    if (!workerFirst && ["GET", "HEAD"].includes(req.method)) {
      const file = assetFor(url.pathname);
      if (file) return serveAsset(res, url.pathname, file, req.method);
      // SPA mode: navigations that match no file get index.html; other requests reach the Worker.
      const index = assetFor("/index.html");
      if (req.headers["sec-fetch-mode"] === "navigate" && index) return serveAsset(res, url.pathname, index, req.method);
    }
    const response = await runtime.workerFetch(toRequest(req, await readBody(req)));
    await sendResponse(res, response);
  } catch (error) {
    res.writeHead(500, { "content-type": "text/plain" });
    res.end(`harness error: ${error}`);
  }
});

// --- WebSockets -------------------------------------------------------------------------------
const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });

server.on("upgrade", async (req, socket, head) => {
  let response;
  try {
    response = await runtime.workerFetch(toRequest(req, null));
  } catch (error) {
    socket.destroy(error);
    return;
  }
  const client = response.webSocket;
  if (response.status !== 101 || !(client instanceof ClientWebSocket)) {
    const text = Buffer.from(await response.arrayBuffer());
    socket.end(
      `HTTP/1.1 ${response.status} ${http.STATUS_CODES[response.status] ?? ""}\r\n` +
        `content-type: ${response.headers.get("content-type") ?? "text/plain"}\r\n` +
        `content-length: ${text.length}\r\nconnection: close\r\n\r\n` + text.toString(),
    );
    return;
  }
  wss.handleUpgrade(req, socket, head, (real) => wire(real, client, new URL(req.url, "http://h").pathname));
});

// Wire a real socket to the object's server end: frames and closes both ways.
function wire(real, client, urlPath) {
  const serverSide = client.serverSide;
  const roomName = findObjectOf(serverSide);
  const object = roomName ? runtime.objects.get(roomName) : null;
  client.peer.attach(
    (message) => {
      if (real.readyState === real.OPEN) real.send(message);
    },
    (code, reason) => {
      if (real.readyState === real.OPEN || real.readyState === real.CONNECTING) real.close(code, reason);
    },
  );
  if (!object) {
    real.close(1011, "no object for " + urlPath);
    return;
  }
  const generation = runtime.generation;
  real.on("message", (data, isBinary) => {
    if (serverSide.readyState !== 1) return;
    const message = isBinary ? new Uint8Array(data).buffer : data.toString("utf8");
    if (object.autoRespond(serverSide, message)) return;
    object.webSocketMessage(serverSide, message);
  });
  real.on("close", (code, reason) => {
    if (runtime.generation !== generation || serverSide.readyState === 3) return;
    // 1005: no status sent; 1006: dropped without a close frame (reserved codes reach the object).
    object.webSocketClose(serverSide, code, reason.toString("utf8"), code !== 1006);
  });
  real.on("error", () => {});
}

function findObjectOf(serverSide) {
  for (const [name, object] of runtime.objects) if (object.sockets.has(serverSide)) return name;
  return null;
}

// --- Alarms in real time (speed > 0), and the ready line -----------------------------------------
if (Number(options.speed) > 0) {
  setInterval(() => {
    runtime.deliverDueAlarms().catch(() => {});
  }, 20).unref();
}

server.listen(Number(options.port), "127.0.0.1", () => {
  process.stdout.write(JSON.stringify({ ready: true, port: server.address().port }) + "\n");
});

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
