"""A table of players for the browser tests: one Chromium context (its own storage) and one
page per player at phone size, driven through the screens the way a person would.

Nothing here reads the server's state: each player knows only what their own page shows
(their card, the speaking order, the vote), so scenarios stay honest to the client.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "test-results" / "web"
PHONE = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 640}
TABLET = {"width": 820, "height": 1180}
# (viewport, language) given in turn to the players of a table whose `looks` is set: the
# scenarios then play on a small and a big phone and a tablet, in French and in English.
EVERY_LOOK = [
    (PHONE, "fr"),
    (SMALL, "en"),
    (TABLET, "fr"),
    (PHONE, "en"),
    (SMALL, "fr"),
    (TABLET, "en"),
]
STEP_MS = 15_000  # the longest a screen may take to follow the game (real-speed timers off)
# In one task of the page, so the screen cannot move on between the check and the click.
CONFIRM_READY = """() => document.body.dataset.screen !== "role_reveal"
  || document.getElementById("confirm-role")?.disabled === false"""
CONFIRM = """() => {
  const button = document.getElementById("confirm-role");
  if (document.body.dataset.screen === "role_reveal") button.click();
}"""


class Player:
    def __init__(self, table: Table, name: str, context: BrowserContext, page: Page) -> None:
        self.table = table
        self.name = name
        self.context = context
        self.page = page
        self.errors: list[str] = []
        self.secret: tuple[str, str | None] | None = None  # ("word", "Harry") … from the card
        self.size = dict(page.viewport_size or PHONE)
        self.lang = "fr"
        page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))
        page.on("console", self._console)
        self.requests: list[str] = []
        page.on("requestfinished", lambda r: self.requests.append(f"{r.url} {r.response()}"))
        page.on("requestfailed", lambda r: self.requests.append(f"FAILED {r.url} {r.failure}"))

    def _console(self, message: Any) -> None:
        if message.type in ("error", "warning"):
            self.errors.append(f"console {message.type}: {message.text}")

    def __repr__(self) -> str:
        return f"<Player {self.name}>"

    @property
    def id(self) -> str:
        seat = self.page.evaluate(
            "code => localStorage.getItem('undercover.seat.' + code)", self.table.code
        )
        return str(json.loads(seat)["player_id"])

    def screen(self) -> str:
        return str(self.page.locator("body").get_attribute("data-screen"))

    def wait_screen(self, kind: str, timeout: float = STEP_MS) -> None:
        try:
            expect(self.page.locator("body")).to_have_attribute(
                "data-screen", kind, timeout=timeout
            )
        except AssertionError as error:
            raise AssertionError(f"{self.name}: {error}\n{self.diagnose()}") from None

    def diagnose(self) -> str:
        """What this page shows, logged and requested: for failure messages."""
        text = self.page.locator("body").inner_text()[:600]
        return f"errors: {self.errors}\nrequests: {self.requests[-40:]}\nscreen text: {text}"

    def read_card(self) -> tuple[str, str | None]:
        """On the role screen: tap the card, read it, tap again to hide it."""
        card = self.page.locator("#card-slot .role-card")
        card.click()
        secret = card.locator(".secret")
        kind = str(secret.get_attribute("data-secret"))
        value = None if kind == "mr_white" else secret.inner_text().strip()
        card.click()
        self.secret = (kind, value)
        return self.secret

    def card_from_top_bar(self) -> tuple[str, str | None]:
        """Open "Ma carte" from the top bar, tap the card, read it, close the sheet."""
        self.page.click("#card-button")
        card = self.page.locator("#card-dialog .role-card")
        card.click()
        secret = card.locator(".secret")
        kind = str(secret.get_attribute("data-secret"))
        value = None if kind == "mr_white" else secret.inner_text().strip()
        self.page.locator("#card-dialog .sheet-head .chip").click()
        expect(self.page.locator("#card-dialog")).not_to_be_visible()
        self.secret = (kind, value)
        return self.secret

    def confirm_card(self) -> None:
        """Confirm on the role screen once the button allows it, unless the role reveal's
        delay ran out first (the game then goes on without this confirmation)."""
        self.page.wait_for_function(CONFIRM_READY, timeout=STEP_MS)
        self.page.evaluate(CONFIRM)

    def current_actor(self) -> str | None:
        current = self.page.locator("#clue-wall .player.current")
        return current.get_attribute("data-player") if current.count() else None

    def give_text(self, form: str, text: str) -> None:
        self.page.fill(f"#{form}", text)
        self.page.press(f"#{form}", "Enter")

    def vote_for(self, target: Player | None) -> None:
        """One tap on the player's vote button (or on "abstain")."""
        if target is None:
            self.page.click("#vote-abstain")
        else:
            self.page.click(f".target[data-target='{target.id}']")
        expected = "Tu t'abstiens" if target is None else f"Ton vote : {target.name}"
        if self.page.locator("html").get_attribute("lang") == "en":
            expected = "You abstain" if target is None else f"Your vote: {target.name}"
        expect(self.page.locator("#my-ballot")).to_contain_text(expected)

    def check_rules(self, section: str) -> None:
        """The Rules button opens the rules at the section for the current screen."""
        self.page.click("#rules-button")
        dialog = self.page.locator("#rules-dialog")
        expect(dialog).to_be_visible()
        expect(dialog.locator("section.current")).to_have_attribute("data-section", section)
        expect(dialog.locator(f"#rules-{section}")).to_be_in_viewport()
        dialog.locator(".sheet-head button").click()
        expect(dialog).to_be_hidden()

    def switch_language(self, lang: str) -> None:
        self.page.click("#lang-button")
        expect(self.page.locator("html")).to_have_attribute("lang", lang)
        self.lang = lang

    def shoot(self, name: str) -> Path:
        path = RESULTS / f"{name}.png"
        self.page.evaluate("window.scrollTo(0, 0)")  # the sticky top bar stays on top
        # The picture a player sees once the beat is over (chips landed, card flipped).
        self.page.evaluate(
            """() => Promise.all(document.getAnimations()
                .filter(a => a.effect.getComputedTiming().iterations !== Infinity)
                .map(a => a.finished.catch(() => null)))"""
        )
        self.page.screenshot(path=str(path), full_page=True)
        return path

    def look(self, name: str) -> None:
        """Screenshot this screen and scan it with axe: no violation at all."""
        self.shoot(name)
        assert self.axe(name) == [], f"{name}: {self.axe(name)}"

    def axe(self, name: str) -> list[dict[str, Any]]:
        """axe-core on this page: its violations, whatever their impact (empty is a pass)."""
        bad = axe_violations(self.page)
        (RESULTS / f"{name}.axe.json").write_text(json.dumps(bad, indent=1), "utf-8")
        return bad


AXE_RUN = "() => axe.run({resultTypes: ['violations']}).then(results => results.violations)"


@lru_cache(maxsize=1)
def axe_script() -> str:
    """The axe-core build that axe-playwright-python ships, read once per process."""
    import axe_playwright_python

    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text("utf-8")


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations on this page, whatever their impact: rule, impact, nodes."""
    # A page is one document for the whole game: axe-core (half a megabyte of script) is
    # parsed into it once, not at every look; a reload drops it and it comes back.
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_script())
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]]}
        for v in page.evaluate(AXE_RUN)
    ]


class Table:
    def __init__(self, browser: Any, base_url: str) -> None:
        self.browser = browser
        self.base_url = base_url
        self.code = ""
        self.players: list[Player] = []
        self.looks: list[tuple[dict[str, int], str]] | None = None

    # --- seating ------------------------------------------------------------------------

    def new_player(self, name: str) -> Player:
        size, lang = (
            self.looks[len(self.players) % len(self.looks)] if self.looks else (PHONE, "fr")
        )
        context = self.browser.new_context(viewport=size, base_url=self.base_url, locale="fr-FR")
        context.set_default_timeout(STEP_MS)
        if lang != "fr":
            context.add_init_script(f"localStorage.setItem('undercover.lang', '{lang}')")
        page = context.new_page()
        player = Player(self, name, context, page)
        player.lang = lang
        self.players.append(player)
        return player

    @staticmethod
    def pick_avatar(player: Player, avatar: str | None) -> None:
        if avatar is None:
            return
        player.page.click("#face-picker summary")
        player.page.click(f"#face-picker [data-avatar='{avatar}']")
        expect(player.page.locator(f"[data-avatar='{avatar}']")).to_have_attribute(
            "aria-pressed", "true"
        )

    def create(self, name: str, avatar: str | None = None) -> Player:
        host = self.new_player(name)
        host.page.goto("/")
        try:
            host.page.wait_for_selector("#nickname")
        except Exception as error:
            raise AssertionError(f"home did not show: {error}\n{host.diagnose()}") from None
        host.page.fill("#nickname", name)
        self.pick_avatar(host, avatar)
        host.page.click("#create-room")
        host.wait_screen("lobby")
        match = re.search(r"/r/([A-Z0-9]{5})$", host.page.url)
        assert match, host.page.url
        self.code = match.group(1)
        return host

    def join(self, name: str, screen: str = "lobby", avatar: str | None = None) -> Player:
        player = self.new_player(name)
        player.page.goto(f"/r/{self.code}")
        expect(player.page.locator("#room-code")).to_have_value(self.code)
        player.page.fill("#nickname", name)
        self.pick_avatar(player, avatar)
        player.page.click("#join-room")
        player.wait_screen(screen)
        return player

    def seat(self, *names: str, avatar: str | None = None) -> list[Player]:
        """Everyone joins; with `avatar`, everyone asks for that same one."""
        host = self.create(names[0], avatar)
        others = [self.join(name, avatar=avatar) for name in names[1:]]
        expect(host.page.locator("#players [data-player]")).to_have_count(len(names))
        return [host, *others]

    def look_each(self, name: str, players: list[Player] | None = None) -> None:
        """Screenshot and scan this screen once per size and language among the players
        (those still on it: a timed screen may move on meanwhile)."""
        seen: set[tuple[int, int, str]] = set()
        screen = (players or self.players)[0].screen()
        for player in players or self.players:
            key = (player.size["width"], player.size["height"], player.lang)
            if key not in seen and player.screen() == screen:
                seen.add(key)
                player.look(f"{name}-{key[0]}x{key[1]}-{key[2]}")

    def by_id(self, player_id: str | None) -> Player | None:
        return next((p for p in self.players if p.id == player_id), None)

    # --- settings -------------------------------------------------------------------------

    @staticmethod
    def open_advanced(host: Player) -> None:
        advanced = host.page.locator("#advanced")
        if advanced.get_attribute("open") is None:
            advanced.locator("summary").click()

    def set_checkbox(self, host: Player, setting: str, on: bool) -> None:
        self.open_advanced(host)
        box = host.page.locator(f"#setting-{setting}")
        if box.is_checked() != on:
            box.click()
        for player in self.players:
            if player is not host:
                words = {"fr": ("oui", "non"), "en": ("yes", "no")}[player.lang]
                expect(player.page.locator(f"[data-setting='{setting}']")).to_have_text(
                    words[0] if on else words[1]
                )

    def set_value(self, host: Player, setting: str, value: str) -> None:
        self.open_advanced(host)
        field = host.page.locator(f"#setting-{setting}")
        if field.evaluate("el => el.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
            field.press("Enter")
            field.blur()
        expect(field).to_have_value(value)

    # --- playing --------------------------------------------------------------------------

    def start(self, host: Player) -> None:
        host.page.click("#start-game")
        for player in self.players:
            player.wait_screen("role_reveal")

    def reveal_cards(self, players: list[Player]) -> dict[str, list[Player]]:
        """Everyone reads their card and confirms; players grouped by what they hold.

        The card is read from the top bar's "Ma carte", which holds it the whole game: the
        role reveal ends after 20 room-seconds whoever confirmed, and a loaded machine (or a
        fast clock) may get there while the table is still reading."""
        groups: dict[str, list[Player]] = {}
        for player in players:
            kind, value = player.card_from_top_bar()
            groups.setdefault("mr_white" if kind == "mr_white" else f"{kind}:{value}", []).append(
                player
            )
            player.confirm_card()
        return groups

    @staticmethod
    def camps(groups: dict[str, list[Player]]) -> tuple[Player | None, list[Player], list[Player]]:
        """Mr. White (or None), the civilians (the biggest group) and the undercovers."""
        others = {key: group for key, group in groups.items() if key != "mr_white"}
        civilians, undercovers = sorted(others.values(), key=len, reverse=True)
        return groups.get("mr_white", [None])[0], civilians, undercovers

    def timers_off(self, host: Player) -> None:
        self.set_checkbox(host, "clue_timer", False)
        self.set_checkbox(host, "vote_timer", False)

    def first_speaker(self, host: Player, players: list[Player]) -> Player:
        """Start the game, everyone confirms their card: the player whose turn it is."""
        self.start(host)
        self.reveal_cards(players)
        host.wait_screen("clues")
        speaker = self.by_id(host.current_actor())
        assert speaker is not None
        return speaker

    def play_clues(self, alive: list[Player], text: str = "indice") -> None:
        """Every turn of the clue phase (and theme proposals in grade mode), until the vote."""
        watcher = alive[0]
        watcher.wait_screen("clues")
        for _ in range(100):
            if watcher.screen() != "clues":
                return
            actor = self.by_id(watcher.current_actor())
            if actor is None:
                watcher.page.wait_for_timeout(100)
                continue
            ready = "#clue-input-form:visible, #theme-input-form:visible, #card-gate:visible"
            expect(actor.page.locator(ready).first).to_be_visible()
            gate = actor.page.locator("#card-gate")
            if gate.is_visible():  # never opened their card: a look first
                gate.locator(".role-card").click()
            proposing = actor.page.locator("#theme-input-form").is_visible()
            form = "theme-input" if proposing else "clue-input"
            expect(actor.page.locator(f"#{form}-form")).to_be_visible()
            word = "thème" if proposing else text
            actor.give_text(form, f"{word} {actor.name}")
            # Accepted (the form goes) or refused: a name can be an alias of its bearer's own
            # word (Emma, in Friends), and the server refuses a clue holding one's own word.
            expect(actor.page.locator(f"#{form}-form:not(.refused)")).to_be_hidden()
            if actor.page.locator(f"#{form}-form").is_visible():
                actor.give_text(form, f"{word} encore")
                expect(actor.page.locator(f"#{form}-form")).to_be_hidden()
        raise AssertionError("the clue phase did not end")

    def check_no_errors(self) -> None:
        errors = [
            f"{p.name}: {e}"
            for p in self.players
            for e in p.errors
            if "pageerror" in e or "Content Security Policy" in e
        ]
        assert not errors, errors

    def close(self) -> None:
        for player in self.players:
            player.context.close()
