"""engine/seats.py: nicknames and their identity."""

from __future__ import annotations

import pytest

from undercover.engine.errors import Rejected
from undercover.engine.seats import clean_nickname, hash_token
from undercover.rules.text import name_key


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


@pytest.mark.parametrize(
    "name",
    [
        "\U0001f468\u200d\U0001f469\u200d\U0001f467",  # family: man, woman, girl
        "Léa \U0001f469\U0001f3fd\u200d\U0001f4bb",  # woman technologist, medium skin tone
        "\u2764\ufe0f\u200d\U0001f525",  # heart on fire
    ],
)
def test_emoji_joined_by_zero_width_joiners_are_nicknames(name: str) -> None:
    assert clean_nickname(name) == name


@pytest.mark.parametrize("name", ["A\u200dna", "\u200dAna", "Ana\u200d", "\U0001f468\u200dAna"])
def test_a_zero_width_joiner_elsewhere_is_refused(name: str) -> None:
    with pytest.raises(Rejected) as refused:
        clean_nickname(name)
    assert refused.value.code == "name.invalid"


def test_twenty_joined_emoji_fit_and_joiners_are_not_counted() -> None:
    family = "\U0001f468\u200d\U0001f469"  # two visible emoji, one joiner
    assert clean_nickname(family * 6) == family * 6  # 12 visible, 18 code points


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


@pytest.mark.parametrize(
    ("name", "lookalike"),
    [("Bob", "Bօb"), ("Ana", "ɑna"), ("Ana", "ᴀna"), ("Ana", "Ꭺna"), ("Ana", "Ana\u3164")],
)
def test_more_look_alikes_and_invisible_padding_share_a_key(name: str, lookalike: str) -> None:
    assert name_key(name) == name_key(lookalike)


@pytest.mark.parametrize("blank", ["\u3164", "\u2800\u2800", "\u115f\u1160"])
def test_names_of_invisible_letters_are_empty(blank: str) -> None:
    with pytest.raises(Rejected) as error:
        clean_nickname(blank)
    assert error.value.code == "name.empty"


def test_stacked_combining_marks_are_bounded() -> None:
    assert clean_nickname("Zoé" + "\u0301") == "Zoé\u0301"
    with pytest.raises(Rejected) as error:
        clean_nickname("a" + "\u0301" * 150)
    assert error.value.code == "name.too_long"


def test_each_seat_gets_the_face_it_asks_for_unless_taken_then_a_free_one() -> None:
    from tests.engine.table import Table, token_of
    from undercover.engine.commands import JoinRoom
    from undercover.engine.seats import AVATARS, COLORS

    table = Table.seated("ana")
    table.run(None, JoinRoom(name="ben", token=token_of("ben"), avatar="🐸", color=COLORS[3]))
    table.run(None, JoinRoom(name="cy", token=token_of("cy"), avatar="🐸", color=COLORS[3]))
    table.run(None, JoinRoom(name="dan", token=token_of("dan"), avatar="💩", color="red"))
    players = {p["nickname"]: p for p in table.view("ana")["players"]}
    assert (players["ben"]["avatar"], players["ben"]["color"]) == ("🐸", COLORS[3])
    faces = [(p["avatar"], p["color"]) for p in players.values()]
    assert len({a for a, _ in faces}) == len({c for _, c in faces}) == 4
    assert all(a in AVATARS and c in COLORS for a, c in faces)


def test_no_person_is_offered_the_bot_s_or_the_ghost_s_face() -> None:
    from undercover.engine.seats import AVATARS

    assert "🤖" not in AVATARS  # a bot's face (bot_seats.BOT_AVATAR)
    assert "👻" not in AVATARS  # a ghost's mark
