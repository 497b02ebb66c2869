"""`undercover themes check | generate | sample`: the content's tools."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from undercover.themes import THEMES_DIR
from undercover.themes.audit import counts, findings
from undercover.themes.clue_lists import read_lists
from undercover.themes.generate import DATA_MODULE, write_module
from undercover.themes.load import read_documents
from undercover.themes.model import Catalog, Franchise, Similarity, catalog_from_documents
from undercover.themes.sample import SAMPLE_FILE, draw_samples, render_samples, summary

WARN_BELOW = 0.80  # share of entries with a "very close" partner under which check warns
FAIL_BELOW = 0.50  # ... and under which it fails


def level_counts(franchise: Franchise) -> dict[Similarity, int]:
    """How many entries can get an undercover from their own franchise at each level."""
    best = [franchise.best_level(entry) for entry in franchise.entries]
    return {
        Similarity.NONE: sum(franchise.has_unrelated(entry) for entry in franchise.entries),
        Similarity.CLOSE: sum(level is not Similarity.NONE for level in best),
        Similarity.VERY_CLOSE: sum(level is Similarity.VERY_CLOSE for level in best),
    }


def very_close_share(franchise: Franchise) -> float:
    return level_counts(franchise)[Similarity.VERY_CLOSE] / len(franchise.entries)


def render_table(catalog: Catalog) -> str:
    """One row per franchise: sizes and how many entries each similarity level can serve."""
    header = (
        "franchise",
        "category",
        "entries",
        "tags",
        "attributes",
        "none",
        "close",
        "very close",
    )
    rows = [header]
    for franchise in catalog.franchises:
        counts = level_counts(franchise)
        share = very_close_share(franchise)
        mark = " ✗" if share < FAIL_BELOW else " ⚠" if share < WARN_BELOW else ""
        rows.append(
            (
                franchise.id,
                franchise.category,
                str(len(franchise.entries)),
                str(len({tag for group in franchise.tag_groups for tag in group.tags})),
                str(sum(len(entry.attributes) for entry in franchise.entries)),
                str(counts[Similarity.NONE]),
                str(counts[Similarity.CLOSE]),
                f"{counts[Similarity.VERY_CLOSE]} ({share:.0%}){mark}",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        for row in rows
    ]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(line.rstrip() for line in lines)


def check(root: Path) -> int:
    documents, problems = read_documents(root)
    for problem in problems:
        print(problem)
    if not documents and not problems:
        print(f"no theme file under {root}")
        return 1
    catalog = catalog_from_documents(documents)
    print(render_table(catalog))
    noticed = findings(catalog)
    if noticed:
        print("")
        print("\n".join(noticed))
    categories = len(catalog.categories)
    print(f"\n{len(catalog.franchises)} files, {categories} categories: {counts(catalog)}")
    languages = sorted({f.language for f in catalog.franchises})
    if len(languages) > 1:  # a room deals in one word language: each must be big enough alone
        for language in languages:
            print(f"  {language}: {counts(catalog, language)}")
    failing = [f.id for f in catalog.franchises if very_close_share(f) < FAIL_BELOW]
    warned = [f.id for f in catalog.franchises if FAIL_BELOW <= very_close_share(f) < WARN_BELOW]
    if warned:
        print(f"⚠ under {WARN_BELOW:.0%} of entries with a very close partner: {', '.join(warned)}")
    if failing:
        print(
            f"✗ under {FAIL_BELOW:.0%} of entries with a very close partner: {', '.join(failing)}"
        )
    lists, flaws = read_lists(root)
    for flaw in flaws:
        print(flaw)
    print(f"clue lists: {sum(len(tags) for tags in lists.values())} tags in {len(lists)} files")
    if problems:
        print(f"✗ {len(problems)} problem(s): these files cannot be used")
    if flaws:
        print(f"✗ {len(flaws)} problem(s) in the clue lists")
    return 1 if problems or failing or flaws else 0


def generate(root: Path, target: Path) -> int:
    documents, problems = read_documents(root)
    for problem in problems:
        print(problem)
    if problems:
        print("✗ not generated: fix the theme files first")
        return 1
    lists, flaws = read_lists(root)
    if flaws:
        print("\n".join(flaws))
        print("✗ not generated: fix the clue lists first")
        return 1
    changed = write_module(documents, target, lists)
    print(f"{target}: {'written' if changed else 'already up to date'} ({len(documents)} files)")
    return 0


def sample(root: Path, target: Path, seed: int) -> int:
    documents, problems = read_documents(root)
    for problem in problems:
        print(problem)
    if problems:
        return 1
    sections = draw_samples(catalog_from_documents(documents), seed)
    target.write_text(render_samples(sections, seed), encoding="utf-8")
    print("\n".join(summary(sections)))
    print(f"{target}: written")
    return 0


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="undercover themes", description=__doc__)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--root", type=Path, default=THEMES_DIR, help="the themes folder")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser(
        "check", parents=[common], help="validate every theme file and print the table"
    )
    gen = commands.add_parser(
        "generate", parents=[common], help="write the data module the Worker imports"
    )
    gen.add_argument("--output", type=Path, default=DATA_MODULE)
    smp = commands.add_parser(
        "sample", parents=[common], help="write sample pairs per franchise and level"
    )
    smp.add_argument("--output", type=Path, default=SAMPLE_FILE)
    smp.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(list(argv))
    if args.command == "check":
        return check(args.root)
    if args.command == "generate":
        return generate(args.root, args.output)
    return sample(args.root, args.output, args.seed)
