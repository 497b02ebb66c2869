"""One person and four bots play a whole game in the browser: the host adds the bots in the
lobby (their badge on their names), plays their own turns, and reaches the end screen while
the bots give their clues and votes on their own (docs/bots.md)."""

from __future__ import annotations

import contextlib

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from tests.web.table import Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_one_person_and_four_bots_play_to_the_end_screen(fast_table: Table) -> None:
    table = fast_table
    host = table.create("Alice")
    page = host.page
    for strength in ("debutant", "normal", "normal", "malin"):
        page.select_option("#bot-strength", strength)
        page.click("#add-bot")
    expect(page.locator("#players [data-player]")).to_have_count(5)
    expect(page.locator("#players [data-bot]")).to_have_count(4)
    expect(page.locator("#players")).to_contain_text("Bot Ada")
    page.click("[data-remove-bot]")  # one is removed, one more is added
    expect(page.locator("#players [data-bot]")).to_have_count(3)
    page.click("#add-bot")
    expect(page.locator("#players [data-bot]")).to_have_count(4)
    host.look("bots-lobby")
    table.timers_off(host)  # the person takes their time; the bots never need a timer
    table.start(host)

    clues_seen = 0
    for _ in range(600):
        screen = host.screen()
        if screen == "ended":
            break
        # The card screen passes by itself (20 s, 1 s at this speed): the card is read at the
        # first clue turn, as a latecomer does.
        gate = page.locator("#card-gate")
        if screen == "clues" and gate.is_visible():
            gate.locator(".role-card").click()
        elif screen == "clues" and page.locator("#clue-input-form").is_visible():
            host.give_text("clue-input", f"indice {clues_seen}")
            clues_seen += 1
        elif screen == "voting" and page.locator(".target").count():
            # The bots may close the vote at any moment: read without waiting, and a target
            # gone before the click means the game moved on (the next turn of the loop).
            ballot = " ".join(page.locator("#my-ballot").all_inner_texts())
            if ballot and "Ton vote" not in ballot and "Tu t'abstiens" not in ballot:
                with contextlib.suppress(PlaywrightTimeoutError):
                    page.locator(".target").first.click(timeout=2_000)
        page.wait_for_timeout(150)
    host.wait_screen("ended", timeout=30_000)
    host.look("bots-ended")
    recap = page.locator("body").inner_text()
    assert "Bot " in recap  # the bots' clues and names are in the end screen's recap
    table.check_no_errors()
