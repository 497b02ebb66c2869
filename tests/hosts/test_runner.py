"""The runner shared by both hosts, driven through a real sqlite3 file by a fake host.

`Host` plays the part of hosts/local/ or the Durable Object: it keeps the sockets'
bindings, carries out every `Outbox` (frames, closes, the one alarm) and, with
`hibernate=True`, builds a fresh `RoomRunner` for every call, as after hibernation.
"""

from __future__ import annotations

import json
import logging
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.content import DECK
from tests.hosts.runner_host import (
    CODE,
    START,
    Host,
    names_by_id,
    play_to_the_end,
    play_turn,
    seated,
)
from undercover.engine.deadlines import next_deadline
from undercover.engine.phases import clues as clues_phase
from undercover.engine.state import Room
from undercover.engine.view import view_for
from undercover.hosts import store
from undercover.hosts.runner import RoomRunner
from undercover.hosts.store import SqliteDatabase
from undercover.rules import Role
from undercover.rules.errors import server_error
from undercover.wire.frames import Frames, render_views
from undercover.wire.protocol import CloseCode

# --- joining and the hello ------------------------------------------------------------


def test_a_hello_gets_a_welcome_then_a_view(tmp_path: Path) -> None:
    host = Host(tmp_path / "room.sqlite3")
    conn = host.join("Zoé")
    welcome, view = host.received[conn]
    assert welcome == {
        "type": "welcome",
        "protocol": 5,
        "player_id": "p1",
        "token": welcome["token"],
    }
    assert view["type"] == "view"
    assert view["view"]["me"]["player_id"] == "p1"
    assert view["view"]["host"] == "p1"
    assert host.connections[conn] == "p1"


def test_the_token_goes_to_its_owner_only(tmp_path: Path) -> None:
    host = seated(tmp_path, 3)
    for name, token in host.tokens.items():
        for conn, frame in host.log:
            if conn != host.conn_of[name]:
                assert token not in frame
        assert token not in json.dumps(host.stored())


def test_views_carry_the_revision_which_only_grows(tmp_path: Path) -> None:
    host = seated(tmp_path, 3)
    seqs = [m["seq"] for m in host.received[host.conn_of["joueur1"]] if m["type"] == "view"]
    assert seqs == sorted(seqs)
    assert len(set(seqs)) == len(seqs)


def test_a_command_before_hello_is_refused(tmp_path: Path) -> None:
    host = Host(tmp_path / "room.sqlite3")
    conn = host.open()
    host.send(conn, {"type": "leave"})
    assert host.last(conn, "error")["code"] == "protocol.hello_required"


@pytest.mark.parametrize(
    "frame",
    [
        '{"type": "give_clue", "seq": 1, "text": "a\\u0007b"}',
        '{"type": "cast_vote", "seq": "1", "target": null}',
    ],
)
def test_a_malformed_command_before_hello_is_asked_for_the_hello(
    tmp_path: Path, frame: str
) -> None:
    host = Host(tmp_path / "room.sqlite3")
    conn = host.open()
    host.send(conn, frame)
    assert host.last(conn, "error")["code"] == "protocol.hello_required"


def test_a_clue_too_long_for_the_rules_gets_their_code(tmp_path: Path) -> None:
    host = seated(tmp_path, 3)
    while host.view("joueur1")["phase"] != "clues":
        play_turn(host)
    view = host.view("joueur1")
    speaker = names_by_id(host)[view["game"]["speaker"]]
    host.command(speaker, {"type": "give_clue", "seq": view["phase_seq"], "text": "x" * 300})
    assert host.last(host.conn_of[speaker], "error")["code"] == "clue.too_long"


def test_a_second_hello_on_one_socket_is_refused(tmp_path: Path) -> None:
    host = seated(tmp_path, 1)
    conn = host.conn_of["joueur1"]
    host.send(conn, {"type": "hello", "protocol": 5, "name": "encore"})
    assert host.last(conn, "error")["code"] == "protocol.already_greeted"


def test_an_outdated_client_is_told_to_reload_and_closed(tmp_path: Path) -> None:
    host = Host(tmp_path / "room.sqlite3")
    conn = host.open()
    host.send(conn, {"type": "hello", "protocol": 0, "name": "Zoé"})
    assert host.last(conn, "error") | {"message": ""} == {
        "type": "error",
        "code": "protocol.outdated",
        "message": "",
        "fatal": True,
    }
    assert host.closed[conn][0] == CloseCode.OUTDATED


def test_a_taken_name_can_be_retried_on_the_same_socket(tmp_path: Path) -> None:
    host = seated(tmp_path, 1)
    conn = host.open()
    host.send(conn, {"type": "hello", "protocol": 5, "name": "JOUEUR1"})
    assert host.last(conn, "error")["code"] == "name.taken"
    assert host.connections[conn] is None
    host.send(conn, {"type": "hello", "protocol": 5, "name": "Zoé"})
    assert host.connections[conn] == "p2"


def test_an_unknown_token_with_a_name_joins_as_a_new_player(tmp_path: Path) -> None:
    host = Host(tmp_path / "room.sqlite3")
    conn = host.open()
    stale = "x" * 43
    host.send(conn, {"type": "hello", "protocol": 5, "token": stale, "name": "Zoé"})
    welcome = host.last(conn, "welcome")
    assert welcome["player_id"] == "p1"
    assert welcome["token"] != stale


def test_an_unknown_token_without_a_name_asks_for_one(tmp_path: Path) -> None:
    host = Host(tmp_path / "room.sqlite3")
    conn = host.open()
    host.send(conn, {"type": "hello", "protocol": 5, "token": "x" * 43})
    assert host.last(conn, "error")["code"] == "token.unknown"
    assert conn not in host.closed


def test_an_unknown_room_is_fatal(tmp_path: Path) -> None:
    runner = RoomRunner(SqliteDatabase(tmp_path / "none.sqlite3"), "NOPE1", deck=DECK)
    assert not runner.exists()
    outbox = runner.on_frame(
        "c1", {"c1": None}, '{"type":"hello","protocol":5,"name":"a"}', 0.0, "t" * 43
    )
    assert json.loads(outbox.frames[0][1])["code"] == "room.not_found"
    assert outbox.closes == (("c1", CloseCode.ROOM_NOT_FOUND, "room.not_found"),)


def test_probing_an_unknown_code_writes_nothing(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "probe.sqlite3")
    runner = RoomRunner(db, "NOPE1", deck=DECK)
    assert not runner.exists()
    assert runner.summary(START)["status"] == "unknown"
    runner.on_frame("c1", {"c1": None}, '{"type":"hello","protocol":5,"name":"a"}', START, "t" * 43)
    runner.on_alarm({}, START)
    assert db.execute("SELECT name FROM sqlite_master") == []
    assert db.rows_written == 0


def test_a_room_is_created_once(tmp_path: Path) -> None:
    host = Host(tmp_path / "room.sqlite3")
    with pytest.raises(ValueError, match="exists"):
        RoomRunner.create(host.db, CODE, START, seed=1, deck=DECK)


def test_the_summary_tells_lobby_running_and_players(tmp_path: Path) -> None:
    host = seated(tmp_path, 3)
    assert host.runner.summary(host.now) == {"code": CODE, "status": "lobby", "players": 3}
    host.command("joueur1", {"type": "set_lock", "locked": True})
    assert host.runner.summary(host.now)["status"] == "full"
    host.command("joueur1", {"type": "set_lock", "locked": False})
    host.command("joueur1", {"type": "start_game", "seq": host.view("joueur1")["phase_seq"]})
    assert host.runner.summary(host.now) == {"code": CODE, "status": "running", "players": 3}
    assert RoomRunner(host.db, "OTHER", deck=DECK).summary(host.now)["status"] == "running"
    empty = RoomRunner(SqliteDatabase(tmp_path / "none.sqlite3"), "NOPE1", deck=DECK)
    assert empty.summary(host.now) == {"code": "NOPE1", "status": "unknown", "players": 0}


# --- reconnection, replacement, kicks -------------------------------------------------


def test_a_second_connection_with_the_token_replaces_the_first(tmp_path: Path) -> None:
    host = seated(tmp_path, 3)
    old = host.conn_of["joueur2"]
    new = host.rejoin("joueur2")
    assert host.last(old, "closed") == {"type": "closed", "reason": "replaced"}
    assert host.closed[old][0] == CloseCode.REPLACED
    assert host.connections[new] == "p2"
    assert old not in host.connections
    assert host.last(new, "welcome")["token"] == host.tokens["joueur2"]
    host.drop(old)  # the host reports the replaced socket's close afterwards: harmless
    assert host.view("joueur2")["players"][1]["connected"] is True


def test_reconnecting_after_a_drop_takes_back_the_seat_mid_game(tmp_path: Path) -> None:
    host = seated(tmp_path, 4)
    play_turn(host)  # start
    before = host.view("joueur3")["me"]
    host.drop(host.conn_of["joueur3"])
    assert host.view("joueur1")["players"][2]["connected"] is False
    host.rejoin("joueur3")
    assert host.view("joueur3")["me"] == before
    assert host.view("joueur1")["players"][2]["connected"] is True


def test_a_kicked_player_is_told_closed_and_refused_for_good(tmp_path: Path) -> None:
    host = seated(tmp_path, 4)
    play_turn(host)
    victim = host.conn_of["joueur4"]
    host.command("joueur1", {"type": "kick", "player_id": "p4"})
    assert host.last(victim, "closed") == {"type": "closed", "reason": "kicked"}
    assert host.closed[victim][0] == CloseCode.KICKED
    again = host.rejoin("joueur4")
    assert host.last(again, "error")["code"] == "token.banned"
    assert host.last(again, "error")["fatal"] is True
    assert host.closed[again][0] == CloseCode.KICKED


def test_the_host_can_tell_a_seat_s_hello_before_the_room_hears_it(tmp_path: Path) -> None:
    """What the look-up limit asks (admission.Door): never charge a seat's reconnection."""
    host = seated(tmp_path, 4)
    host.command("joueur1", {"type": "kick", "player_id": "p4"})

    def hello(token: object, **extra: object) -> str:
        return json.dumps({"type": "hello", "protocol": 5, "token": token, **extra})

    runner = host._runner()
    assert runner.greets_a_seat(hello(host.tokens["joueur2"]))
    assert runner.greets_a_seat(hello(host.tokens["joueur4"]))  # kicked: told so, not limited
    for text in (
        hello("t" * 43),  # no seat
        hello(None, name="Zoé"),  # a newcomer
        json.dumps({"type": "vote", "token": host.tokens["joueur2"]}),  # not a hello
        hello(host.tokens["joueur2"], protocol=1),  # not a hello this server reads
        "not json",
        b"\x00",
    ):
        assert not runner.greets_a_seat(text), text
    assert not RoomRunner(
        SqliteDatabase(tmp_path / "none.sqlite3"), "NONE", deck=DECK
    ).greets_a_seat(hello(host.tokens["joueur2"]))


def test_leaving_the_lobby_frees_the_seat_and_closes_the_socket(tmp_path: Path) -> None:
    host = seated(tmp_path, 3)
    conn = host.conn_of["joueur3"]
    host.command("joueur3", {"type": "leave"})
    assert host.last(conn, "closed") == {"type": "closed", "reason": "left"}
    assert host.closed[conn][0] == CloseCode.NORMAL
    assert [p["player_id"] for p in host.view("joueur1")["players"]] == ["p1", "p2"]


# --- refusals change nothing ------------------------------------------------------------


HOSTILE: list[str | bytes] = [
    b"\x00\x01",
    "not json",
    "[]",
    '{"type": "nope"}',
    '{"type": "cast_vote", "seq": 1}',
    '{"type": "leave", "extra": 1}',
    '{"type": "give_clue", "seq": "1", "text": "a"}',
    '{"type": "give_clue", "seq": 1, "text": "' + "a" * 5000 + '"}',
    '{"type": "give_clue", "seq": 1, "text": "a\\u0000"}',
    '{"type": "give_clue", "seq": 2, "text": "<script>"}',
    '{"type": "start_game", "seq": 99}',
    '{"type": "kick", "player_id": "p9"}',
    '{"type": "time_passed"}',
    '{"type": "hello", "protocol": 5, "name": "x"}',
]


@pytest.mark.parametrize("frame", HOSTILE)
def test_a_refused_frame_answers_only_its_sender_and_writes_nothing(
    tmp_path: Path, frame: str | bytes
) -> None:
    host = seated(tmp_path, 3)
    stored, written = host.stored(), host.db.rows_written
    outbox = host.send(host.conn_of["joueur2"], frame)
    assert [conn for conn, _ in outbox.frames] == [host.conn_of["joueur2"]]
    assert json.loads(outbox.frames[0][1])["type"] == "error"
    assert host.stored() == stored
    assert host.db.rows_written == written


def in_clues_with_one_eliminated(tmp_path: Path) -> Host:
    """Six players, a first vote done: someone is out and the second round of clues runs."""
    host = seated(tmp_path, 6)
    for _ in range(200):
        view = host.view("joueur1")
        if view["phase"] == "clues" and view["game"]["eliminated"]:
            return host
        room = host.runner.room()
        assert room is not None
        civilian = None
        if room.game is not None:
            civilian = next(p for p in room.game.alive if room.game.roles[p] is Role.CIVILIAN)
        assert play_turn(host, suspect=civilian)
    raise AssertionError("no second round of clues")


def sender_for(host: Host, who: str) -> str:
    view = host.view("joueur1")
    game = view["game"]
    by_id = names_by_id(host)
    out = game["eliminated"][0]["player_id"]
    alive_others = [p for p in game["alive"] if p not in (game["speaker"], view["host"])]
    return {
        "speaker": by_id[game["speaker"]],
        "not_speaker": by_id[alive_others[0]],
        "eliminated": by_id[out],
        "not_host": by_id[alive_others[0]],
        "host": by_id[view["host"]],
    }[who]


@pytest.mark.parametrize(
    ("who", "message", "code"),
    [
        ("not_speaker", {"type": "give_clue", "text": "moi"}, "clue.not_your_turn"),
        ("eliminated", {"type": "give_clue", "text": "moi"}, "clue.not_your_turn"),
        ("speaker", {"type": "cast_vote", "target": None}, "vote.not_in_voting"),
        ("not_host", {"type": "kick", "player_id": "p1"}, "room.not_host"),
        ("not_host", {"type": "set_lock", "locked": True}, "room.not_host"),
        ("not_host", {"type": "start_game"}, "room.not_host"),
        ("host", {"type": "start_game"}, "start.not_in_lobby"),
        ("host", {"type": "update_settings", "changes": {}}, "settings.not_in_lobby"),
        ("host", {"type": "rematch"}, "rematch.not_ended"),
        ("speaker", {"type": "give_clue", "text": "<i>x</i>"}, "clue.markup"),
        ("speaker", {"type": "give_clue", "text": "x", "seq": -1}, "seq.stale"),
        ("not_host", {"type": "rematch"}, "room.not_host"),
    ],
)
def test_a_move_not_allowed_now_is_refused_to_its_sender_only_mid_game(
    tmp_path: Path, who: str, message: dict[str, Any], code: str
) -> None:
    host = in_clues_with_one_eliminated(tmp_path)
    name = sender_for(host, who)
    seq = host.view("joueur1")["phase_seq"]
    frame = {"seq": seq, **message} if message["type"] not in ("kick", "set_lock") else message
    stored, written = host.stored(), host.db.rows_written
    outbox = host.command(name, frame)
    assert [conn for conn, _ in outbox.frames] == [host.conn_of[name]]
    assert json.loads(outbox.frames[0][1])["code"] == code
    assert host.stored() == stored
    assert host.db.rows_written == written
    assert outbox.alarm_at == host.alarm_at is not None


def test_our_own_bug_is_logged_without_secrets_and_nothing_is_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    host = seated(tmp_path, 3)
    stored = host.stored()

    def broken(*args: object) -> None:
        raise RuntimeError("secret word Zorbalin and token " + host.tokens["joueur1"])

    monkeypatch.setattr("undercover.hosts.runner.apply", broken)
    outbox = host.command("joueur2", {"type": "give_clue", "seq": 0, "text": "a"})
    assert outbox.frames == ((host.conn_of["joueur2"], outbox.frames[0][1]),)
    assert json.loads(outbox.frames[0][1])["code"] == "server.internal"
    assert host.stored() == stored
    assert "ROOMS" in caplog.text
    assert "RuntimeError" in caplog.text
    assert "Zorbalin" not in caplog.text
    assert host.tokens["joueur1"] not in caplog.text


# --- whole games, storage and rebuilds ------------------------------------------------


def test_a_whole_game_through_the_runner_with_at_most_one_row_per_input(tmp_path: Path) -> None:
    host = seated(tmp_path, 6)
    rows = host.db.rows_written
    inputs = 0
    while play_turn(host):
        inputs += 1
        assert host.db.rows_written - rows <= 1
        rows = host.db.rows_written
    assert inputs > 10
    final = host.view("joueur1")
    assert final["phase"] == "ended"
    assert final["game"]["outcome"] is not None
    assert final["scoreboard"]["games"] == 1


def mr_white(host: Host) -> str | None:
    room = host.runner.room()
    assert room is not None
    assert room.game is not None
    return next((p for p, role in room.game.roles.items() if role is Role.MR_WHITE), None)


@pytest.mark.parametrize(
    ("changes", "phases"),
    [
        ({}, {"lobby", "role_reveal", "clues", "voting", "reveal", "ended"}),
        (
            {"mr_white": True},
            {"lobby", "role_reveal", "clues", "voting", "reveal", "guess", "ended"},
        ),
        (
            {"mode": "grade", "mr_white": True, "clue_rounds_per_vote": 2},
            {"lobby", "role_reveal", "clues", "voting", "reveal", "guess", "ended"},
        ),
    ],
)
def test_rebuilding_from_storage_gives_the_same_views_and_deadline_at_every_step(
    tmp_path: Path, changes: dict[str, Any], phases: set[str]
) -> None:
    host = seated(tmp_path, 5)
    host.command("joueur1", {"type": "update_settings", "seq": 0, "changes": changes})
    viewers: list[str | None] = [*names_by_id(host), None]
    seen = set()
    suspect = None
    for _ in range(500):
        live = host.runner.room()
        rebuilt = RoomRunner(SqliteDatabase(host.path), CODE, deck=DECK).room()
        assert rebuilt is not None
        assert live is not None
        assert render_views(rebuilt, viewers, host.now, DECK) == render_views(
            live, viewers, host.now, DECK
        )
        assert next_deadline(rebuilt) == next_deadline(live) == host.alarm_at
        saved = store.read(host.db)
        assert saved is not None
        assert saved.doc == store.document(live)  # the writer's reuse changes no byte
        seen.add(live.phase.kind)
        if live.game is not None:
            suspect = mr_white(host)
        if not play_turn(host, suspect):
            break
    else:
        raise AssertionError("the game did not end")
    assert seen == phases


def test_a_grade_game_with_mr_white_plays_through_the_runner(tmp_path: Path) -> None:
    host = seated(tmp_path, 6)
    changes = {"mode": "grade", "mr_white": True}
    host.command("joueur1", {"type": "update_settings", "seq": 0, "changes": changes})
    play_to_the_end(host)
    end = host.view("joueur2")["game"]["end"]
    assert end["grades"] is not None
    assert any(entry["kind"] == "theme" for entry in host.view("joueur2")["game"]["recap"])


def test_every_view_frame_is_view_for_that_player(tmp_path: Path) -> None:
    host = seated(tmp_path, 5)
    while host.view("joueur1")["phase"] != "voting":
        play_turn(host)
    room = host.runner.room()
    assert room is not None
    for name in host.conn_of:
        frame = host.last(host.conn_of[name], "view")
        expected = json.loads(json.dumps(view_for(room, host.player_id(name), host.now, DECK)))
        assert frame["view"] == expected


def test_every_frame_is_ascii_and_reads_back_as_the_accented_text(tmp_path: Path) -> None:
    host = Host(tmp_path / "room.sqlite3")
    for name in ("Zoé", "Jérôme", "Ana 🎲", "Øyvind", "Noël"):
        host.join(name)
    while host.view("Zoé")["phase"] != "voting":
        play_turn(host)
    assert host.log
    assert all(frame.isascii() for _, frame in host.log)
    assert "Jérôme" in [p["nickname"] for p in host.view("Zoé")["players"]]
    assert "Ana 🎲" in [p["nickname"] for p in host.view("Noël")["players"]]
    assert host.stored()["seats"][0]["nickname"] == "Zoé"


def test_a_runner_reads_again_after_another_runner_saved(tmp_path: Path) -> None:
    host = seated(tmp_path, 3)
    other = RoomRunner(SqliteDatabase(host.path), CODE, deck=DECK)
    assert other.summary(host.now)["players"] == 3  # read once, then held in memory
    host.join("joueur4")
    assert other.summary(host.now)["players"] == 4  # the revision moved: read again


def test_a_sole_writer_trusts_the_room_it_holds_without_reading_the_revision(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    host = seated(tmp_path, 3)
    sole = RoomRunner(SqliteDatabase(host.path), CODE, deck=DECK, sole_writer=True)
    assert sole.summary(host.now)["players"] == 3  # read once, then held in memory
    reads: list[object] = []
    monkeypatch.setattr(store, "read_revision", lambda db: reads.append(db))
    assert sole.summary(host.now)["players"] == 3
    assert reads == []  # a Durable Object's room is written by its one instance only
    other = RoomRunner(SqliteDatabase(host.path), CODE, deck=DECK)
    other.summary(host.now)
    other.summary(host.now)
    assert len(reads) == 1  # any other runner checks what it holds against the store


def test_a_hibernating_host_gives_players_exactly_what_a_warm_one_gives(tmp_path: Path) -> None:
    held, fulls, sizes = [], [], []
    for hibernate in (False, True):
        (tmp_path / str(hibernate)).mkdir()
        host = seated(tmp_path / str(hibernate), 5, hibernate=hibernate)
        play_to_the_end(host)
        held.append(
            {
                conn: [
                    {**m, "recap_from": None, "full": None}
                    for m in messages
                    if m["type"] != "welcome"
                ]
                for conn, messages in host.received.items()
            }
        )
        views = [json.loads(frame) for _, frame in host.log]
        fulls.append({m["full"] for m in views if m["type"] == "view"})
        sizes.append(sum(len(frame) for _, frame in host.log))
    assert held[0] == held[1]  # the same views, once each frame is put back together
    assert fulls[1] == {True}  # a runner built afresh knows no socket: whole views
    assert fulls[0] == {True, False}  # the warm one sends only what changed
    assert sizes[0] < sizes[1] / 3


def test_a_woken_sole_writer_sends_only_what_changed_since_the_stored_room(
    tmp_path: Path,
) -> None:
    """A Durable Object rebuilt at every call (each call a wake) sends each socket the changes
    since the room it stored, which every socket was sent: the same views as a warm host."""
    held, logs = [], []
    for hibernate in (False, True):
        (tmp_path / str(hibernate)).mkdir()
        host = seated(tmp_path / str(hibernate), 5, hibernate=hibernate, sole_writer=True)
        play_to_the_end(host)
        held.append(
            {
                conn: [{**m, "recap_from": None} for m in messages if m["type"] == "view"]
                for conn, messages in host.received.items()
            }
        )
        logs.append([json.loads(frame) for _, frame in host.log])
    assert held[0] == held[1]
    woken = [m for m in logs[1] if m["type"] == "view"]
    assert sum(m["full"] for m in woken) == 5  # one whole view per socket: after its hello
    assert len(woken) == len([m for m in logs[0] if m["type"] == "view"])


def test_a_socket_is_sent_only_the_recap_entries_it_lacks(tmp_path: Path) -> None:
    host = seated(tmp_path, 4)
    while not host.view("joueur1")["game"] or len(host.view("joueur1")["game"]["recap"]) < 3:
        play_turn(host)
    late = host.rejoin("joueur2")  # a new socket: its first view carries the whole recap
    first = next(m for m in host.received[late] if m["type"] == "view")
    assert first["recap_from"] == 0
    assert first["view"]["game"]["recap"] == host.view("joueur1")["game"]["recap"]
    log_start = len(host.log)
    play_turn(host)
    for conn, frame in host.log[log_start:]:
        message = json.loads(frame)
        if message["type"] == "view":
            held = host.received[conn][-2]["view"]["game"]["recap"]
            assert message["recap_from"] == len(held)  # only the entries after those held
    room = host.runner.room()
    assert room is not None
    for name in host.conn_of:
        expected = json.loads(json.dumps(view_for(room, host.player_id(name), host.now, DECK)))
        assert host.view(name) == expected


def test_a_restart_extends_deadlines_and_players_come_back(tmp_path: Path) -> None:
    host = seated(tmp_path, 4)
    while host.view("joueur1")["phase"] != "clues":
        play_turn(host)
    host.now += 50
    outbox = host.restart()
    assert outbox.alarm_at is not None
    assert outbox.alarm_at >= host.now + 15
    for name in list(host.tokens):
        host.rejoin(name)
    assert host.view("joueur1")["phase"] == "clues"
    assert all(p["connected"] for p in host.view("joueur1")["players"])
    play_to_the_end(host)


def test_a_redeploy_with_sockets_still_open_sends_everyone_a_view(tmp_path: Path) -> None:
    host = seated(tmp_path, 4)
    while host.view("joueur1")["phase"] != "voting":
        play_turn(host)
    host.now += 80  # the vote timer (90 s) has 10 s left
    host.runner = RoomRunner(SqliteDatabase(host.path), CODE, deck=DECK)
    outbox = host.carry_out(host.runner.on_restart(dict(host.connections), host.now))
    assert sorted(conn for conn, _ in outbox.frames) == sorted(host.connections)
    assert outbox.alarm_at is not None
    assert outbox.alarm_at >= host.now + 15
    assert host.view("joueur2")["deadline"] == outbox.alarm_at


def test_alarms_early_late_or_twice_are_harmless(tmp_path: Path) -> None:
    host = seated(tmp_path, 4)
    while host.view("joueur1")["phase"] != "clues":
        play_turn(host)
    stored = host.stored()
    assert host.alarm_at is not None
    host.carry_out(host.runner.on_alarm(dict(host.connections), host.alarm_at - 1))
    assert host.stored() == stored
    host.fire_alarm()
    after = host.stored()
    assert after != stored
    host.carry_out(host.runner.on_alarm(dict(host.connections), host.now))
    assert host.stored() == after


def test_an_empty_room_is_deleted_after_the_idle_delay(tmp_path: Path) -> None:
    host = seated(tmp_path, 2)
    for name in list(host.conn_of):
        host.drop(host.conn_of[name])
    assert host.alarm_at is not None
    outbox = host.fire_alarm()
    assert outbox.delete_room
    assert not RoomRunner(SqliteDatabase(host.path), CODE, deck=DECK).exists()


# --- fuzz: hostile frames between legal moves -----------------------------------------

FIELDS = [
    "type",
    "seq",
    "text",
    "target",
    "player_id",
    "locked",
    "changes",
    "protocol",
    "name",
    "token",
]
TYPES = [
    "hello",
    "leave",
    "update_settings",
    "set_lock",
    "start_game",
    "confirm_role",
    "give_clue",
    "propose_theme",
    "cast_vote",
    "guess",
    "kick",
    "rematch",
    "time_passed",
    "join",
    "",
]
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 40)
    | st.sampled_from(["p1", "p2", "p3", "p9", "<b>x</b>", "a\x00b", "\u202e", "é" * 30])
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)
HOSTILE_FRAMES = st.one_of(
    st.text(max_size=40),
    st.binary(max_size=16),
    st.sampled_from(HOSTILE),
    st.builds(
        lambda kind, fields: json.dumps({**fields, "type": kind}),
        st.sampled_from(TYPES),
        st.dictionaries(st.sampled_from(FIELDS[1:]), JSON_VALUES, max_size=3),
    ),
)


@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_hostile_frames_between_legal_moves_never_corrupt_the_room(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as directory:
        host = seated(Path(directory), 5)
        stranger = host.open()
        for _ in range(600):
            for _ in range(data.draw(st.integers(0, 2), label="hostile frames")):
                live = [stranger, *(c for c in host.connections if host.connections[c])]
                sender = data.draw(st.sampled_from(live), label="sender")
                frame = data.draw(HOSTILE_FRAMES, label="frame")
                before, rows = host.stored(), host.db.rows_written
                outbox = host.send(sender, frame)
                assert host.db.rows_written - rows <= 1
                stored = host.stored()  # always a valid room document
                assert Room.model_validate(stored) == host.runner.room()
                if any(json.loads(f)["type"] == "error" for _, f in outbox.frames):
                    assert [conn for conn, _ in outbox.frames] == [sender]
                    assert stored == before
                if host.connections.get(stranger) is not None or stranger in host.closed:
                    stranger = host.open()  # it said a valid hello, or was closed: a new one
                for name, conn in list(host.conn_of.items()):
                    if conn in host.closed and host.closed[conn][0] != CloseCode.KICKED:
                        host.rejoin(name)  # as the client does after an unexpected close
            if not play_turn(host):
                assert host.view(next(iter(names_by_id(host).values())))["phase"] == "ended"
                return
        raise AssertionError("the game did not end")


def test_an_input_that_changes_nothing_saves_and_serialises_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    host = seated(tmp_path, 4)
    host.command("joueur1", {"type": "start_game", "seq": host.view("joueur1")["phase_seq"]})
    written = host.db.rows_written

    def no_serialising(*args: object) -> None:
        raise AssertionError("an unchanged room was serialised")

    monkeypatch.setattr(Frames, "build", no_serialising)
    monkeypatch.setattr(store.RoomWriter, "dump", no_serialising)
    outbox = host.carry_out(host.runner.on_alarm(dict(host.connections), host.now))  # too early
    assert outbox.frames == ()
    assert host.db.rows_written == written


def test_a_client_that_asks_sync_gets_a_full_view_and_nothing_changes(tmp_path: Path) -> None:
    host = seated(tmp_path, 3)
    conn = host.conn_of["joueur2"]
    written, before = host.db.rows_written, len(host.log)
    host.send(conn, {"type": "sync"})
    sent = [json.loads(frame) for _, frame in host.log[before:]]
    assert [(m["type"], m["full"]) for m in sent] == [("view", True)]  # to that socket alone
    assert host.log[before][0] == conn
    assert host.db.rows_written == written
    room = host.runner.room()
    assert room is not None
    assert sent[0]["view"] == json.loads(
        json.dumps(view_for(room, host.player_id("joueur2"), host.now, DECK))
    )
    host.command("joueur1", {"type": "update_settings", "seq": 0, "changes": {"mode": "grade"}})
    after = json.loads(host.log[-1][1])
    assert after["full"] is False  # and from there on, only what changed


def test_sync_before_hello_is_refused(tmp_path: Path) -> None:
    host = seated(tmp_path, 1)
    conn = host.open()
    host.send(conn, {"type": "sync"})
    assert host.received[conn][-1]["code"] == "protocol.hello_required"


def test_a_rule_our_code_broke_is_logged_and_answered_as_internal_not_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    host = seated(tmp_path, 4)
    while host.view("joueur1")["phase"] != "clues":
        play_turn(host)

    def broken(*args: object) -> None:
        raise server_error("clue.not_your_turn", "the caller passed a wrong speaker")

    monkeypatch.setattr(clues_phase, "give_clue", broken)
    speaker = host.view("joueur1")["game"]["speaker"]
    name = next(n for n in host.conn_of if host.player_id(n) == speaker)
    stored, written = host.stored(), host.db.rows_written
    with caplog.at_level(logging.ERROR, logger="undercover.runner"):
        seq = host.view(name)["phase_seq"]
        outbox = host.command(name, {"type": "give_clue", "seq": seq, "text": "rouge"})
    error = json.loads(outbox.frames[0][1])
    assert (error["type"], error["code"]) == ("error", "server.internal")
    assert host.stored() == stored
    assert host.db.rows_written == written
    assert any("ServerFault(clue.not_your_turn)" in r.getMessage() for r in caplog.records)
