"""Clauses of docs/rules.md through the room engine, at the settings, phases and shapes of
table where they bite: timers on, off and at their bounds, ties with bystanders, kicks in
the middle of a vote, the crown's transfer, a full table at "Rejouer"."""

from __future__ import annotations

import pytest

from undercover.engine.commands import AddBot, SetLock, UpdateSettings
from undercover.engine.phases.reveal import REVEAL_SECONDS
from undercover.engine.settings import SettingsChanges
from undercover.engine.state import RECONNECT_GRACE_SECONDS
from undercover.rules import MR_WHITE_GUESS_SECONDS, VOTE_GRACE_SECONDS, Camp, Role
from undercover.rules.game import ThemeEntry

from .table import NAMES, PHASES, Table

SIX = ("ana", "ben", "cy", "dan", "eve", "fay")


def deadline(table: Table) -> float | None:
    deadline: float | None = table.view(None)["deadline"]
    return deadline


def tie_with_a_bystander(table: Table) -> Table:
    """From the clues: ben and cy tied on 2 votes, dan (a bystander) on 1, at the grace's end."""
    table.clue_round()
    ballots = {"ana": "ben", "ben": "cy", "cy": "ben", "dan": "cy", "eve": "dan", "fay": None}
    for voter, target in ballots.items():
        table.cast_vote(voter, target)
    return table.tick(VOTE_GRACE_SECONDS)


# §3 Clue timer --------------------------------------------------------------------------------


@pytest.mark.parametrize(("timer", "seconds"), [(True, 30), (True, 90), (False, 60)])
def test_the_clue_timer_is_the_hosts_or_none(timer: bool, seconds: int) -> None:
    table = Table.seated(*NAMES, clue_timer=timer, clue_seconds=seconds).started()
    speaker = table.speaker
    assert deadline(table) == (table.now + seconds if timer else None)
    table.tick(seconds - 1)
    assert table.speaker == speaker
    table.tick(1)
    assert (table.speaker == speaker) is not timer
    assert table.game.phantom_votes == ({table.pid(speaker): 1} if timer else {})


@pytest.mark.parametrize("away", [False, True])
@pytest.mark.parametrize("rounds", [1, 3])
def test_a_proposer_out_of_time_or_away_gets_a_prompt_and_no_phantom_vote(
    away: bool, rounds: int
) -> None:
    table = Table.seated(*NAMES, mode="grade", clue_rounds_per_vote=rounds).started()
    for _ in range(rounds):
        assert table.game.stage == "theme"
        proposer = table.name(table.game.proposer or "")
        if away:
            table.disconnect(proposer).tick(RECONNECT_GRACE_SECONDS)
        else:
            table.tick(60)
        while table.phase == "clues" and table.game.stage == "clue":
            table.give_clue(table.speaker)
        table.reconnect(proposer)
    assert table.phase == "voting"
    themes = [entry for entry in table.game.recap if isinstance(entry, ThemeEntry)]
    assert len(themes) == rounds
    assert all(theme.fallback for theme in themes)
    assert table.game.phantom_votes == {}


# §5 Vote timer and grace ----------------------------------------------------------------------


@pytest.mark.parametrize(("timer", "seconds"), [(True, 30), (True, 180), (False, 90)])
def test_the_vote_timer_is_the_hosts_or_none(timer: bool, seconds: int) -> None:
    table = Table.seated(*NAMES, vote_timer=timer, vote_seconds=seconds).started().clue_round()
    assert table.phase == "voting"
    assert deadline(table) == (table.now + seconds if timer else None)
    table.cast_vote("ana", "ben").tick(seconds)
    assert table.phase == ("reveal" if timer else "voting")


@pytest.mark.parametrize("timer", [True, False])
def test_a_complete_vote_resolves_after_its_grace_whatever_the_timer(timer: bool) -> None:
    table = Table.seated(*NAMES, vote_timer=timer).started().clue_round()
    for name in NAMES:
        table.cast_vote(name, "ben" if name != "ben" else "ana")
    table.tick(VOTE_GRACE_SECONDS - 1)
    assert table.phase == "voting"
    table.tick(1)
    assert table.phase == "reveal"
    assert table.game.eliminated == (table.pid("ben"),)


def test_with_the_vote_timer_off_an_absent_voter_abstains_and_the_vote_resolves() -> None:
    table = Table.seated(*NAMES, vote_timer=False).started().clue_round()
    for name in NAMES[:-1]:
        table.cast_vote(name, "ben" if name != "ben" else "ana")
    table.disconnect("eve").tick(RECONNECT_GRACE_SECONDS)
    table.tick(VOTE_GRACE_SECONDS)
    assert table.phase == "reveal"


# §6 Ties -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seconds", [30, 180])
def test_a_runoff_is_a_new_vote_among_the_tied_with_the_whole_timer(seconds: int) -> None:
    table = Table.seated(*SIX, vote_seconds=seconds).started()
    seq = table.seq
    tie_with_a_bystander(table)
    assert table.phase == "voting"
    assert table.seq != seq
    assert table.view(None)["game"]["candidates"] == [table.pid("ben"), table.pid("cy")]
    assert deadline(table) == table.now + seconds
    assert table.view(None)["vote_grace_deadline"] is None


def test_a_kick_that_leaves_the_runoff_one_candidate_starts_a_new_vote() -> None:
    table = tie_with_a_bystander(Table.seated(*SIX, vote_seconds=60).started())
    runoff = table.seq
    table.cast_vote("dan", "cy").tick(20).kick("ben")
    assert table.seq != runoff
    assert table.view(None)["game"]["ballot_kind"] == "reopened"
    assert deadline(table) == table.now + 60
    assert table.game.ballots == {}


def test_a_kick_that_ends_the_game_during_the_vote_leaves_no_ballot_shown() -> None:
    table = Table.seated("ana", "ben", "cy", "dan").started().clue_round()
    undercover = table.with_role(Role.UNDERCOVER)[0]
    voter, target = [n for n in table.alive_names if n not in (undercover, "ana")][:2]
    table.cast_vote(voter, target).kick(undercover)
    assert table.phase == "ended"
    assert table.view(voter)["me"]["ballot"] == {"cast": False, "target": None}


# §8 Mr. White's guess --------------------------------------------------------------------------


@pytest.mark.parametrize(("timer", "seconds"), [(True, 30), (True, 90), (False, 45)])
def test_mr_white_has_60_seconds_whatever_the_clue_timer(timer: bool, seconds: int) -> None:
    table = Table.seated(*NAMES, mr_white=True, clue_timer=timer, clue_seconds=seconds)
    table.started()
    mr_white = table.with_role(Role.MR_WHITE)[0]
    table.vote_out(mr_white).tick(REVEAL_SECONDS)
    assert table.phase == "guess"
    assert deadline(table) == table.now + MR_WHITE_GUESS_SECONDS
    table.tick(MR_WHITE_GUESS_SECONDS - 1)
    assert table.phase == "guess"
    table.tick(1)
    assert table.phase != "guess"


# §7 Reveal ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("on", "word"), [(True, False), (True, True), (False, False), (False, True)]
)
def test_what_the_table_learns_of_the_eliminated_and_the_kicked(on: bool, word: bool) -> None:
    table = Table.seated(*SIX, reveal_on_elimination=on, reveal_word=word).started()
    civilians = [n for n in table.with_role(Role.CIVILIAN) if n != "ana"]
    table.vote_out(civilians[0]).tick(REVEAL_SECONDS).kick(civilians[1])
    game = table.view("ana")["game"]
    for card in (*game["eliminated"], *game["kicked"]):
        assert card["role"] == ("civilian" if on else None)
        assert card["word"] == (table.game.word_of(card["player_id"]) if on and word else None)


# §12 Host settings ----------------------------------------------------------------------------


@pytest.mark.parametrize("phase", PHASES[1:])
def test_settings_are_refused_in_every_phase_after_the_lobby(phase: str) -> None:
    table = Table.at(phase)
    for changes in (SettingsChanges(mr_white=False), SettingsChanges(vote_timer=False)):
        change = UpdateSettings(seq=table.seq, changes=changes)
        assert table.rejected("ana", change) == "settings.not_in_lobby"
    table.run("ana", SetLock(locked=True))  # the lock alone, at any time
    assert table.room.settings.locked


# The host's crown (docs/engine.md) --------------------------------------------------------------


def test_the_crown_passes_to_the_next_seat_after_the_old_host() -> None:
    table = Table.seated("ana", "ben", "cy", "dan").disconnect("ana")
    table.tick(RECONNECT_GRACE_SECONDS).reconnect("ana")
    assert table.room.host == table.pid("ben")
    table.disconnect("ben").tick(RECONNECT_GRACE_SECONDS)
    assert table.room.host == table.pid("cy")


def test_the_crown_skips_a_spectator_even_when_next_in_order() -> None:
    table = Table.seated(*NAMES)
    for name in NAMES[:-1]:
        table.disconnect(name)
    table.tick(RECONNECT_GRACE_SECONDS)
    assert table.room.host == table.pid("eve")  # the last seat hosts
    for name in NAMES[:-1]:
        table.reconnect(name)
    table.started().join("zoe")  # zoe watches, next after eve in join order
    table.disconnect("eve").tick(RECONNECT_GRACE_SECONDS)
    assert table.room.host == table.pid("ana")


def test_the_crown_never_passes_to_a_bot() -> None:
    table = Table.seated("ana")
    table.run("ana", AddBot(seq=table.seq)).join("ben")
    table.disconnect("ana").tick(RECONNECT_GRACE_SECONDS)
    assert table.room.host == table.pid("ben")


# Ended: "Rejouer" and the scoreboard --------------------------------------------------------------


def test_a_spectator_sits_down_at_rejouer_only_while_places_remain() -> None:
    names = [f"player{i}" for i in range(20)]
    table = Table.seated(*names).started().join("zoe")
    for undercover in table.with_role(Role.UNDERCOVER):
        table.vote_out(undercover).tick(REVEAL_SECONDS)
    assert table.phase == "ended"
    table.rematch()
    statuses = {p["nickname"]: p["status"] for p in table.view("zoe")["players"]}
    assert statuses["zoe"] == "spectator"
    assert sum(status == "seated" for status in statuses.values()) == 20


def test_the_scoreboard_counts_every_game_a_camp_won() -> None:
    table = Table.seated("ana", "ben", "cy", "dan")
    for _ in range(2):
        table.started()
        table.vote_out(table.with_role(Role.UNDERCOVER)[0]).tick(REVEAL_SECONDS)
        assert table.phase == "ended"
        table.rematch()
    assert table.view("ana")["scoreboard"]["camps"] == {Camp.CIVILIANS.value: 2}
