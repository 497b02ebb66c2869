"""The admission decisions both hosts make (hosts/admission.py): the door, the hello, presence."""

from __future__ import annotations

import asyncio

import pytest

from undercover.hosts.admission import (
    Door,
    admits,
    door,
    earliest,
    may_look_up,
    presence,
    unbind_silent,
)


class LookUps:
    """A look-up allowance that counts what was spent."""

    def __init__(self, left: int) -> None:
        self.left = left
        self.spent = 0

    async def spend(self) -> bool:
        self.spent += 1
        self.left -= 1
        return self.left >= 0


@pytest.mark.parametrize(
    ("room", "holds_pass", "left", "expected", "spent"),
    [
        (True, True, 0, Door.ENTER, 0),
        (True, False, 0, Door.AT_HELLO, 0),  # a live room charges nothing at the upgrade
        (False, False, 1, Door.UNKNOWN_ROOM, 1),
        (False, False, 0, Door.SPENT, 1),
    ],
)
def test_the_door(room: bool, holds_pass: bool, left: int, expected: Door, spent: int) -> None:
    look_ups = LookUps(left)
    found = asyncio.run(door(room=room, holds_pass=holds_pass, spend=look_ups.spend))
    assert (found, look_ups.spent) == (expected, spent)


@pytest.mark.parametrize(
    ("at", "greets", "left", "expected", "spent"),
    [
        (Door.SPENT, True, 0, True, 0),  # a seat's token is never charged nor refused
        (Door.AT_HELLO, True, 0, True, 0),
        (Door.AT_HELLO, False, 1, True, 1),
        (Door.AT_HELLO, False, 0, False, 1),
        (Door.SPENT, False, 5, False, 0),  # spent at the upgrade: a live code answers alike
    ],
)
def test_the_hello_at_the_door(
    at: Door, greets: bool, left: int, expected: bool, spent: int
) -> None:
    look_ups = LookUps(left)
    admitted = asyncio.run(admits(at, greets_a_seat=greets, spend=look_ups.spend))
    assert (admitted, look_ups.spent) == (expected, spent)


@pytest.mark.parametrize(
    ("left", "holds_pass", "expected"),
    [(1, False, True), (0, False, False), (0, True, True), (1, True, True)],
)
def test_a_look_up_spends_first_then_a_pass_answers(
    left: int, holds_pass: bool, expected: bool
) -> None:
    look_ups = LookUps(left)

    async def passed() -> bool:
        return holds_pass

    assert asyncio.run(may_look_up(spend=look_ups.spend, holds_pass=passed)) is expected
    assert look_ups.spent == 1  # pass or not: the binding cannot peek


def test_a_socket_silent_for_the_bound_is_bound_to_no_seat() -> None:
    heard = {"a": 100.0, "b": 25.0, "c": 0.0}
    seats = {"a": "p1", "b": "p2", "c": None}
    found = presence(seats, heard.__getitem__, now=100.0, bound=75.0)
    assert found.connections == {"a": "p1", "b": None, "c": None}
    assert found.check_at == 100.0 + 25.0  # b is read again while a is there
    alone = presence({"b": "p2"}, heard.__getitem__, now=100.0, bound=75.0)
    assert alone.connections == {"b": None}
    assert alone.check_at is None  # nobody there: the next input reads it


def test_the_next_check_is_when_the_first_present_socket_may_fall_silent() -> None:
    heard = {"a": 90.0, "b": 60.0}
    found = presence({"a": "p1", "b": "p2"}, heard.__getitem__, now=100.0, bound=75.0)
    assert found.connections == {"a": "p1", "b": "p2"}
    assert found.check_at == 135.0


def test_presence_off_binds_every_seat_and_never_checks() -> None:
    found = presence({"a": "p1"}, lambda conn: 0.0, now=1e9, bound=float("inf"))
    assert found.connections == {"a": "p1"}
    assert found.check_at is None


def test_unbind_silent_and_earliest() -> None:
    assert unbind_silent({"a": "p1", "b": "p2"}, {"b"}) == {"a": "p1", "b": None}
    assert earliest(None, 3.0, 2.0) == 2.0
    assert earliest(None, None) is None
