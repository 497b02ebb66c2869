"""The table's screen (/r/CODE/board) at TV sizes: it follows a game by itself from the
spectator's view, and in streamer mode the room code never reaches its page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web.table import RESULTS, Player, Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TV = {"width": 1920, "height": 1080}
SMALL_TV = {"width": 1280, "height": 720}


def open_board(table: Table, size: dict[str, int] = TV) -> Page:
    context = table.browser.new_context(viewport=size, base_url=table.base_url, locale="fr-FR")
    page = context.new_page()
    page.goto(f"/r/{table.code}/board")
    expect(page.locator("body")).to_have_attribute("data-screen", "board-lobby")
    return page


def shoot(page: Page, name: str) -> None:
    page.evaluate(
        """() => Promise.all(document.getAnimations()
            .filter(a => a.effect.getComputedTiming().iterations !== Infinity)
            .map(a => a.finished.catch(() => null)))"""
    )
    page.screenshot(path=str(RESULTS / f"{name}.png"))


def board_look(page: Page, name: str) -> None:
    """Screenshot the board and scan it with axe: no violation at all."""
    from axe_playwright_python.sync_playwright import Axe

    shoot(page, name)
    results = Axe().run(page)
    bad: list[dict[str, Any]] = [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]]}
        for v in results.response["violations"]
    ]
    assert bad == [], f"{name}: {bad}"


def assert_code_hidden(page: Page, code: str) -> None:
    """Nowhere in the page: its text, its markup, its attributes, its title."""
    assert code not in page.content()
    assert code not in page.title()


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


def add_seats(phone: Player, *names: str) -> None:
    """The lobby's "Ajouter un joueur sur cet appareil", once per name."""
    phone.page.click("#device-panel summary")
    for name in names:
        phone.page.fill("#device-name", name)
        phone.page.click("#device-add")
        expect(phone.page.locator("#device-seats .name", has_text=name)).to_be_visible()


class Handoffs:
    """Drives a shared phone's hand-offs: who is asked, their card, their action, "Cacher"."""

    def __init__(self, phone: Player, shots: str | None = None) -> None:
        self.phone = phone
        self.page = phone.page
        self.words: dict[str, str] = {}  # name -> what their card says
        self.shots = shots
        self.taken: set[str] = set()

    def shoot(self, step: str) -> None:
        if self.shots and step not in self.taken:  # each step of each seat, once
            self.taken.add(step)
            self.phone.shoot(f"{self.shots}-{step}")

    def visible(self) -> bool:
        return self.page.locator("#handoff").is_visible()

    def serve_one(self, suspect: Callable[[dict[str, str], list[str]], str | None]) -> str:
        """One whole hand-off: pass → "C'est moi" → card + action → "Cacher"; its step."""
        card = self.page.locator("#handoff .handoff-card")
        expect(card).to_have_attribute("data-step", "pass")
        title = self.page.locator("#handoff-title").inner_text()
        assert self.page.locator("#handoff-secret").count() == 0, "a secret before the tap"
        seat = str(card.get_attribute("data-seat"))
        self.shoot(f"pass-{seat}")
        self.page.click("#handoff-me")
        expect(card).not_to_have_attribute("data-step", "pass")
        name = self.page.locator("#handoff-title").inner_text()
        assert name in title
        step = str(card.get_attribute("data-step"))
        secret = self.page.locator("#handoff-secret .secret")
        self.words[name] = secret.inner_text() if secret.count() else "?"
        if step in ("clue", "theme", "vote", "guess"):
            # What a personal phone shows for this moment: the compact clue wall and a tip
            # (and the countdown, when a timer runs).
            expect(self.page.locator("#handoff .tip")).to_be_visible()
            expect(self.page.locator("#handoff-wall")).to_be_visible()
        if step == "vote":  # votes from the clues, not from a bare list of names
            expect(self.page.locator("#handoff-wall .clue-chip:not(.empty)").first).to_be_visible()
        self.shoot(f"{step}-{seat}")
        if step == "card":
            self.page.click("#handoff-confirm")
        elif step in ("clue", "theme", "guess"):
            text = "zzz" if step == "guess" else f"indice{len(self.taken)}"
            self.page.fill("#handoff-text", text)
            self.page.press("#handoff-text", "Enter")
        elif step == "vote":
            options = self.page.locator("#handoff-ballot [data-target]").all_inner_texts()
            target = suspect(self.words, [o for o in options if o != name])
            if target is None:
                self.page.click("#handoff-abstain")
            else:
                self.page.click(f"#handoff-ballot [data-target] >> text='{target}'")
        expect(card).to_have_attribute("data-step", "done")
        self.shoot(f"sent-{seat}")
        self.page.click("#handoff-hide")
        # Nothing of that seat is left on screen once hidden.
        expect(self.page.locator("#handoff-secret, #handoff-wall, #handoff-text")).to_have_count(0)
        return step


def minority(words: dict[str, str], options: list[str]) -> str | None:
    """The player whose card differs from most (the undercover or Mr. White), if known."""
    counts: dict[str, int] = {}
    for word in words.values():
        counts[word] = counts.get(word, 0) + 1
    odd = [n for n in options if n in words and counts[words[n]] == min(counts.values())]
    return odd[0] if odd else (options[0] if options else None)


def test_one_device_game_to_the_end(table: Table) -> None:
    """Five players on one phone, Mr. White in, to the end; a board at 1280×720 follows."""
    phone = table.create("Léa")
    table.timers_off(phone)
    table.set_checkbox(phone, "mr_white", True)
    add_seats(phone, "Max", "Nour", "Oscar", "Pia")
    expect(phone.page.locator("#players [data-player]")).to_have_count(5)
    phone.look("device-lobby")
    board = open_board(table, SMALL_TV)
    phone.page.click("#start-game")
    turns = Handoffs(phone, shots="one-device")
    shot: set[str] = set()
    for _ in range(300):
        phase = str(board.locator("body").get_attribute("data-screen")).removeprefix("board-")
        # Scanned once the phone has no hand-off waiting: a scan takes seconds on a busy
        # machine, and the card's phase has a 20 s deadline.
        if phase not in shot and not turns.visible():
            shot.add(phase)
            board_look(board, f"board-{phase}-1280")
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
    board_look(board, "board-ended-1280")
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
            board_look(board, f"board-{phase}-1920")
            if phase == "clues":
                board.set_viewport_size(SMALL_TV)
                board_look(board, "board-clues-1280")
                board.set_viewport_size(TV)
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
            key = (phone.name, f"{phase}:{board.locator('#board-phase').inner_text()}")
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
