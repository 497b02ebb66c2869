"""Scenario 1: a full classic game with 6 players and Mr. White, to a victory.

Every screen is visited, screenshot and scanned; the recap table is checked at the end.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.table import EVERY_LOOK, Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]
NAMES = ("Alice", "Bruno", "Chloé", "David", "Emma", "Farid")


def test_classic_game_with_mr_white_to_a_civilian_victory(table: Table) -> None:
    table.looks = EVERY_LOOK  # 360×640, 390×844 and 820×1180, in French and in English
    players = table.seat(*NAMES)
    host, guest = players[0], players[1]
    table.set_checkbox(host, "mr_white", True)
    expect(host.page.locator("#composition")).to_contain_text("4 Civils")
    expect(host.page.locator("#composition")).to_contain_text("1 Mr. White")
    host.look("classic-lobby-host")
    guest.look("classic-lobby-guest")
    table.look_each("classic-lobby")

    table.start(host)
    guest.look("classic-role-hidden")
    table.look_each("classic-role")
    mr_white, civilians, undercovers = table.camps(table.reveal_cards(players))
    assert mr_white is not None
    assert (len(civilians), len(undercovers)) == (4, 1)
    undercover = undercovers[0]
    guest.page.locator("#card-button").click()
    guest.page.locator("#card-dialog .role-card").click()
    guest.look("classic-card-dialog")
    guest.page.keyboard.press("Escape")

    # Cycle 1: clues, then everyone votes Mr. White out (he votes for the undercover).
    for player in players:
        player.wait_screen("clues")
    speaker = table.by_id(host.current_actor())
    assert speaker is not None
    expect(speaker.page.locator("#your-turn")).to_have_text(
        "À toi !" if speaker.lang == "fr" else "Your turn!"
    )
    speaker.look("classic-clues-speaker")
    next(p for p in players if p is not speaker).look("classic-clues-waiting")
    table.look_each("classic-clues")
    table.play_clues(players, "lunettes")
    for player in players:
        player.wait_screen("voting")
    expect(host.page.locator("#vote-count")).to_have_text("0/6 ont voté")
    picker = next(p for p in players if p is not mr_white)
    picker.page.click(f".target[data-target='{mr_white.id}']")
    picker.look("classic-vote-picked")
    table.look_each("classic-vote")
    for player in players:
        player.vote_for(undercover if player is mr_white else mr_white)
    expect(host.page.locator("#vote-grace")).to_contain_text("Tout le monde a voté")
    for player in players:
        player.wait_screen("reveal")
    expect(host.page.locator("#eliminated-name")).to_contain_text(mr_white.name)
    expect(host.page.locator("#eliminated-role")).to_contain_text("Mr. White")
    host.look("classic-reveal")
    table.look_each("classic-reveal")

    # Mr. White's guess: an input for him, a waiting screen for the others.
    mr_white.wait_screen("guess")
    picker.wait_screen("guess")
    expect(picker.page.locator("#guess-waiting")).to_contain_text(mr_white.name)
    expect(picker.page.locator("#guess-input-form")).to_be_hidden()
    mr_white.look("classic-guess-mr-white")
    picker.look("classic-guess-waiting")
    table.look_each("classic-guess")
    mr_white.give_text("guess-input", "Pas le bon mot")

    # Cycle 2: Mr. White watches; everyone votes the undercover out.
    alive = [p for p in players if p is not mr_white]
    table.play_clues(alive, "baguette")
    expect(mr_white.page.locator("[data-banner='spectator']")).to_be_visible()
    for player in alive:
        player.wait_screen("voting")
    victim = civilians[0]
    for player in alive:
        player.vote_for(victim if player is undercover else undercover)
    for player in players:
        player.wait_screen("ended")

    expect(host.page.locator("#outcome")).to_have_attribute("data-winners", "civilians")
    for civilian in civilians:
        won = "Tu as gagné" if civilian.lang == "fr" else "You won"
        expect(civilian.page.locator("#outcome")).to_contain_text(won)
    lost = "Perdu" if undercover.lang == "fr" else "Lost"
    expect(undercover.page.locator("#outcome")).to_contain_text(lost)
    roles = host.page.locator("#all-roles")
    mr_white_role = roles.locator(f"[data-player='{mr_white.id}']")
    expect(mr_white_role).to_have_attribute("data-role", "mr_white")
    expect(roles.locator(f"[data-player='{undercover.id}']")).to_have_attribute(
        "data-role", "undercover"
    )
    expect(roles.locator("[data-role='civilian']")).to_have_count(4)
    assert civilians[0].secret is not None
    assert undercover.secret is not None
    expect(host.page.locator("#pair-why")).to_contain_text(str(civilians[0].secret[1]))
    expect(host.page.locator("#pair-why")).to_contain_text(str(undercover.secret[1]))

    # The recap: two cycles, every clue, both votes, Mr. White's guess.
    recap = host.page.locator("#recap")
    expect(recap.locator(".recap-cycle")).to_have_count(2)
    first = recap.locator(".recap-cycle[data-cycle='1']")
    expect(first.locator(".clue-table tbody tr")).to_have_count(6)
    expect(first.locator(".clue-table")).to_contain_text("lunettes Alice")
    expect(first.locator(".vote-table")).to_contain_text(f"{mr_white.name} éliminé·e")
    mw_row = first.locator(f".vote-table tr[data-player='{mr_white.id}']")
    expect(mw_row.locator("td").nth(0)).to_have_text(f"→ {undercover.name}")
    expect(mw_row.locator("td").nth(1)).to_have_text("5")
    expect(first.locator("[data-guess='wrong']")).to_contain_text("Pas le bon mot")
    second = recap.locator(".recap-cycle[data-cycle='2']")
    expect(second.locator(".clue-table tbody tr")).to_have_count(5)
    expect(second.locator(".vote-table")).to_contain_text(f"{undercover.name} éliminé·e")
    expect(host.page.locator("#score-summary")).to_have_text("Scores du salon (1 partie)")
    expect(host.page.locator("#rematch")).to_be_visible()
    expect(guest.page.locator("#rematch")).to_have_count(0)
    # The end as a story: the words, the impostors, the decisive vote, Mr. White's miss, awards.
    story = host.page.locator("#story")
    expect(story).to_contain_text(str(civilians[0].secret[1]))
    expect(story).to_contain_text(f"Vote décisif : {undercover.name}")
    expect(story).to_contain_text("Pas le bon mot")
    expect(story.locator("[data-award='suspected']")).to_contain_text(mr_white.name)
    expect(story.locator("[data-award='flair']")).to_be_visible()
    # Its picture: drawn in the browser, its size stated, not blank, nothing the screen hides.
    with host.page.expect_download() as download:
        host.page.click("#share-story")
    assert download.value.suggested_filename == f"undercover-{table.code}.png"
    expect(host.page.locator("#share-status")).to_contain_text("1080 × 1350 px")
    image = host.page.locator("#story-image")
    expect(image).to_be_visible()
    colours = image.evaluate(
        """img => {
            const c = document.createElement("canvas");
            c.width = img.naturalWidth; c.height = img.naturalHeight;
            const ctx = c.getContext("2d"); ctx.drawImage(img, 0, 0);
            const data = ctx.getImageData(0, 0, c.width, c.height).data;
            const seen = new Set();
            for (let i = 0; i < data.length; i += 4 * 97) {
                seen.add(data[i] << 16 | data[i + 1] << 8 | data[i + 2]);
            }
            return [c.width, c.height, seen.size];
        }"""
    )
    assert colours[:2] == [1080, 1350]
    assert colours[2] > 50, colours  # text and faces drawn, not a flat background
    shown = host.page.locator("main").inner_text()
    for line in story.locator(".story-lines li").all_inner_texts():
        assert line in str(image.get_attribute("alt"))
        assert line in shown
    host.look("classic-end-host")
    table.look_each("classic-end")
    undercover.look("classic-end-undercover")

    # "Rejouer": the host is in the room at once; the others keep their end screen (the story,
    # the rating, the picture) with when the next game starts, until they go or it starts.
    host.page.click("#rematch")
    host.wait_screen("lobby")
    expect(host.page.locator("#start-hint")).to_contain_text("le temps que chacun finisse de lire")
    for player in players[1:]:
        expect(player.page.locator("#next-game")).to_be_visible()
        assert player.screen() == "ended"
        expect(player.page.locator("#story")).to_be_visible()
    guest.look("classic-end-next-game")
    guest.page.click("#go-lobby")  # "J'y vais"
    guest.wait_screen("lobby")
    assert players[2].screen() == "ended"  # nobody else pulled away
    host.page.click("#start-game")  # the host need not wait: the game starts for everyone
    for player in players:
        player.wait_screen("role_reveal")
    expect(host.page.locator("#ready-count")).to_have_text("0/6 prêts")
    table.check_no_errors()
