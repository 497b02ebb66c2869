"""Scenario 2: a full grade-mode game (rotating theme proposals, Mr. White guessing a grade),
with scenario 8 woven in: the Rules button opens the right section in every phase, and the
language switches to English and back.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.table import PHONE, SMALL, TABLET, Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]
NAMES = ("Gaspard", "Hélène", "Inès", "Jules", "Karim")


def test_grade_game_mr_white_guesses_the_grade(table: Table) -> None:
    table.looks = [(PHONE, "fr"), (SMALL, "fr"), (TABLET, "fr")]
    players = table.seat(*NAMES)
    host, guest = players[0], players[1]
    guest.check_rules("setup")
    table.set_value(host, "mode", "grade")
    expect(guest.page.locator("[data-setting='mode']")).to_have_text("Note (0 à 20)")
    table.set_value(host, "grade_gap", "6")
    table.set_value(host, "clue_rounds_per_vote", "2")
    table.set_checkbox(host, "mr_white", True)
    table.set_checkbox(host, "clue_timer", False)
    table.set_checkbox(host, "vote_timer", False)
    host.look("grade-lobby-host")
    table.look_each("grade-lobby")

    # Language: the lobby in English, the choice remembered across a reload, then back.
    guest.switch_language("en")
    expect(guest.page.locator("#lobby-title")).to_have_text("Room")
    expect(guest.page.locator("[data-setting='mode']")).to_have_text("Grade (0 to 20)")
    guest.look("grade-lobby-guest-en")
    guest.page.reload()
    guest.wait_screen("lobby")
    expect(guest.page.locator("#lobby-title")).to_have_text("Room")
    guest.switch_language("fr")
    expect(guest.page.locator("#lobby-title")).to_have_text("Salon")

    table.start(host)
    table.look_each("grade-role")
    guest.check_rules("roles")
    mr_white, civilians, undercovers = table.camps(table.reveal_cards(players))
    assert mr_white is not None
    assert (len(civilians), len(undercovers)) == (3, 1)
    civilian_grade = civilians[0].secret[1] if civilians[0].secret else None
    assert civilian_grade is not None
    assert civilian_grade.endswith("/20")
    undercover_grade = int(undercovers[0].secret[1].split("/")[0]) if undercovers[0].secret else 0
    assert abs(int(civilian_grade.split("/")[0]) - undercover_grade) == 6

    # Round 1: the proposer sees the theme input, the others wait for the theme.
    for player in players:
        player.wait_screen("clues")
    proposer = table.by_id(host.current_actor())
    assert proposer is not None
    expect(proposer.page.locator("#your-turn")).to_have_text("À toi de choisir le thème !")
    proposer.look("grade-theme-proposer")
    waiting = next(p for p in players if p is not proposer)
    expect(waiting.page.locator("#waiting-for")).to_contain_text(proposer.name)
    waiting.check_rules("grade-mode")
    waiting.switch_language("en")
    expect(waiting.page.locator("#waiting-for")).to_contain_text("is picking this round's theme")
    waiting.look("grade-theme-waiting-en")
    waiting.switch_language("fr")
    proposer.give_text("theme-input", "Un film")
    expect(waiting.page.locator("#round-theme")).to_have_text("Thème de la manche : Un film")
    waiting.look("grade-clues-theme")
    table.look_each("grade-clues")
    table.play_clues(players, "note")
    for player in players:
        player.wait_screen("voting")
    guest.check_rules("vote")
    guest.switch_language("en")
    expect(guest.page.locator("#vote-count")).to_have_text("0/5 have voted")
    guest.switch_language("fr")
    table.look_each("grade-vote")

    # Both rounds had a theme, proposed by two different players in turn.
    themes = [p for p in players if p is not mr_white]
    for player in players:
        player.vote_for(themes[0] if player is mr_white else mr_white)
    host.wait_screen("reveal")
    host.check_rules("elimination")
    mr_white.wait_screen("guess")
    host.wait_screen("guess")
    host.check_rules("mr-white")
    expect(mr_white.page.locator("#guess-input")).to_have_attribute("inputmode", "numeric")
    mr_white.look("grade-guess-mr-white")
    table.look_each("grade-guess")
    mr_white.give_text("guess-input", civilian_grade.split("/")[0])

    for player in players:
        player.wait_screen("ended")
    expect(host.page.locator("#outcome")).to_have_attribute("data-winners", "mr_white")
    expect(host.page.locator("#outcome")).to_contain_text("Mr. White a deviné la note")
    civilian_card = host.page.locator(f"#all-roles [data-player='{civilians[0].id}']")
    expect(civilian_card).to_contain_text(civilian_grade)
    expect(mr_white.page.locator("#outcome")).to_contain_text("Tu as gagné")
    expect(host.page.locator("#pair-why")).to_contain_text(f"Civils : {civilian_grade}")
    host.page.click("#recap-box summary")  # the full recap is folded under the story
    recap = host.page.locator("#recap")
    headers = recap.locator(".clue-table thead th")
    expect(headers).to_have_count(3)
    first_theme, second_theme = headers.nth(1).inner_text(), headers.nth(2).inner_text()
    assert "Un film" in first_theme
    assert proposer.name in first_theme
    assert proposer.name not in second_theme, (first_theme, second_theme)
    expect(recap.locator("[data-guess='right']")).to_be_visible()
    host.check_rules("victory")
    guest.switch_language("en")
    expect(guest.page.locator("#outcome")).to_contain_text("Mr. White guessed")
    guest.look("grade-end-en")
    guest.switch_language("fr")
    host.look("grade-end")
    table.look_each("grade-end")
    table.check_no_errors()
