"""engine/phases/ended.py: the end screen, the scoreboard, "Rejouer"."""

from __future__ import annotations

from tests.engine.table import Table
from undercover.engine.commands import Rematch
from undercover.engine.phases.reveal import REVEAL_SECONDS
from undercover.rules import Role


def ended(*names: str, seed: int = 7) -> Table:
    table = Table.seated(*names, seed=seed).started()
    (undercover,) = table.with_role(Role.UNDERCOVER)
    table.vote_out(undercover).tick(REVEAL_SECONDS)
    assert table.phase == "ended"
    return table


def test_the_end_shows_every_card_the_words_and_why_this_pair() -> None:
    table = ended("ana", "ben", "cy", "dan")
    end = table.view("ben")["game"]["end"]
    assert {card["player_id"] for card in end["cards"]} == set(table.game.roles)
    assert all(card["role"] for card in end["cards"])
    assert end["words"] == table.game.words.model_dump(include={"civilian", "undercover"})  # type: ignore[union-attr]
    assert end["pair"]["shared_tags"] == list(table.room.deal.shared_tags)  # type: ignore[union-attr]


def test_the_scoreboard_counts_each_game_once() -> None:
    table = ended("ana", "ben", "cy", "dan")
    board = table.view("ana")["scoreboard"]
    assert board["games"] == 1
    assert board["camps"] == {"civilians": 1}
    wins = {line["nickname"]: line["wins"] for line in board["players"]}
    assert wins == {
        n: int(n in table.with_role(Role.CIVILIAN)) for n in ("ana", "ben", "cy", "dan")
    }
    table.tick(3600)
    assert table.view("ana")["scoreboard"]["games"] == 1


def test_rematch_is_host_only_and_returns_to_the_lobby_with_the_scoreboard() -> None:
    table = ended("ana", "ben", "cy", "dan")
    assert table.rejected("ben", Rematch(seq=table.seq)) == "room.not_host"
    table.rematch()
    view = table.view("cy")
    assert (view["phase"], view["game"], view["scoreboard"]["games"]) == ("lobby", None, 1)
    assert view["me"]["secret"] == {"kind": None, "value": None}


def test_late_joiners_watch_then_sit_down_at_the_rematch() -> None:
    table = Table.seated("ana", "ben", "cy").started().join("zoe")
    assert table.view("zoe")["me"]["status"] == "spectator"
    (undercover,) = table.with_role(Role.UNDERCOVER)
    table.vote_out(undercover).tick(REVEAL_SECONDS)
    table.rematch()
    assert table.view("zoe")["me"]["status"] == "seated"
    assert table.view("ana")["composition"] == {"civilians": 3, "undercovers": 1, "mr_white": 0}


def test_kicked_and_departed_players_are_gone_after_the_rematch() -> None:
    table = Table.seated("ana", "ben", "cy", "dan", "eve").started()
    civilians = [n for n in table.with_role(Role.CIVILIAN) if n != "ana"]
    table.kick(civilians[0]).leave(civilians[1])
    (undercover,) = table.with_role(Role.UNDERCOVER)
    table.vote_out(undercover).tick(REVEAL_SECONDS)
    table.rematch()
    names = [p["nickname"] for p in table.view("ana")["players"]]
    assert civilians[0] not in names
    assert civilians[1] not in names


def test_no_pair_comes_back_before_every_pair_was_dealt() -> None:
    # The made-up catalog has exactly 4 "very close" pairs (the default level).
    table = ended("ana", "ben", "cy", "dan")
    pairs = set()
    for _ in range(4):
        words = table.game.words
        assert words is not None
        pairs.add(frozenset((words.civilian, words.undercover)))
        table.rematch().started()
        (undercover,) = table.with_role(Role.UNDERCOVER)
        table.vote_out(undercover).tick(REVEAL_SECONDS)
    assert len(pairs) == 4
