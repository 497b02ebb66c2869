"""A table of bots always reaches the end screen, whatever the settings: a bot whose choice
the engine refuses chooses again at once from what is legal, so no turn waits on it (with
the clue timer off nothing else would move). Every case is a fixed seed: nothing depends on
a draw made at test time."""

from __future__ import annotations

import pytest

from tests.engine.content import builtin_deck
from undercover.bots import drive
from undercover.engine import deadlines
from undercover.engine.commands import GiveClue
from undercover.engine.machine import apply
from undercover.engine.settings import SettingsChanges
from undercover.rules import Role
from undercover.tools.bot_tables import Stalled, bot_table
from undercover.tools.stalls import HOST_WORDS, Case, every_case, play_case, skipped_clues


@pytest.mark.parametrize(("number", "case"), list(enumerate(every_case())))
def test_every_setting_combination_reaches_the_end_screen(number: int, case: Case) -> None:
    try:
        room = play_case(case, number, 1000 + number, builtin_deck())
    except Stalled as stalled:  # pragma: no cover - the failure the test looks for
        raise AssertionError(f"{case.label}: a table of bots stalled: {stalled}") from stalled
    assert room.game is not None
    assert room.game.outcome is not None
    if not case.clue_timer:  # no timer: every turn was a clue, none skipped
        assert skipped_clues(room) == 0


def test_a_refused_choice_is_replaced_at_once_by_a_legal_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The brain says its own word (the engine refuses it): the bot still speaks at once."""
    deck = builtin_deck()
    changes = SettingsChanges(clue_timer=False, vote_timer=False)
    room = bot_table(5, 7, changes, deck=deck, host_words=HOST_WORDS)
    now = 0.0
    while room.phase.kind != "clues":
        due = deadlines.earliest(room)
        assert due is not None
        now = due.at
        room = drive.advance(room, now, deck)
    assert room.game is not None
    assert room.deal is not None
    speaker = room.game.speaker
    assert speaker is not None
    civilian = room.game.role_of(speaker) is Role.CIVILIAN
    own = room.deal.civilian if civilian else room.deal.undercover

    def says_its_word(*_: object) -> GiveClue:
        return GiveClue(seq=room.seq, text=f"{own} !")

    monkeypatch.setattr("undercover.bots.brain.decide", says_its_word)
    chosen = drive.bot_move(room, speaker, now, deck)
    assert isinstance(chosen, GiveClue)
    assert chosen.text != f"{own} !"
    after = apply(room, speaker, chosen, now, deck).room  # accepted: the turn moves on
    assert after.game is not None
    assert after.game.speaker != speaker
