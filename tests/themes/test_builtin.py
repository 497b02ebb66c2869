import json
import sys
from pathlib import Path

import pytest

from undercover.themes import builtin
from undercover.themes.generate import render_module
from undercover.themes.load import ThemeFilesError
from undercover.themes.model import catalog_from_documents

from .documents import big_document
from .test_generate import module_from_text


def test_without_theme_files_the_catalog_comes_from_the_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    documents = [big_document()]
    module = module_from_text(render_module(documents))
    monkeypatch.setattr(builtin, "THEMES_DIR", tmp_path / "absent")
    monkeypatch.setitem(sys.modules, "undercover.themes.data", module)
    monkeypatch.delattr("undercover.themes.data", raising=False)
    assert builtin.builtin_catalog.__wrapped__() == catalog_from_documents(documents)


def test_a_malformed_file_never_reaches_a_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = big_document()
    doc["entries"][0]["tags"] = ["rouge"]
    (tmp_path / "films").mkdir()
    (tmp_path / "films" / "ecole.json").write_text(json.dumps(doc), encoding="utf-8")
    monkeypatch.setattr(builtin, "THEMES_DIR", tmp_path)
    with pytest.raises(ThemeFilesError, match=r"films/ecole.json › entries\[0\] 'Alba' › tags"):
        builtin.builtin_catalog.__wrapped__()
