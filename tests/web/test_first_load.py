"""A room opened from its link (a reload, a shared link): its socket does not wait for the
page's strings. The hello goes out, in the page's language, while the strings load; what the
socket brings is drawn only once they are in, in that language; the language switch still
works afterwards.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Route, expect

from tests.web.table import PHONE, Table

pytestmark = pytest.mark.browser
WAIT_ROUNDS = 150  # polls of 100 ms: how long the hello and the first view may take


def test_a_room_from_its_link_says_hello_before_its_strings_arrive(table: Table) -> None:
    table.looks = [(PHONE, "en")]
    host = table.create("Alex")
    page = host.page
    held: list[Route] = []
    page.route("**/i18n/*.json", lambda route: held.append(route))  # held until released
    sent: list[Any] = []
    received: list[Any] = []

    def watch(ws: Any) -> None:
        ws.on("framesent", lambda frame: sent.append(frame))
        ws.on("framereceived", lambda frame: received.append(frame))

    page.on("websocket", watch)
    page.reload(wait_until="commit")
    for _ in range(WAIT_ROUNDS):
        if any('"view"' in str(frame) for frame in received):
            break
        page.wait_for_timeout(100)
    hellos = [json.loads(frame) for frame in sent if '"hello"' in str(frame)]
    assert hellos, f"no hello while the strings were held (strings asked: {len(held)})"
    assert hellos[0]["lang"] == "en"
    assert any('"view"' in str(frame) for frame in received), "no first view"
    assert [route.request.url.rsplit("/", 1)[1] for route in held] == ["en.json"]
    # The view is here, the strings are not: nothing is drawn (no key in place of a word).
    expect(page.locator("#screen")).to_be_empty()
    for route in held:
        route.continue_()
    page.unroute("**/i18n/*.json")
    host.wait_screen("lobby")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#copy-link")).to_have_text("Copy the link")
    expect(page.locator("#players [data-player]")).to_have_count(1)
    host.switch_language("fr")
    expect(page.locator("#copy-link")).to_have_text("Copier le lien")
    host.switch_language("en")
    expect(page.locator("#copy-link")).to_have_text("Copy the link")
    table.check_no_errors()


# What the lobby holds when it is first mounted (the task that draws it): recorded by a
# mutation observer, whose callback runs once that task's script is done.
FIRST_LOBBY_PROBE = r"""
const LATER = ["banners.js", "screens/bots.js", "screens/themes.js", "screens/pair-notes.js",
  "screens/host-words.js", "screens/settings.js"];
const asked = []; // what the page fetch()es
const fetchNow = window.fetch;
window.fetch = (...args) => {
  asked.push(String(args[0]));
  return fetchNow(...args);
};
new MutationObserver((changes, observer) => {
  if (document.body.dataset.screen !== "lobby") return;
  observer.disconnect();
  const has = (selector) => document.querySelector(selector) !== null;
  window.__firstLobby = {
    players: document.querySelectorAll("#players [data-player]").length,
    presets: has("#presets [data-preset]"),
    bots: has("#bots"), themes: has("#themes-panel"), hostWords: has("#host-words"),
    settings: has("#settings"), qr: has(".qr[src]"),
    summary: asked.some((url) => /\/api\/rooms\/\w+$/.test(url)),
    later: performance.getEntriesByType("resource").map((e) => e.name.split("/js/")[1])
      .filter((name) => LATER.includes(name)),
  };
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-screen"] });
"""


def test_a_room_from_its_link_draws_the_panels_below_the_first_screen_after_it(
    table: Table,
) -> None:
    """The host's first lobby holds the players and the presets; the bots, the theme cards,
    the host's words, the settings, the QR code's image and the room's summary (its share
    link) come right after its first frame, and so do the modules of those panels and of the
    banners (none was fetched before it)."""
    host = table.create("Alex")
    page = host.page
    page.add_init_script(FIRST_LOBBY_PROBE)
    page.reload()
    host.wait_screen("lobby")
    expect(page.locator("#themes-panel .theme-card").first).to_be_visible()
    first = page.evaluate("window.__firstLobby")
    assert first == {
        "players": 1,
        "presets": True,
        "bots": False,
        "themes": False,
        "hostWords": False,
        "settings": False,
        "qr": False,
        "summary": False,
        "later": [],
    }
    expect(page.locator("#bots #add-bot")).to_be_visible()
    expect(page.locator("#host-words-editor")).to_be_attached()
    expect(page.locator("#advanced #settings .setting").first).to_be_attached()
    qr = page.locator(".qr")
    expect(qr).to_have_attribute("src", f"/api/rooms/{table.code}/qr.svg")
    page.wait_for_function("document.querySelector('.qr').complete")
    assert qr.evaluate("(img) => img.naturalWidth > 0")
    # Drawn again (a language switch): every panel comes with it, none is left out.
    host.switch_language("en")
    expect(page.locator("#themes-panel .theme-card").first).to_be_visible()
    expect(page.locator("#bots #add-bot")).to_have_text("Add a bot")
    table.check_no_errors()
