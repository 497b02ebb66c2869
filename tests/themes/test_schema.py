import json
from pathlib import Path
from typing import Any

import pytest

from undercover.themes.schema import Problem, check_file

from .documents import big_document


def check(doc: Any, tmp_path: Path, name: str = "films/ecole.json") -> list[Problem]:
    path = tmp_path / "themes" / name
    text = doc if isinstance(doc, str) else json.dumps(doc, ensure_ascii=False)
    document, problems = check_file(path, text, tmp_path / "themes")
    assert (document is None) == bool(problems)
    return problems


def messages(problems: list[Problem]) -> list[str]:
    return [str(problem) for problem in problems]


def test_valid_document_passes_and_keeps_its_content(tmp_path: Path) -> None:
    path = tmp_path / "themes" / "films" / "ecole.json"
    document, problems = check_file(path, json.dumps(big_document()), tmp_path / "themes")
    assert problems == []
    assert document is not None
    assert document["entries"][0]["name"] == "Alba"
    assert document["schema"] == 1


def test_bad_json_names_the_file(tmp_path: Path) -> None:
    [problem] = check("{", tmp_path)
    assert problem.file == "themes/films/ecole.json"
    assert "not valid JSON" in problem.message


def test_unknown_field_names_file_entry_and_field(tmp_path: Path) -> None:
    doc = big_document()
    doc["entries"][1]["colour"] = "rouge"
    [problem] = check(doc, tmp_path)
    assert (problem.file, problem.entry, problem.field) == (
        "themes/films/ecole.json",
        "entries[1] 'Bruno'",
        "colour",
    )
    assert problem.message == "unknown field"


def test_unknown_top_level_field(tmp_path: Path) -> None:
    doc = big_document()
    doc["author"] = "nous"
    assert messages(check(doc, tmp_path)) == ["themes/films/ecole.json › author: unknown field"]


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("tags", ["rouge", "élève", "femme"], "at least 4"),
        ("attributes", ["balai", "écharpe"], "at least 3"),
        ("tags", ["rouge", "élève", "femme", ""], "must not be empty"),
        ("tags", ["rouge", "élève", "femme", " volante"], "nor start or end with a space"),
        ("name", "", "must not be empty"),
        ("language", "FR", "two-letter language code"),
        ("family_safe", "oui", "boolean"),
    ],
)
def test_entry_field_errors(tmp_path: Path, field: str, value: Any, expected: str) -> None:
    doc = big_document()
    doc["entries"][0][field] = value
    [problem] = check(doc, tmp_path)
    assert problem.entry.startswith("entries[0]")
    assert problem.field.split(".")[0] == field
    assert expected in problem.message


def test_too_few_entries(tmp_path: Path) -> None:
    doc = big_document()
    doc["entries"] = doc["entries"][:29]
    [problem] = check(doc, tmp_path)
    assert problem.field == "entries"
    assert "at least 30" in problem.message


def test_tag_outside_the_vocabulary(tmp_path: Path) -> None:
    doc = big_document()
    doc["entries"][2]["tags"][3] = "astronomie"
    assert messages(check(doc, tmp_path)) == [
        "themes/films/ecole.json › entries[2] 'Cyrille' › tags: "
        "'astronomie' is not in the file's tag_groups"
    ]


def test_duplicate_tag_in_an_entry(tmp_path: Path) -> None:
    doc = big_document()
    doc["entries"][0]["tags"].append("rouge")
    [problem] = check(doc, tmp_path)
    assert problem.field == "tags"
    assert "2 times" in problem.message


def test_tag_in_two_groups(tmp_path: Path) -> None:
    doc = big_document()
    doc["tag_groups"]["genre"]["tags"].append("rouge")
    [problem] = check(doc, tmp_path)
    assert problem.field == "tag_groups.genre"
    assert "already in 'maison'" in problem.message


def test_duplicate_names_also_across_aliases_and_accents(tmp_path: Path) -> None:
    doc = big_document()
    doc["entries"][1]["aliases"] = ["ALBA!"]
    [problem] = check(doc, tmp_path)
    assert problem.entry == "entries[1] 'Bruno'"
    assert "duplicates entry 'Alba'" in problem.message
    doc = big_document()
    doc["entries"][4]["name"] = "Emile"
    doc["entries"][5]["name"] = "émile"
    [problem] = check(doc, tmp_path)
    assert problem.entry == "entries[5] 'émile'"


def test_attribute_naming_another_entry(tmp_path: Path) -> None:
    doc = big_document()
    doc["entries"][0]["attributes"][0] = "Bruno"
    [problem] = check(doc, tmp_path)
    assert problem.field == "attributes"
    assert "name of 'Bruno'" in problem.message


def test_id_and_category_must_match_the_path(tmp_path: Path) -> None:
    problems = check(big_document(), tmp_path, "series/autre.json")
    assert {problem.field for problem in problems} == {"id", "category"}


def test_unknown_category(tmp_path: Path) -> None:
    doc = big_document(category="romans")
    problems = check(doc, tmp_path, "romans/ecole.json")
    assert [problem.field for problem in problems] == ["category"]


def test_alias_repeating_its_own_name_up_to_accents(tmp_path: Path) -> None:
    doc = big_document()
    doc["entries"][4]["aliases"] = ["EMILE"]
    [problem] = check(doc, tmp_path)
    assert (problem.entry, problem.field) == ("entries[4] 'Émile'", "aliases")
    assert "repeats this entry's name" in problem.message


def test_bad_identifier_is_explained(tmp_path: Path) -> None:
    doc = big_document()
    doc["id"] = "École"
    problems = check(doc, tmp_path)
    assert [str(p) for p in problems] == [
        "themes/films/ecole.json › id: must be lower-case letters and digits joined by single "
        "hyphens (got 'École')"
    ]


def test_every_tag_group_declares_one_of_three_kinds(tmp_path: Path) -> None:
    doc = big_document()
    doc["tag_groups"]["genre"]["kind"] = "broad"
    path = tmp_path / "themes" / "films" / "ecole.json"
    document, problems = check_file(path, json.dumps(doc), tmp_path / "themes")
    assert problems == []
    assert document is not None
    assert document["tag_groups"]["genre"]["kind"] == "broad"
    doc["tag_groups"]["genre"]["kind"] = "large"
    [problem] = check(doc, tmp_path)
    assert problem.field == "tag_groups.genre.kind"
    del doc["tag_groups"]["genre"]["kind"]
    [problem] = check(doc, tmp_path)
    assert (problem.field, problem.message) == ("tag_groups.genre.kind", "Field required")


def test_a_trait_tag_naming_a_part_of_the_work_is_refused(tmp_path: Path) -> None:
    # Alba and Bruno would be close through "saison 2" alone: it says where they appear.
    doc = big_document()
    doc["tag_groups"]["arrivée"] = {"description": "Arrivée", "tags": ["saison 2"], "kind": "trait"}
    for entry in doc["entries"][:2]:
        entry["tags"].append("saison 2")
    [problem] = check(doc, tmp_path)
    assert problem.field == "tag_groups.arrivée"
    assert "'saison 2' names a part of the work" in problem.message
    doc["tag_groups"]["arrivée"]["kind"] = "bookkeeping"
    assert check(doc, tmp_path) == []


def test_a_trait_tag_spelling_a_bookkeeping_tag_is_refused(tmp_path: Path) -> None:
    # The album "Le Pied-Tendre" planted again as a trait would join its two characters.
    doc = big_document()
    doc["tag_groups"]["album"] = {
        "description": "Album",
        "tags": ["Le Pied-Tendre"],
        "kind": "bookkeeping",
    }
    doc["tag_groups"]["rencontre"] = {
        "description": "Rencontre",
        "tags": ["le pied tendre"],
        "kind": "trait",
    }
    for entry in doc["entries"][:2]:
        entry["tags"] += ["Le Pied-Tendre", "le pied tendre"]
    [problem] = check(doc, tmp_path)
    assert problem.field == "tag_groups.rencontre"
    assert "spells the bookkeeping tag 'Le Pied-Tendre'" in problem.message
