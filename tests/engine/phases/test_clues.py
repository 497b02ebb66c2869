"""engine/phases/clues.py: turns, the clue timer, absent speakers, grade-mode themes."""

from __future__ import annotations

from tests.engine.table import Table
from undercover.engine.commands import GiveClue, ProposeTheme
from undercover.engine.state import RECONNECT_GRACE_SECONDS
from undercover.rules.text import GRADE_WORDS


def test_clues_follow_the_speaking_order_then_the_vote_opens() -> None:
    table = Table.seated("ana", "ben", "cy", "dan").started()
    order = [table.name(p) for p in table.game.speaking_order]
    assert table.speaker == order[0]
    table.give_clue(order[0], "une cape")
    assert table.speaker == order[1]
    assert table.rejected(order[0], GiveClue(seq=table.seq, text="encore")) == "clue.not_your_turn"
    for name in order[1:]:
        table.give_clue(name, "indice")
    assert table.phase == "voting"
    clues = [e["text"] for e in table.view("ana")["game"]["recap"] if e["kind"] == "clue"]
    assert clues == ["une cape", "indice", "indice", "indice"]


def test_each_turn_gets_its_own_timer_and_a_timeout_earns_a_phantom_vote() -> None:
    table = Table.seated("ana", "ben", "cy", clue_seconds=30).started()
    first = table.speaker
    assert table.view("ana")["deadline"] == table.now + 30
    table.tick(10)
    table.give_clue(first)
    assert table.view("ana")["deadline"] == table.now + 30
    slow = table.speaker
    table.tick(29)
    assert table.speaker == slow
    table.tick(1)
    assert table.speaker != slow
    assert table.view("ana")["game"]["phantom_votes"] == {table.pid(slow): 1}


def test_without_clue_timer_there_is_no_deadline() -> None:
    table = Table.seated("ana", "ben", "cy", clue_timer=False).started()
    assert table.view("ana")["deadline"] is None
    table.tick(10_000)
    assert table.phase == "clues"


def test_a_disconnected_speaker_is_skipped_after_the_grace_without_penalty() -> None:
    table = Table.seated("ana", "ben", "cy", "dan").started()
    speaker = table.speaker
    table.disconnect(speaker)
    shown = {p["nickname"]: p for p in table.view("ana")["players"]}[speaker]
    assert shown["connected"] is False
    assert shown["grace_deadline"] == table.now + RECONNECT_GRACE_SECONDS
    table.tick(RECONNECT_GRACE_SECONDS - 1)
    assert table.speaker == speaker
    table.tick(1)
    assert table.speaker != speaker
    assert table.view("ana")["game"]["phantom_votes"] == {}


def test_an_absent_player_is_skipped_as_soon_as_their_turn_comes() -> None:
    table = Table.seated("ana", "ben", "cy", "dan").started()
    order = [table.name(p) for p in table.game.speaking_order]
    table.disconnect(order[2]).tick(RECONNECT_GRACE_SECONDS)
    table.give_clue(order[0]).give_clue(order[1])
    assert table.speaker == order[3]


def test_a_speaker_back_within_the_grace_keeps_the_turn() -> None:
    table = Table.seated("ana", "ben", "cy", "dan").started()
    speaker = table.speaker
    table.disconnect(speaker).tick(5).reconnect(speaker).tick(RECONNECT_GRACE_SECONDS)
    assert table.speaker == speaker


def test_grade_mode_rounds_open_with_the_proposers_theme() -> None:
    table = Table.seated("ana", "ben", "cy", mode="grade").started()
    assert table.game.stage == "theme"
    proposer = table.name(table.game.proposer or "")
    other = next(n for n in ("ana", "ben", "cy") if n != proposer)
    assert table.rejected(other, ProposeTheme(seq=table.seq, text="x")) == "theme.not_your_turn"
    assert table.rejected(proposer, GiveClue(seq=table.seq, text="x")) == "clue.not_clue_time"
    table.propose_theme(proposer, "les desserts")
    assert table.view("ana")["game"]["round_theme"] == "les desserts"
    assert table.game.stage == "clue"


def test_a_theme_timeout_draws_a_built_in_prompt() -> None:
    table = Table.seated("ana", "ben", "cy", mode="grade", clue_seconds=30).started()
    table.tick(30)
    assert table.game.stage == "clue"
    assert table.view("ana")["game"]["round_theme"]
    themes = [e for e in table.view("ana")["game"]["recap"] if e["kind"] == "theme"]
    assert themes[0]["fallback"] is True


def test_a_speaker_disconnected_when_the_timer_fires_is_skipped_without_phantom_vote() -> None:
    table = Table.seated("ana", "ben", "cy", "dan", clue_seconds=30).started()
    speaker = table.speaker
    table.tick(25).disconnect(speaker).tick(5)  # the timer fires within their grace
    assert table.speaker != speaker
    assert table.view("ana")["game"]["phantom_votes"] == {}
    skipped = [e for e in table.view("ana")["game"]["recap"] if e["kind"] == "clue"]
    assert skipped[-1] == {**skipped[-1], "player": table.pid(speaker), "skipped": "absent"}


def test_a_clue_holding_ones_own_word_or_alias_is_refused_and_nothing_changes() -> None:
    table = Table.seated("ana", "ben", "cy", "dan").started()
    speaker = table.speaker
    deal = table.room.deal
    assert deal is not None
    role = table.game.role_of(table.pid(speaker))
    word = deal.civilian if role.value == "civilian" else deal.undercover
    shouted = f"c'est {word.upper()}S !"  # case, plural, punctuation folded away
    assert table.rejected(speaker, GiveClue(seq=table.seq, text=shouted)) == "clue.own_word"
    aliases = deal.civilian_aliases if role.value == "civilian" else deal.undercover_aliases
    for alias in aliases:
        assert table.rejected(speaker, GiveClue(seq=table.seq, text=alias)) == "clue.own_word"
    table.give_clue(speaker, "quelque chose d'autre")
    assert table.speaker != speaker


def test_grade_mode_refuses_a_clue_that_states_ones_own_grade() -> None:
    table = Table.seated("ana", "ben", "cy", mode="grade").started()
    table.propose_theme(table.name(table.game.proposer or ""), "la cuisine")
    speaker = table.speaker
    grade = table.game.grade_of(table.pid(speaker))
    assert grade is not None
    for text in (f"un bon {grade}/20", f"{GRADE_WORDS['fr'].grades[grade]} sur vingt"):
        assert table.rejected(speaker, GiveClue(seq=table.seq, text=text)) == "clue.own_grade"
    table.give_clue(speaker, f"R{grade}-D{grade}, p{grade}")  # digits inside words state nothing
    assert table.speaker != speaker
