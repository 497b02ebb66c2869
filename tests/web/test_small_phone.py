"""A game on 360×640 phones, French and English: at every phase the action (the card and its
button, the clue field with "Envoyer" and a refusal's reason, every ballot, the flipped card)
is on screen without scrolling, and every phase change shows the top of its screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.table import RESULTS, SMALL, Player, Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def at_top(player: Player) -> None:
    assert player.page.evaluate("window.scrollY") == 0, f"{player.name}: not at the top"


def test_every_phase_keeps_its_action_on_a_small_screen(table: Table) -> None:
    table.looks = [(SMALL, "fr"), (SMALL, "en")]
    players = table.seat("Gaëlle", "Hugo", "Inès", "Jules")
    host = players[0]
    table.timers_off(host)
    expect(host.page.locator("#start-game")).to_be_in_viewport()
    table.start(host)
    for player in players:
        at_top(player)
        expect(player.page.locator("#card-slot .role-card")).to_be_in_viewport()
        expect(player.page.locator("#confirm-role")).to_be_in_viewport()
    groups = table.reveal_cards(players)
    for player in players:
        expect(player.page.locator("#confirm-role")).to_be_hidden()  # confirmed

    host.wait_screen("clues")
    speaker = table.by_id(host.current_actor())
    assert speaker is not None
    assert speaker.secret is not None
    page = speaker.page
    for selector in ("#your-turn", "#clue-input", "#clue-input-form button[type=submit]"):
        expect(page.locator(selector)).to_be_in_viewport()
    at_top(speaker)  # all of it under the screen's top: nothing scrolled away
    speaker.look(f"small-your-turn-{speaker.lang}")
    page.screenshot(path=str(RESULTS / f"small-your-turn-{speaker.lang}-screen.png"))
    # A clue refused (it holds one's own word; four players: no Mr. White, every card has a
    # word): the reason under the field, still with the field and its button on screen.
    assert speaker.secret[0] == "word"
    assert speaker.secret[1]
    speaker.give_text("clue-input", speaker.secret[1])
    expect(page.locator("#clue-input-form.refused")).to_be_visible()
    expect(page.locator("#clue-input-status")).not_to_be_empty()
    for selector in ("#clue-input", "#clue-input-form button[type=submit]", "#clue-input-status"):
        expect(page.locator(selector)).to_be_in_viewport()
    speaker.look(f"small-refused-{speaker.lang}")
    page.screenshot(path=str(RESULTS / f"small-refused-{speaker.lang}-screen.png"))
    table.play_clues(players)

    for player in players:
        player.wait_screen("voting")
        at_top(player)
        expect(player.page.locator("#vote-title")).to_be_in_viewport()
        for target in player.page.locator(".target").all():
            expect(target).to_be_in_viewport()
        expect(player.page.locator("#my-ballot")).to_be_in_viewport()
    table.look_each("small-vote", players)

    _, civilians, undercovers = Table.camps(groups)
    out = undercovers[0]
    for player in players:
        player.vote_for(out if player is not out else civilians[0])
    watcher = civilians[0]
    watcher.wait_screen("reveal")
    at_top(watcher)
    expect(watcher.page.locator("#flip-card")).to_be_in_viewport()
    table.look_each("small-reveal", [p for p in players if p.screen() == "reveal"])
    table.check_no_errors()
