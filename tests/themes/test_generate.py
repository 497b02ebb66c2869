import json
import types
from pathlib import Path

from undercover.themes.generate import render_module, write_module
from undercover.themes.load import load_catalog, read_documents
from undercover.themes.model import catalog_from_documents

from .documents import big_document


def module_from_text(text: str) -> types.ModuleType:
    module = types.ModuleType("undercover.themes.data")
    exec(compile(text, "data.py", "exec"), module.__dict__)
    return module


def test_generated_module_holds_exactly_the_documents() -> None:
    doc = big_document()
    doc["description"] = "Trois apostrophes ''' et un antislash \\ restent intacts."
    module = module_from_text(render_module([doc, big_document("autre", "bd")]))
    parsed = json.loads(module.THEMES_JSON)
    assert [d["id"] for d in parsed] == ["autre", "ecole"]  # sorted by category, then id
    assert parsed[1] == doc


def test_write_module_only_when_changed(tmp_path: Path) -> None:
    target = tmp_path / "data.py"
    assert write_module([big_document()], target)
    assert not write_module([big_document()], target)
    assert write_module([big_document("autre")], target)


def test_generated_copy_equals_the_shipped_theme_files() -> None:
    documents, problems = read_documents()
    assert problems == []
    text = render_module(documents)
    generated = json.loads(module_from_text(text).THEMES_JSON)
    assert catalog_from_documents(generated) == load_catalog()
