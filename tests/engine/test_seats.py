"""engine/seats.py: nicknames and their identity."""

from __future__ import annotations

import pytest

from undercover.engine.errors import Rejected
from undercover.engine.seats import clean_nickname, hash_token, name_key


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("  Zoé ", "Zoé"),
        ("Jean   Marc", "Jean Marc"),
        ("e\u0301mile", "émile"),
        ("a" * 20, "a" * 20),
    ],
)
def test_nicknames_are_trimmed_and_normalised(raw: str, clean: str) -> None:
    assert clean_nickname(raw) == clean


def test_combining_marks_do_not_count_as_visible_characters() -> None:
    assert clean_nickname("e\u0301" * 20)
    with pytest.raises(Rejected):
        clean_nickname("e" * 21)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Zoé", "ZOE"),
        ("Paco", "Рaco"),  # Cyrillic Р
        ("Olga", "0lga"),
        ("ﬁfi", "fifi"),  # NFKC ligature
        ("Anne Lise", "annelise"),
        ("Ιris", "Iris"),  # Greek Iota
    ],
)
def test_look_alike_names_share_a_key(first: str, second: str) -> None:
    assert name_key(first) == name_key(second)


def test_different_names_have_different_keys() -> None:
    assert name_key("Léa") != name_key("Léo")


def test_tokens_are_stored_hashed() -> None:
    token = "a-secret-token-of-enough-length"
    assert token not in hash_token(token)
    assert len(hash_token(token)) == 64
