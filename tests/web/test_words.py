"""The words' side of the lobby and the end screen: the true reason of a relaxation, a
single-pair pool, franchises the family-safe filter hides, the host's own words, and the
players' 👍/👎 on the pair."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.engine.content import DECK
from tests.engine.table import Table as EngineTable
from tests.web.table import PHONE, Table
from undercover.engine.phases.reveal import REVEAL_SECONDS
from undercover.engine.view import view_for
from undercover.rules import Role

pytestmark = pytest.mark.browser
FIXTURES = Path(__file__).parent / "fixtures"
SEAT = {"token": "t" * 43, "player_id": "p2"}


def _mocked(browser: Any, base_url: str, view: dict[str, Any]) -> Any:
    """A page at /r/ABCDE, seated as p2, whose server sends `view` once greeted."""
    context = browser.new_context(viewport=PHONE, base_url=base_url, locale="fr-FR")
    context.add_init_script(
        f"localStorage.setItem('undercover.seat.ABCDE', {json.dumps(json.dumps(SEAT))})"
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    def on_message(ws: Any, message: dict[str, Any]) -> None:
        if message["type"] == "hello":
            ws.send(json.dumps({"type": "welcome", "protocol": 5, **SEAT}))
            ws.send(
                json.dumps({"type": "view", "seq": 1, "full": True, "recap_from": 0, "view": view})
            )

    page.route_web_socket(
        "**/ws/ABCDE", lambda ws: ws.on_message(lambda m: on_message(ws, json.loads(m)))
    )
    page.goto("/r/ABCDE")
    page.errors = errors
    return page


def _lobby_warning(browser: Any, server: Any, reason: str, **single: bool) -> Any:
    """The lobby's warning under the theme cards, very close asked and close available."""
    view = json.loads((FIXTURES / "lobby_view.json").read_text("utf-8"))["view"]
    view.pop("a_field_from_a_newer_server")
    view["similarity"] = {
        "requested": "very_close",
        "available": "close",
        "relaxed": True,
        "relaxations": [{"from_level": "very_close", "to_level": "close", "reason": reason}],
        **single,
        "error": None,
    }
    return _mocked(browser, server.base_url, view)


def test_the_lobby_gives_the_true_reason_and_warns_of_a_single_pair(
    browser: Any, server: Any
) -> None:
    page = _lobby_warning(browser, server, "no_similar_pair", single_pair=True)
    warning = page.locator("#similarity-warning")
    expect(warning).to_contain_text(
        "Similarité abaissée de « très proche » à « proche » : aucun mot de ces thèmes ne "
        "partage assez de traits distinctifs."
    )
    expect(warning).to_contain_text("Une seule paire « proche »")
    expect(warning).not_to_contain_text("chaque partie")
    expect(warning).not_to_contain_text("Thèmes trop petits")
    assert page.errors == []
    page.context.close()


def test_the_lobby_names_the_ratings_and_a_pair_dealt_every_game(browser: Any, server: Any) -> None:
    page = _lobby_warning(browser, server, "rated_out", single_pair=True, single_pair_repeats=True)
    warning = page.locator("#similarity-warning")
    expect(warning).to_contain_text(
        "« très proche » indisponible : vos 👎 ont retiré toutes les paires de ce niveau"
    )
    expect(warning).to_contain_text("elle sera tirée à chaque partie")
    expect(warning).not_to_contain_text("traits distinctifs")
    expect(page.locator("#family-rule")).to_contain_text("enfant de 10 ans")
    assert page.errors == []
    page.context.close()


def test_the_end_screen_tells_everyone_why_the_level_changed(browser: Any, server: Any) -> None:
    engine = EngineTable.seated("ana", "ben", "cy", "dan").started()
    (undercover,) = engine.with_role(Role.UNDERCOVER)
    engine.vote_out(undercover).tick(REVEAL_SECONDS)
    view = view_for(engine.room, "p2", engine.now, DECK)
    view["room"] = "ABCDE"
    view["game"]["end"]["pair"]["relaxations"] = [
        {"from_level": "very_close", "to_level": "close", "reason": "history_used_up"}
    ]
    page = _mocked(browser, server.base_url, view)
    expect(page.locator("body")).to_have_attribute("data-screen", "ended")
    expect(page.locator("#pair-why")).to_contain_text(
        "« très proche » épuisée : ce salon a déjà joué toutes ces paires, ce sera « proche »"
    )
    expect(page.locator("#pair-why")).not_to_contain_text("pas assez de personnages")
    assert page.errors == []
    page.context.close()


def test_a_franchise_hidden_by_the_family_safe_filter_says_so(table: Table) -> None:
    host = table.create("Alex")
    host.page.click("[data-key='theme-series']")
    got = host.page.locator("[data-key='franchise-game-of-thrones']")
    expect(got).to_contain_text("masqué : pas tous publics")
    host.page.click("[data-key='franchise-game-of-thrones']")
    warning = host.page.locator("#similarity-warning")
    expect(warning).to_contain_text("Aucun mot avec ces thèmes et filtres")
    expect(warning).to_contain_text("Pas tous publics, donc vides tant que")
    expect(warning).to_contain_text("Game of Thrones")
    table.set_checkbox(host, "family_safe", False)
    expect(warning).to_be_hidden()
    expect(got).not_to_contain_text("masqué")
    table.check_no_errors()


def test_the_lobby_says_what_none_means(table: Table) -> None:
    host = table.create("Alex")
    table.set_value(host, "similarity", "none")
    expect(host.page.locator("#similarity-hint")).to_contain_text("toujours du même thème")


def test_host_words_are_checked_kept_secret_dealt_and_rated(table: Table) -> None:
    players = table.seat("Alex", "Bea", "Chloé")
    host, guest = players[0], players[1]
    table.timers_off(host)
    host.page.click("#host-words-editor summary")
    host.page.fill("#host-words-text", "Crêpe / crêpe\nLoup / Renard\nMer / Océan")
    host.page.click("#host-words-use")
    expect(host.page.locator("[data-banner='flash']")).to_contain_text(
        "Les deux mots d'une paire doivent être différents. (ligne 1)"
    )
    expect(host.page.locator("#host-words-text")).to_have_value(
        "Crêpe / crêpe\nLoup / Renard\nMer / Océan"
    )  # a refused text is kept, to be fixed
    host.page.fill("#host-words-text", "Crêpe / Gaufre\nLoup / Renard\nMer / Océan")
    host.page.click("#host-words-use")
    expect(host.page.locator("#host-words-status")).to_contain_text("Mots de l'hôte : 3 paires.")
    expect(guest.page.locator("#host-words-status")).to_contain_text("Mots de l'hôte : 3 paires.")
    expect(guest.page.locator("#host-words-editor")).to_be_hidden()
    for word in ("Crêpe", "Gaufre", "Renard", "Océan"):
        assert word not in guest.page.content()
    host.look("host-words-lobby")

    table.start(host)
    _, civilians, undercovers = table.camps(table.reveal_cards(players))
    words = {p.secret[1] for p in [*civilians, *undercovers] if p.secret}
    assert words in ({"Crêpe", "Gaufre"}, {"Loup", "Renard"}, {"Mer", "Océan"})
    table.play_clues(players)
    for player in players:
        player.wait_screen("voting")
    undercover = undercovers[0]
    for player in players:
        player.vote_for(civilians[0] if player is undercover else undercover)
    for player in players:
        player.wait_screen("ended", timeout=30_000)
    expect(host.page.locator("#pair-why")).to_contain_text("Paire tirée des mots de l'hôte.")

    host.page.click("#rate-down")
    expect(guest.page.locator("#rate-down")).to_contain_text("👎 1")
    expect(guest.page.locator("#rating-status")).to_contain_text("Avec 2 👎")
    guest.page.click("#rate-down")
    expect(host.page.locator("#rating-status")).to_contain_text("La majorité n'en veut plus")
    expect(guest.page.locator("#rate-down")).to_have_attribute("aria-pressed", "true")
    guest.look("pair-rating-removed")
    host.page.click("#rematch-settings")  # back to the lobby, no automatic start
    host.wait_screen("lobby")
    expect(host.page.locator("#host-words-status")).to_contain_text("Mots de l'hôte : 3 paires.")
    table.check_no_errors()
