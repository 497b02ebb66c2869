"""The entropy allowance the JS side reads: one signed byte in wasm memory (as in workerd
1.20261117, read in its binary's embedded sources).

Wasm calls: any non-zero value grants one and is decremented by the JS side (entropy.mjs).
Python calls (`os.urandom`): allowed only for a positive value. `allow_bad_entropy_calls(n)` is
the grant the SDK's import contexts use; a positive grant left unused is an error, so a grant
that is too generous is caught as well as a short one.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from contextlib import contextmanager

ALLOWANCE = array("b", [0])
IN_REQUEST_CONTEXT = False


def allowance_address() -> int:
    return ALLOWANCE.buffer_info()[0]


def entropy_allowed() -> bool:
    return IN_REQUEST_CONTEXT or ALLOWANCE[0] > 0


def raise_unless_entropy_allowed() -> None:
    if not entropy_allowed():
        raise OSError(29, "Cannot get entropy outside of request context (harness model)")


@contextmanager
def allow_bad_entropy_calls(n: int) -> Iterator[None]:
    previous = ALLOWANCE[0]
    ALLOWANCE[0] = n
    yield
    left = ALLOWANCE[0]
    ALLOWANCE[0] = previous
    if left > 0:
        raise RuntimeError(f"{left} unexpected leftover getentropy calls")


def enter_request_context() -> None:
    global IN_REQUEST_CONTEXT
    IN_REQUEST_CONTEXT = True
