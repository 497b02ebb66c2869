"""Scenarios 5 and 6: the host kicks the current speaker; ties lead to a restricted runoff,
then a second tie reopens the vote to everyone.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.table import Player, Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_host_kicks_the_current_speaker(table: Table) -> None:
    players = table.seat("Wassim", "Xavier", "Yasmine", "Zoé", "Adèle")
    host = players[0]
    table.timers_off(host)
    table.start(host)
    groups = table.reveal_cards(players)
    civilians = max(groups.values(), key=len)
    host.wait_screen("clues")
    # Kick a civilian (kicking the undercover would end the game at once): others speak first.
    speaker = table.by_id(host.current_actor())
    while speaker is host or speaker not in civilians:
        assert speaker is not None
        speaker.give_text("clue-input", "premier")
        expect(host.page.locator("#clue-wall .player.current")).not_to_have_attribute(
            "data-player", speaker.id
        )
        speaker = table.by_id(host.current_actor())
    assert speaker is not None
    kicked_id = speaker.id

    host.page.locator(".kick-panel summary").click()
    host.look("kick-panel-open")
    host.page.click(f".kick-panel [data-kick='{kicked_id}']")
    # Asked in the page, not with the browser's confirm(): "Annuler" keeps the player.
    expect(host.page.locator("#confirm-dialog")).to_contain_text("pour de bon")
    host.look("kick-confirm")
    host.page.click("#confirm-no")
    expect(host.page.locator("#confirm-dialog")).to_be_hidden()
    expect(speaker.page.locator("body")).to_have_attribute("data-screen", "clues")
    host.page.click(f".kick-panel [data-kick='{kicked_id}']")
    host.page.click("#confirm-yes")

    speaker.wait_screen("final")
    expect(speaker.page.locator("[data-final='kicked']")).to_contain_text("Tu as été exclu·e")
    speaker.look("kicked-final")
    expect(host.page.locator("#clue-wall .player.current")).not_to_have_attribute(
        "data-player", kicked_id
    )
    expect(host.page.locator(f"#clue-wall [data-player='{kicked_id}']")).to_contain_text("exclu")
    # Someone arriving now watches as a spectator until the next game.
    late = table.join("Bastien", screen="clues")
    expect(late.page.locator("[data-banner='spectator']")).to_contain_text("prochaine partie")
    expect(late.page.locator("#clue-input-form")).to_be_hidden()
    # Never in this game, so not offered to "become a ghost" of it.
    expect(late.page.locator("#ghost-button:visible")).to_have_count(0)
    late.look("late-joiner-spectator")

    # The kicked page cannot come back: a reload shows the kicked screen again.
    speaker.page.reload()
    speaker.wait_screen("final")
    expect(speaker.page.locator("[data-final='kicked']")).to_be_visible()
    expect(speaker.page.locator("#nickname")).to_have_count(0)
    table.check_no_errors()


def test_tie_gives_a_restricted_runoff_then_a_reopened_vote(table: Table) -> None:
    players = table.seat("Basile", "Capucine", "Dorian", "Elsa")
    a, b, c, d = players
    table.timers_off(a)
    table.start(a)
    table.reveal_cards(players)
    table.play_clues(players)
    for player in players:
        player.wait_screen("voting")

    def tie_between(x: Player, y: Player) -> None:
        # x and y vote for each other; the two others split between them: 2–2.
        x.vote_for(y)
        y.vote_for(x)
        c_or_b = [p for p in players if p not in (x, y)]
        c_or_b[0].vote_for(x)
        c_or_b[1].vote_for(y)

    tie_between(a, b)
    for player in players:
        expect(player.page.locator("#vote-title")).to_have_text("Vote de départage")
    expect(c.page.locator("#vote-explain")).to_contain_text(a.name)
    expect(c.page.locator("#vote-explain")).to_contain_text(b.name)
    expect(c.page.locator(f".target[data-target='{a.id}']")).to_be_enabled()
    expect(c.page.locator(f".target[data-target='{b.id}']")).to_be_enabled()
    expect(c.page.locator(f".target[data-target='{d.id}']")).to_be_disabled()
    expect(c.page.locator("#my-ballot")).to_have_text("Tu n'as pas encore voté.")
    # The tie that caused the runoff is shown first: its count.
    expect(c.page.locator("#tie-tally")).to_contain_text("Égalité 2 – 2 !")
    c.look("vote-runoff")

    tie_between(a, b)
    for player in players:
        expect(player.page.locator("#vote-title")).to_have_text("Vote rouvert")
    expect(c.page.locator(f".target[data-target='{d.id}']")).to_be_enabled()
    c.look("vote-reopened")
    table.check_no_errors()
