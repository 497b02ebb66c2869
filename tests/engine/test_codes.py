"""Error codes a test had never produced (docs/protocol.md lists only codes a client can get),
and the rules' codes the engine refuses first with its own (`error_codes.SHADOWED`)."""

from __future__ import annotations

import pytest

from tests.engine.table import Table
from undercover.engine.commands import (
    CastVote,
    Guess,
    ProposeTheme,
    RatePair,
    Rematch,
    SetHostWords,
    StartGame,
    UpdateSettings,
)
from undercover.engine.phases.reveal import REVEAL_SECONDS
from undercover.engine.settings import SettingsChanges
from undercover.rules import Role
from undercover.wire import error_codes


def theme_turn() -> tuple[Table, str]:
    """A grade game at its first round's theme, and the proposer's name."""
    table = Table.seated("ana", "ben", "cy", mode="grade").started()
    assert table.game.stage == "theme"
    assert table.game.proposer is not None
    return table, table.name(table.game.proposer)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("   ", "theme.empty"),
        ("x" * 61, "theme.too_long"),
        ("<b>fruits</b>", "theme.markup"),
        ("les\u0085fruits", "theme.control_characters"),
    ],
)
def test_a_round_theme_is_checked_like_a_clue(text: str, code: str) -> None:
    table, proposer = theme_turn()
    assert table.rejected(proposer, ProposeTheme(seq=table.seq, text=text)) == code


def test_a_round_theme_when_none_is_awaited() -> None:
    table, proposer = theme_turn()
    table.propose_theme(proposer)
    assert table.rejected(table.speaker, ProposeTheme(seq=table.seq, text="x")) == (
        "theme.not_theme_time"
    )
    classic = Table.at("clues")
    assert classic.rejected(classic.speaker, ProposeTheme(seq=classic.seq, text="x")) == (
        "theme.not_theme_time"
    )


def test_a_guess_over_the_length_of_a_clue() -> None:
    table = Table.at("guess")
    (mr_white,) = table.with_role(Role.MR_WHITE)
    assert table.rejected(mr_white, Guess(seq=table.seq, text="x" * 61)) == "guess.too_long"


def test_a_deal_once_the_players_voted_out_every_pair_of_the_hosts_words() -> None:
    table = Table.seated("ana", "ben", "cy", "dan")
    lines = ("Pizza / Quiche", "Chat / Chien", "Mer / Océan")
    table.run("ana", SetHostWords(seq=table.seq, lines=lines))
    for _ in lines:
        table.started()
        (undercover,) = table.with_role(Role.UNDERCOVER)
        table.vote_out(undercover).tick(REVEAL_SECONDS)
        for name in ("ana", "ben", "cy"):
            table.run(name, RatePair(seq=table.seq, up=False))
        table.run("ana", Rematch(seq=table.seq))
    assert table.rejected("ana", StartGame(seq=table.seq)) == "custom_words.all_removed"


def test_each_shadowed_rule_code_is_refused_first_by_the_engine() -> None:
    clues = Table.at("clues")
    two = Table.seated("ana", "ben")
    cases = {
        "vote.not_voting": clues.rejected("ben", CastVote(seq=clues.seq, target=clues.pid("ana"))),
        "guess.not_guess_time": clues.rejected("ben", Guess(seq=clues.seq, text="x")),
        "game.player_count": two.rejected("ana", StartGame(seq=two.seq)),
    }
    lobby = Table.seated("ana", "ben", "cy", mode="grade")
    gap = UpdateSettings(seq=lobby.seq, changes=SettingsChanges(grade_gap=0))
    cases["settings.grade_gap"] = lobby.rejected("ana", gap)
    # kick.game_over: accepted instead (tests/engine/test_membership.py, a decided game).
    expected = {code: str(sent) for code, sent in error_codes.SHADOWED.items() if sent}
    assert cases == expected
