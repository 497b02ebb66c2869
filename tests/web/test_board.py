"""The table's screen (/r/CODE/board) at TV sizes: it follows a game by itself from the
spectator's view, and in streamer mode the room code never reaches its page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.web.table import RESULTS, Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TV = {"width": 1920, "height": 1080}
SMALL_TV = {"width": 1280, "height": 720}


def open_board(table: Table, size: dict[str, int] = TV) -> Page:
    context = table.browser.new_context(viewport=size, base_url=table.base_url, locale="fr-FR")
    page = context.new_page()
    page.goto(f"/r/{table.code}/board")
    expect(page.locator("body")).to_have_attribute("data-screen", "board-lobby")
    return page


def shoot(page: Page, name: str) -> None:
    page.evaluate(
        """() => Promise.all(document.getAnimations()
            .filter(a => a.effect.getComputedTiming().iterations !== Infinity)
            .map(a => a.finished.catch(() => null)))"""
    )
    page.screenshot(path=str(RESULTS / f"{name}.png"))


def assert_code_hidden(page: Page, code: str) -> None:
    """Nowhere in the page: its text, its markup, its attributes, its title."""
    assert code not in page.content()
    assert code not in page.title()


def test_streamer_mode_keeps_the_code_off_the_board(table: Table) -> None:
    players = table.seat("Ana", "Ben", "Cyril")
    host = players[0]
    board = open_board(table)
    expect(board.locator("#board-code")).to_have_text(table.code)
    expect(board.locator("#board-players .board-tile")).to_have_count(3)
    shoot(board, "board-lobby-1920")
    table.set_checkbox(host, "streamer", True)
    expect(board.locator("#board-code")).to_have_count(0)
    expect(board.locator("#board-show-qr")).to_be_visible()
    assert_code_hidden(board, table.code)
    board.click("#board-show-qr")
    expect(board.locator("#board-qr-slot img")).to_be_visible()
    assert_code_hidden(board, table.code)
    shoot(board, "board-lobby-streamer-qr")
    board.reload()  # survives reloads, and still keeps the code out once drawn
    expect(board.locator("#board-show-qr")).to_be_visible()
    assert_code_hidden(board, table.code)
    # Phones still show the code as usual.
    expect(host.page.locator("#room-code-big")).to_have_text(table.code)
    board.context.close()
