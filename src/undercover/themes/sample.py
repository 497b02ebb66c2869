"""`docs/pairs-sample.md`: pairs the game would deal, to judge the content at a glance."""

from __future__ import annotations

import random
from pathlib import Path

from undercover.themes.model import Catalog, Similarity
from undercover.themes.select import DealHistory, DealRequest, deal_pair

SAMPLE_FILE = Path(__file__).resolve().parents[3] / "docs" / "pairs-sample.md"
PAIRS_PER_LEVEL = 20
LEVEL_NAMES = {
    Similarity.NONE: "aucune",
    Similarity.CLOSE: "proche",
    Similarity.VERY_CLOSE: "très proche",
}


def render_samples(catalog: Catalog, seed: int) -> str:
    """Markdown: per franchise and level, the pairs `deal_pair` gives from one seed."""
    lines = [
        "# Sample word pairs",
        "",
        f"Written by `uv run undercover themes sample --seed {seed}`; do not edit by hand.",
        "Each table: the pairs one room would be dealt in a row with that franchise alone and",
        "that level (no repeats), with the distinctive tags the two words share. A level in",
        "brackets means the franchise could not reach the requested one.",
    ]
    for franchise in catalog.franchises:
        lines += ["", f"## {franchise.name} ({franchise.category}/{franchise.id})"]
        for level in (Similarity.VERY_CLOSE, Similarity.CLOSE, Similarity.NONE):
            rng = random.Random(f"{seed}/{franchise.id}/{level}")
            request = DealRequest(franchises=frozenset({franchise.id}), similarity=level)
            history = DealHistory()
            lines += ["", f"### {LEVEL_NAMES[level]}", "", "| civil | undercover | liés par |"]
            lines.append("|---|---|---|")
            for _ in range(PAIRS_PER_LEVEL):
                deal = deal_pair(catalog, request, rng, history)
                history = deal.history
                link = ", ".join(deal.shared_tags) or "—"
                if deal.used is not None and deal.used is not level:
                    link += f" [{LEVEL_NAMES[deal.used]}]"
                lines.append(f"| {deal.civilian.name} | {deal.undercover_word} | {link} |")
    return "\n".join(lines) + "\n"
