"""A game on 360×640 phones, French and English: at every phase the action (the card and its
button, the clue field with "Envoyer" and a refusal's reason, every ballot, the flipped card)
is on screen without scrolling, and every phase change shows the top of its screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.table import RESULTS, SMALL, Player, Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def at_top(player: Player) -> None:
    assert player.page.evaluate("window.scrollY") == 0, f"{player.name}: not at the top"


def test_every_phase_keeps_its_action_on_a_small_screen(table: Table) -> None:
    table.looks = [(SMALL, "fr"), (SMALL, "en")]
    players = table.seat("Gaëlle", "Hugo", "Inès", "Jules")
    host = players[0]
    table.timers_off(host)
    expect(host.page.locator("#start-game")).to_be_in_viewport()
    table.start(host)
    for player in players:
        at_top(player)
        expect(player.page.locator("#card-slot .role-card")).to_be_in_viewport()
        expect(player.page.locator("#confirm-role")).to_be_in_viewport()
    groups = table.reveal_cards(players)
    for player in players:
        expect(player.page.locator("#confirm-role")).to_be_hidden()  # confirmed

    host.wait_screen("clues")
    speaker = table.by_id(host.current_actor())
    assert speaker is not None
    assert speaker.secret is not None
    page = speaker.page
    for selector in ("#your-turn", "#clue-input", "#clue-input-form button[type=submit]"):
        expect(page.locator(selector)).to_be_in_viewport()
    at_top(speaker)  # all of it under the screen's top: nothing scrolled away
    speaker.look(f"small-your-turn-{speaker.lang}")
    page.screenshot(path=str(RESULTS / f"small-your-turn-{speaker.lang}-screen.png"))
    # A clue refused (it holds one's own word; four players: no Mr. White, every card has a
    # word): the reason under the field, still with the field and its button on screen.
    assert speaker.secret[0] == "word"
    assert speaker.secret[1]
    speaker.give_text("clue-input", speaker.secret[1])
    expect(page.locator("#clue-input-form.refused")).to_be_visible()
    expect(page.locator("#clue-input-status")).not_to_be_empty()
    for selector in ("#clue-input", "#clue-input-form button[type=submit]", "#clue-input-status"):
        expect(page.locator(selector)).to_be_in_viewport()
    speaker.look(f"small-refused-{speaker.lang}")
    page.screenshot(path=str(RESULTS / f"small-refused-{speaker.lang}-screen.png"))
    table.play_clues(players)

    for player in players:
        player.wait_screen("voting")
        at_top(player)
        expect(player.page.locator("#vote-title")).to_be_in_viewport()
        for target in player.page.locator(".target").all():
            expect(target).to_be_in_viewport()
        expect(player.page.locator("#my-ballot")).to_be_in_viewport()
    table.look_each("small-vote", players)

    _, civilians, undercovers = Table.camps(groups)
    out = undercovers[0]
    for player in players:
        player.vote_for(out if player is not out else civilians[0])
    watcher = civilians[0]
    watcher.wait_screen("reveal")
    at_top(watcher)
    expect(watcher.page.locator("#flip-card")).to_be_in_viewport()
    table.look_each("small-reveal", [p for p in players if p.screen() == "reveal"])
    table.check_no_errors()


def test_the_runoff_the_guess_and_the_end_fit_a_small_screen(table: Table) -> None:
    """Five at 360×640 with Mr. White: a tie opens the runoff on its count with every ballot
    on screen; Mr. White, voted out, has his field, its button and the clue wall on screen; the
    end keeps "Rejouer" and "Partager" on screen without scrolling."""
    table.looks = [(SMALL, "fr"), (SMALL, "en")]
    players = table.seat("Aya", "Bilal", "Clara", "Dylan", "Elsa")
    host = players[0]
    table.set_checkbox(host, "mr_white", True)
    table.timers_off(host)
    table.start(host)
    mr_white, civilians, undercovers = Table.camps(table.reveal_cards(players))
    assert mr_white is not None
    (undercover,) = undercovers
    tied, *others = civilians
    table.play_clues(players)
    for player in players:
        player.wait_screen("voting")

    # 2 – 2 – 1: Mr. White and a civilian tied.
    ballots = {others[0]: mr_white, others[1]: mr_white, undercover: tied, mr_white: tied}
    ballots[tied] = others[0]
    for voter, target in ballots.items():
        voter.vote_for(target)
    for player in players:
        expect(player.page.locator("#tie-tally")).to_be_visible()
        at_top(player)
        expect(player.page.locator("#tie-tally")).to_be_in_viewport()
        for candidate in {mr_white, tied} - {player}:  # one cannot vote against oneself
            ballot = player.page.locator(f".target[data-target='{candidate.id}']")
            expect(ballot).to_be_in_viewport()
        expect(player.page.locator("#my-ballot")).to_be_in_viewport()
    table.look_each("small-runoff", players)

    for voter in players:
        voter.vote_for(tied if voter in (undercover, mr_white) else mr_white)
    mr_white.wait_screen("guess")
    at_top(mr_white)
    page = mr_white.page
    for selector in ("#guess-input", "#guess-input-form button[type=submit]"):
        expect(page.locator(selector)).to_be_in_viewport()
    # ... and the clues he guesses from: the wall's first rows, not only its title.
    rows = page.locator("#clue-wall .wall-row")
    for i in range(2):
        expect(rows.nth(i)).to_be_in_viewport(ratio=1)
    mr_white.look(f"small-guess-{mr_white.lang}")
    watcher = next(p for p in players if p.lang != mr_white.lang)
    watcher.wait_screen("guess")
    watcher.look(f"small-guess-watching-{watcher.lang}")
    mr_white.give_text("guess-input", "Pas du tout")

    alive = [p for p in players if p is not mr_white]
    table.play_clues(alive)
    for voter in alive:
        voter.vote_for(tied if voter is undercover else undercover)
    for player in players:
        player.wait_screen("ended")
        at_top(player)
        expect(player.page.locator("#share-story")).to_be_in_viewport()
    expect(host.page.locator("#rematch")).to_be_in_viewport()
    table.look_each("small-end", players)
    table.check_no_errors()
