"""A watcher left alone with a game is told it is paused, and sees it resume."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.table import Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_watcher_is_told_the_game_is_paused_then_resumed(table: Table) -> None:
    players = table.seat("Aline", "Bruno", "Cyrielle")
    host = players[0]
    table.timers_off(host)
    table.start(host)
    table.reveal_cards(players)
    host.wait_screen("clues")
    watcher = table.join("Dorian", screen="clues")
    expect(watcher.page.locator("[data-banner='paused']")).to_have_count(0)

    for player in players:
        player.page.close()
    banner = watcher.page.locator("[data-banner='paused']")
    expect(banner).to_contain_text("Partie en pause")
    watcher.look("paused-watcher")

    # The host opens the game again: the device kept the seat, the game resumes.
    host.context.new_page().goto(f"/r/{table.code}")
    expect(banner).to_have_count(0)
    table.check_no_errors()
