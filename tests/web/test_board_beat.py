"""The board keeps the phones' beat: a tie says "Égalité 2 – 2 !" and marks the runoff's
candidates; at an elimination the count and the flipped card (the verdict, the role) show on
the board no sooner than on a phone. Both pages draw the same view when it comes; the moment
a thing appears is its animation's delay from that draw, read from the page's animations
(`getAnimations`), so the comparison does not depend on the machine's speed."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.web.board import SMALL_TV, TV, board_look, open_board
from tests.web.table import RESULTS, Player, Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# For each text node holding `needle`: the latest delay among its own and its ancestors'
# animations that hide it until they start (fill backwards), i.e. when it first shows.
APPEARS = """needle => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.includes(needle)) continue;
    // The game's name is also a role's: the brand and the no-script notice are no reveal.
    if (node.parentElement.closest('noscript, .board-brand, .brand')) continue;
    let shows = 0;
    for (let el = node.parentElement; el; el = el.parentElement) {
      if (getComputedStyle(el).display === 'none') { shows = Infinity; break; }
      for (const a of el.getAnimations()) {
        const fill = a.effect.getComputedTiming().fill;
        const held = fill === 'both' || fill === 'backwards';
        if (held) shows = Math.max(shows, a.effect.getTiming().delay);
      }
    }
    found.push(shows);
  }
  return found;
}"""

# Per voted player (their tally row): when their count shows.
COUNTS = """() => Object.fromEntries([...document.querySelectorAll('.tally-row')].map(row => [
  row.dataset.player,
  Math.max(0, ...row.querySelector('.count').getAnimations().map(a => a.effect.getTiming().delay)),
]))"""


def both_sizes(page: Page, name: str) -> None:
    page.set_viewport_size(TV)
    board_look(page, f"{name}-1920")
    page.set_viewport_size(SMALL_TV)
    board_look(page, f"{name}-1280")
    page.set_viewport_size(TV)


def test_the_board_shows_the_tie_and_never_reveals_before_the_phones(table: Table) -> None:
    players = table.seat("Basile", "Capucine", "Dorian", "Elsa")
    a, b, c, d = players
    table.timers_off(a)
    board = open_board(table)
    table.start(a)
    expect(board.locator("#board-join-mini")).to_contain_text(table.code)  # late guests
    table.reveal_cards(players)
    table.play_clues(players)
    for player in players:
        player.wait_screen("voting")
    expect(board.locator("body")).to_have_attribute("data-screen", "board-voting")
    # The clues stay on the table through the vote, labelled with their round.
    first = board.locator(f"#board-table [data-player='{a.id}'] .board-clues li")
    expect(first).to_have_count(1)
    expect(first.locator(".board-round")).to_have_text("Manche 1")
    both_sizes(board, "board-voting")

    def votes(against: dict[Player, Player]) -> None:
        for voter, target in against.items():
            voter.vote_for(target)

    votes({a: b, b: a, c: a, d: b})  # 2 – 2
    expect(c.page.locator("#tie-tally")).to_contain_text("Égalité 2 – 2 !")
    tie = board.locator("#board-panel .tally-board")
    expect(tie).to_contain_text("Égalité 2 – 2 !")  # the assertion reads any space as one
    # ... but the score and its "!" never wrap: no-break spaces between them.
    assert tie.locator("h2").inner_text() == "Égalité 2\u00a0–\u00a02\u202f!"
    for candidate in (a, b):
        tile = board.locator(f"#board-table [data-player='{candidate.id}']")
        expect(tile).to_have_class("board-tile candidate")
        expect(tile).to_contain_text("au départage")
    for other in (c, d):
        tile = board.locator(f"#board-table [data-player='{other.id}']")
        expect(tile).not_to_have_class("board-tile candidate")
    # The tie's count lands on the board when it lands on the phones.
    assert board.evaluate(COUNTS) == c.page.evaluate(COUNTS)
    both_sizes(board, "board-runoff")

    votes({a: b, b: a, c: b, d: b})  # Capucine goes, 3 – 1
    watcher = c
    watcher.wait_screen("reveal")
    expect(board.locator("body")).to_have_attribute("data-screen", "board-reveal")
    role = watcher.page.locator("#eliminated-role").inner_text()
    verdict = watcher.page.locator("#eliminated-name").inner_text()
    # When the phone's card flips, and when the board shows the verdict and the role.
    phone_flip = min(watcher.page.evaluate(APPEARS, verdict))
    assert phone_flip >= 1600, phone_flip
    role_name = role.split(" — ")[0]
    for needle in (verdict, role, f"✖ {role_name}"):  # the card, and the tile's note
        board_times = board.evaluate(APPEARS, needle)
        assert board_times, f"the board never shows {needle!r}"
        assert min(board_times) >= phone_flip, (needle, board_times, phone_flip)
    # Nor the phone itself, anywhere else on its screen (its clue wall's tag).
    assert min(watcher.page.evaluate(APPEARS, f"· {role_name}")) >= phone_flip
    # Nor a count before the phone shows it.
    board_counts, phone_counts = board.evaluate(COUNTS), watcher.page.evaluate(COUNTS)
    assert set(board_counts) == set(phone_counts) == {a.id, b.id}
    for player_id, shows in board_counts.items():
        assert shows >= phone_counts[player_id] > 0
    flip = board.locator("#board-flip .flip-front")
    expect(flip).to_contain_text(role)
    # The picture once the card has flipped (its animations run to their end at once: the
    # reveal lasts 6 s, a busy machine may be slower than that to take it).
    board.evaluate("document.getAnimations().forEach(a => a.finish())")
    board.screenshot(path=str(RESULTS / "board-reveal-1920.png"))
    board.set_viewport_size(SMALL_TV)
    board_look(board, "board-reveal-1280")
    table.check_no_errors()
    board.context.close()
