"""Import contexts around chosen modules' `create_module` / `exec_module`, the interface the
vendored SDK registers its patches with (register_*_patch, register_after_snapshot,
register_before_first_request, block_calls)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from functools import partial, wraps
from types import ModuleType
from typing import Any

Context = Callable[[Any], AbstractContextManager[Any]]
Hook = Callable[[ModuleType], None]


@dataclass
class Patch:
    create: Context = nullcontext
    exec: Context = nullcontext
    after_snapshot: Hook | None = None
    before_first_request: Hook | None = None


PATCHES: dict[str, Patch] = {}
IMPORTED: dict[str, ModuleType] = {}  # patched modules imported at top level, by name
BLOCKED: dict[str, ModuleType] = {}  # modules replaced by a call-blocking proxy
IN_REQUEST_CONTEXT = False


def _register(slot: str, name: str, value: Any = None) -> Any:
    if value is None:
        return partial(_register, slot, name)
    setattr(PATCHES.setdefault(name, Patch()), slot, value)
    return value


register_create_patch = partial(_register, "create")
register_exec_patch = partial(_register, "exec")
register_after_snapshot = partial(_register, "after_snapshot")
register_before_first_request = partial(_register, "before_first_request")


class _Loader:
    def __init__(self, name: str, loader: Any, patch: Patch) -> None:
        self._name, self._loader, self._patch = name, loader, patch

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self._loader, attribute)

    def create_module(self, spec: Any) -> Any:
        with self._patch.create(spec):
            return self._loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        IMPORTED[self._name] = module
        with self._patch.exec(module):
            self._loader.exec_module(module)


class PatchFinder:
    def invalidate_caches(self) -> None:
        pass

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        patch = PATCHES.get(fullname)
        if patch is None:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None:
                spec.loader = _Loader(fullname, spec.loader, patch)
                return spec
        return None


def install() -> None:
    sys.meta_path.insert(0, PatchFinder())


def remove() -> None:
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, PatchFinder)]


def run_hooks(slot: str) -> None:
    for name, module in IMPORTED.items():
        hook = getattr(PATCHES[name], slot)
        if hook is not None:
            hook(module)


def unblock_calls() -> None:
    global IN_REQUEST_CONTEXT
    IN_REQUEST_CONTEXT = True
    sys.modules.update(BLOCKED)


class _Blocked(ModuleType):
    """A module whose callables (but `allowlist`) raise until the first request."""

    def __init__(self, module: ModuleType, allowlist: tuple[str, ...]) -> None:
        super().__init__(module.__name__)
        object.__setattr__(self, "_module", module)
        object.__setattr__(self, "_allowlist", allowlist)

    def __getattribute__(self, key: str) -> Any:
        module = object.__getattribute__(self, "_module")
        value = getattr(module, key)
        if IN_REQUEST_CONTEXT or not callable(value):
            return value
        if key in object.__getattribute__(self, "_allowlist"):
            return value

        @wraps(value)
        def refuse(*args: Any, **kwargs: Any) -> Any:
            if not IN_REQUEST_CONTEXT:
                name = f"{module.__name__}.{key}"
                raise RuntimeError(f"Cannot use {name}() outside of request context")
            return value(*args, **kwargs)

        return refuse

    def __setattr__(self, key: str, value: Any) -> None:
        setattr(object.__getattribute__(self, "_module"), key, value)


def block_calls(module: ModuleType, *, allowlist: tuple[str, ...] = ()) -> None:
    BLOCKED[module.__name__] = module
    sys.modules[module.__name__] = _Blocked(module, tuple(allowlist))
