"""The home screen and what the client does with bad input or a server it cannot follow:
wrong codes, unknown rooms, taken nicknames, a locked room, the copy-link fallback, and
(through a mocked WebSocket) unknown messages, an outdated protocol and the final screens.
"""

from __future__ import annotations

import itertools
import json
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.table import PHONE, RESULTS, Table

pytestmark = pytest.mark.browser
FIXTURES = Path(__file__).parent / "fixtures"
SEAT = {"token": "t" * 43, "player_id": "p2"}


def test_home_screen_errors_and_remembered_nickname(table: Table) -> None:
    host = table.create("Alex")
    visitor = table.new_player("Visiteur")
    page = visitor.page
    page.goto("/")
    visitor.look("home")
    page.click("#rules-button")
    expect(page.locator("#rules-dialog section.current")).to_have_attribute(
        "data-section", "overview"
    )
    visitor.look("rules-dialog")
    page.keyboard.press("Escape")
    expect(page.locator("#rules-dialog")).to_be_hidden()
    page.fill("#nickname", "Bea")
    page.fill("#room-code", "AB0D1")
    page.click("#join-room")
    expect(page.locator("#home-error")).to_contain_text("pas le bon format")
    page.fill("#room-code", "ZZZZZ")
    page.click("#join-room")
    expect(page.locator("#home-error")).to_have_text("Salon introuvable : vérifie le code.")
    visitor.look("home-room-not-found")
    page.goto("/r/ZZZZZ")
    expect(page.locator("#home-error")).to_have_text("Salon introuvable : vérifie le code.")
    expect(page.locator("#room-code")).to_have_value("ZZZZZ")
    page.goto("/")

    # A nickname already taken (whatever the case and accents) is refused clearly.
    page.fill("#nickname", "ÂLEX")
    page.fill("#room-code", table.code.lower())
    page.click("#join-room")
    expect(page.locator("#home-error")).to_contain_text("déjà pris")
    expect(page.locator("#room-code")).to_have_value(table.code)
    visitor.look("home-name-taken")
    page.reload()
    expect(page.locator("#nickname")).to_have_value("ÂLEX")

    # A locked room refuses newcomers.
    table.open_advanced(host)
    host.page.click("#setting-locked")
    expect(host.page.locator("#setting-locked")).to_be_checked()
    page.fill("#nickname", "Bea")
    page.click("#join-room")
    expect(page.locator("#home-error")).to_contain_text("verrouillé")
    table.check_no_errors()


def test_copy_link_falls_back_to_selecting_the_text(table: Table) -> None:
    host = table.create("Alex")
    host.page.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    host.page.reload()
    host.wait_screen("lobby")
    host.page.click("#copy-link")
    expect(host.page.locator("#copy-link + .hint")).to_contain_text("Lien sélectionné")
    selected = host.page.evaluate("String(window.getSelection())")
    assert selected.endswith(f"/r/{table.code}")


# --- a mocked server -----------------------------------------------------------------------


def _mocked_page(browser: Any, base_url: str, script: Any) -> Any:
    """A page at /r/ABCDE holding a seat, whose WebSocket is answered by `script(ws, msg)`."""
    context = browser.new_context(viewport=PHONE, base_url=base_url)
    context.add_init_script(
        f"localStorage.setItem('undercover.seat.ABCDE', {json.dumps(json.dumps(SEAT))})"
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors

    def handler(ws: Any) -> None:
        ws.on_message(lambda message: script(ws, json.loads(message)))

    page.route_web_socket("**/ws/ABCDE", handler)
    page.goto("/r/ABCDE")
    return page


def _lobby_frame() -> str:
    return (FIXTURES / "lobby_view.json").read_text("utf-8")


def test_a_view_with_unknown_fields_renders_and_names_stay_text(browser: Any, server: Any) -> None:
    def script(ws: Any, message: dict[str, Any]) -> None:
        if message["type"] == "hello":
            assert message["token"] == SEAT["token"]
            assert message["protocol"] == 5
            ws.send(json.dumps({"type": "welcome", "protocol": 5, **SEAT}))
            ws.send(_lobby_frame())

    page = _mocked_page(browser, server.base_url, script)
    expect(page.locator("body")).to_have_attribute("data-screen", "lobby")
    name = page.locator("[data-player='p2'] .name")
    expect(name).to_have_text("<b>Sam</b>")
    expect(name.locator("b")).to_have_count(0)
    expect(page.locator("[data-player='p2']")).to_contain_text("déconnecté")
    expect(page.locator("#similarity-warning")).to_contain_text("« proche »")
    page.screenshot(path=str(RESULTS / "mock-lobby-fixture.png"), full_page=True)
    assert page.errors == []
    page.context.close()


def test_the_client_puts_a_partial_view_back_together(browser: Any, server: Any) -> None:
    page = browser.new_page(base_url=server.base_url)
    page.goto("/")
    results = page.evaluate(
        """async () => {
          const { wholeView } = await import("/js/net.js");
          const held = { now: 1, phase: "clues", game: { stage: "clues", recap: ["a", "b", "c"] } };
          const game = { recap: ["d"], round: 2 };
          const tail = { full: false, recap_from: 2, view: { now: 2, game } };
          return [
            wholeView(held, tail),
            wholeView(held, { full: false, recap_from: 0, view: { phase: "voting" } }),
            wholeView(held, { full: false, recap_from: 0, view: { game: { stage: "vote" } } }),
            wholeView(held, { full: true, recap_from: 0, view: { game: null } }),
            wholeView(null, tail),
            wholeView(null, { full: false, recap_from: 0, view: { now: 3 } }),
            wholeView({ game: { recap: ["a"] } }, tail),
            wholeView({ now: 1, players: [{ id: "p1" }, { id: "p2" }] },
              { full: false, view: { players_patch: { 1: { id: "p2", out: true } } } }),
            wholeView({ now: 1, players: [{ id: "p1" }] },
              { full: false, view: { players_patch: { 1: { id: "p2" } } } }),
          ];
        }"""
    )
    assert results == [
        {
            "now": 2,
            "phase": "clues",
            "game": {"stage": "clues", "recap": ["a", "b", "d"], "round": 2},
        },
        {"now": 1, "phase": "voting", "game": {"stage": "clues", "recap": ["a", "b", "c"]}},
        {"now": 1, "phase": "clues", "game": {"stage": "vote", "recap": ["a", "b", "c"]}},
        {"game": None},
        None,
        None,
        None,
        {"now": 1, "players": [{"id": "p1"}, {"id": "p2", "out": True}]},  # no players_patch
        None,  # a patch of a seat this socket never had
    ]
    page.close()


def test_a_frame_the_client_cannot_apply_makes_it_ask_for_a_full_view(
    browser: Any, server: Any
) -> None:
    received: list[dict[str, Any]] = []

    def script(ws: Any, message: dict[str, Any]) -> None:
        received.append(message)
        if message["type"] == "hello":
            ws.send(json.dumps({"type": "welcome", "protocol": 5, **SEAT}))
            # A view continuing a recap this socket never had, then a partial one on top.
            tail = {"phase": "clues", "game": {"recap": []}, "players": []}
            ws.send(
                json.dumps({"type": "view", "seq": 3, "full": False, "recap_from": 4, "view": tail})
            )
            ws.send(json.dumps({"type": "view", "seq": 4, "full": False, "view": {"now": 1}}))
        elif message["type"] == "sync":
            ws.send(_lobby_frame())

    page = _mocked_page(browser, server.base_url, script)
    expect(page.locator("body")).to_have_attribute("data-screen", "lobby")
    assert [m["type"] for m in received] == ["hello", "sync"]  # asked once, on the same socket
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize(
    "frame",
    [
        {"type": "surprise", "data": 1},
        {"type": "view", "seq": 4, "view": {"phase": "a_phase_from_the_future", "players": []}},
    ],
    ids=["unknown-type", "unknown-phase"],
)
def test_what_the_client_cannot_read_shows_the_reload_banner(
    browser: Any, server: Any, frame: dict[str, Any]
) -> None:
    def script(ws: Any, message: dict[str, Any]) -> None:
        if message["type"] == "hello":
            ws.send(json.dumps({"type": "welcome", "protocol": 5, **SEAT}))
            ws.send(_lobby_frame())
            ws.send(json.dumps(frame))

    page = _mocked_page(browser, server.base_url, script)
    banner = page.locator("[data-banner='outdated']")
    expect(banner).to_contain_text("recharge la page")
    expect(banner.locator("button")).to_have_text("Recharger")
    expect(page.locator("body")).to_have_attribute("data-screen", "lobby")  # not broken
    page.screenshot(path=str(RESULTS / f"mock-reload-banner-{frame['type']}.png"))
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize(
    ("answer", "close_code", "final", "title"),
    [
        (
            {"type": "error", "code": "protocol.outdated", "message": "old", "fatal": True},
            4426,
            "outdated",
            "Version dépassée",
        ),
        (None, 4404, "room_not_found", "Salon introuvable"),
        ({"type": "closed", "reason": "replaced"}, 4409, "replaced", "Ouvert ailleurs"),
        ({"type": "closed", "reason": "kicked"}, 4403, "kicked", "Tu as été exclu·e"),
    ],
    ids=["outdated", "room-not-found", "replaced", "kicked"],
)
def test_final_screens(
    browser: Any,
    server: Any,
    answer: dict[str, Any] | None,
    close_code: int,
    final: str,
    title: str,
) -> None:
    hellos: list[dict[str, Any]] = []

    def script(ws: Any, message: dict[str, Any]) -> None:
        hellos.append(message)
        if answer is not None:
            ws.send(json.dumps(answer))
        ws.close(code=close_code, reason="")

    page = _mocked_page(browser, server.base_url, script)
    expect(page.locator(f"[data-final='{final}'] h1")).to_have_text(title)
    page.screenshot(path=str(RESULTS / f"final-{final}.png"))
    page.wait_for_timeout(1500)
    assert len(hellos) == 1, "a final close must not reconnect"
    assert page.errors == []
    page.context.close()


def test_a_dropped_socket_reconnects_at_once_then_with_backoff(browser: Any, server: Any) -> None:
    hellos: list[float] = []

    def script(ws: Any, message: dict[str, Any]) -> None:
        if message["type"] == "hello":
            hellos.append(time.monotonic())
            if len(hellos) < 4:
                ws.close(code=1011, reason="")  # a server error: not final, try again
                return
            ws.send(json.dumps({"type": "welcome", "protocol": 5, **SEAT}))
            ws.send(_lobby_frame())

    page = _mocked_page(browser, server.base_url, script)
    expect(page.locator("body")).to_have_attribute("data-screen", "lobby", timeout=15_000)
    expect(page.locator("[data-banner='reconnecting']")).to_have_count(0)
    gaps = [later - earlier for earlier, later in itertools.pairwise(hellos)]
    assert len(gaps) == 3
    assert gaps[0] < 0.4, gaps  # at once
    assert gaps[1] >= 0.45, gaps  # then 0.5 s
    assert gaps[2] >= 0.95, gaps  # then 1 s …
    page.context.close()


def test_host_picks_themes_and_sub_categories_guests_see_them(table: Table) -> None:
    host = table.create("Alex")
    guest = table.join("Bea")
    films = host.page.locator("[data-key='theme-films']")
    films.click()
    expect(films).to_have_attribute("aria-pressed", "true")
    expect(guest.page.locator("#themes")).to_contain_text("Films")
    franchise = host.page.locator("[data-key='franchise-harry-potter']")
    expect(franchise).to_be_visible()
    franchise.click()
    expect(guest.page.locator("#themes")).to_contain_text("Harry Potter")
    expect(host.page.locator("[data-key='franchise-harry-potter']")).to_have_attribute(
        "aria-pressed", "true"
    )
    host.look("lobby-themes-host")
    guest.look("lobby-themes-guest")
    # Cast to a TV: the same lobby on a wide screen, in two columns.
    host.page.set_viewport_size({"width": 1280, "height": 720})
    host.look("lobby-tv")
    table.check_no_errors()


def test_keyboard_only_creates_a_room_with_a_visible_focus(table: Table) -> None:
    player = table.new_player("Clavier")
    page = player.page
    page.goto("/")
    expect(page.locator("#nickname")).to_be_focused()
    page.keyboard.type("Clavier")
    page.keyboard.press("Tab")  # the face picker, folded: Enter would open it
    expect(page.locator("#face-picker summary")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator("#create-room")).to_be_focused()
    page.keyboard.press("Enter")
    player.wait_screen("lobby")
    # The focus ring is visible on the focused control.
    page.keyboard.press("Tab")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid"
    table.check_no_errors()


def test_a_seat_in_a_room_that_is_gone_comes_home_with_room_not_found(
    browser: Any, server: Any
) -> None:
    """A room cleaned up after idling: the page says so and offers the home screen, no retry."""
    context = browser.new_context(viewport=PHONE, base_url=server.base_url)
    context.add_init_script(
        f"localStorage.setItem('undercover.seat.ZZZZZ', {json.dumps(json.dumps(SEAT))})"
    )
    page = context.new_page()
    page.goto("/r/ZZZZZ")
    expect(page.locator("#home-error")).to_have_text("Salon introuvable : vérifie le code.")
    expect(page.locator("[data-banner='reconnecting']")).to_have_count(0)
    assert page.evaluate("localStorage.getItem('undercover.seat.ZZZZZ')") is None
    context.close()


def test_presets_apply_their_settings_and_the_start_bar_says_why_it_waits(table: Table) -> None:
    host = table.create("Nora")
    guest = table.join("Omar")
    host.page.set_viewport_size({"width": 360, "height": 640})
    start = host.page.locator("#start-game")
    expect(start).to_be_disabled()
    expect(host.page.locator("#start-hint")).to_have_text("Encore 1 joueur pour lancer")
    expect(start).to_be_in_viewport()  # sticky: in reach without scrolling
    host.look("lobby-host-small")
    expect(host.page.locator("[data-preset='classic']")).to_have_attribute("aria-pressed", "true")

    host.page.click("[data-preset='mr_white']")
    expect(host.page.locator("[data-preset='mr_white']")).to_have_attribute("aria-pressed", "true")
    expect(guest.page.locator("#preset-line")).to_contain_text("Soirée Mr. White")
    expect(guest.page.locator("[data-setting='mr_white']")).to_have_text("oui")
    expect(guest.page.locator("[data-setting='clue_rounds_per_vote']")).to_have_text("2")
    expect(host.page.locator("#start-hint")).to_have_text("Mr. White : encore 3 joueurs")
    host.page.mouse.wheel(0, 600)
    expect(start).to_be_in_viewport()
    guest.look("lobby-guest-preset")

    host.page.click("[data-preset='quick']")
    table.open_advanced(host)
    expect(host.page.locator("#setting-clue_seconds")).to_have_value("30")
    expect(host.page.locator("#setting-vote_seconds")).to_have_value("45")
    expect(host.page.locator("#setting-mr_white")).not_to_be_checked()

    host.page.click("[data-preset='grades']")
    expect(host.page.locator("#setting-mode")).to_have_value("grade")
    expect(host.page.locator("#themes-panel")).to_be_hidden()
    # Tuned by hand: no preset matches any more.
    table.set_value(host, "clue_seconds", "45")
    expect(host.page.locator(".preset[aria-pressed='true']")).to_have_count(0)
    expect(guest.page.locator("#preset-line")).to_contain_text("Réglages personnalisés")
    host.look("lobby-host-custom")
    table.check_no_errors()


def test_how_to_play_in_three_cards_at_a_first_visit_and_from_the_rules(table: Table) -> None:
    player = table.new_player("Novice")
    page = player.page
    page.goto("/")
    cards = page.locator("#howto")
    expect(cards).to_contain_text("Comment jouer (1/3)")
    expect(page.locator("#nickname")).to_be_focused()  # the page stays usable
    player.look("home-howto-first-visit")
    page.click("#howto-next")
    expect(cards).to_contain_text("Un indice chacun")
    page.click("#howto-next")
    expect(cards).to_contain_text("Votez !")
    page.click("#howto-next")  # "C'est parti !"
    expect(cards).to_have_count(0)
    # Sound and vibration off: the choice is remembered.
    expect(page.locator("#mute-button")).to_have_attribute("aria-pressed", "false")
    page.click("#mute-button")
    page.reload()
    expect(page.locator("#nickname")).to_be_visible()
    expect(page.locator("#howto")).to_have_count(0)
    expect(page.locator("#mute-button")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#mute-button")).to_have_text("🔕")
    # Always one tap away in the Rules.
    page.click("#rules-button")
    page.click("#rules-howto")
    expect(page.locator("#rules-dialog #howto")).to_contain_text("Un mot secret")
    page.click("#howto-skip")
    expect(page.locator("#rules-dialog #howto")).to_have_count(0)
    expect(page.locator("#rules-howto")).to_be_focused()
    table.check_no_errors()
