"""The board at the vote and while paused: a countdown ring the room can read from afar, and
a "paused" notice once no player of the game is connected (the deadlines frozen)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.web.board import board_looks, open_board
from tests.web.table import Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_the_board_counts_the_vote_down_on_a_ring_and_says_when_paused(table: Table) -> None:
    players = table.seat("Ana", "Ben", "Cyril")
    host = players[0]
    table.set_checkbox(host, "clue_timer", False)  # the vote keeps its timer
    board, english = open_board(table), open_board(table, lang="en")
    table.first_speaker(host, players)
    table.play_clues(players)
    expect(board.locator("body")).to_have_attribute("data-screen", "board-voting")
    ring = board.locator("#board-vote-ring")
    expect(ring).to_be_visible()
    # "12 s", with a no-break space before the unit
    expect(ring.locator(".countdown-label")).to_have_text(re.compile(r"^\d+\ss$"))
    expect(board.locator("#board-paused")).to_have_count(0)
    board_looks(board, "board-voting-ring", "fr")
    board_looks(english, "board-voting-ring", "en")

    for player in players:  # everyone's phone goes dark: the game pauses
        player.page.close()
    expect(board.locator("#board-paused")).to_be_visible()
    expect(board.locator("#board-paused")).to_contain_text("pause")
    expect(ring.locator(".countdown-label")).to_have_text("")  # frozen: no number runs
    expect(english.locator("#board-paused")).to_contain_text("paused")
    board_looks(board, "board-paused", "fr")
    board_looks(english, "board-paused", "en")
    board.context.close()
    english.context.close()
