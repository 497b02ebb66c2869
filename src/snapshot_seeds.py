"""The hash seeds pydantic-core draws at import, granted while the upload's snapshot is taken.

Stopgap (issue 11, docs/cloudflare.md "The upload snapshot"). Outside a request workerd refuses
every entropy call from wasm unless an import context grants it. pydantic-core draws two, both
hash-map seeds: Rust's std `RandomState` when its module starts, ahash's when the first schema
is built. The vendored workers-runtime-sdk 1.9.5 registers a context granting exactly those, yet
on workerd 1.20261117 the upload failed at both points, as an import with no such grant does.

So this module, imported by `entry.py` before anything that imports pydantic, imports
pydantic-core and builds one schema inside a grant of its own, through the runtime's private
`_cloudflare.allow_entropy`. The allowance -1 grants whatever this block asks, whether or not
the SDK's context applies too (one counted grant would then be left over, which the runtime
treats as an error). It covers wasm-level calls only: Python's `os.urandom`, `random` and
`secrets` stay refused inside it. What is granted is a fixed pattern, used for hash seeds only.
Remove this once the SDK's own patch is seen to apply on the runtime (the harness's "sdk" mode).
Outside workerd (CPython, tests) `_cloudflare` does not exist and nothing is granted.
"""

from __future__ import annotations

import contextlib
import importlib.util
from contextlib import AbstractContextManager
from typing import Any

ALL_CALLS = -1  # the runtime's allowance byte: non-zero grants a call and is decremented


def import_time_grant() -> AbstractContextManager[Any]:
    if importlib.util.find_spec("_cloudflare") is None:
        return contextlib.nullcontext()
    from _cloudflare.allow_entropy import allow_bad_entropy_calls

    return allow_bad_entropy_calls(ALL_CALLS)


with import_time_grant():
    import pydantic_core

    pydantic_core.SchemaValidator(pydantic_core.core_schema.any_schema())  # ahash's seed
