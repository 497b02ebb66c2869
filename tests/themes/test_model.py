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


def test_best_level_per_entry() -> None:
    franchise = school()
    levels = {entry.name: franchise.best_level(entry) for entry in franchise.entries}
    assert levels["Alba"] is Similarity.VERY_CLOSE
    assert levels["Igor"] is Similarity.CLOSE  # only "bleue" with Gaspard and Hélène
    assert levels["Gaspard"] is Similarity.VERY_CLOSE  # bleue + métamorphose with Hélène


def test_similarity_of_shared_count() -> None:
    assert [Similarity.of(n) for n in range(4)] == [
        Similarity.NONE, Similarity.CLOSE, Similarity.VERY_CLOSE, Similarity.VERY_CLOSE,
    ]  # fmt: skip


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


def test_tags_of_a_broad_group_never_link_a_pair() -> None:
    doc = document()
    doc["tag_groups"]["maison"]["broad"] = True  # houses held by 3 of 9 would be distinctive
    franchise = catalog_from_documents([doc]).franchises_by_id["ecole"]
    by_name = {entry.name: entry for entry in franchise.entries}
    assert not {"rouge", "verte", "bleue"} & franchise.distinctive_tags
    assert franchise.shared_tags(by_name["Alba"], by_name["Bruno"]) == ("élève", "volante")
    assert franchise.shared_tags(by_name["Igor"], by_name["Gaspard"]) == ()
