import math

import pytest

from undercover.themes.model import Franchise, Similarity, catalog_from_documents

from .documents import SCHOOL_ENTRIES, document


def school() -> Franchise:
    return catalog_from_documents([document()]).franchises_by_id["ecole"]


def test_distinctive_tags_are_held_by_at_most_a_third() -> None:
    franchise = school()
    # 9 entries: a tag held by 3 is distinctive, by 4 or more (both genders) it is not.
    assert franchise.distinctive_tags == {
        "rouge", "verte", "bleue", "élève", "professeur", "fantôme", "directeur", "concierge",
        "volante", "potions", "runes", "métamorphose", "cuisine",
    }  # fmt: skip
    assert "homme" not in franchise.distinctive_tags


def test_shared_tags_ignore_widespread_ones() -> None:
    franchise = school()
    by_name = {entry.name: entry for entry in franchise.entries}
    assert franchise.shared_tags(by_name["Alba"], by_name["Bruno"]) == ("rouge", "élève", "volante")
    assert franchise.shared_tags(by_name["Alba"], by_name["Dora"]) == ("élève",)
    # Both are women: gender is held by more than a third, so it links nothing.
    assert franchise.shared_tags(by_name["Alba"], by_name["Hélène"]) == ()


def test_a_distinctive_tag_weighs_log2_of_entries_over_holders() -> None:
    franchise = school()
    # 9 entries: a house (3 holders) says log2(3) bits, a subject held by 2 log2(4.5).
    assert franchise.tag_weights["rouge"] == pytest.approx(math.log2(3))
    assert franchise.tag_weights["volante"] == pytest.approx(math.log2(4.5))
    assert franchise.tag_weights["cuisine"] == pytest.approx(math.log2(9))
    assert "homme" not in franchise.tag_weights


@pytest.mark.parametrize(
    ("weight", "tags", "level"),
    [
        (0.0, 0, Similarity.NONE),
        (2.99, 1, Similarity.NONE),  # one tag held by more than an eighth of the entries
        (2.99, 2, Similarity.NONE),
        (3.0, 1, Similarity.CLOSE),
        (3.17, 2, Similarity.CLOSE),  # two tags each held by a third
        (4.99, 2, Similarity.CLOSE),
        (6.0, 1, Similarity.CLOSE),  # one tag alone, however rare, is never very close
        (5.0, 2, Similarity.VERY_CLOSE),
        (5.0, 3, Similarity.VERY_CLOSE),
    ],
)
def test_levels_are_defined_by_the_shared_weight(
    weight: float, tags: int, level: Similarity
) -> None:
    assert Similarity.of(weight, tags) is level


def test_links_and_best_level_per_entry() -> None:
    franchise = school()
    by_name = {entry.name: entry for entry in franchise.entries}
    link = franchise.link(by_name["Alba"], by_name["Bruno"])  # rouge + élève + volante
    assert link.tags == ("rouge", "élève", "volante")
    assert link.weight == pytest.approx(2 * math.log2(3) + math.log2(4.5))
    assert link.level is Similarity.VERY_CLOSE
    # Two houses-and-subject pairs are close; one house alone (1.6 bits) links nobody.
    assert franchise.link(by_name["Gaspard"], by_name["Hélène"]).level is Similarity.CLOSE
    assert franchise.link(by_name["Igor"], by_name["Gaspard"]).level is Similarity.NONE
    levels = {entry.name: franchise.best_level(entry) for entry in franchise.entries}
    assert levels == {
        "Alba": Similarity.VERY_CLOSE, "Bruno": Similarity.VERY_CLOSE,
        "Cyrille": Similarity.NONE, "Dora": Similarity.NONE,
        "Émile": Similarity.CLOSE, "Fanny": Similarity.CLOSE,
        "Gaspard": Similarity.CLOSE, "Hélène": Similarity.CLOSE, "Igor": Similarity.NONE,
    }  # fmt: skip


def test_partners_at_a_level_include_the_closer_ones() -> None:
    franchise = school()
    keys = {entry.name: entry.key for entry in franchise.entries}
    close = {key for key, _ in franchise.partners[keys["Alba"], Similarity.CLOSE]}
    very_close = {key for key, _ in franchise.partners[keys["Alba"], Similarity.VERY_CLOSE]}
    assert close == very_close == {keys["Bruno"]}
    assert {key for key, _ in franchise.partners[keys["Émile"], Similarity.CLOSE]} == {
        keys["Fanny"]
    }
    assert franchise.partners[keys["Émile"], Similarity.VERY_CLOSE] == ()


def test_entries_inherit_language_and_flag_and_get_stable_keys() -> None:
    doc = document()
    doc["family_safe"] = False
    doc["entries"][0]["family_safe"] = True
    doc["entries"][1]["language"] = "en"
    catalog = catalog_from_documents([doc])
    alba, bruno, cyrille = catalog.franchises[0].entries[:3]
    assert (alba.family_safe, bruno.family_safe, cyrille.family_safe) == (True, False, False)
    assert (alba.language, bruno.language) == ("fr", "en")
    assert cyrille.key == "ecole/cyrille"
    assert len(catalog.entries_by_key) == len(SCHOOL_ENTRIES)


@pytest.mark.parametrize("kind", ["broad", "bookkeeping"])
def test_tags_of_a_broad_or_bookkeeping_group_never_link_a_pair(kind: str) -> None:
    doc = document()
    doc["tag_groups"]["maison"]["kind"] = kind  # houses held by 3 of 9 would be distinctive
    franchise = catalog_from_documents([doc]).franchises_by_id["ecole"]
    by_name = {entry.name: entry for entry in franchise.entries}
    assert not {"rouge", "verte", "bleue"} & franchise.distinctive_tags
    assert franchise.shared_tags(by_name["Alba"], by_name["Bruno"]) == ("élève", "volante")
    assert franchise.shared_tags(by_name["Igor"], by_name["Gaspard"]) == ()
    assert franchise.link(by_name["Cyrille"], by_name["Alba"]).level is Similarity.NONE
