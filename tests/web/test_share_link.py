"""The lobby's text link is the server's share link (with --lan: the LAN address, as in the QR)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Route, expect

from tests.web.table import Table

pytestmark = [pytest.mark.browser]


def test_the_lobby_shows_the_servers_share_link(table: Table) -> None:
    host = table.create("Aline")
    expect(host.page.locator("#share-link")).to_have_text(f"{table.base_url}/r/{table.code}")
    lan_link = f"http://192.168.1.20:8787/r/{table.code}"

    def as_on_a_lan(route: Route) -> None:
        response = route.fetch()
        summary = {**response.json(), "share_url": lan_link}
        route.fulfill(response=response, body=json.dumps(summary))

    host.page.route(f"**/api/rooms/{table.code}", as_on_a_lan)
    host.page.reload()
    host.wait_screen("lobby")
    expect(host.page.locator("#share-link")).to_have_text(lan_link)
    table.check_no_errors()
