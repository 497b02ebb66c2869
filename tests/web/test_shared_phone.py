"""A shared phone outside its seats' turns: "Revoir ma carte" for any of its seats, and a seat
voted out becomes a ghost there (opt-in, a bet, then every card) — each behind that seat's own
hand-off, never on the open screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from tests.web.board import Handoffs, add_seats, minority
from tests.web.table import Player, Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def pass_to(page: Page, name: str) -> None:
    """The pass screen names `name` and holds no secret; "C'est moi"."""
    card = page.locator("#handoff .handoff-card")
    expect(card).to_have_attribute("data-step", "pass")
    expect(page.locator("#handoff-title")).to_contain_text(name)
    assert page.locator("#handoff-secret, #ghost-cards, #ghost-form").count() == 0
    page.click("#handoff-me")


# What Paul's page asks of him now, each read in ONE query. Read in two (the screen, then a
# button), the room could move on in between by itself (the vote's grace runs out into the
# reveal, the last card confirmed opens the clues) and the button of the screen before was
# then waited for in vain: the flake of a busy CI machine. Speaking stops matching once his
# clue is sent (the form then waits for the server); his card and his ballot show only once
# the server answered, so after those the loop waits until his page shows them.
ASKED_TO_SPEAK = "body[data-screen='clues'] #clue-input-form:not([hidden]) [type='submit']:enabled"
ASKED_TO_CONFIRM = "body[data-screen='role_reveal'] #confirm-role:enabled"
ASKED_TO_VOTE = "body[data-screen='voting'] #ballot-box:not([hidden]) #vote-undo[hidden]"


def until_paul_speaks(turns: Handoffs, paul: Player, vote: str | None = None) -> None:
    """Serve the shared phone's hand-offs (voting against `vote`) until Paul has the floor.
    Paul acts only where his page asks him to: there the game waits for him (timers off, and
    the cards' own 20 s are far from reached)."""
    page = paul.page
    for _ in range(200):
        if turns.visible():
            turns.serve_one(lambda _, options: vote if vote in options else options[0])
        elif page.locator(ASKED_TO_SPEAK).count():
            return
        elif page.locator(ASKED_TO_CONFIRM).count():
            page.click("#confirm-role")
            expect(page.locator(ASKED_TO_CONFIRM)).to_have_count(0)
        elif vote is not None and page.locator(ASKED_TO_VOTE).count():
            page.locator("#clue-wall .wall-row", has_text=vote).locator(".target").click()
            expect(page.locator(ASKED_TO_VOTE)).to_have_count(0)
        else:
            page.wait_for_timeout(150)
    raise AssertionError(f"Paul never had the floor\n{paul.diagnose()}")


def test_a_shared_phone_shows_a_card_again_and_haunts_behind_hand_offs(table: Table) -> None:
    phone = table.create("Léa")
    table.timers_off(phone)
    add_seats(phone, "Max", "Nour")
    paul = table.join("Paul")
    phone.page.click("#start-game")
    paul.wait_screen("role_reveal")
    paul.read_card()
    turns = Handoffs(phone)
    until_paul_speaks(turns, paul)

    # Paul speaks: the phone is idle; "👁 Max" shows Max's card again, behind his hand-off.
    page = phone.page
    expect(page.locator("#device-cards")).to_be_visible()
    assert page.locator("#handoff-secret").count() == 0
    phone.look("shared-strip")
    page.locator("#device-cards [data-card]", has_text="Max").click()
    pass_to(page, "Max")
    expect(page.locator("#handoff-secret .secret")).to_have_text(turns.words["Max"])
    phone.look("shared-card-again")
    page.click("#handoff-hide")
    expect(page.locator("#handoff")).to_be_hidden()
    phone.switch_language("en")  # the rest in English
    expect(page.locator("#device-cards")).to_contain_text("On this phone")
    phone.look("shared-strip-en")
    paul.give_text("clue-input", "indice Paul")

    # The table votes out a civilian of the phone; at the next round, while Paul speaks, the
    # phone offers that seat the ghost's choice.
    words = {**turns.words, "Paul": paul.secret[1] if paul.secret else "?"}
    majority = max(set(words.values()), key=list(words.values()).count)
    out = next(name for name in ("Max", "Nour", "Léa") if words[name] == majority)
    assert minority(words, list(words)) != out
    until_paul_speaks(turns, paul, vote=out)
    ghost = page.locator("#device-cards [data-ghost]", has_text=out)
    expect(ghost).to_be_visible()
    ghost.click()
    pass_to(page, out)
    expect(page.locator("#handoff #ghost-form")).to_be_visible()
    page.select_option("#ghost-winner", "civilians")
    phone.look("shared-ghost-offer")
    page.click("#ghost-confirm")
    expect(page.locator("#handoff #ghost-cards .player")).to_have_count(4)
    phone.look("shared-ghost-cards")
    page.click("#handoff-hide")
    expect(page.locator("#handoff")).to_be_hidden()
    assert page.locator("#ghost-cards").count() == 0  # nothing of it left on the open screen
    table.check_no_errors()


class HeldFrames:
    """Routes a page's sockets; while `on`, the server's frames wait until `release()`: a
    slow network, on demand (the seat's new view arrives after "Cacher", not before)."""

    def __init__(self, page: Page) -> None:
        self.on = False
        self.frames: list[tuple[WebSocketRoute, str | bytes]] = []
        page.route_web_socket(re.compile(r"/ws"), self._route)

    def _route(self, ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def from_server(message: str | bytes) -> None:
            if self.on:
                self.frames.append((ws, message))
            else:
                ws.send(message)

        server.on_message(from_server)
        ws.on_message(server.send)

    def release(self) -> None:
        self.on = False
        for ws, message in self.frames:
            ws.send(message)
        self.frames.clear()


def test_a_seat_that_just_acted_is_not_asked_again_while_its_view_is_on_its_way(
    table: Table,
) -> None:
    """The cause of an old flake: "Cacher" came before the seat's new view, and the phone
    asked the same seat again for what it had just done."""
    phone = table.create("Léa")
    table.timers_off(phone)
    add_seats(phone, "Max")
    paul = table.join("Paul")
    held = HeldFrames(phone.page)
    phone.page.reload()  # every socket of the phone now goes through the route
    phone.wait_screen("lobby")
    expect(phone.page.locator("#players [data-player]")).to_have_count(3)
    phone.page.click("#start-game")
    page = phone.page
    card = page.locator("#handoff .handoff-card")
    expect(card).to_have_attribute("data-step", "pass")
    first = str(card.get_attribute("data-seat"))
    page.click("#handoff-me")
    expect(card).to_have_attribute("data-step", "card")
    held.on = True  # the confirmation goes out; the new views are slow to come back
    page.click("#handoff-confirm")
    expect(card).to_have_attribute("data-step", "done")
    page.click("#handoff-hide")
    expect(card).to_have_attribute("data-step", "pass")
    assert card.get_attribute("data-seat") != first, "asked again for the card just confirmed"
    held.release()
    expect(card).to_have_attribute("data-step", "pass")
    assert card.get_attribute("data-seat") != first
    paul.wait_screen("role_reveal")
    table.check_no_errors()


# Counts, from the page's first instant, the times a card of the room's own screens (not a
# hand-off's) is put on the screen.
CARDS_DRAWN = """
window.__cards = 0;
new MutationObserver(() => {
  if (document.querySelector('#card-slot .role-card')) window.__cards += 1;
}).observe(document, { subtree: true, childList: true });
"""


def test_a_shared_phone_reloaded_mid_game_draws_no_card_before_its_hand_off(table: Table) -> None:
    """Its socket opens before the module that hides its seats' secrets is in: the first view
    must wait for it, or the open screen deals the card of the page's own seat."""
    phone = table.create("Léa")
    table.timers_off(phone)
    add_seats(phone, "Max")
    paul = table.join("Paul")
    phone.page.click("#start-game")
    paul.wait_screen("role_reveal")
    expect(phone.page.locator("#handoff .handoff-card")).to_have_attribute("data-step", "pass")
    phone.context.add_init_script(CARDS_DRAWN)
    phone.page.reload()
    phone.wait_screen("role_reveal")
    expect(phone.page.locator("#handoff .handoff-card")).to_have_attribute("data-step", "pass")
    assert phone.page.evaluate("window.__cards") == 0, "a card was drawn on the open screen"
    table.check_no_errors()
