"""Reviewed association lists: what people say about a tag, beside the theme files.

`themes/<category>/<id>.clues.json` holds, for tags of the theme `<id>.json`, things a person
would say of any entry holding that tag, in the theme's language:

    {"schema": 1, "tags": {"terrain": ["pelouse", "gradins"], ...}}

The bots say them as they say a tag (`undercover.bots.lexicon`). A theme without a sidecar
keeps its tags and attributes alone. `themes check` refuses a list whose theme or tag does
not exist, and a clue that is empty, too long, marked up, the tag itself, or a name or alias
of the theme's entries.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from undercover.rules.settings import CLUE_MAX_LENGTH
from undercover.rules.text import clue_contains, fold
from undercover.themes import THEMES_DIR

SUFFIX = ".clues.json"
ClueLists = Mapping[str, Mapping[str, tuple[str, ...]]]  # theme id -> tag -> associations


def is_sidecar(path: Path) -> bool:
    return path.name.endswith(SUFFIX)


def read_lists(root: Path = THEMES_DIR) -> tuple[dict[str, dict[str, tuple[str, ...]]], list[str]]:
    """Every sidecar under root, checked against its theme file: (lists, problems)."""
    lists: dict[str, dict[str, tuple[str, ...]]] = {}
    problems: list[str] = []
    for path in sorted(root.rglob(f"*{SUFFIX}")):
        where = f"{path.parent.name}/{path.name}"
        theme_path = path.with_name(path.name.removesuffix(SUFFIX) + ".json")
        try:
            sidecar = json.loads(path.read_text(encoding="utf-8"))
            theme = json.loads(theme_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            problems.append(f"{where}: unreadable, or no theme file beside it ({error})")
            continue
        found, flaws = _checked(sidecar, theme)
        problems += [f"{where}: {flaw}" for flaw in flaws]
        if not flaws:
            lists[str(theme["id"])] = found
    return lists, problems


def _checked(sidecar: Any, theme: dict[str, Any]) -> tuple[dict[str, tuple[str, ...]], list[str]]:
    if not isinstance(sidecar, dict) or sidecar.get("schema") != 1:
        return {}, ['"schema" must be 1']
    raw = sidecar.get("tags")
    if not isinstance(raw, dict):
        return {}, ['"tags" must map tags to lists of clues']
    entries = theme.get("entries") or []
    tags = {t for e in entries for t in e.get("tags") or ()}
    names = [(str(e["name"]), tuple(e.get("aliases") or ())) for e in entries]
    found: dict[str, tuple[str, ...]] = {}
    flaws: list[str] = []
    for tag, clues in raw.items():
        if tag not in tags:
            flaws.append(f"{tag!r} is no tag of any entry of the theme")
            continue
        if not isinstance(clues, list) or not all(isinstance(c, str) for c in clues):
            flaws.append(f"{tag!r}: a list of texts is expected")
            continue
        for clue in clues:
            if not 0 < len(clue.strip()) <= CLUE_MAX_LENGTH or "<" in clue or ">" in clue:
                flaws.append(f"{tag!r}: {clue!r} is empty, too long or marked up")
            elif fold(clue) == fold(tag):
                flaws.append(f"{tag!r}: {clue!r} is the tag itself")
            elif any(clue_contains(clue, name, aliases) for name, aliases in names):
                flaws.append(f"{tag!r}: {clue!r} holds a name of the theme")
        found[tag] = tuple(dict.fromkeys(c.strip() for c in clues))
    return found, flaws


@functools.cache
def builtin_lists() -> ClueLists:
    """The checkout's sidecars, else the generated module's copy (the Worker's)."""
    if THEMES_DIR.is_dir():
        return read_lists(THEMES_DIR)[0]
    from undercover.themes import data  # type: ignore[attr-defined,unused-ignore]

    raw: dict[str, dict[str, list[str]]] = json.loads(getattr(data, "CLUE_LISTS_JSON", "{}"))
    return {theme: {tag: tuple(c) for tag, c in tags.items()} for theme, tags in raw.items()}
