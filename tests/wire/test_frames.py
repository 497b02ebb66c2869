"""wire/frames.py: every socket rebuilds `view_for` from its frames; frames carry what changed."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from tests.engine import random_games as no_leak
from tests.engine.content import DECK
from tests.engine.table import Table
from undercover.engine.effects import DeleteRoom
from undercover.engine.state import new_room
from undercover.engine.view import private_inputs, private_part, public_view, view_for
from undercover.wire import frames as frames_module
from undercover.wire.codec import read_view
from undercover.wire.frames import Frames, render_views, to_ascii_json
from undercover.wire.recap_json import RecapJson, game_key

CLUES = ['a "recap":[] clue', 'été \\ "x"', "indice"]


class Sockets:
    """One socket per seat plus a board, each holding what its frames say."""

    def __init__(self, frames: Frames) -> None:
        self.frames = frames
        self.held: dict[str, dict[str, Any]] = {}
        self.messages: list[dict[str, Any]] = []

    def send(self, table: Table, seq: int) -> None:
        room = table.room
        targets: list[tuple[str, str | None]] = [
            (f"c-{s.player_id}", s.player_id) for s in room.seats
        ]
        targets.append(("board", None))
        live = [conn for conn, _ in targets]
        sent = dict(self.frames.build(room, seq, table.now, targets, live))
        for conn, viewer in targets:
            view = view_for(room, viewer, table.now, DECK)
            text = sent.get(conn)
            if text is None:  # no frame: the socket's view changed in nothing but `now`
                assert self.held[conn] | {"now": view["now"]} == view
                continue
            assert text.isascii()  # every frame is ASCII (codec.dumps)
            message = json.loads(text)
            assert message["full"] == (conn not in self.held)  # only a socket's first frame
            self.messages.append(message)
            self.held[conn] = read_view(self.held.get(conn), message)
            assert self.held[conn] == view
            if message["full"]:  # a whole view is, byte for byte, the view's JSON
                whole = text[text.index('"view":') + 7 : -1]
                assert whole == to_ascii_json(view)


Targets = list[tuple[str, str | None]]


def clue_table(phase: str = "clues") -> tuple[Table, Frames, Targets, list[str]]:
    """A room in its clues (or `phase`), a fresh `Frames`, and one socket per seat (all live)."""
    table = Table.at(phase)
    targets: Targets = [(f"c-{s.player_id}", s.player_id) for s in table.room.seats]
    return table, Frames(DECK), targets, [conn for conn, _ in targets]


def test_every_socket_rebuilds_its_view_through_a_game_a_kick_and_other_rooms() -> None:
    """One `Frames` (and its recap cache) kept through a game, with other rooms in between."""
    sockets = Sockets(Frames(DECK))
    seq = 0

    def step(table: Table) -> None:
        nonlocal seq
        seq += 1
        sockets.send(table, seq)

    table = Table.at("clues")
    step(table)
    for round_number in range(3):
        while table.phase == "clues" and table.game.stage != "theme":
            assert table.game.speaker is not None
            table.give_clue(table.name(table.game.speaker), CLUES[round_number % len(CLUES)])
            step(table)
        if table.phase == "clues":
            table.clue_round()
            step(table)
    other = Table.at("voting", seed=11)  # another room on the same sockets: rebuilt all the same
    step(other)
    step(table)
    table.kick(next(n for n in table.alive_names if n != table.host_name))
    step(table)
    while table.phase != "ended":
        table.until_deadline()
        step(table)
    table.rematch()  # a new game: its recap starts from zero
    step(table)


def test_a_frame_carries_only_the_parts_that_changed() -> None:
    table, frames, targets, live = clue_table()
    first = [json.loads(text) for _, text in frames.build(table.room, 1, table.now, targets, live)]
    assert all(m["full"] and m["recap_from"] == 0 for m in first)
    table.give_clue(table.speaker, "rouge")
    again = [json.loads(text) for _, text in frames.build(table.room, 2, table.now, targets, live)]
    for message in again:
        assert not message["full"]
        assert "players" not in message["view"]
        assert "settings" not in message["view"]
        assert "me" not in message["view"]  # no one's own card changed
        assert message["recap_from"] == len(table.game.recap) - 1
        assert len(message["view"]["game"]["recap"]) == 1  # the new clue only
        assert "speaking_order" not in message["view"]["game"]  # of `game`, what changed
    table.tick(1)  # only the clock moved: no socket is sent a frame
    assert frames.build(table.room, 2, table.now, targets, live) == []
    table.give_clue(table.speaker, "bleu")  # the next frame carries `now` again
    (_, text), *_ = frames.build(table.room, 3, table.now, targets, live)
    assert json.loads(text)["view"]["now"] == table.now


def test_a_part_equal_to_the_last_steps_is_not_serialised_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table, frames, targets, live = clue_table()
    frames.build(table.room, 1, table.now, targets, live)
    before = public_view(table.room, table.now, DECK, with_recap=False)
    table.give_clue(table.speaker, "rouge")
    after = public_view(table.room, table.now, DECK, with_recap=False)
    changed = [key for key in after if key != "game" and after[key] != before[key]]
    changed += [key for key in after["game"] if after["game"][key] != before["game"][key]]
    serialised: list[object] = []

    def counted(value: object) -> str:
        serialised.append(value)
        return to_ascii_json(value)

    monkeypatch.setattr(frames_module, "to_ascii_json", counted)
    frames.build(table.room, 2, table.now, targets, live)
    assert changed  # the clue changed some parts,
    assert "players" not in changed  # not all
    assert len(serialised) == len(changed)  # no one's `me` changed either
    serialised.clear()
    frames.build(table.room, 2, table.now, targets, live)
    assert serialised == []  # nothing changed: nothing serialised


def test_a_socket_forgotten_or_gone_gets_a_full_view_next() -> None:
    table = Table.at("voting")
    frames = Frames(DECK)
    ana = table.pid("ana")
    frames.build(table.room, 1, table.now, [("a", ana), ("b", ana)], ["a", "b"])
    frames.forget("a")
    frames.build(table.room, 2, table.now, [("a", ana)], ["a"])  # "b" closed meanwhile
    table.tick(1)  # "a" holds the view: it is sent nothing; "b" is new: a full view
    sent = frames.build(table.room, 3, table.now, [("a", ana), ("b", ana)], ["a", "b"])
    assert [(conn, json.loads(text)["full"]) for conn, text in sent] == [("b", True)]


def test_rendered_views_are_the_views_byte_for_byte() -> None:
    table = Table.at("voting")
    viewers = [seat.player_id for seat in table.room.seats] + [None]
    for viewer, text in render_views(table.room, viewers, table.now, DECK).items():
        assert text == to_ascii_json(view_for(table.room, viewer, table.now, DECK))


def test_the_recap_cache_is_keyed_by_game_and_index() -> None:
    cache = RecapJson()
    table = Table.at("clues")
    for text in CLUES:
        table.give_clue(table.speaker, text)
    recap = table.game.recap
    key = game_key(table.room)
    whole = "[" + ",".join(entry.model_dump_json(ensure_ascii=True) for entry in recap) + "]"
    assert cache.text(key, recap) == whole
    tail = "[" + ",".join(entry.model_dump_json(ensure_ascii=True) for entry in recap[2:]) + "]"
    assert cache.text(key, recap, 2) == tail
    # A rebuilt room (equal entries, other objects) reuses the texts; another game does not.
    rebuilt = type(table.room).model_validate_json(table.room.model_dump_json())
    assert rebuilt.game is not None
    assert cache.text(game_key(rebuilt), rebuilt.game.recap) == whole
    other = Table.at("clues", seed=11)
    other.give_clue(other.speaker, "autre")
    assert other.game.recap != recap
    expected = "[" + ",".join(e.model_dump_json(ensure_ascii=True) for e in other.game.recap) + "]"
    assert cache.text(game_key(other.room), other.game.recap) == expected


@pytest.mark.parametrize("game_seed", range(8))
def test_random_games_rebuild_every_view_and_equal_private_inputs_give_equal_parts(
    game_seed: int,
) -> None:
    """The random games of the no-leak property (kicks, ghosts, bots, shared phones, Mr.
    White's guess): each step's frames rebuild every view, and whenever a step keeps the
    room's private inputs equal (the frame builder then reuses every `me`), every viewer's
    private part is indeed the same."""
    rng = random.Random(game_seed)

    def pick(options: Sequence[Any]) -> Any:
        return rng.choice(options)

    table, checked = no_leak.random_table(pick), no_leak.Checked()
    sockets, seq, reused = Sockets(Frames(DECK)), 0, 0
    for _ in range(no_leak.MAX_STEPS):
        before = table.room
        if table.phase == "ended" or DeleteRoom() in table.effects:
            break
        if not no_leak.act(table, pick, checked):
            continue
        seq += 1
        sockets.send(table, seq)
        (shared, ballots), (shared_after, ballots_after) = map(private_inputs, (before, table.room))
        if shared == shared_after:
            reused += 1
            viewers = [None, *(s.player_id for s in before.seats), "p999"]
            for viewer in viewers:
                if viewer is None or ballots.get(viewer, 0) == ballots_after.get(viewer, 0):
                    assert private_part(before, viewer) == private_part(table.room, viewer)
    assert reused  # every game has steps that keep them (clues at least)


def private_parts_built(monkeypatch: pytest.MonkeyPatch) -> list[set[str | None]]:
    """From now on, the viewers of each `private_parts` call the frame builder makes."""
    built: list[set[str | None]] = []
    parts = frames_module.private_parts

    def counted(room: Any, viewers: set[str | None]) -> dict[str | None, Any]:
        built.append(set(viewers))
        return parts(room, viewers)

    monkeypatch.setattr(frames_module, "private_parts", counted)
    return built


def test_a_step_that_keeps_the_private_inputs_builds_no_private_part(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table, frames, targets, live = clue_table()
    built = private_parts_built(monkeypatch)
    frames.build(table.room, 1, table.now, targets, live)
    assert built == [{viewer for _, viewer in targets}]
    table.give_clue(table.speaker, "rouge")
    frames.build(table.room, 2, table.now, [*targets, ("board", None)], [*live, "board"])
    assert built[1:] == [{None}]  # only the viewer not seen before
    table.give_clue(table.speaker, "vert")
    frames.build(table.room, 3, table.now, targets, live)
    assert len(built) == 2
    table.clue_round()  # the vote opens: every part is built again
    frames.build(table.room, 4, table.now, targets, live)
    assert built[2:] == [{viewer for _, viewer in targets}]
    voter, target = table.alive_names[:2]
    table.cast_vote(voter, target)  # only the voter's own ballot changed
    frames.build(table.room, 5, table.now, targets, live)
    assert built[3:] == [{table.pid(voter)}]


def test_the_end_of_a_reveal_builds_no_private_part(monkeypatch: pytest.MonkeyPatch) -> None:
    """The phase's kind is no private input: the alarm that ends a reveal (half of a game's
    alarms) sends every socket the `me` it holds."""
    table, frames, targets, live = clue_table("reveal")
    frames.build(table.room, 1, table.now, targets, live)
    built = private_parts_built(monkeypatch)
    table.until_deadline()
    assert table.phase == "clues"
    sent = frames.build(table.room, 2, table.now, targets, live)
    assert built == []
    assert all('"me":' not in frame for _, frame in sent)


def test_a_seat_that_changes_is_sent_alone_as_a_patch_of_players() -> None:
    table, frames, targets, live = clue_table()
    frames.build(table.room, 1, table.now, targets, live)
    gone = table.alive_names[-1]
    index = [s.nickname for s in table.room.seats].index(gone)
    table.disconnect(gone)
    for _, text in frames.build(table.room, 2, table.now, targets, live):
        view = json.loads(text)["view"]
        assert "players" not in view
        assert list(view["players_patch"]) == [str(index)]
        assert view["players_patch"][str(index)]["connected"] is False
    table.join("nouveau")  # a spectator's seat: the list grows, and is sent whole
    for _, text in frames.build(table.room, 3, table.now, targets, live):
        view = json.loads(text)["view"]
        assert "players_patch" not in view
        assert len(view["players"]) == len(table.room.seats)


def test_a_full_view_of_a_room_without_seats_holds_its_empty_players() -> None:
    room = new_room("ABCDE", 1, 0.0)
    ((_, text),) = Frames(DECK).build(room, 1, 5.0, [("board", None)], ["board"])
    message = json.loads(text)
    assert message["full"]
    assert message["view"]["players"] == []
    assert "players_patch" not in message["view"]
    assert read_view(None, message) == view_for(room, None, 5.0, DECK)
