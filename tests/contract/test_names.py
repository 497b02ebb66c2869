"""Nicknames from a hostile player: look-alikes, invisible letters, markup, stacked marks.

The engine issue: "unique in the room regardless of case, accents and look-alike
characters", "1–20 visible characters, no control characters". Each case joins a
real server next to an "Ana" (or "Bob") who is already seated.
"""

from __future__ import annotations

import pytest

from tests.contract.client import Conn, Json, run
from tests.contract.hosts import Server


async def _join_next_to(server: Server, first: str, second: str) -> Json:
    code = await server.create_room()
    seated = await Conn.open(server.base_url, code)
    newcomer = await Conn.open(server.base_url, code)
    try:
        assert (await seated.hello(first))["type"] == "welcome"
        return await newcomer.hello(second)
    finally:
        await newcomer.close()
        await seated.close()


def _answer(server: Server, first: str, second: str) -> str:
    """The error code the second nickname gets, or "joined"."""
    answer = run(_join_next_to(server, first, second))
    return "joined" if answer["type"] == "welcome" else str(answer["code"])


@pytest.mark.parametrize(
    "lookalike",
    [
        "ANA",  # case
        "Àna",  # accent
        "Аna",  # Cyrillic А
        "Ａｎａ",  # fullwidth
        "𝐀𝐧𝐚",  # mathematical bold
        "A n a",  # spaced out
        "An\u0301a",  # combining accent
        "A\u034fna",  # combining grapheme joiner (invisible mark)
    ],
)
def test_folded_lookalikes_are_taken(server: Server, lookalike: str) -> None:
    assert _answer(server, "Ana", lookalike) == "name.taken"


@pytest.mark.parametrize(
    ("first", "lookalike"),
    [
        ("Bob", "Bօb"),  # Armenian small oh U+0585
        ("Ana", "ɑna"),  # Latin small alpha U+0251
        ("Ana", "ᴀna"),  # Latin letter small capital A U+1D00
        ("Ana", "Ꭺna"),  # Cherokee letter go U+13AA
    ],
)
def test_unfolded_lookalikes_are_taken(server: Server, first: str, lookalike: str) -> None:
    assert _answer(server, first, lookalike) == "name.taken"


@pytest.mark.parametrize(
    "invisible_suffix",
    ["\u3164", "\u2800", "\u115f"],  # Hangul filler, Braille pattern blank, choseong filler
)
def test_invisible_letter_does_not_make_a_new_name(server: Server, invisible_suffix: str) -> None:
    assert _answer(server, "Ana", "Ana" + invisible_suffix) in {"name.taken", "name.invalid"}


@pytest.mark.parametrize("blank", ["\u3164", "\u2800\u2800", "\u115f\u1160"])
def test_blank_looking_name_is_refused(server: Server, blank: str) -> None:
    assert _answer(server, "Ana", blank) in {"name.empty", "name.invalid"}


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("   ", "name.empty"),
        ("\u0301\u0301", "name.empty"),  # only combining marks
        ("x" * 21, "name.too_long"),
        ("<b>", "name.invalid"),
        ("A\u200bna", "name.invalid"),  # zero-width space
        ("A\u200dna", "name.invalid"),  # zero-width joiner
        ("An\u200ea", "name.invalid"),  # left-to-right mark
        ("\ufeffAna", "name.invalid"),  # byte order mark
        ("An\u00ada", "name.invalid"),  # soft hyphen
        ("\U000e0041na", "name.invalid"),  # tag character
        ("\u202eanA", "text.control_characters"),  # bidi override
        ("\u2067Ana", "text.control_characters"),  # bidi isolate
        ("A\x00na", "text.control_characters"),
    ],
)
def test_bad_names_are_refused(server: Server, name: str, code: str) -> None:
    assert _answer(server, "Bob", name) == code


def test_stacked_combining_marks_are_bounded(server: Server) -> None:
    assert _answer(server, "Bob", "a" + "\u0301" * 150) != "joined"
