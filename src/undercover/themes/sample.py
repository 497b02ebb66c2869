"""`docs/pairs-sample.md`: pairs the game would deal per level, to judge the content at a glance.

One room per scope (the franchises, the classic deck; each word language apart, as a room
deals in one) and level deals `PAIRS_PER_LEVEL` games in a row from one seed (no repeats,
family-safe as the lobby's default); the summary gives the mean number of distinctive tags the
two words share over all of them, and the tables show the first `SHOWN_PER_LEVEL` (the file
stays short enough to read with four scopes), each with the shared tags and their weight.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from undercover.themes.audit import CLASSIC
from undercover.themes.model import Catalog, Similarity
from undercover.themes.select import DealHistory, DealRequest, deal_pair

SAMPLE_FILE = Path(__file__).resolve().parents[3] / "docs" / "pairs-sample.md"
PAIRS_PER_LEVEL = 40
SHOWN_PER_LEVEL = 18
LEVEL_NAMES = {
    Similarity.VERY_CLOSE: "très proche",
    Similarity.CLOSE: "proche",
    Similarity.NONE: "aucune",
}


@dataclass(frozen=True)
class Row:
    franchise: str
    civilian: str
    undercover: str
    tags: tuple[tuple[str, float], ...]  # shared distinctive tags and their bits
    used: Similarity  # differs from the section's level when the deal was relaxed


@dataclass(frozen=True)
class Section:
    scope: str
    level: Similarity
    rows: tuple[Row, ...]
    available: int = 0  # pairs of the scope (family-safe) whose level is exactly this one

    @property
    def mean_tags(self) -> float:
        return sum(len(row.tags) for row in self.rows) / len(self.rows)

    @property
    def mean_bits(self) -> float:
        return sum(bits for row in self.rows for _, bits in row.tags) / len(self.rows)


def draw_samples(catalog: Catalog, seed: int) -> list[Section]:
    """Per scope present in the catalog and per level, the pairs one room would be dealt."""
    sections = []
    for language, scope, classic in _scopes(catalog):
        categories = frozenset(
            f.category
            for f in catalog.franchises
            if f.language == language and (f.category == CLASSIC) == classic
        )
        counts = pair_counts(catalog, categories, language)
        for level in LEVEL_NAMES:
            # The French scopes keep their seed strings, so their tables stay as they were.
            rng = random.Random(f"{seed}/{scope}/{level}")
            request = DealRequest(
                categories=categories, similarity=level, family_safe_only=True, language=language
            )
            history = DealHistory()
            rows = []
            for _ in range(PAIRS_PER_LEVEL):
                deal = deal_pair(catalog, request, rng, history)
                history = deal.history
                franchise = catalog.franchise_of(deal.civilian)
                weights = franchise.tag_weights
                assert deal.used is not None  # never the attribute variant here
                rows.append(
                    Row(
                        franchise.name,
                        deal.civilian.name,
                        deal.undercover_word,
                        tuple((tag, weights[tag]) for tag in deal.shared_tags),
                        deal.used,
                    )
                )
            sections.append(Section(scope, level, tuple(rows), counts[level]))
    return sections


def _scopes(catalog: Catalog) -> list[tuple[str, str, bool]]:
    """(word language, title, classic deck or not) for each scope the catalog fills."""
    titles = {("fr", False): "Personnages", ("fr", True): "Classique"}
    found = {(f.language, f.category == CLASSIC) for f in catalog.franchises}
    return [
        (
            language,
            titles.get(
                (language, classic), f"{'Classic' if classic else 'Characters'} ({language})"
            ),
            classic,
        )
        for language in ("fr", *sorted({f.language for f in catalog.franchises} - {"fr"}))
        for classic in (False, True)
        if (language, classic) in found
    ]


def pair_counts(
    catalog: Catalog, categories: frozenset[str], language: str = "fr"
) -> dict[Similarity, int]:
    """How many family-safe pairs of these categories and language sit at each level (close:
    not very close), as the sample's deals draw them.

    Counted from the links, never by trying every pair: the unrelated ones are the rest.
    """
    counts = dict.fromkeys(LEVEL_NAMES, 0)
    for franchise in catalog.franchises:
        if franchise.category not in categories or franchise.language != language:
            continue
        safe = {
            entry.key
            for entry in franchise.entries
            if entry.family_safe and entry.language == language
        }
        linked = 0
        for key in safe:
            for other, link in franchise.neighbours[key]:
                if other in safe and key < other and link.level is not Similarity.NONE:
                    counts[link.level] += 1
                    linked += 1
        counts[Similarity.NONE] += len(safe) * (len(safe) - 1) // 2 - linked
    return counts


def summary(sections: list[Section]) -> list[str]:
    """One line per section: the mean number of distinctive shared tags and their bits, and
    how many pairs of the catalogue sit at that level."""
    return [
        f"{s.scope} · {LEVEL_NAMES[s.level]}: {s.mean_tags:.2f} distinctive shared tags "
        f"({s.mean_bits:.1f} bits) on average over {len(s.rows)} pairs; "
        f"{s.available} family-safe pairs at this level in the catalogue"
        for s in sections
    ]


def render_samples(sections: list[Section], seed: int) -> str:
    """The Markdown of `docs/pairs-sample.md`."""
    lines = [
        "# Sample word pairs",
        "",
        f"Written by `uv run undercover themes sample --seed {seed}`; do not edit by hand.",
        f"Each table: the first {SHOWN_PER_LEVEL} of the {PAIRS_PER_LEVEL} pairs one room would be",
        "dealt in a row at that level (family-safe, no repeats), with the distinctive tags the two",
        "words share and their weight in bits (see `themes/README.md`). A level in brackets is the",
        "one the deal used instead. Mean number of distinctive shared tags per level (all pairs):",
        "",
        *(f"- {line}" for line in summary(sections)),
    ]
    for section in sections:
        lines += ["", f"## {section.scope} · {LEVEL_NAMES[section.level]}", ""]
        lines += ["| franchise | civilian | undercover | shared tags | bits |"]
        lines += ["|---|---|---|---|---|"]
        for row in section.rows[:SHOWN_PER_LEVEL]:
            link = ", ".join(f"{tag} ({bits:.1f})" for tag, bits in row.tags) or "—"
            if row.used is not section.level:
                link += f" [{LEVEL_NAMES[row.used]}]"
            total = sum(bits for _, bits in row.tags)
            cells = (row.franchise, row.civilian, row.undercover, link, f"{total:.1f}")
            lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"
