"""Fixtures of the contract suite."""

from tests.adversarial.conftest import server

__all__ = ["server"]
