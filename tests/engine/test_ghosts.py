"""engine/ghosts.py: the eliminated (and spectators) may opt in to see every card, with a bet;
nothing of it reaches a living player before the end."""

from __future__ import annotations

import pytest

from undercover.engine.commands import BecomeGhost
from undercover.engine.effects import Changed
from undercover.engine.phases.reveal import REVEAL_SECONDS
from undercover.engine.state import RECONNECT_GRACE_SECONDS
from undercover.rules import Camp, Role

from .table import NAMES, Table


def out_player(table: Table) -> str:
    return table.name(table.game.eliminated[0])


def haunt(
    table: Table, name: str, winner: Camp | None = None, undercover: str | None = None
) -> Table:
    target = table.pid(undercover) if undercover else None
    return table.run(name, BecomeGhost(winner=winner, undercover=target))


def test_an_eliminated_player_sees_every_card_only_after_opting_in() -> None:
    table = Table.at("reveal")
    out = out_player(table)
    before = table.view(out)["me"]
    assert before["can_become_ghost"]
    assert before["ghost"] is None
    haunt(table, out, Camp.CIVILIANS, table.with_role(Role.UNDERCOVER)[0])
    me = table.view(out)["me"]
    assert not me["can_become_ghost"]
    cards = {c["player_id"]: c["role"] for c in me["ghost"]["cards"]}
    assert cards == {p: r.value for p, r in table.game.roles.items()}
    assert table.game.words is not None
    assert me["ghost"]["words"]["undercover"] == table.game.words.undercover


def test_opting_in_changes_no_one_elses_view_and_refreshes_only_the_ghost() -> None:
    table = Table.at("reveal").join("zoe")
    others = ["ana", "ben", "cy", "dan", "eve", "zoe", None]
    before = {name: table.view(name) for name in others}
    haunt(table, "zoe", Camp.UNDERCOVERS, "ana")
    assert table.effects == [Changed(only=table.pid("zoe"))]
    for name in others:
        if name != "zoe":
            assert table.view(name) == before[name], name
    assert table.view("zoe")["me"]["ghost"] is not None  # a spectator may opt in too


def test_the_living_and_an_unguessed_mr_white_may_not_become_ghosts() -> None:
    table = Table.at("clues")
    assert table.rejected("ana", BecomeGhost()) == "ghost.not_allowed"
    guessing = Table.at("guess")
    mr_white = guessing.name(guessing.game.eliminated[-1])
    assert guessing.game.role_of(guessing.pid(mr_white)) is Role.MR_WHITE
    assert guessing.rejected(mr_white, BecomeGhost()) == "ghost.not_allowed"
    guessing.guess(mr_white, "zzz")
    assert guessing.view(mr_white)["me"]["can_become_ghost"]


def test_no_ghost_in_the_lobby_or_after_the_end_and_only_once() -> None:
    assert Table.at("lobby").rejected("ben", BecomeGhost()) == "ghost.not_allowed"
    table = Table.at("reveal")
    out = out_player(table)
    haunt(table, out)
    assert table.rejected(out, BecomeGhost()) == "ghost.not_allowed"
    assert Table.at("ended").rejected("ben", BecomeGhost()) == "ghost.not_allowed"


def test_a_bet_on_a_camp_or_player_not_in_the_game_is_refused() -> None:
    table = Table.seated("ana", "ben", "cy", "dan", seed=3, mr_white=False).started()
    table.vote_out(next(n for n in table.with_role(Role.CIVILIAN) if n != "ana"))
    out = out_player(table)
    assert table.rejected(out, BecomeGhost(winner=Camp.MR_WHITE)) == "ghost.bet_invalid"
    assert table.rejected(out, BecomeGhost(undercover="p99")) == "ghost.bet_invalid"


@pytest.mark.parametrize("moment", ["clues", "voting", "reveal", "guess"])
def test_a_host_voted_out_is_not_offered_the_ghosts_view_and_kicks_at_any_moment(
    moment: str,
) -> None:
    # Seed 7: ana (host) is a civilian, ben is Mr. White, dan and eve are the undercovers.
    table = Table.seated("ana", "ben", "cy", "dan", "eve", "fay", "gus", mr_white=True).started()
    assert table.game.role_of(table.pid("ana")) is Role.CIVILIAN
    table.vote_out("ana").tick(REVEAL_SECONDS)
    assert not table.view("ana")["me"]["can_become_ghost"]
    assert table.rejected("ana", BecomeGhost()) == "ghost.not_allowed"
    if moment == "voting":
        table.clue_round()
    elif moment == "reveal":
        table.vote_out("dan")
    elif moment == "guess":
        table.vote_out("ben").tick(REVEAL_SECONDS)
    assert table.phase == moment
    table.kick("fay")
    assert table.pid("fay") in table.game.kicked
    assert table.view("ana")["host"] == table.pid("ana")


def test_the_crown_never_passes_to_a_ghost_or_a_spectator_while_the_game_runs() -> None:
    table = Table.at("clues").join("zoe")
    order = {name: table.pid(name) for name in NAMES}
    ghost = min((n for n in table.with_role(Role.CIVILIAN) if n != "ana"), key=order.__getitem__)
    table.vote_out(ghost).tick(REVEAL_SECONDS)
    haunt(table, ghost)
    heir = max((n for n in table.alive_names if n != "ana"), key=order.__getitem__)
    for name in table.alive_names:
        if name != heir:
            table.disconnect(name)
    table.tick(RECONNECT_GRACE_SECONDS)
    assert table.view(heir)["host"] == table.pid(heir)


def test_bets_are_scored_on_the_end_screen_and_cleared_by_rematch() -> None:
    table = Table.at("reveal")
    out = out_player(table)
    undercover = table.with_role(Role.UNDERCOVER)[0]
    haunt(table, out, Camp.MR_WHITE, undercover)
    assert table.view("ana")["game"]["end"] is None
    mr_white = table.with_role(Role.MR_WHITE)[0]
    table.tick(REVEAL_SECONDS).vote_out(mr_white).tick(REVEAL_SECONDS)
    table.guess(mr_white, table.game.words.civilian if table.game.words else "")
    assert table.phase == "ended"
    (bet,) = table.view("ana")["game"]["end"]["bets"]
    assert bet == {
        "player_id": table.pid(out),
        "winner": "mr_white",
        "undercover": table.pid(undercover),
        "winner_right": True,
        "undercover_right": True,
        "points": 2,
    }
    table.rematch()
    assert table.room.ghosts == ()
    assert table.view(out)["me"]["ghost"] is None
