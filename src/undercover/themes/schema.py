"""The theme file format (see `themes/README.md`) and every check a file must pass.

A problem always names the file, the entry and the field, so a hand edit is quick to fix.
Nothing here is needed at game time: the games use `model.Catalog`, built from checked files.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from undercover.rules.text import fold

Category = Literal["films", "series", "animes", "jeux-video", "bd", "dessins-animes", "classique"]
CATEGORIES: tuple[str, ...] = get_args(Category)
MIN_ENTRIES = 30
MIN_TAGS = 4
MIN_ATTRIBUTES = 3

# Text a player reads: not empty, no surrounding spaces, short enough for a phone screen.
_TRIMMED = r"^\S(.*\S)?$"
Name = Annotated[str, StringConstraints(pattern=_TRIMMED, max_length=60)]
Tag = Annotated[str, StringConstraints(pattern=_TRIMMED, max_length=40)]
Attribute = Annotated[str, StringConstraints(pattern=_TRIMMED, max_length=40)]
_LANGUAGE = r"^[a-z]{2}$"
_IDENTIFIER = r"^[a-z0-9]+(-[a-z0-9]+)*$"
Language = Annotated[str, StringConstraints(pattern=_LANGUAGE)]
Identifier = Annotated[str, StringConstraints(pattern=_IDENTIFIER)]


_PATTERN_MESSAGES = {
    _TRIMMED: "must not be empty, nor start or end with a space",
    _LANGUAGE: "must be a two-letter language code such as 'fr'",
    _IDENTIFIER: "must be lower-case letters and digits joined by single hyphens",
}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# What a tag group says about its entries (see `themes/README.md`, "What makes a good tag"):
# - trait: something a player could say of the word (house, species, power, job…): links pairs;
# - broad: true but shared by too many things to tell two words apart (gender, colour, season);
# - bookkeeping: where the character appears in the work (album, season, arc, episode, place
#   visited once). Broad and bookkeeping tags never make a pair close or very close.
TagKind = Literal["trait", "broad", "bookkeeping"]
TAG_KINDS: tuple[str, ...] = get_args(TagKind)

# Words that locate something in a work: a trait tag holding one is bookkeeping in disguise.
_WORK_PARTS = re.compile(
    r"\b(saison|album|épisode|tome|chapitre|season|episode|chapter|volume)s?\b", re.IGNORECASE
)


class TagGroupFile(_Strict):
    description: Annotated[str, StringConstraints(min_length=1)]
    tags: list[Tag] = Field(min_length=1)
    kind: TagKind


class EntryFile(_Strict):
    name: Name
    aliases: list[Name] = []
    tags: list[Tag] = Field(min_length=MIN_TAGS)
    attributes: list[Attribute] = Field(min_length=MIN_ATTRIBUTES)
    language: Language | None = None
    family_safe: bool | None = None


class ThemeFile(_Strict):
    format_version: Literal[1] = Field(alias="schema")
    id: Identifier
    name: Name
    category: Category
    language: Language
    family_safe: bool
    description: Annotated[str, StringConstraints(min_length=1)]
    tag_groups: dict[Identifier | Tag, TagGroupFile] = Field(min_length=1)
    entries: list[EntryFile] = Field(min_length=MIN_ENTRIES)


@dataclass(frozen=True)
class Problem:
    """One reason a theme file is refused."""

    file: str
    entry: str  # "" when the problem is about the file as a whole
    field: str
    message: str

    def __str__(self) -> str:
        where = " › ".join(part for part in (self.file, self.entry, self.field) if part)
        return f"{where}: {self.message}"


def check_file(path: Path, text: str, root: Path) -> tuple[dict[str, Any] | None, list[Problem]]:
    """Parse and check one theme file's text; the document is returned only if it is flawless."""
    import json

    shown = _shown_path(path, root)
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        return None, [Problem(shown, "", "", f"not valid JSON: {error}")]
    try:
        theme = ThemeFile.model_validate(raw)
    except ValidationError as error:
        return None, [_from_pydantic(shown, raw, detail) for detail in error.errors()]
    problems = _check_content(shown, theme, path, root)
    if problems:
        return None, problems
    return theme.model_dump(by_alias=True, exclude_none=True), []


def _shown_path(path: Path, root: Path) -> str:
    try:
        return str(Path(root.name) / path.relative_to(root))
    except ValueError:
        return str(path)


def _entry_label(index: int, raw_entries: Any) -> str:
    name = None
    if isinstance(raw_entries, list) and index < len(raw_entries):
        item = raw_entries[index]
        name = item.get("name") if isinstance(item, dict) else None
    return f"entries[{index}] {name!r}" if isinstance(name, str) else f"entries[{index}]"


def _from_pydantic(shown: str, raw: Any, detail: Any) -> Problem:
    loc = tuple(detail["loc"])
    entry = ""
    if len(loc) >= 2 and loc[0] == "entries" and isinstance(loc[1], int):
        entries = raw.get("entries") if isinstance(raw, dict) else None
        entry, loc = _entry_label(loc[1], entries), loc[2:]
    message = str(detail["msg"])
    if detail["type"] == "extra_forbidden":
        message = "unknown field"
    elif detail["type"] == "string_pattern_mismatch":
        pattern = detail.get("ctx", {}).get("pattern")
        message = _PATTERN_MESSAGES.get(pattern, message) + f" (got {detail['input']!r})"
    return Problem(shown, entry, ".".join(str(part) for part in loc), message)


def _check_content(shown: str, theme: ThemeFile, path: Path, root: Path) -> list[Problem]:
    problems: list[Problem] = []

    def file_problem(field: str, message: str) -> None:
        problems.append(Problem(shown, "", field, message))

    if path.stem != theme.id:
        file_problem("id", f"must equal the file name {path.stem!r}")
    folder = path.parent.name if path.parent != root else ""
    if folder != theme.category:
        file_problem("category", f"must equal the folder name {folder!r}")

    group_of: dict[str, str] = {}
    for group_name, group in theme.tag_groups.items():
        for tag, count in Counter(group.tags).items():
            if count > 1:
                file_problem(f"tag_groups.{group_name}", f"tag {tag!r} listed {count} times")
            if tag in group_of and group_of[tag] != group_name:
                file_problem(
                    f"tag_groups.{group_name}", f"tag {tag!r} is already in {group_of[tag]!r}"
                )
            group_of.setdefault(tag, group_name)

    problems += _disguised_bookkeeping(shown, theme)

    owner: dict[str, int] = {}  # normalised name or alias -> index of the entry using it
    for index, entry in enumerate(theme.entries):
        for spelling in (entry.name, *entry.aliases):
            key = fold(spelling)
            label = f"entries[{index}] {entry.name!r}"
            if not key:
                problems.append(Problem(shown, label, "name", f"{spelling!r} has no letters"))
            elif key in owner and owner[key] != index:
                other = theme.entries[owner[key]].name
                problems.append(
                    Problem(shown, label, "aliases", f"{spelling!r} duplicates entry {other!r}")
                )
            elif key in owner:
                message = f"{spelling!r} repeats this entry's name or another alias (case, accents"
                message += " and punctuation do not count when matching guesses): remove it"
                problems.append(Problem(shown, label, "aliases", message))
            owner.setdefault(key, index)

    for index, entry in enumerate(theme.entries):
        label = f"entries[{index}] {entry.name!r}"
        for tag, count in Counter(entry.tags).items():
            if count > 1:
                problems.append(Problem(shown, label, "tags", f"{tag!r} listed {count} times"))
            if tag not in group_of:
                problems.append(
                    Problem(shown, label, "tags", f"{tag!r} is not in the file's tag_groups")
                )
        seen: set[str] = set()
        for attribute in entry.attributes:
            key = fold(attribute)
            if key in seen:
                problems.append(Problem(shown, label, "attributes", f"{attribute!r} twice"))
            seen.add(key)
            if key in owner:
                named = theme.entries[owner[key]].name
                problems.append(
                    Problem(shown, label, "attributes", f"{attribute!r} is the name of {named!r}")
                )
    return problems


def _disguised_bookkeeping(shown: str, theme: ThemeFile) -> list[Problem]:
    """Trait tags that only say where an entry appears in the work, so would link pairs falsely.

    A trait tag is refused when it names a part of the work (a season, an album, an episode…)
    or spells a tag of one of the file's bookkeeping groups (up to case and accents): such a
    tag belongs in a bookkeeping group, which never makes a pair.
    """
    parts = {
        fold(tag): tag
        for group in theme.tag_groups.values()
        if group.kind == "bookkeeping"
        for tag in group.tags
    }
    problems = []
    for group_name, group in theme.tag_groups.items():
        if group.kind != "trait":
            continue
        for tag in group.tags:
            part = parts.get(fold(tag))
            if part is None and not _WORK_PARTS.search(tag):
                continue
            said = f"spells the bookkeeping tag {part!r}" if part else "names a part of the work"
            message = (
                f"tag {tag!r} {said}: it locates entries in the work, which no player could "
                "clue; move it to a group of kind 'bookkeeping' or say a trait instead"
            )
            problems.append(Problem(shown, "", f"tag_groups.{group_name}", message))
    return problems
