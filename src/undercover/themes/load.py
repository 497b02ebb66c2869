"""Reading the theme files: every file is checked, and one flaw anywhere refuses them all."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from undercover.themes import THEMES_DIR
from undercover.themes.clue_lists import is_sidecar
from undercover.themes.model import Catalog, catalog_from_documents
from undercover.themes.schema import Problem, check_file


class ThemeFilesError(Exception):
    """The theme files have problems; no game may use them."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        lines = [str(problem) for problem in self.problems]
        super().__init__(f"{len(lines)} problem(s) in the theme files:\n" + "\n".join(lines))


def read_documents(root: Path = THEMES_DIR) -> tuple[list[dict[str, Any]], list[Problem]]:
    """Check every `<category>/<id>.json` under root: the flawless documents and all problems."""
    documents: list[dict[str, Any]] = []
    problems: list[Problem] = []
    for path in sorted(root.rglob("*.json")):
        if is_sidecar(path):  # a clue list beside its theme (themes/clue_lists.py)
            continue
        document, found = check_file(path, path.read_text(encoding="utf-8"), root)
        problems += found
        if document is not None:
            documents.append(document)
    seen: dict[str, str] = {}
    for document in documents:
        franchise_id, category = document["id"], document["category"]
        if franchise_id in seen:
            where = f"{root.name}/{category}/{franchise_id}.json"
            problems.append(Problem(where, "", "id", f"also used in {seen[franchise_id]!r}"))
        seen.setdefault(franchise_id, category)
    return documents, problems


def load_catalog(root: Path = THEMES_DIR) -> Catalog:
    """The catalog of the theme files under root, or `ThemeFilesError` naming every problem."""
    documents, problems = read_documents(root)
    if problems:
        raise ThemeFilesError(problems)
    return catalog_from_documents(documents)
