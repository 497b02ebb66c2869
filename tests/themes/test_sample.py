from undercover.themes.model import Similarity, catalog_from_documents
from undercover.themes.sample import (
    PAIRS_PER_LEVEL,
    SHOWN_PER_LEVEL,
    draw_samples,
    render_samples,
    summary,
)

from .documents import FLAT_CASE, big_document


def test_one_table_per_level_with_links_and_their_weight() -> None:
    catalog = catalog_from_documents([big_document()])
    sections = draw_samples(catalog, seed=7)
    assert [s.level for s in sections] == [Similarity.VERY_CLOSE, Similarity.CLOSE, Similarity.NONE]
    text = render_samples(sections, seed=7)
    rows = [line for line in text.splitlines() if line.startswith("| ") and "civil" not in line]
    assert len(rows) == 3 * SHOWN_PER_LEVEL < 3 * PAIRS_PER_LEVEL
    very_close = text.split("## Personnages · très proche")[1].split("##")[0]
    for row in very_close.strip().splitlines()[2:]:  # two tags at least, 5 bits at least
        cells = row.split("|")
        assert len(cells[4].split(",")) >= 2 or "[" in cells[4], row
        assert float(cells[5]) >= 5 or "[" in cells[4], row


def test_the_summary_gives_the_mean_number_of_shared_tags_per_level() -> None:
    sections = draw_samples(catalog_from_documents([big_document()]), seed=7)
    lines = summary(sections)
    assert len(lines) == 3
    for line, section in zip(lines, sections, strict=True):
        shared = sum(len(row.tags) for row in section.rows) / PAIRS_PER_LEVEL
        assert f": {shared:.2f} distinctive shared tags" in line
    assert sections[0].mean_tags > sections[1].mean_tags > sections[2].mean_tags


def test_the_summary_counts_the_catalogue_pairs_at_each_level() -> None:
    catalog = catalog_from_documents([big_document()])
    franchise = catalog.franchises[0]
    entries = franchise.entries
    levels = [franchise.link(a, b).level for i, a in enumerate(entries) for b in entries[i + 1 :]]
    sections = draw_samples(catalog, seed=7)
    for section, line in zip(sections, summary(sections), strict=True):
        assert section.available == levels.count(section.level)
        assert f"; {section.available} family-safe pairs at this level" in line
    assert sum(section.available for section in sections) == len(entries) * (len(entries) - 1) // 2
    english = catalog_from_documents([big_document(), big_document("school") | {"language": "en"}])
    # Each word language is its own scope: the French tables count French pairs only, and the
    # English copy of the same franchise gets tables of its own with the same counts.
    both = draw_samples(english, seed=7)
    french = [s.available for s in both if s.scope == sections[0].scope]
    assert french == [s.available for s in sections]
    assert [s.available for s in both if s.scope != sections[0].scope] == french


def test_a_catalog_that_cannot_reach_a_level_shows_the_level_used() -> None:
    sections = draw_samples(catalog_from_documents([FLAT_CASE]), seed=7)
    text = render_samples(sections, seed=7)
    very_close = text.split("## Personnages · très proche")[1].split("##")[0]
    assert very_close.count("[proche]") + very_close.count("[aucune]") == SHOWN_PER_LEVEL


def test_same_seed_same_text() -> None:
    catalog = catalog_from_documents([big_document()])
    assert render_samples(draw_samples(catalog, 3), 3) == render_samples(
        draw_samples(catalog, 3), 3
    )
