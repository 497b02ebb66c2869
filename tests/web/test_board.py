"""The table's screen (/r/CODE/board) at TV sizes: it follows a game by itself from the
spectator's view, and in streamer mode the room code never reaches its page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.board import (
    Handoffs,
    add_seats,
    assert_code_hidden,
    board_look,
    board_looks,
    minority,
    open_board,
)
from tests.web.table import Player, Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_streamer_mode_keeps_the_code_off_the_board(table: Table) -> None:
    players = table.seat("Ana", "Ben", "Cyril")
    host = players[0]
    board = open_board(table)
    expect(board.locator("#board-code")).to_have_text(table.code)
    expect(board.locator("#board-players .board-tile")).to_have_count(3)
    board_look(board, "board-lobby-1920")
    table.set_checkbox(host, "streamer", True)
    expect(board.locator("#board-code")).to_have_count(0)
    expect(board.locator("#board-show-qr")).to_be_visible()
    assert_code_hidden(board, table.code)
    board.click("#board-show-qr")
    expect(board.locator("#board-qr-slot img")).to_be_visible()
    assert_code_hidden(board, table.code)
    board_look(board, "board-lobby-streamer-qr")
    board.reload()  # survives reloads, and still keeps the code out once drawn
    expect(board.locator("#board-show-qr")).to_be_visible()
    assert_code_hidden(board, table.code)
    # Phones still show the code as usual.
    expect(host.page.locator("#room-code-big")).to_have_text(table.code)
    board.context.close()


# --- pass-and-play: seats on one phone, every secret behind a hand-off ----------------------


def test_one_device_game_to_the_end(table: Table) -> None:
    """Five players on one phone, Mr. White in, to the end; an English board follows (each
    screen at 1280×720 and 1920×1080)."""
    phone = table.create("Léa")
    table.timers_off(phone)
    table.set_checkbox(phone, "mr_white", True)
    add_seats(phone, "Max", "Nour", "Oscar", "Pia")
    expect(phone.page.locator("#players [data-player]")).to_have_count(5)
    phone.look("device-lobby")
    board = open_board(table, lang="en")
    board_looks(board, "board-lobby", "en")
    phone.page.click("#start-game")
    turns = Handoffs(phone, shots="one-device")
    shot: set[str] = set()
    for _ in range(300):
        phase = str(board.locator("body").get_attribute("data-screen")).removeprefix("board-")
        # One phone always has a hand-off waiting; the board is scanned as each phase begins
        # (the cards' first, at once: its phase has a 20 s deadline).
        if phase not in shot:
            shot.add(phase)
            board_looks(board, f"board-{phase}", "en")
        if phone.screen() == "ended":
            break
        if turns.visible():
            turns.serve_one(minority)
        else:
            phone.page.wait_for_timeout(200)
    phone.wait_screen("ended")
    assert len(turns.words) == 5
    phone.look("one-device-end")
    expect(board.locator("body")).to_have_attribute("data-screen", "board-ended")
    board_looks(board, "board-ended", "en")
    table.check_no_errors()
    board.context.close()


def out_names(out: list[Player]) -> list[str]:
    return [p.name for p in out]


def haunt(phone: Player, undercover: str) -> None:
    """Out of the game: "Devenir fantôme", bet on the civilians and on `undercover`, see all."""
    phone.page.click("#ghost-button")
    phone.page.select_option("#ghost-winner", "civilians")
    phone.page.select_option("#ghost-undercover", undercover)
    phone.look("ghost-offer")
    phone.page.click("#ghost-confirm")
    expect(phone.page.locator("#ghost-cards .player")).to_have_count(6)
    phone.look("ghost-sees-all")
    phone.page.locator("#ghost-dialog .sheet-head button").click()


def test_a_shared_phone_two_phones_and_a_board(table: Table) -> None:
    """One phone holds four seats, two players have their own; the board at 1920×1080 shows
    every phase (and once at 1280×720). Screenshots of every board screen and hand-off. The
    table first votes out a civilian with a phone of their own, who becomes a ghost (a bet,
    then every card), then finds the undercover: the board's end screen scores the bet."""
    shared = table.create("Léa")
    table.timers_off(shared)
    add_seats(shared, "Max", "Nour", "Oscar")
    phones = [table.join("Paul"), table.join("Rémi")]
    board = open_board(table)
    expect(board.locator("#board-players .board-tile")).to_have_count(6)
    ids = {  # every seat's id, read from the board's tiles (public)
        str(tile.locator(".board-name").inner_text()): str(tile.get_attribute("data-player"))
        for tile in board.locator("#board-players .board-tile").all()
    }
    shared.page.click("#start-game")
    turns = Handoffs(shared, shots="shared")
    words: dict[str, str] = {}
    shot: set[str] = set()
    acted: set[tuple[str, str]] = set()
    out: list[Player] = []  # the phone voted out first, then a ghost

    def suspect(options: list[str]) -> str | None:
        """First a civilian with a phone of their own, then whoever holds the odd card."""
        if not out:
            majority = max(set(words.values()), key=list(words.values()).count)
            civilian = next(p.name for p in phones if words.get(p.name) == majority)
            if civilian in options:
                return civilian
        return minority(words, options)

    for _ in range(400):
        phase = str(board.locator("body").get_attribute("data-screen")).removeprefix("board-")
        # Scanned once the phone has no hand-off waiting: a scan takes seconds on a busy
        # machine, and the card's phase has a 20 s deadline.
        if phase not in shot and not turns.visible():
            shot.add(phase)
            board_looks(board, f"board-{phase}", "fr")
        if phase == "ended":
            break
        words.update(turns.words)
        gone = board.locator("#board-table .board-tile.out")
        if not out and gone.count():  # the first one voted out (after their reveal)
            first_out = gone.first.get_attribute("data-player")
            out.extend(p for p in phones if ids[p.name] == first_out)
            assert out, first_out
            haunt(out[0], ids[minority(words, list(ids)) or ""])
        if turns.visible():
            turns.serve_one(lambda _, options: suspect(options))
            continue
        for phone in phones:
            if phone in out:
                continue
            key = (phone.name, f"{phase}:{gone.count()}")  # a vote per player voted out
            screen = phone.screen()
            if screen == "role_reveal" and key not in acted:
                acted.add(key)
                words[phone.name] = phone.read_card()[1] or "?"
                phone.page.click("#confirm-role")
            elif screen == "clues" and phone.current_actor() == phone.id:
                gate = phone.page.locator("#card-gate")
                if gate.is_visible():  # the card's phase ended before this phone confirmed
                    gate.locator(".role-card").click()
                if phone.page.locator("#clue-input-form").is_visible():
                    phone.give_text("clue-input", f"indice {phone.name}")
            elif screen == "voting" and key not in acted:
                acted.add(key)
                target = suspect([n for n in ids if n != phone.name and n not in out_names(out)])
                phone.page.click(f".target[data-target='{ids[str(target)]}']")
        board.wait_for_timeout(150)
    expect(board.locator("body")).to_have_attribute("data-screen", "board-ended")
    expect(board.locator("#board-winners")).to_be_visible()
    expect(board.locator("#board-bets")).to_contain_text(f"{out[0].name} : 2 points")
    assert {"lobby", "role_reveal", "clues", "voting", "reveal", "ended"} <= shot | {"lobby"}
    steps = {shot.split("-")[0] for shot in turns.taken}
    assert {"pass", "card", "clue", "vote", "sent"} <= steps
    # The board never showed a word before the end: it holds the spectator's view only.
    table.check_no_errors()
    board.context.close()
