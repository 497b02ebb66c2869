"""The board (/r/CODE/board) and the shared phone's hand-offs, driven for the browser tests."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.web.table import RESULTS, Player, Table, axe_violations

TV = {"width": 1920, "height": 1080}


SMALL_TV = {"width": 1280, "height": 720}


def open_board(table: Table, size: dict[str, int] = TV, lang: str = "fr") -> Page:
    locale = {"fr": "fr-FR", "en": "en-GB"}[lang]
    context = table.browser.new_context(viewport=size, base_url=table.base_url, locale=locale)
    context.add_init_script(f"localStorage.setItem('undercover.lang', '{lang}')")
    page = context.new_page()
    page.goto(f"/r/{table.code}/board")
    expect(page.locator("body")).to_have_attribute("data-screen", "board-lobby")
    return page


def shoot(page: Page, name: str) -> None:
    page.evaluate(
        """() => Promise.all(document.getAnimations()
            .filter(a => a.effect.getComputedTiming().iterations !== Infinity)
            .map(a => a.finished.catch(() => null)))"""
    )
    page.screenshot(path=str(RESULTS / f"{name}.png"))


def board_look(page: Page, name: str) -> None:
    """Screenshot the board and scan it with axe: no violation at all."""
    shoot(page, name)
    bad = axe_violations(page)
    assert bad == [], f"{name}: {bad}"


def board_looks(page: Page, name: str, lang: str) -> None:
    """`board_look` at both TV sizes, named `{name}-1920-{lang}` and `{name}-1280-{lang}`; the
    board is left at 1920×1080."""
    for size in (SMALL_TV, TV):
        page.set_viewport_size(size)
        board_look(page, f"{name}-{size['width']}-{lang}")


def assert_code_hidden(page: Page, code: str) -> None:
    """Nowhere in the page: its text, its markup, its attributes, its title."""
    assert code not in page.content()
    assert code not in page.title()


def add_seats(phone: Player, *names: str) -> None:
    """The lobby's "Ajouter un joueur sur cet appareil", once per name."""
    phone.page.click("#device-panel summary")
    for name in names:
        phone.page.fill("#device-name", name)
        phone.page.click("#device-add")
        expect(phone.page.locator("#device-seats .name", has_text=name)).to_be_visible()


class Handoffs:
    """Drives a shared phone's hand-offs: who is asked, their card, their action, "Cacher"."""

    def __init__(self, phone: Player, shots: str | None = None) -> None:
        self.phone = phone
        self.page = phone.page
        self.words: dict[str, str] = {}  # name -> what their card says
        self.shots = shots
        self.taken: set[str] = set()

    def shoot(self, step: str) -> None:
        if self.shots and step not in self.taken:  # each step of each seat, once
            self.taken.add(step)
            self.phone.shoot(f"{self.shots}-{step}")

    def visible(self) -> bool:
        return self.page.locator("#handoff").is_visible()

    def serve_one(self, suspect: Callable[[dict[str, str], list[str]], str | None]) -> str:
        """One whole hand-off: pass → "C'est moi" → card + action → "Cacher"; its step."""
        card = self.page.locator("#handoff .handoff-card")
        expect(card).to_have_attribute("data-step", "pass")
        title = self.page.locator("#handoff-title").inner_text()
        assert self.page.locator("#handoff-secret").count() == 0, "a secret before the tap"
        seat = str(card.get_attribute("data-seat"))
        self.shoot(f"pass-{seat}")
        self.page.click("#handoff-me")
        expect(card).not_to_have_attribute("data-step", "pass")
        name = self.page.locator("#handoff-title").inner_text()
        assert name in title
        step = str(card.get_attribute("data-step"))
        secret = self.page.locator("#handoff-secret .secret")
        self.words[name] = secret.inner_text() if secret.count() else "?"
        if step in ("clue", "theme", "vote", "guess"):
            # What a personal phone shows for this moment: the compact clue wall and a tip
            # (and the countdown, when a timer runs).
            expect(self.page.locator("#handoff .tip")).to_be_visible()
            expect(self.page.locator("#handoff-wall")).to_be_visible()
        if step == "vote":  # votes from the clues, not from a bare list of names
            expect(self.page.locator("#handoff-wall .clue-chip:not(.empty)").first).to_be_visible()
        self.shoot(f"{step}-{seat}")
        if step == "card":
            self.page.click("#handoff-confirm")
        elif step in ("clue", "theme", "guess"):
            text = "zzz" if step == "guess" else f"indice{len(self.taken)}"
            self.page.fill("#handoff-text", text)
            self.page.press("#handoff-text", "Enter")
        elif step == "vote":
            options = self.page.locator("#handoff-ballot [data-target]").all_inner_texts()
            target = suspect(self.words, [o for o in options if o != name])
            if target is None:
                self.page.click("#handoff-abstain")
            else:
                self.page.click(f"#handoff-ballot [data-target] >> text='{target}'")
        expect(card).to_have_attribute("data-step", "done")
        self.shoot(f"sent-{seat}")
        self.page.click("#handoff-hide")
        # Nothing of that seat is left on screen once hidden.
        expect(self.page.locator("#handoff-secret, #handoff-wall, #handoff-text")).to_have_count(0)
        return step


def minority(words: dict[str, str], options: list[str]) -> str | None:
    """The player whose card differs from most (the undercover or Mr. White), if known."""
    counts: dict[str, int] = {}
    for word in words.values():
        counts[word] = counts.get(word, 0) + 1
    odd = [n for n in options if n in words and counts[words[n]] == min(counts.values())]
    return odd[0] if odd else (options[0] if options else None)
