from pathlib import Path

import pytest

from undercover.themes.load import ThemeFilesError, load_catalog, read_documents

from .documents import big_document, write


def test_loads_every_category_folder(tmp_path: Path) -> None:
    write(tmp_path, "films/ecole.json", big_document())
    write(tmp_path, "series/lycee.json", big_document("lycee", "series"))
    catalog = load_catalog(tmp_path)
    assert [f.id for f in catalog.franchises] == ["ecole", "lycee"]
    assert catalog.categories == ("films", "series")
    assert catalog.entries_by_key["lycee/alba"].name == "Alba"


def test_one_bad_file_refuses_them_all_and_names_it(tmp_path: Path) -> None:
    write(tmp_path, "films/ecole.json", big_document())
    bad = big_document("lycee", "series")
    bad["entries"][3]["tags"] = []
    write(tmp_path, "series/lycee.json", bad)
    with pytest.raises(ThemeFilesError) as caught:
        load_catalog(tmp_path)
    [problem] = caught.value.problems
    assert problem.file.endswith("series/lycee.json")
    assert problem.entry == "entries[3] 'Dora'"
    assert problem.field == "tags"


def test_same_id_in_two_categories(tmp_path: Path) -> None:
    write(tmp_path, "films/ecole.json", big_document())
    write(tmp_path, "series/ecole.json", big_document("ecole", "series"))
    documents, problems = read_documents(tmp_path)
    assert len(documents) == 2
    assert [p.field for p in problems] == ["id"]
