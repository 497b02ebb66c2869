import json
import random
from pathlib import Path

import pytest

from undercover.themes.custom import (
    LINES_MAX,
    PROBLEMS,
    TEXT_MAX,
    WORD_MAX,
    CustomWords,
    CustomWordsError,
    deal_custom,
    parse_custom_words,
)
from undercover.themes.select import DealHistory

PAIRS = "Pizza / Quiche\n\n  Chat/Chien  \nMer / Océan\n"


def test_pairs_one_per_line_blank_lines_and_spaces_ignored() -> None:
    assert parse_custom_words(PAIRS) == CustomWords(
        pairs=(("Pizza", "Quiche"), ("Chat", "Chien"), ("Mer", "Océan"))
    )


def test_a_plain_list_of_words() -> None:
    assert parse_custom_words("Pomme\nPoire\n Prune \nPêche").words == (
        "Pomme", "Poire", "Prune", "Pêche",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("text", "code", "line"),
    [
        ("A / B / C\nD / E\nF / G", "custom_words.bad_pair", 1),
        ("Pizza /\nD / E\nF / G", "custom_words.bad_pair", 1),
        ("Pizza / pizza\nD / E\nF / G", "custom_words.same_words", 1),
        ("A / B\nC / D\nb / A", "custom_words.duplicate", 3),  # the same pair, either order
        ("A / B\nC / D", "custom_words.too_few_pairs", 0),
        ("Pomme\nPoire\nPOMME\nPrune", "custom_words.duplicate", 3),  # case-insensitive
        ("Pomme\nPoire\nPrune", "custom_words.too_few_words", 0),
        ("Pomme\n<b>Poire\nPrune\nPêche", "custom_words.markup", 2),
        ("A / B\nC / <script>\nE / F", "custom_words.markup", 2),
        ("Pomme\nPoire\n" + "x" * (WORD_MAX + 1) + "\nPêche", "custom_words.word_too_long", 3),
        ("Pomme\n?!\nPrune\nPêche", "custom_words.no_letters", 2),
        ("A / B\nC / D\n123 / 456\nE / F", "custom_words.no_letters", 3),  # digits alone
        ("Pomme\n42\nPrune\nPêche", "custom_words.no_letters", 2),
        ("x" * (TEXT_MAX + 1), "custom_words.too_long", 0),
        ("\n".join(f"mot{n}" for n in range(LINES_MAX + 1)), "custom_words.too_many_lines", 151),
    ],
)
def test_bad_texts_are_refused_naming_the_line(text: str, code: str, line: int) -> None:
    with pytest.raises(CustomWordsError) as caught:
        parse_custom_words(text)
    assert (caught.value.code, caught.value.line) == (code, line)


def test_pairs_are_dealt_without_repeat_then_start_over() -> None:
    custom = parse_custom_words(PAIRS)
    history = DealHistory()
    seen = set()
    for seed in range(3):
        deal = deal_custom(custom, random.Random(seed), history)
        assert not deal.history_reset
        seen.add(frozenset((deal.civilian, deal.undercover)))
        history = deal.history
    assert seen == {frozenset(p) for p in custom.pairs}
    again = deal_custom(custom, random.Random(9), history)
    assert again.history_reset
    assert len(again.history.pairs) == 1


def test_either_side_may_be_the_civilians_word() -> None:
    custom = parse_custom_words("A / B\nC / D\nE / F")
    sides = {deal_custom(custom, random.Random(s), DealHistory()).civilian for s in range(60)}
    assert sides == {"A", "B", "C", "D", "E", "F"}


def test_a_plain_list_makes_every_pair_of_two_words() -> None:
    custom = parse_custom_words("A\nB\nC\nD")
    pairs = {
        frozenset((d.civilian, d.undercover))
        for d in (deal_custom(custom, random.Random(s), DealHistory()) for s in range(200))
    }
    assert len(pairs) == 6


def test_pair_ids_never_hold_the_words() -> None:
    custom = parse_custom_words(PAIRS)
    deal = deal_custom(custom, random.Random(1), DealHistory())
    assert all(word not in "".join(deal.pair) for word in ("Pizza", "Chat", "Mer", "Quiche"))
    assert deal.pair[0].startswith("custom:")


def test_removed_pairs_are_not_dealt() -> None:
    custom = parse_custom_words(PAIRS)
    removed = frozenset(custom.pair_ids()[:2])
    for seed in range(30):
        deal = deal_custom(custom, random.Random(seed), DealHistory(), removed)
        assert {deal.civilian, deal.undercover} == {"Mer", "Océan"}
    with pytest.raises(CustomWordsError):
        deal_custom(custom, random.Random(0), DealHistory(), frozenset(custom.pair_ids()))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_problem_has_a_sentence_in_the_lobby(lang: str) -> None:
    path = Path(__file__).resolve().parents[2] / "static" / "i18n" / f"{lang}.json"
    strings = json.loads(path.read_text("utf-8"))
    assert [p for p in PROBLEMS if f"error.custom_words.{p}" not in strings] == []
