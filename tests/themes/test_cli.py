from pathlib import Path

import pytest

from undercover.themes.cli import main

from .documents import FLAT_CASE, big_document, write


def test_check_prints_the_table_and_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, "films/ecole.json", big_document())
    assert main(["check", "--root", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    header, _, row = out.splitlines()[:3]
    assert header.split() == [
        "franchise", "category", "entries", "tags", "attributes", "none", "close", "very", "close",
    ]  # fmt: skip
    # 15 tags in the vocabulary, 3 attributes each. Élèves 18, 19 and 20 are the only ones of
    # their house to study their subject: no very close partner.
    assert row.split() == ["ecole", "films", "30", "15", "90", "30", "30", "27", "(90%)"]
    assert "1 files, 1 categories, 30 entries" in out


def test_check_fails_on_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = big_document()
    doc["entries"][0]["attributes"] = []
    write(tmp_path, "films/ecole.json", doc)
    assert main(["check", "--root", str(tmp_path)]) == 1
    assert "entries[0] 'Alba' › attributes" in capsys.readouterr().out


def test_check_fails_below_half_very_close(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, "animes/plat.json", FLAT_CASE)
    assert main(["check", "--root", str(tmp_path)]) == 1
    assert "✗ under 50% of entries with a very close partner: plat" in capsys.readouterr().out


def test_generate_and_sample_write_their_files(tmp_path: Path) -> None:
    write(tmp_path / "themes", "films/ecole.json", big_document())
    root = str(tmp_path / "themes")
    assert main(["generate", "--root", root, "--output", str(tmp_path / "data.py")]) == 0
    assert "THEMES_JSON" in (tmp_path / "data.py").read_text(encoding="utf-8")
    assert main(["sample", "--root", root, "--output", str(tmp_path / "s.md")]) == 0
    sample = (tmp_path / "s.md").read_text(encoding="utf-8")
    assert sample.count("| civil | undercover | liés par |") == 3
