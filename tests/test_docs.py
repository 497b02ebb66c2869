"""The docs stay short enough for a newcomer to read in an hour (issue 29: 2,000 lines, the two
generated samples included), and their relative links lead somewhere: a moved file or a renamed
heading must not strand them (the docs are read, not run)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_LINES = 2000
# [text](target) outside code: the target up to an optional #anchor; web addresses are not ours.
LINK = re.compile(r"\[[^\]]*\]\(([^)\s#]*)(#[^)\s]*)?\)")


def _docs() -> list[Path]:
    return [
        *sorted((ROOT / "docs").glob("*.md")),
        ROOT / "README.md",
        ROOT / "themes" / "README.md",
    ]


def _prose(path: Path) -> str:
    """The file without its fenced code blocks (a JSON example is not a link)."""
    return re.sub(r"^```.*?^```", "", path.read_text("utf-8"), flags=re.S | re.M)


def test_the_docs_total_at_most_2000_lines() -> None:
    counts = {
        str(path.relative_to(ROOT)): len(path.read_text("utf-8").splitlines()) for path in _docs()
    }
    assert sum(counts.values()) <= MAX_LINES, (
        f"{sum(counts.values())} lines > {MAX_LINES}: {counts}"
    )


def test_every_relative_link_of_the_docs_resolves() -> None:
    broken = [
        f"{path.relative_to(ROOT)}: {target}"
        for path in _docs()
        for target, _anchor in LINK.findall(_prose(path))
        if target
        and "://" not in target
        and not target.startswith("mailto:")
        and not (path.parent / target).exists()
    ]
    assert broken == []


def test_every_link_to_a_heading_of_the_docs_names_one() -> None:
    """`file.md#anchor` names a heading of that file, as GitHub spells its anchors."""
    broken = []
    for path in _docs():
        for target, anchor in LINK.findall(_prose(path)):
            linked = (path.parent / target) if target else path
            named = anchor and "://" not in target and linked.suffix == ".md" and linked.exists()
            if named and anchor[1:] not in _anchors(linked):
                broken.append(f"{path.relative_to(ROOT)}: {target}{anchor}")
    assert broken == []


def _anchors(path: Path) -> set[str]:
    headings = re.findall(r"^#+ (.+)$", _prose(path), re.M)
    return {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}
