"""Scenario 7: timers expire (the self-host's test-only clock runs 5 times faster).

A speaker who lets the clue timer run out gets an empty clue and a phantom accusing vote,
shown on the vote screen and counted at the next tally; a disconnected player is announced
with the reconnection grace, then their turn is skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import expect

from tests.e2e.harness import LocalServer
from tests.web.table import Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]
TIME_SCALE = 5.0


@pytest.fixture
def timed_table(browser: object, server_factory: Callable[[float], LocalServer]) -> Iterator[Table]:
    made = Table(browser, server_factory(TIME_SCALE).base_url)
    yield made
    made.close()


def test_expired_timers_give_an_empty_clue_a_phantom_vote_and_skip_the_absent(
    timed_table: Table,
) -> None:
    table = timed_table
    players = table.seat("Bérénice", "Cyril", "Diane", "Éric")
    host = players[0]
    table.set_value(host, "clue_seconds", "30")
    table.set_value(host, "vote_seconds", "30")
    table.set_checkbox(host, "reveal_on_elimination", False)
    table.start(host)
    table.reveal_cards(players)
    host.wait_screen("clues")

    order = host.page.locator("#clue-wall .player").evaluate_all(
        "items => items.map(item => item.dataset.player)"
    )
    slow = table.by_id(order[0])
    away = table.by_id(next(pid for pid in reversed(order[1:]) if pid != host.id))
    assert slow is not None
    assert away is not None
    watcher = next(p for p in players if p not in (slow, away))

    # The away player's page closes: everyone sees the grace countdown, then the absence.
    away_id = away.id
    away.context.close()
    table.players.remove(away)
    banner = watcher.page.locator(f"[data-banner='grace:{away_id}']")
    expect(banner).to_contain_text(f"{away.name} s'est déconnecté·e — passé·e dans")
    watcher.look("timers-grace-banner")
    expect(banner).to_contain_text(f"{away.name} est absent·e : tours sautés")

    # The slow speaker does nothing: the clue timer runs out (countdown warning on the way).
    expect(slow.page.locator(".countdown.warning")).to_be_visible(timeout=10_000)
    slow.look("timers-countdown-warning")
    slow_entry = watcher.page.locator(f"#clue-wall [data-player='{slow.id}']")
    expect(slow_entry).to_contain_text("trop lent", timeout=10_000)
    for pid in order[1:]:
        speaker = table.by_id(pid)
        if speaker is None or speaker is away:
            continue
        expect(speaker.page.locator("#clue-input-form")).to_be_visible(timeout=10_000)
        speaker.give_text("clue-input", "vite")

    watcher.wait_screen("voting")
    phantoms = watcher.page.locator("#phantom-votes")
    expect(phantoms).to_contain_text(f"{slow.name} +1")
    watcher.look("timers-vote-phantom")
    # Nobody votes: the vote timer runs out and the phantom vote alone decides.
    watcher.wait_screen("reveal")
    row = watcher.page.locator(f"#tally-board [data-player='{slow.id}']")
    expect(row.locator(".count")).to_have_text("1")
    expect(row).to_contain_text("+1 pénalité")
    expect(watcher.page.locator("#eliminated-name")).to_contain_text(slow.name)
    expect(watcher.page.locator("#eliminated-role")).to_have_text("Son rôle reste secret.")
    table.check_no_errors()
