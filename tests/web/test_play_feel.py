"""Faces unique in the room, and what used to break play, in one game of 5 with Mr. White
(timers off):

- the confirm button waits for the card to be opened, and confirming hides the secret; a
  player who never opened it is shown it before their first clue;
- a refused clue (one's own word) gives the form back with the server's reason beside it;
- the clue wall is on the vote, reveal and guess screens, with this device's marks;
- a vote can be undone ("annuler") before the result;
- Mr. White's wrong guess is shown when the game goes on, and revealed roles stay shown.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.table import Player, Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_no_dead_ends_from_the_card_to_mr_whites_missed_guess(table: Table) -> None:
    # Everyone asks for the frog: the first gets it, the others a free face each.
    players = table.seat("Inès", "Jules", "Kenza", "Léo", "Maya", avatar="🐸")
    host, lazy = players[0], players[4]
    faces = host.page.locator("#players .avatar").all_inner_texts()
    assert faces[0] == "🐸"
    assert len(set(faces)) == 5, faces
    host.look("feel-lobby-faces")
    table.set_checkbox(host, "mr_white", True)
    table.timers_off(host)
    table.start(host)

    # The card must be opened before "J'ai vu ma carte"; confirming puts it away.
    expect(lazy.page.locator("#confirm-role")).to_be_disabled()
    expect(lazy.page.locator("#confirm-why")).to_be_visible()
    lazy.look("feel-role-unopened")
    for player in players[:4]:
        player.read_card()
        player.page.click("#confirm-role")
        expect(player.page.locator("#card-put-away")).to_be_visible()
        expect(player.page.locator("#card-slot .secret")).to_have_count(0)
    host.look("feel-role-put-away")

    # The role reveal times out (20 s): the lazy player never saw their card.
    host.wait_screen("clues", timeout=30_000)
    watcher = host
    refused_once = False
    for _ in range(20):
        if watcher.screen() != "clues":
            break
        actor = table.by_id(watcher.current_actor())
        if actor is None:
            watcher.page.wait_for_timeout(100)
            continue
        if actor is lazy and lazy.secret is None:
            expect(lazy.page.locator("#card-gate")).to_be_visible()
            expect(lazy.page.locator("#clue-input-form")).to_be_hidden()
            lazy.look("feel-clues-card-gate")
            card = lazy.page.locator("#card-gate .role-card")
            card.click()
            secret = card.locator(".secret")
            kind = str(secret.get_attribute("data-secret"))
            lazy.secret = (kind, None if kind == "mr_white" else secret.inner_text().strip())
            expect(lazy.page.locator("#clue-input-form")).to_be_visible()
        assert actor.secret is not None
        kind, word = actor.secret
        if not refused_once and kind == "word" and word:
            # Its own word, shouted: refused, the reason beside the field, the form editable.
            actor.give_text("clue-input", f"{word.upper()} !")
            status = actor.page.locator("#clue-input-status")
            expect(status).to_contain_text("ton propre mot")
            expect(actor.page.locator("#clue-input-form button[type='submit']")).to_be_enabled()
            actor.look("feel-clue-refused")
            refused_once = True
        actor.give_text("clue-input", f"indice {actor.name}")
        expect(actor.page.locator("#clue-input-form")).to_be_hidden()
        if actor is players[1]:
            # A private mark, set during the clues, is still there at the vote.
            mark = host.page.locator(f"#clue-wall [data-player='{lazy.id}'] .mark")
            mark.click()
            expect(mark).to_have_attribute("data-mark", "doubt")
    assert refused_once
    for player in players:
        player.wait_screen("voting")

    mr_white = next(p for p in players if p.secret and p.secret[0] == "mr_white")
    accuser = next(p for p in players if p is not mr_white)
    # The clue wall at the vote: every clue, and the mark.
    for player in players:
        expect(accuser.page.locator(f"#clue-wall [data-player='{player.id}']")).to_contain_text(
            f"indice {player.name}"
        )
    expect(host.page.locator(f"#clue-wall [data-player='{lazy.id}'] .mark")).to_have_attribute(
        "data-mark", "doubt"
    )
    # A tap on a name unfolds all of that player's clues of the game.
    accuser.page.click(f"#clue-wall [data-player='{lazy.id}'] .wall-who")
    expect(accuser.page.locator(f"#clue-wall-more-{lazy.id}")).to_contain_text("Manche 1")
    expect(accuser.page.locator(f"#clue-wall-more-{lazy.id}")).to_contain_text(
        f"indice {lazy.name}"
    )
    # No story nor picture of it before the end.
    expect(accuser.page.locator("#story, #share-story, #story-image")).to_have_count(0)
    # One tap votes; "annuler" takes it back.
    accuser.page.click(f".target[data-target='{mr_white.id}']")
    expect(accuser.page.locator("#my-ballot")).to_contain_text(f"Ton vote : {mr_white.name}")
    expect(host.page.locator("#vote-count")).to_have_text("1/5 ont voté")
    accuser.look("feel-vote-cast")
    accuser.page.click("#vote-undo")
    expect(accuser.page.locator("#my-ballot")).to_have_text("Tu n'as pas encore voté.")
    expect(host.page.locator("#vote-count")).to_have_text("0/5 ont voté")
    accuser.page.emulate_media(reduced_motion="reduce")  # the reveal as plain fades
    for player in players:
        target: Player = accuser if player is mr_white else mr_white
        player.vote_for(target)

    host.wait_screen("reveal")
    expect(host.page.locator("#eliminated-role")).to_contain_text("Mr. White")
    count = host.page.locator(f"#tally-board [data-player='{mr_white.id}'] .count")
    expect(count).to_have_text("4")
    expect(host.page.locator("#clue-wall")).to_contain_text(f"indice {accuser.name}")
    accuser.wait_screen("reveal")
    motion = accuser.page.locator("#flip-card .flip-front").evaluate(
        "el => getComputedStyle(el).animationName"
    )
    assert motion == "appear", motion
    expect(accuser.page.locator("#flip-card .flip-back")).to_be_hidden()
    host.look("feel-reveal")

    # His guess, seen by everyone with the wall; wrong, it is said on the next screen.
    mr_white.wait_screen("guess")
    expect(host.page.locator("#clue-wall")).to_contain_text(f"indice {accuser.name}")
    mr_white.give_text("guess-input", "Pas du tout")
    host.wait_screen("clues")
    expect(host.page.locator("#guess-missed")).to_contain_text("Pas du tout")
    expect(host.page.locator("#guess-missed")).to_contain_text("Raté")
    # His revealed role stays shown on his row.
    expect(host.page.locator(f"#clue-wall [data-player='{mr_white.id}']")).to_contain_text(
        "Mr. White"
    )
    host.look("feel-clues-after-missed-guess")
    expect(accuser.page.locator("#banners .banner")).to_have_count(0)  # nothing piled up
    table.check_no_errors()
