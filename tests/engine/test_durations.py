"""The specification's durations, checked by behaviour: a timer really expires at its bound.

The numbers are written out here on purpose (not imported): a changed constant must fail.
"""

from __future__ import annotations

import pytest

from tests.engine.table import Table
from undercover.engine.commands import CastVote, StartGame, UpdateSettings
from undercover.engine.settings import SettingsChanges
from undercover.rules import Role

NAMES = ("ana", "ben", "cy", "dan", "eve")


@pytest.mark.parametrize(
    ("name", "refused"), [("clue_seconds", (29, 91)), ("vote_seconds", (29, 181))]
)
def test_timer_durations_outside_the_specification_are_refused(
    name: str, refused: tuple[int, int]
) -> None:
    table = Table.seated(*NAMES)
    for seconds in refused:
        command = UpdateSettings(seq=table.seq, changes=SettingsChanges(**{name: seconds}))
        assert table.rejected("ana", command) == "settings.invalid"


def test_zero_clue_rounds_per_vote_is_refused_and_one_to_five_accepted() -> None:
    table = Table.seated(*NAMES)
    for rounds in (0, 6):
        command = UpdateSettings(
            seq=table.seq, changes=SettingsChanges(clue_rounds_per_vote=rounds)
        )
        assert table.rejected("ana", command) == "settings.invalid"
    for rounds in (1, 5):
        table.settings(clue_rounds_per_vote=rounds)
        assert table.room.settings.rules.clue_rounds_per_vote == rounds


@pytest.mark.parametrize("seconds", [30, 90])
def test_the_clue_timer_expires_at_its_bound(seconds: int) -> None:
    table = Table.seated(*NAMES, clue_seconds=seconds).started()
    speaker = table.speaker
    table.tick(seconds - 0.5)
    assert table.speaker == speaker
    table.tick(0.5)
    assert table.speaker != speaker


@pytest.mark.parametrize("seconds", [30, 180])
def test_the_vote_timer_expires_at_its_bound(seconds: int) -> None:
    table = Table.seated(*NAMES, vote_seconds=seconds).started().clue_round()
    assert table.phase == "voting"
    table.tick(seconds - 0.5)
    assert table.phase == "voting"
    table.tick(0.5)
    assert table.phase != "voting" or table.game.ballot_kind != "first"


def test_the_vote_grace_is_four_seconds_after_the_last_ballot() -> None:
    table = Table.seated(*NAMES).started().clue_round()
    target = table.alive_names[1]
    for voter in table.alive_names:
        table.cast_vote(voter, target if voter != target else table.alive_names[0])
    table.tick(3.9)
    assert table.phase == "voting"
    table.tick(0.1)
    assert table.phase == "reveal"


def test_mr_white_has_sixty_seconds_to_guess() -> None:
    table = Table.at("guess")
    (mr_white,) = table.with_role(Role.MR_WHITE)
    table.tick(59.5)
    assert table.phase == "guess"
    table.tick(0.5)
    assert table.phase != "guess"
    assert table.game.recap[-1].kind == "guess"
    assert table.game.recap[-1].player == table.pid(mr_white)


def test_the_speaking_order_is_the_same_in_every_cycle() -> None:
    names = ("ana", "ben", "cy", "dan", "eve", "fay", "gus", "hal")
    table = Table.seated(*names, clue_rounds_per_vote=2).started()
    order = table.game.speaking_order
    spoken: list[list[str]] = []
    for _ in range(3):  # three cycles of two rounds, with an elimination between cycles
        for _ in range(2):
            spoken.append([])
            seq = table.seq
            round_number = table.game.clue_round
            while table.seq == seq and table.game.clue_round == round_number:
                spoken[-1].append(table.game.speaker or "")
                table.give_clue(table.speaker)
        civilians = [n for n in table.with_role(Role.CIVILIAN) if table.pid(n) in table.game.alive]
        table.vote_out(civilians[-1]).tick(6)
    for speakers in spoken:
        assert speakers == [p for p in order if p in speakers]
    assert spoken[0] == list(order)


def test_the_role_reveal_lasts_twenty_seconds_at_most() -> None:
    table = Table.seated(*NAMES)
    table.run("ana", StartGame(seq=table.seq))
    table.tick(19.5)
    assert table.phase == "role_reveal"
    table.tick(0.5)
    assert table.phase == "clues"


def test_the_reveal_pause_lasts_six_seconds() -> None:
    table = Table.seated(*NAMES).started()
    civilian = next(n for n in table.with_role(Role.CIVILIAN) if n != "ana")
    table.vote_out(civilian)
    assert table.phase == "reveal"
    table.tick(5.5)
    assert table.phase == "reveal"
    table.tick(0.5)
    assert table.phase == "clues"


def test_a_ballot_may_change_ten_times_not_eleven() -> None:
    table = Table.seated(*NAMES).started().clue_round()
    voter, *others = table.alive_names
    for change in range(11):  # the first ballot, then ten changes
        table.cast_vote(voter, others[change % 2])
    command = CastVote(seq=table.seq, target=table.pid(others[0]))
    assert table.rejected(voter, command) == "vote.too_many_changes"
