"""Hostile frames over a real socket: each gets an error to its sender only, nothing changes,
the connection stays usable, and the other players hear nothing. (Broken WebSocket framing is
the transport's: tests/adversarial/test_transport.py.)"""

from __future__ import annotations

import pytest

from tests.contract.client import Conn, Json, run
from tests.contract.hosts import Server
from tests.contract.table import Table

HELLO_PREFIX = '{"type":"hello","protocol":5,"token":null,"name":"'


def _padded(total_bytes: int, char: str) -> str:
    """A well-formed `leave`-like frame of exactly `total_bytes` UTF-8 bytes, padded with
    `char` inside an unknown field (so that it is refused for its field, not its size)."""
    head, tail = '{"type":"leave","pad":"', '"}'
    room = total_bytes - len((head + tail).encode())
    width = len(char.encode())
    text = char * (room // width) + "a" * (room % width)
    frame = head + text + tail
    assert len(frame.encode()) == total_bytes
    return frame


HOSTILE: list[tuple[str | bytes, str]] = [
    ('{"type":"leave"', "protocol.malformed_json"),
    ("[]", "protocol.malformed_json"),
    ("null", "protocol.malformed_json"),
    ("1e999", "protocol.malformed_json"),
    ("", "protocol.malformed_json"),
    ('{"type":"nope"}', "protocol.unknown_type"),
    ('{"type":7}', "protocol.unknown_type"),
    ("{}", "protocol.unknown_type"),
    (b'{"type":"leave"}', "protocol.binary_frame"),
    ('{"type":"set_lock","locked":1}', "protocol.invalid_message"),
    ('{"type":"set_lock","locked":"true"}', "protocol.invalid_message"),
    ('{"type":"set_lock","locked":true,"x":1}', "protocol.invalid_message"),
    ('{"type":"start_game","seq":1.0}', "protocol.invalid_message"),
    ('{"type":"start_game","seq":NaN}', "protocol.invalid_message"),
    ('{"type":"start_game","seq":Infinity}', "protocol.invalid_message"),
    ('{"type":"start_game","seq":"0"}', "protocol.invalid_message"),
    ('{"type":"start_game"}', "protocol.invalid_message"),
    ('{"type":"kick","player_id":"\\ud800"}', "protocol.invalid_message"),  # lone surrogate
    ('{"type":"kick","player_id":"\\udc00x"}', "protocol.invalid_message"),
    ('{"type":"kick","player_id":"\\u0000"}', "text.control_characters"),
    ('{"type":"kick","player_id":"p\\u202e1"}', "text.control_characters"),
    ('{"type":"kick","player_id":["p2"]}', "protocol.invalid_message"),
    (
        '{"type":"update_settings","seq":0,"changes":{"vote_seconds":1e2}}',
        "protocol.invalid_message",
    ),
    ('{"type":"update_settings","seq":0,"changes":{"mr_white":1}}', "protocol.invalid_message"),
    ('{"type":"update_settings","seq":0,"changes":{"seed":1}}', "protocol.invalid_message"),
    ('{"type":"update_settings","seq":0,"changes":{"vote_seconds":5}}', "settings.invalid"),
    (
        '{"type":"update_settings","seq":0,"changes":{"grade_gap":99999999999999999999}}',
        "settings.invalid",
    ),
    ("[" * 3000 + "]" * 3000, "protocol.too_large"),
    ('{"a":' * 600 + "1" + "}" * 600, "protocol.unknown_type"),  # deep, under 4 KiB
    ("[" * 2000 + "]" * 2000, "protocol.malformed_json"),  # deep array, under 4 KiB
    (_padded(4097, "a"), "protocol.too_large"),
    (_padded(4097, "é"), "protocol.too_large"),  # 2 bytes a character
    (_padded(4098, "😀"), "protocol.too_large"),  # 4 bytes a character: 1024 chars
    (_padded(4096, "a"), "protocol.invalid_message"),  # exactly the limit: judged on its fields
    (_padded(4096, "é"), "protocol.invalid_message"),
    (_padded(4096, "😀"), "protocol.invalid_message"),
    ('{"type":"hello","protocol":5,"name":"again"}', "protocol.already_greeted"),
    ('{"type":"leave","type":"hello","protocol":5,"name":"dup"}', "protocol.already_greeted"),
]


@pytest.mark.parametrize(("frame", "code"), HOSTILE, ids=lambda v: repr(v)[:40])
def test_hostile_frame_is_refused_to_its_sender_only(
    server: Server, frame: str | bytes, code: str
) -> None:
    async def play() -> tuple[Json, Json, Json, Conn]:
        table = await Table.seat(server, 3)
        host, witness = table.conns[0], table.conns[1]
        before = witness.view
        seen = len(witness.frames)
        answer = await host.error_after(frame)
        # The connection still works: a legal frame after it is applied.
        applied = await host.request({"type": "set_lock", "locked": True})
        await witness.until_view(lambda v: v["settings"]["locked"])
        between = witness.frames[seen:-1]
        after = witness.view
        for conn in table.conns:
            await conn.close()
        assert between == [], "the other players heard of the refused frame"
        return answer, applied, before, after

    answer, applied, before, after = run(play())
    assert answer["code"] == code, answer
    assert answer["fatal"] is False
    assert applied["type"] == "view"
    assert after["players"] == before["players"]
    assert {**after["settings"], "locked": False} == before["settings"]


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ('{"type":"leave"}', "protocol.hello_required"),
        ('{"type":"kick","player_id":"p1"}', "protocol.hello_required"),
        ('{"type":"hello","protocol":5,"token":"x","name":null}', "token.unknown"),
        ('{"type":"hello","protocol":5,"token":"' + "A" * 43 + '"}', "token.unknown"),
        ('{"type":"hello","protocol":5,"name":"' + "x" * 201 + '"}', "name.too_long"),
        ('{"type":"hello","protocol":5,"name":"ok","lang":"de"}', "protocol.invalid_message"),
        ('{"type":"hello","protocol":"2","name":"ok"}', "protocol.invalid_message"),
        ('{"type":"hello","name":"ok"}', "protocol.invalid_message"),
        ('{"type":"give_clue","seq":1,"text":"a\\u0007"}', "protocol.hello_required"),
        ('{"type":"hello","protocol":1,"name":"ok"}', "protocol.outdated"),
        ('{"type":"hello","protocol":2,"name":"ok"}', "protocol.outdated"),
        ('{"type":"hello","protocol":3,"name":"ok"}', "protocol.outdated"),  # no players_patch
        ('{"type":"hello","protocol":4,"name":"ok"}', "protocol.outdated"),  # reads last_vote
        ('{"type":"hello","protocol":6,"name":"ok"}', "protocol.outdated"),
    ],
)
def test_hostile_hello(server: Server, frame: str, code: str) -> None:
    async def play() -> tuple[Json, Conn]:
        room = await server.create_room()
        conn = await Conn.open(server.base_url, room)
        answer = await conn.error_after(frame)
        if not answer["fatal"]:
            retry = await conn.hello("Qiv")  # a refused hello may be retried
            assert retry["type"] == "welcome", retry
        else:
            with pytest.raises(ConnectionError):
                await conn.wait_for(lambda f: False)
        await conn.close()
        return answer, conn

    answer, conn = run(play())
    assert answer["code"] == code
    assert answer["fatal"] == (code == "protocol.outdated")
    if answer["fatal"]:
        assert conn.close_code == 4426


def test_outdated_protocol_closes_with_4426(server: Server) -> None:
    async def play() -> Conn:
        room = await server.create_room()
        conn = await Conn.open(server.base_url, room)
        await conn.send({"type": "hello", "protocol": 0, "name": "Qiv"})
        with pytest.raises(ConnectionError):
            await conn.wait_for(lambda f: False)
        return conn

    conn = run(play())
    assert conn.frames[-1]["code"] == "protocol.outdated"
    assert conn.close_code == 4426


@pytest.mark.parametrize(
    "changes",
    [
        {"themes": ["<img src=x onerror=alert(1)>"]},
        {"franchises": ["\u3164"]},
        {"themes": ["a\u200bb"]},
    ],
)
def test_settings_accept_only_catalog_ids(server: Server, changes: Json) -> None:
    async def play() -> Json:
        table = await Table.seat(server, 3)
        frame = {"type": "update_settings", "seq": 0, "changes": changes}
        answer = await table.conns[0].request(frame)
        for conn in table.conns:
            await conn.close()
        return answer

    answer = run(play())
    assert answer["type"] == "error"
    assert answer["code"] == "settings.invalid"
