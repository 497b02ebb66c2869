"""The runner and the room around one table: boards (a shared screen with no seat), several
seats on one device (a socket each), and ghosts whose opt-in reaches no one else."""

from __future__ import annotations

import json
from pathlib import Path

from tests.engine.content import DECK
from tests.hosts.runner_host import Host, play_turn, seated
from undercover.engine.view import view_for
from undercover.hosts.runner import MAX_BOARDS

BOARD_HELLO = {"type": "hello", "protocol": 5, "token": None, "name": None, "board": True}


def open_board(host: Host) -> str:
    conn = host.open()
    host.send(conn, BOARD_HELLO)
    return conn


def test_a_board_takes_no_seat_gets_no_token_and_sees_the_spectators_view(
    tmp_path: Path,
) -> None:
    host = seated(tmp_path, 4)
    board = open_board(host)
    assert [m["type"] for m in host.received[board]] == ["view"]  # no welcome, no token
    assert len(host.view("joueur1")["players"]) == 4
    while host.view("joueur1")["phase"] != "voting":
        play_turn(host)
    room = host.runner.room()
    assert room is not None
    frames = [m for m in host.received[board] if m["type"] == "view"]
    assert len(frames) > 5  # it follows the game by itself
    expected = json.loads(json.dumps(view_for(room, None, host.now, DECK)))
    assert frames[-1]["view"] == expected


def test_a_board_cannot_act_and_boards_are_capped(tmp_path: Path) -> None:
    host = seated(tmp_path, 3)
    board = open_board(host)
    host.send(board, {"type": "start_game", "seq": 0})
    assert host.last(board, "error")["code"] == "room.not_seated"
    for _ in range(MAX_BOARDS - 1):
        open_board(host)
    extra = open_board(host)
    assert host.last(extra, "error")["code"] == "room.full"


def test_one_device_holds_several_seats_each_on_its_own_socket(tmp_path: Path) -> None:
    host = seated(tmp_path, 3)
    conns = [host.join(name) for name in ("Léa", "Max")]  # the same phone, two sockets
    ids = {host.connections[c] for c in conns}
    assert len(ids) == 2
    assert None not in ids
    for conn in conns:
        host.drop(conn)  # the phone's network goes: both seats drop together
    players = {p["nickname"]: p["connected"] for p in host.view("joueur1")["players"]}
    assert (players["Léa"], players["Max"]) == (False, False)


def test_a_ghosts_opt_in_sends_no_frame_to_anyone_else(tmp_path: Path) -> None:
    host = seated(tmp_path, 9)  # two undercovers: the first elimination does not end it
    board = open_board(host)

    def ghost_to_be() -> str | None:
        return next((n for n in host.conn_of if host.view(n)["me"]["can_become_ghost"]), None)

    while (name := ghost_to_be()) is None:
        assert play_turn(host), "the game ended before anyone could become a ghost"
    sent = len(host.log)
    host.command(name, {"type": "become_ghost", "winner": "civilians", "undercover": None})
    assert {conn for conn, _ in host.log[sent:]} == {host.conn_of[name]}
    assert host.view(name)["me"]["ghost"]["bet"] == {"winner": "civilians", "undercover": None}
    assert host.last(board, "view")["view"]["me"]["ghost"] is None
