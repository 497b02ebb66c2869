"""A whole game in English: a room created from the English interface deals English words
(the word language is a room setting), and the phones and the board show them to the end."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.table import PHONE, RESULTS, Table
from undercover.themes.builtin import builtin_catalog

pytestmark = [pytest.mark.browser, pytest.mark.slow]
NAMES = ("Alice", "Ben", "Cara", "Dan")


def _spellings(language: str) -> set[str]:
    catalog = builtin_catalog()
    return {
        text
        for franchise in catalog.franchises
        if franchise.language == language
        for entry in franchise.entries
        for text in (entry.name, *entry.aliases, *entry.attributes)
    }


def test_a_room_created_in_english_plays_english_words_to_the_end(table: Table) -> None:
    table.looks = [(PHONE, "en")]
    players = table.seat(*NAMES)
    host, guest = players[0], players[1]
    expect(host.page.locator("#setting-word_language")).to_have_value("en")
    expect(guest.page.locator("#preset-line")).to_contain_text("Words in English")
    expect(guest.page.locator("[data-setting='word_language']")).to_have_text("English")
    board_context = table.browser.new_context(viewport=PHONE, base_url=table.base_url)
    board_context.add_init_script("localStorage.setItem('undercover.lang', 'en')")
    board = board_context.new_page()
    board.goto(f"/r/{table.code}/board")
    expect(board.locator("#board-word-language")).to_have_text("Words in English")
    host.look("english-lobby-host")
    guest.look("english-lobby-guest")
    board.screenshot(path=str(RESULTS / "english-board-lobby.png"), full_page=True)

    table.start(host)
    _, civilians, undercovers = table.camps(table.reveal_cards(players))
    english, french = _spellings("en"), _spellings("fr")
    for player in players:
        assert player.secret is not None
        word = str(player.secret[1])
        assert word in english, word
        assert word not in french - english, word
    guest.look("english-clues")

    table.play_clues(players, "clue")
    expect(board.locator("#board-word-language")).to_have_text("Words in English")
    board.screenshot(path=str(RESULTS / "english-board-game.png"), full_page=True)
    undercover = undercovers[0]
    for player in players:
        player.wait_screen("voting")
    for player in players:
        player.vote_for(civilians[0] if player is undercover else undercover)
    for player in players:
        player.wait_screen("ended")
    civilian_word = str(civilians[0].secret[1]) if civilians[0].secret else ""
    undercover_word = str(undercover.secret[1]) if undercover.secret else ""
    expect(host.page.locator("#pair-why")).to_contain_text(civilian_word)
    expect(host.page.locator("#pair-why")).to_contain_text(undercover_word)
    expect(host.page.locator("#outcome")).to_contain_text("Victory: Civilians")
    expect(board.locator("#board-pair")).to_contain_text(civilian_word)
    host.look("english-end")
    board.screenshot(path=str(RESULTS / "english-board-end.png"), full_page=True)
    board_context.close()
    table.check_no_errors()
