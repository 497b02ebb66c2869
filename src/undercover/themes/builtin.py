"""The game's content, from wherever this process can find it."""

from __future__ import annotations

import functools
import json
from typing import Any

from undercover.themes import THEMES_DIR
from undercover.themes.model import Catalog, catalog_from_documents


@functools.cache
def builtin_catalog() -> Catalog:
    """The checkout's theme files (checked now), else the generated module (the Worker's copy)."""
    if THEMES_DIR.is_dir():
        from undercover.themes.load import load_catalog  # pydantic: only where the files are

        return load_catalog(THEMES_DIR)
    return catalog_from_documents(generated_documents())


def generated_documents() -> list[dict[str, Any]]:
    """The documents baked into `undercover/themes/data.py` by `undercover themes generate`."""
    from undercover.themes import data  # type: ignore[attr-defined,unused-ignore]

    documents: list[dict[str, Any]] = json.loads(data.THEMES_JSON)
    return documents
