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
    # 20 tags in the vocabulary, 3 attributes each. Only the twins of houses red and green are
    # very close (blue is held by more than a third, so links nothing), and no one else.
    assert row.split() == ["ecole", "films", "30", "20", "90", "30", "28", "16", "(53%)", "⚠"]
    assert "1 files, 1 categories: 1 franchises, 30 entries; 0 classic words in 0 families" in out
    assert "⚠ ecole: tags held by one entry only, linking nothing: directeur (Hélène)" in out


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
    assert sample.count("| civilian | undercover | shared tags |") == 3


def test_check_flags_spellings_shared_across_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, "films/ecole.json", big_document())
    other = big_document("autre", "classique")
    other["entries"][0]["aliases"] = ["Bruno"]  # also the name of an entry of "ecole"
    other["entries"][1]["name"] = "Bruna"
    write(tmp_path, "classique/autre.json", other)
    assert main(["check", "--root", str(tmp_path)]) == 0  # a finding, not a refusal
    out = capsys.readouterr().out
    assert "⚠ 'bruno' names entries of several files: autre/alba, ecole/bruno" in out
    assert "⚠ 'alba' names entries of several files" in out
    assert "1 franchises, 30 entries; 30 classic words in 1 families" in out
