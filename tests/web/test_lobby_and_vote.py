"""A table of eight around a small phone (360×640): arrivals and departures as toasts in the
lobby, one at a time; a face changed in the lobby, never to one another player holds; and at
the vote, who has voted is a mark on each clue-wall row (no second list above it), so that
every ballot is on screen without scrolling."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.table import PHONE, SMALL, Player, Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAMES = ("Ana", "Ben", "Chloé", "Dylan", "Emma", "Farid", "Gaël", "Hugo")


def toast_says(player: Player, text: str) -> None:
    """The toast slot holds exactly one toast, and it says `text`."""
    toasts = player.page.locator("#toasts .toast")
    expect(toasts).to_have_count(1)
    expect(toasts).to_contain_text(text)


def test_arrivals_are_toasts_and_every_ballot_fits_a_small_phone(table: Table) -> None:
    table.looks = [(SMALL, "fr"), *[(PHONE, "fr")] * 8]
    host = table.create(NAMES[0])
    players = [host]
    for name in NAMES[1:]:
        players.append(table.join(name))
        toast_says(host, f"{name} a rejoint")
    host.look("lobby-toast-joined-360x640-fr")
    # A ninth comes and goes: "est parti·e", still one toast.
    passer = table.join("Ines")
    toast_says(host, "Ines a rejoint")
    passer.page.click("#leave-room")
    toast_says(host, "Ines est parti·e")
    table.players.remove(passer)
    passer.context.close()
    expect(host.page.locator("#players [data-player]")).to_have_count(8)

    # Ben changes his face in the lobby: Ana's is taken, a free one is his, everyone sees it.
    ben = players[1]
    ben.page.click("#look-panel summary")
    faces = dict(zip(NAMES, host.page.locator("#players .avatar").all_inner_texts(), strict=True))
    expect(ben.page.locator(f"#look-panel [data-avatar='{faces['Ana']}']")).to_be_disabled()
    free = next(
        str(button.get_attribute("data-avatar"))
        for button in ben.page.locator("#look-panel .face:not([disabled])").all()
        if button.get_attribute("data-avatar") not in faces.values()
    )
    ben.page.click(f"#look-panel [data-avatar='{free}']")
    expect(host.page.locator(f"#players [data-player='{ben.id}'] .avatar")).to_have_text(free)
    expect(ben.page.locator(f"#look-panel [data-avatar='{free}']")).to_have_attribute(
        "aria-pressed", "true"
    )
    ben.look("lobby-change-face-390x844-fr")
    ben.switch_language("en")
    ben.look("lobby-change-face-390x844-en")
    host.page.click("#look-panel summary")
    expect(host.page.locator(f"#look-panel [data-avatar='{free}']")).to_be_disabled()
    host.look("lobby-change-face-360x640-fr")

    table.set_checkbox(host, "clue_timer", False)  # the vote keeps its countdown
    speaker = table.first_speaker(host, players)
    assert speaker is not None
    table.play_clues(players)
    for player in players:
        player.wait_screen("voting")
    page = host.page
    expect(page.locator("#voters")).to_have_count(0)  # who voted is on the wall, once
    ballots = page.locator("#clue-wall .target")
    expect(ballots).to_have_count(7)
    page.evaluate("window.scrollTo(0, 0)")
    for ballot in [*ballots.all(), page.locator("#vote-abstain")]:
        box = ballot.bounding_box()
        assert box is not None
        assert box["y"] + box["height"] <= SMALL["height"], box

    voter = players[3]
    voter.vote_for(players[1])
    row = page.locator(f"#clue-wall [data-player='{voter.id}']")
    expect(row.locator(".voted-mark")).to_have_count(1)
    expect(page.locator("#clue-wall .voted-mark")).to_have_count(1)
    expect(page.locator("#vote-count")).to_have_text("1/8 ont voté")
    host.look("vote-8-players-360x640-fr")
    table.check_no_errors()
