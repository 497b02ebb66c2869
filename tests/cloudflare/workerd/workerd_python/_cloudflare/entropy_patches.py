"""The runtime's own import-time entropy handling for the standard library, and the lifecycle
the harness drives: before the top level, after the snapshot, before the first request.

Package patches (pydantic_core among them) are not here: from compatibility date 2026-05-26 the
runtime processes `.pth` files and takes them from the vendored SDK instead.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

from . import import_patch_manager as patches
from .allow_entropy import allow_bad_entropy_calls, enter_request_context
from .allow_entropy import raise_unless_entropy_allowed as _check

_urandom = os.urandom
_RANDOM_STATE: object = None


@patches.register_exec_patch("random")
@contextmanager
def _random(module: ModuleType) -> Iterator[None]:
    with allow_bad_entropy_calls(10):  # seeding the module's Random: 10 reads of 256 bytes
        yield
    global _RANDOM_STATE
    _RANDOM_STATE = module.getstate()
    patches.block_calls(module, allowlist=("Random", "SystemRandom"))


@patches.register_after_snapshot("random")
def _random_not_advanced(module: ModuleType) -> None:
    first = module.random()
    module.setstate(_RANDOM_STATE)
    if module.random() != first:
        raise RuntimeError("random seed in bad state: drawn from at import")


@patches.register_before_first_request("random")
def _reseed(module: ModuleType) -> None:
    module.seed()


@patches.register_exec_patch("multiprocessing.process")
@contextmanager
def _multiprocessing(module: ModuleType) -> Iterator[None]:
    with allow_bad_entropy_calls(1):  # an authentication key nobody can use without processes
        yield


def _guarded_urandom(size: int) -> bytes:
    _check()
    return _urandom(size)


def before_top_level() -> None:
    # npm's Pyodide imports random and tempfile while it starts; workerd's top level imports
    # them itself, under the patches above, so the harness makes it do so again.
    for name in ("random", "tempfile"):
        sys.modules.pop(name, None)
    os.urandom = _guarded_urandom
    patches.install()


def after_snapshot() -> None:
    patches.remove()
    patches.run_hooks("after_snapshot")


def before_first_request() -> None:
    enter_request_context()
    os.urandom = _urandom
    patches.remove()
    patches.unblock_calls()
    patches.run_hooks("before_first_request")
