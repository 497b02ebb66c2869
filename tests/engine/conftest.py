"""The engine tests deal from a small made-up catalog (tests/engine/content.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.engine.content import made_up_catalog
from undercover.engine import dealing


@pytest.fixture(autouse=True)
def engine_catalog() -> Iterator[None]:
    dealing.use_catalog(made_up_catalog())
    yield
    dealing.use_catalog(None)
