# Pyodide's Python <-> JavaScript bridge: only what src/entry.py uses.
from typing import Any, final

class JsProxy:
    """A JavaScript object seen from Python."""

    def to_py(self) -> Any: ...
    def to_bytes(self) -> bytes: ...  # of an ArrayBuffer or a typed array

@final
class JsNull:
    """JavaScript's `null` (not `undefined`, which arrives as None)."""

jsnull: JsNull

def to_js(obj: object) -> JsProxy: ...
