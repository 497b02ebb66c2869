from __future__ import annotations

from collections.abc import Iterator

import pytest

from undercover.hosts.codes import (
    CODE_ALPHABET,
    CODE_LENGTH,
    CodeSpaceExhaustedError,
    draw_code,
    new_room_code,
    normalise_code,
)


def test_alphabet_has_no_look_alikes() -> None:
    assert not set("0O1IL") & set(CODE_ALPHABET)
    assert len(set(CODE_ALPHABET)) == len(CODE_ALPHABET) == 31


def test_drawn_codes_use_the_alphabet_and_vary() -> None:
    codes = {draw_code() for _ in range(200)}
    assert all(len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET) for code in codes)
    assert len(codes) > 190  # 31**5 codes: 200 draws almost never collide


def test_a_collision_draws_again() -> None:
    drawn: Iterator[str] = iter(["AAAAA", "BBBBB", "CCCCC"])
    assert new_room_code({"AAAAA", "BBBBB"}.__contains__, draw=lambda: next(drawn)) == "CCCCC"


def test_a_full_code_space_is_an_error_not_a_loop() -> None:
    with pytest.raises(CodeSpaceExhaustedError):
        new_room_code(lambda code: True, attempts=5)


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("K7QXM", "K7QXM"),
        (" k7qxm ", "K7QXM"),
        ("K7QX", None),
        ("K7QXMM", None),
        ("ABCD0", None),
        ("ABCDO", None),
        ("ABCD1", None),
        ("ABCDL", None),
        ("AB CD", None),
    ],
)
def test_normalise_code(typed: str, code: str | None) -> None:
    assert normalise_code(typed) == code
