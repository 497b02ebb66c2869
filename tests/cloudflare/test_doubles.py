"""The Durable Object doubles are strict where workerd is, and entry.py passes them.

Each check runs Python inside the harness's Pyodide 314 against the JS doubles, on both the
vendored SDK's wrapped path (`ctx.storage...`) and the raw JsProxy path (`ctx._ctx...`).
"""

from __future__ import annotations

import pytest

from tests.cloudflare.harness import Harness

pytestmark = pytest.mark.node

SETUP = """
import json
from pyodide.ffi import to_js, jsnull, JsProxy
import harness_doubles as d
from workers.entrypoints import DurableObjectContext
rt = d.runtime
storage = d.DurableObjectStorage.new(rt.SQL, lambda: 0)
sockets = __import__("js").Map.new()
raw_ctx = d.DurableObjectState.new(d.DurableObjectId.new("TEST1"), storage, sockets)
ctx = DurableObjectContext(raw_ctx)
pair = d.WebSocketPair.new()
client, server = pair.object_values()
"""


def test_tags_must_be_a_js_array(harness: Harness) -> None:
    error = harness.python_error(SETUP + "ctx.acceptWebSocket(server, ['player'])")
    assert "not of type 'Array'" in error
    assert harness.python(SETUP + "ctx.acceptWebSocket(server, to_js(['player'])); 'ok'") == "ok"


def test_a_dict_attachment_is_refused_a_json_string_is_kept(harness: Harness) -> None:
    error = harness.python_error(SETUP + "server.serializeAttachment({'conn': 'c1'})")
    assert "DataCloneError" in error or "could not be cloned" in error
    kept = harness.python(
        SETUP
        + "server.serializeAttachment(json.dumps({'conn': 'c1'})); server.deserializeAttachment()"
    )
    assert kept == '{"conn": "c1"}'


def test_a_missing_attachment_is_jsnull_not_none(harness: Harness) -> None:
    assert harness.python(
        SETUP + "v = server.deserializeAttachment(); [v is jsnull, v is None]"
    ) == [
        True,
        False,
    ]


def test_begin_is_refused(harness: Harness) -> None:
    for statement in ("BEGIN", "BEGIN TRANSACTION", "SAVEPOINT s1", "CREATE TABLE t (a); BEGIN"):
        error = harness.python_error(SETUP + f"ctx.storage.sql.exec({statement!r})")
        assert "transactionSync" in error


def test_more_than_100_bound_parameters_are_refused(harness: Harness) -> None:
    ok = "ctx.storage.sql.exec('SELECT ' + ','.join(['?'] * 100) + ' AS x', *range(100)); 'ok'"
    assert harness.python(SETUP + ok) == "ok"
    error = harness.python_error(
        SETUP + "ctx.storage.sql.exec('SELECT ' + ','.join(['?'] * 101), *range(101))"
    )
    assert "Too many SQL bindings" in error


def test_parameters_only_in_the_last_statement(harness: Harness) -> None:
    code = "ctx.storage.sql.exec('CREATE TABLE t (a); INSERT INTO t VALUES (?)', 7)"
    code += "; ctx.storage.sql.exec('SELECT a FROM t').toArray()[0]['a']"
    assert harness.python(SETUP + code) == 7
    error = harness.python_error(SETUP + "ctx.storage.sql.exec('SELECT ?; SELECT ?', 1, 2)")
    assert error


def test_null_columns_jsnull_raw_none_through_the_sdk(harness: Harness) -> None:
    code = """
storage.sql.exec("CREATE TABLE t (a TEXT)")
storage.sql.exec("INSERT INTO t VALUES (NULL)")
raw = raw_ctx.storage.sql.exec("SELECT a FROM t").toArray()[0].a
wrapped = ctx.storage.sql.exec("SELECT a FROM t").toArray()[0]["a"]
[raw is jsnull, raw is None, wrapped is None]
"""
    assert harness.python(SETUP + code) == [True, False, True]


def test_unset_alarm_jsnull_raw_none_through_the_sdk(harness: Harness) -> None:
    code = """
raw = await raw_ctx.storage.getAlarm()
wrapped = await ctx.storage.getAlarm()
await ctx.storage.setAlarm(5000)
[raw is jsnull, wrapped is None, await ctx.storage.getAlarm()]
"""
    assert harness.python(SETUP + code) == [True, True, 5000]


def test_one_raises_unless_exactly_one_row(harness: Harness) -> None:
    error = harness.python_error(SETUP + "ctx.storage.sql.exec('SELECT 1 WHERE 0').one()")
    assert "Expected exactly one result" in error


def test_booleans_and_python_objects_are_not_sql_bindings(harness: Harness) -> None:
    assert "unsupported type" in harness.python_error(
        SETUP + "raw_ctx.storage.sql.exec('SELECT ?', to_js(True))"
    )
    assert "unsupported type" in harness.python_error(
        SETUP + "raw_ctx.storage.sql.exec('SELECT ?', b'abc')"
    )


def test_reserved_close_codes_and_long_reasons_throw(harness: Harness) -> None:
    for code in (999, 1004, 1005, 1006, 1015, 5000):
        assert "Invalid WebSocket close code" in harness.python_error(
            SETUP + f"server.close({code}, 'bye')"
        )
    assert "exceeds 123 bytes" in harness.python_error(SETUP + "server.close(1000, 'é' * 62)")
    assert harness.python(SETUP + "server.close(1008, 'flood'); 'ok'") == "ok"


def test_entry_sql_adapter_gives_the_same_rows_on_both_paths(harness: Harness) -> None:
    code = """
from entry import SqlDatabase
storage.sql.exec("CREATE TABLE t (i INTEGER, f REAL, s TEXT, b BLOB, n TEXT)")
for db in (SqlDatabase(raw_ctx.storage.sql), SqlDatabase(ctx.storage.sql)):
    db.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?)", (True, 1.5, "x", b"\\x00\\x01", None))
rows = [SqlDatabase(raw_ctx.storage.sql).execute("SELECT * FROM t"),
        SqlDatabase(ctx.storage.sql).execute("SELECT * FROM t")]
[rows[0] == rows[1], [sorted((k, repr(v)) for k, v in r.items()) for r in rows[0]]]
"""
    same, rows = harness.python(SETUP + code)
    assert same
    expected = [["b", "b'\\x00\\x01'"], ["f", "1.5"], ["i", "1"], ["n", "None"], ["s", "'x'"]]
    assert rows == [expected, expected]


def test_a_101_response_needs_a_websocket(harness: Harness) -> None:
    error = harness.python_error("from workers import Response\nResponse(None, status=101)")
    assert "webSocket" in error


def test_create_room_rpc_refuses_a_taken_code_and_writes_nothing_for_unknown_ones(
    harness: Harness,
) -> None:
    code = """
import entry
room = entry.GameRoom(raw_ctx, rt.env)
unknown = await room.summary("k")
blank = storage.isEmpty
first = await room.create_room("TEST1", "k")
again = await room.create_room("TEST1", "k")
fresh = entry.GameRoom(raw_ctx, rt.env)  # after a hibernation: the room is found in SQLite
[unknown, blank, first, again, json.loads(await fresh.summary("k"))["status"]]
"""
    assert harness.python(SETUP + code) == ["", True, True, False, "lobby"]


def test_a_frame_from_a_socket_the_room_closed_changes_nothing(harness: Harness) -> None:
    code = """
import entry
room = entry.GameRoom(raw_ctx, rt.env)
await room.create_room("TEST1", "k")

async def open_socket(hello):
    known = list(raw_ctx.getWebSockets())
    await room.fetch(__import__("js").Request.new("http://h/ws/TEST1"))
    ws = [w for w in raw_ctx.getWebSockets() if not any(w == k for k in known)][0]
    await room.webSocketMessage(ws, json.dumps({"type": "hello", "protocol": 5, **hello}))
    return ws

first = await open_socket({"name": "Zoé"})
token = json.loads(first._peer.frames[0])["token"]
second = await open_socket({"token": token})  # the same seat: the first socket is replaced
revision = lambda: storage.sql.exec("SELECT revision FROM room").one().revision
before, sent = revision(), [first._peer.frames.length, second._peer.frames.length]
await room.webSocketMessage(first, json.dumps({"type": "leave"}))  # in flight when it closed
woken = entry.GameRoom(raw_ctx, rt.env)  # after a hibernation: sockets read back
await woken.webSocketMessage(first, json.dumps({"type": "leave"}))
[first.readyState, json.loads(first._peer.frames.at(-1))["reason"], revision() == before,
 [first._peer.frames.length, second._peer.frames.length] == sent,
 sorted(s.player for s in woken._sockets().values())]
"""
    closing, reason, unchanged, nothing_sent, players = harness.python(SETUP + code)
    assert closing in (2, 3)  # closing or closed
    assert reason == "replaced"
    assert unchanged
    assert nothing_sent
    assert players == ["p1"]  # the replacing socket only, bound to the seat


def test_the_auto_response_takes_a_request_response_pair_of_at_most_2048_bytes(
    harness: Harness,
) -> None:
    not_a_pair = "raw_ctx.setWebSocketAutoResponse(to_js(['ping', 'pong']))"
    error = harness.python_error(SETUP + not_a_pair)
    assert "WebSocketRequestResponsePair" in error
    error = harness.python_error(SETUP + "d.WebSocketRequestResponsePair.new('p' * 2049, 'pong')")
    assert "2048 bytes" in error
    pair = "raw_ctx.setWebSocketAutoResponse(d.WebSocketRequestResponsePair.new('ping', 'pong'))"
    kept = SETUP + pair + "\nr = raw_ctx.getWebSocketAutoResponse(); [r.request, r.response]"
    assert harness.python(kept) == ["ping", "pong"]


def test_the_thread_clock_reads_a_fraction_of_a_millisecond(harness: Harness) -> None:
    """The benchmark's CPU figure (tests/cloudflare/bench.py): a clock that advanced by the
    kernel's ticks, as Node's own do, would read 0 for most of these 0.3 ms of work."""
    spins = harness.python(
        """
import time, harness_doubles as d
def spin():
    started, cpu = time.perf_counter(), d.threadCpuMs()
    while time.perf_counter() - started < 0.0003:
        pass
    return d.threadCpuMs() - cpu, (time.perf_counter() - started) * 1000
[spin() for _ in range(41)]
"""
    )
    cpu = sorted(c for c, _ in spins)
    assert all(c <= wall + 0.05 for c, wall in spins)  # never more than the time that passed
    assert 0.15 < cpu[len(cpu) // 2] < 1.0  # a waiting thread reads less: the median does not
