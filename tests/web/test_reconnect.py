"""Scenarios 3 and 4: reloads, blips and a closed host page never cost a seat or a turn.

3. Reload a player's page mid-clue and mid-vote: same seat, same screen, draft and vote kept;
   a clue sent while the server was down is sent again once the page has reconnected.
4. The host's page closes: after the grace another player becomes host and can go on.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.harness import LocalServer
from tests.web.table import Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_reload_mid_clue_and_mid_vote_keeps_seat_screen_and_vote(table: Table) -> None:
    players = table.seat("Léa", "Malik", "Nora", "Oscar")
    host = players[0]
    table.timers_off(host)
    speaker = table.first_speaker(host, players)
    seat = speaker.id
    speaker.page.fill("#clue-input", "brouillon")
    speaker.page.reload()
    speaker.wait_screen("clues")
    assert speaker.id == seat
    expect(speaker.page.locator("#your-turn")).to_be_visible()
    expect(speaker.page.locator("#clue-input")).to_have_value("brouillon")
    expect(host.page.locator("#players [data-player], #clue-wall .player")).to_have_count(4)
    speaker.page.press("#clue-input", "Enter")
    expect(host.page.locator(f"#clue-wall [data-player='{seat}']")).to_contain_text("brouillon")

    table.play_clues(players)
    for player in players:
        player.wait_screen("voting")
    voter, target = players[1], players[2]
    voter.vote_for(target)
    expect(host.page.locator("#vote-count")).to_have_text("1/4 ont voté")
    voter.page.reload()
    voter.wait_screen("voting")
    expect(voter.page.locator("#my-ballot")).to_have_text(f"Ton vote : {target.name}")
    expect(voter.page.locator(f".target[data-target='{target.id}']")).to_have_class(
        "target voted-for"
    )
    expect(host.page.locator("#vote-count")).to_have_text("1/4 ont voté")
    voter.look("reconnect-vote-after-reload")
    table.check_no_errors()


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[LocalServer]:
    """A server of this test's own, as it is killed and started again."""
    server = LocalServer(tmp_path / "data", time_scale=1.0)
    server.start()
    yield server
    server.stop()


def test_a_clue_sent_while_the_server_is_down_is_sent_after_reconnecting(
    browser: Any, own_server: LocalServer
) -> None:
    table = Table(browser, own_server.base_url)
    try:
        players = table.seat("Paul", "Quentin", "Rose")
        host = players[0]
        table.timers_off(host)
        speaker = table.first_speaker(host, players)

        own_server.kill()
        expect(speaker.page.locator("[data-banner='reconnecting']")).to_be_visible()
        speaker.give_text("clue-input", "parapluie")
        expect(speaker.page.locator("#clue-input-form")).to_contain_text("Hors ligne")
        speaker.look("reconnect-offline-draft")
        own_server.start()

        expect(speaker.page.locator("[data-banner='reconnecting']")).to_be_hidden(timeout=20_000)
        expect(host.page.locator(f"#clue-wall [data-player='{speaker.id}']")).to_contain_text(
            "parapluie", timeout=20_000
        )
        table.check_no_errors()
    finally:
        table.close()


def test_host_page_closes_and_another_player_becomes_host(fast_table: Table) -> None:
    table = fast_table
    players = table.seat("Sacha", "Tom", "Ugo", "Vera")
    host, heir = players[0], players[1]
    table.timers_off(host)
    host.context.close()
    table.players.remove(host)

    expect(heir.page.locator("[data-banner='host']")).to_contain_text("Tu es maintenant l'hôte")
    expect(players[2].page.locator("[data-banner='host']")).to_contain_text(
        f"{heir.name} est maintenant l'hôte"
    )
    expect(heir.page.locator("#setting-mode")).to_be_enabled()
    expect(heir.page.locator("#players [data-player] .tag.accent")).to_have_count(1)
    heir.look("host-transfer-new-host")
    heir.page.click("#start-game")
    alive = players[1:]
    for player in alive:
        player.wait_screen("role_reveal")
    # The cards' 20 s pass in 1 s here: nobody confirms, each looks at their card before speaking.
    # The old host is away: their turns are skipped and the game reaches the vote.
    table.play_clues(alive)
    for player in alive:
        player.wait_screen("voting")
    expect(heir.page.locator("#clue-wall")).to_be_visible()
    expect(heir.page.locator(".kick-panel")).to_be_visible()
    table.check_no_errors()
