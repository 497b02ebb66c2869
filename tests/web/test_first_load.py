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
