"""The client's files as served: first-load weight, CSP hygiene, FR/EN strings, the rules.

The rules test checks both languages have every section, and that the numbers players
read (player counts, timer ranges, graces) are the ones the rules core and engine use.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.web.table import RESULTS, ROOT
from undercover.engine import state
from undercover.rules import settings as rule_settings

STATIC = ROOT / "static"
FIRST_LOAD_BUDGET = 40 * 1024  # the home page, as transferred (gzip), headers included
ROOM_LOAD_BUDGET = 80 * 1024  # a room opened from its link
LANGS = ("fr", "en")
RULE_SECTIONS = (
    "overview",
    "setup",
    "roles",
    "clues",
    "grade-mode",
    "vote",
    "elimination",
    "mr-white",
    "victory",
    "connection",
)


def _js_files() -> list[Path]:
    return sorted(STATIC.rglob("*.js"))


def _load(path: Path) -> Any:
    return json.loads(path.read_text("utf-8"))


# --- weight ------------------------------------------------------------------------------


# When room.js starts fetching the game's screens ahead (the lobby drawn and idle for 3 s), in
# ms since the epoch; None before. A slow machine reaches "network idle" after it.
PRELOAD_STARTED = """() => {
  const mark = performance.getEntriesByName("undercover:preload-screens")[0];
  return mark ? performance.timeOrigin + mark.startTime : null;
}"""


def _transferred(page: Any, url: str) -> tuple[int, list[tuple[str, int]]]:
    """Bytes received (bodies as sent, plus headers) until the network is idle, but for what
    the page asked for after it began fetching the game's screens ahead."""
    finished: list[Any] = []
    page.on("requestfinished", lambda request: finished.append(request))
    page.goto(url, wait_until="networkidle")
    preload = page.evaluate(PRELOAD_STARTED)
    rows = []
    for request in finished:
        if preload is not None and request.timing["startTime"] >= preload:
            continue
        sizes = request.sizes()
        rows.append((request.url, sizes["responseBodySize"] + sizes["responseHeadersSize"]))
    return sum(size for _, size in rows), rows


@pytest.mark.browser
def test_first_load_is_at_most_40_kb_home_and_80_kb_a_room(browser: Any, server: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    total, rows = _transferred(page, server.base_url + "/")
    assert page.locator("#create-room").is_visible()
    # For the record: the room's code, loaded when a room is entered.
    page.fill("#nickname", "Poids")
    finished: list[Any] = []
    page.on("requestfinished", lambda request: finished.append(request))
    page.click("#create-room")
    page.wait_for_selector("body[data-screen='lobby']")
    page.wait_for_load_state("networkidle")
    room = sum(r.sizes()["responseBodySize"] + r.sizes()["responseHeadersSize"] for r in finished)
    # A room opened straight from its link (a reload, a shared link): a fresh cache, the seat kept.
    fresh = browser.new_context(
        viewport={"width": 390, "height": 844}, storage_state=context.storage_state()
    )
    room_page = fresh.new_page()
    room_total, room_rows = _transferred(room_page, page.url)
    assert room_page.locator("body[data-screen='lobby']").count() == 1
    fresh.close()
    context.close()
    RESULTS.mkdir(parents=True, exist_ok=True)
    report = {
        "first_load_bytes": total,
        "room_code_bytes": room,
        "room_first_load_bytes": room_total,
        "files": rows,
        "room_files": room_rows,
    }
    (RESULTS / "weight.json").write_text(json.dumps(report, indent=1), "utf-8")
    assert total <= FIRST_LOAD_BUDGET, f"first load {total} B > {FIRST_LOAD_BUDGET} B: {rows}"
    # The logo is drawn inline in the top bar: icon.svg is only the favicon, asked for once.
    for files in (rows, room_rows):
        icons = [url for url, _ in files if url.endswith("/icon.svg")]
        assert len(icons) <= 1, icons
    assert room_total <= ROOM_LOAD_BUDGET, f"room load {room_total} B > {ROOM_LOAD_BUDGET} B"


def _static_imports(path: Path) -> set[Path]:
    """Every module `path` pulls in through static `import … from` lines, transitively."""
    found: set[Path] = set()
    todo = [path]
    while todo:
        module = todo.pop()
        for name in re.findall(r'^import [^;]*? from "([^"]+)";', module.read_text("utf-8"), re.M):
            target = (module.parent / name).resolve()
            if target not in found:
                found.add(target)
                todo.append(target)
    return found


@pytest.mark.parametrize(
    ("kind", "entries"),
    [("home", ["js/screens/home.js"]), ("room", ["js/room.js", "js/screens/lobby.js"])],
)
def test_first_paint_preloads_exactly_what_the_screen_imports(
    kind: str, entries: list[str]
) -> None:
    """app.js asks at once for the modules of the first screen (for a room, the room and its
    lobby, which room.js imports on use): none missing, none extra."""
    app = (STATIC / "app.js").read_text("utf-8")
    block = re.search(rf"{kind}: \[(.*?)\]", app.split("const FIRST_PAINT = {")[1], re.S)
    assert block, kind
    listed = {(STATIC / p).resolve() for p in re.findall(r'"([^"]+)"', block.group(1))}
    wanted = set()
    for entry in entries:
        wanted |= {(STATIC / entry).resolve()} | _static_imports(STATIC / entry)
    wanted -= _static_imports(STATIC / "app.js")  # loaded with app.js already
    rel = sorted(str(p.relative_to(STATIC)) for p in listed ^ wanted)
    assert listed == wanted, f"FIRST_PAINT.{kind} in static/app.js differs by: {rel}"


def test_the_page_preloads_exactly_what_app_js_imports() -> None:
    page = (STATIC / "index.html").read_text("utf-8")
    listed = {
        (STATIC / p.lstrip("/")).resolve()
        for p in re.findall(r'<link rel="modulepreload" href="([^"]+)">', page)
    }
    wanted = _static_imports(STATIC / "app.js")
    rel = sorted(str(p.relative_to(STATIC)) for p in listed ^ wanted)
    assert listed == wanted, f"static/index.html's modulepreload links differ by: {rel}"


# --- CSP hygiene and safety --------------------------------------------------------------


def test_index_has_no_inline_script_style_or_handler() -> None:
    html = (STATIC / "index.html").read_text("utf-8")
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", html, re.S)
    assert scripts, "one module entry expected"
    for attributes, body in scripts:
        assert 'type="module"' in attributes
        assert "src=" in attributes
        assert not body.strip()
    assert not re.search(r"\son[a-z]+\s*=", html), "inline event handler"
    assert not re.search(r"\sstyle\s*=", html), "inline style"
    assert "<style" not in html


@pytest.mark.parametrize("path", _js_files(), ids=lambda p: str(p.relative_to(STATIC)))
def test_scripts_never_write_html_or_evaluate_code(path: Path) -> None:
    code = path.read_text("utf-8")
    for forbidden in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert forbidden not in code, f"{path.name} uses {forbidden}"
    assert "new Function" not in code


def test_no_third_party_origin_anywhere() -> None:
    for path in STATIC.rglob("*"):
        if path.suffix in {".js", ".css", ".html", ".json", ".webmanifest", ".svg"}:
            text = path.read_text("utf-8")
            urls = re.findall(r"https?://[^\s\"')]+", text)
            urls = [u for u in urls if not u.startswith("http://www.w3.org/2000/svg")]
            assert not urls, f"{path.name}: {urls}"


# --- strings -----------------------------------------------------------------------------


def test_both_languages_have_the_same_keys() -> None:
    fr, en = (_load(STATIC / "i18n" / f"{lang}.json") for lang in LANGS)
    assert sorted(set(fr) - set(en)) == []
    assert sorted(set(en) - set(fr)) == []
    for key in fr:
        placeholders_fr = set(re.findall(r"\{(\w+)[|}]", fr[key]))
        placeholders_en = set(re.findall(r"\{(\w+)[|}]", en[key]))
        assert placeholders_fr == placeholders_en, key


def test_every_literal_key_in_the_code_exists() -> None:
    fr = _load(STATIC / "i18n" / "fr.json")
    used: set[str] = set()
    for path in [*_js_files(), STATIC / "index.html"]:
        text = path.read_text("utf-8")
        used |= set(re.findall(r"\bt\(\"([a-z_.]+)\"", text))
        used |= set(re.findall(r"data-i18n(?:-label)?=\"([a-z_.]+)\"", text))
        used |= set(re.findall(r"(?:label|placeholder|submit|tkey): \"([a-z_.]+)\"", text))
    missing = sorted(key for key in used if key not in fr)
    assert missing == []


# French typography: a narrow no-break space before ! ? ;, a no-break space before : and
# inside « », and a number held to its unit, so that no line starts with the sign.
_FRENCH_SPACING = re.compile(r"[ \u00a0][!?;]|[ \u202f]:(?!//)|«[ \u202f]| »|\d s\b(?!')")


def _texts(node: Any) -> list[str]:
    if isinstance(node, str):
        return [node]
    values = node.values() if isinstance(node, dict) else node if isinstance(node, list) else []
    return [text for value in values for text in _texts(value)]


@pytest.mark.parametrize("path", ["i18n/fr.json", "rules/fr.json"])
def test_french_signs_stay_with_their_words(path: str) -> None:
    texts = _texts(_load(STATIC / path))
    assert any("\u00a0:" in text for text in texts)
    assert [text for text in texts if _FRENCH_SPACING.search(text)] == []


def test_server_error_codes_are_translated() -> None:
    """Every engine rejection code has a French and an English sentence."""
    from undercover.engine.errors import RejectCode
    from undercover.wire.protocol import ProtocolCode

    fr = _load(STATIC / "i18n" / "fr.json")
    codes = [code.value for code in (*RejectCode, *ProtocolCode)]
    missing = [code for code in codes if f"error.{code}" not in fr]
    assert missing == []


# --- rules -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_rules_have_every_section(lang: str) -> None:
    rules = _load(STATIC / "rules" / f"{lang}.json")
    ids = [section["id"] for section in rules["sections"]]
    assert tuple(ids) == RULE_SECTIONS
    for section in rules["sections"]:
        assert section["title"].strip()
        assert section["body"], section["id"]


@pytest.mark.parametrize("lang", LANGS)
def test_rules_state_the_numbers_the_engine_uses(lang: str) -> None:
    rules = _load(STATIC / "rules" / f"{lang}.json")
    # The French no-break spaces read as spaces here.
    text = {
        s["id"]: json.dumps(s, ensure_ascii=False).replace("\u00a0", " ").replace("\u202f", " ")
        for s in rules["sections"]
    }
    fields = rule_settings.RuleSettings.model_fields

    def bounds(name: str) -> tuple[int, int]:
        low = next(m.ge for m in fields[name].metadata if hasattr(m, "ge"))
        high = next(m.le for m in fields[name].metadata if hasattr(m, "le"))
        return low, high

    setup = text["setup"]
    assert f"{rule_settings.MIN_PLAYERS} " in setup
    assert f"{rule_settings.MAX_PLAYERS} " in setup
    for name in ("clue_seconds", "vote_seconds", "clue_rounds_per_vote"):
        low, high = bounds(name)
        assert f"{low} " in setup
        assert f"{high} " in setup, name
    assert f"{rule_settings.MR_WHITE_MIN_PLAYERS} " in text["roles"]
    assert f"{rule_settings.UNDERCOVER_PAIR_FROM_PLAYERS} " in text["roles"]
    assert f"({rule_settings.VOTE_GRACE_SECONDS} s)" in text["vote"]
    assert f"{rule_settings.MR_WHITE_GUESS_SECONDS} s" in text["mr-white"].replace(
        "secondes", "s"
    ).replace("seconds", "s")
    assert f"({int(state.RECONNECT_GRACE_SECONDS)} s)" in text["clues"]
    assert f"({rule_settings.CLUE_MAX_LENGTH} " in text["clues"]


# Every section of docs/rules.md (the rules as implemented) and where players read it;
# None: not a rule players need (how randomness is drawn, how bad input is refused).
DOC_SECTIONS = {
    "Players and roles": "roles",
    "Speaking order": "clues",
    "Clue rounds": "clues",
    "Phantom accusing vote": "vote",
    "Voting": "vote",
    "Ties, null votes and termination": "vote",
    "Elimination and reveal": "elimination",
    "Mr. White's guess": "mr-white",
    "Victory": "victory",
    "Grade mode (*mode note*)": "grade-mode",
    "Kicks": "connection",
    "Host settings": "setup",
    "Randomness": None,
    "Bad input": None,
}


def test_every_section_of_docs_rules_has_a_home_in_the_players_rules() -> None:
    """A new section in docs/rules.md fails here until the players' rules say where it goes."""
    doc = (ROOT / "docs" / "rules.md").read_text("utf-8")
    headings = re.findall(r"^## \d+\. (.+)$", doc, re.M)
    assert headings
    assert sorted(headings) == sorted(DOC_SECTIONS)
    for section in DOC_SECTIONS.values():
        assert section is None or section in RULE_SECTIONS


@pytest.mark.parametrize(
    ("lang", "section", "phrase"),
    [
        ("fr", "victory", "qu'un Civil en jeu, ou aucun"),
        ("en", "victory", "one Civilian or none"),
        ("fr", "clues", "Mr. White n'ouvre jamais"),
        ("en", "clues", "Mr. White never opens"),
        ("fr", "vote", "premier tour du vote suivant seulement"),
        ("en", "vote", "first ballot of the next vote only"),
        ("fr", "vote", "troisième vote nul de suite"),
        ("en", "vote", "third null vote in a row"),
    ],
)
def test_rules_say_what_docs_rules_decides(lang: str, section: str, phrase: str) -> None:
    rules = _load(STATIC / "rules" / f"{lang}.json")
    text = next(json.dumps(s, ensure_ascii=False) for s in rules["sections"] if s["id"] == section)
    assert phrase in text


def test_the_faces_offered_are_the_servers() -> None:
    from undercover.engine.seats import AVATARS, COLORS

    home = (STATIC / "js" / "faces.js").read_text("utf-8")

    def listed(name: str) -> list[str]:
        block = re.search(rf"export const {name} = \[(.*?)\];", home, re.S)
        assert block, name
        return re.findall(r'"([^"]+)"', block.group(1))

    assert listed("AVATARS") == list(AVATARS)
    assert listed("COLORS") == list(COLORS)


def test_the_clients_player_counts_are_the_rules() -> None:
    # The numbers are generated into protocol.js (tests/wire/test_js.py); model.js takes them.
    model = (STATIC / "js" / "model.js").read_text("utf-8")
    assert 'export { MIN_PLAYERS, MR_WHITE_MIN_PLAYERS } from "./protocol.js";' in model
