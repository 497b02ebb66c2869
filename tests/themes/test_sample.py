from undercover.themes.model import catalog_from_documents
from undercover.themes.sample import PAIRS_PER_LEVEL, render_samples

from .documents import FLAT_CASE, big_document


def test_twenty_pairs_per_franchise_and_level_with_their_links() -> None:
    text = render_samples(catalog_from_documents([big_document()]), seed=7)
    rows = [line for line in text.splitlines() if line.startswith("| ") and "civil" not in line]
    assert len(rows) == 3 * PAIRS_PER_LEVEL
    very_close = text.split("### très proche")[1].split("###")[0]
    # Every "very close" pair names at least two shared tags.
    for row in very_close.strip().splitlines()[2:]:
        assert len(row.split("|")[3].split(",")) >= 2, row


def test_a_franchise_that_cannot_reach_a_level_shows_the_level_used() -> None:
    text = render_samples(catalog_from_documents([FLAT_CASE]), seed=7)
    very_close = text.split("### très proche")[1].split("###")[0]
    assert very_close.count("[proche]") == PAIRS_PER_LEVEL


def test_same_seed_same_text() -> None:
    catalog = catalog_from_documents([big_document()])
    assert render_samples(catalog, 3) == render_samples(catalog, 3)
