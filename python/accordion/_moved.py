"""The modules that moved when the package was laid out by layer, still importable
at their old paths with a ``DeprecationWarning`` naming the new one.

``import accordion.tui`` (and ``from accordion.tui import Session``) gives a
module whose attributes are read from the new modules; nothing lives at the old
paths, so the files' history follows the moves.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import types
import warnings
from collections.abc import Sequence

#: Old module → the modules that hold its names now, in the order they are searched.
MOVED: dict[str, tuple[str, ...]] = {
    "accordion.tui": ("accordion.play.accordion", "accordion.play.screen", "accordion.play.loop"),
    "accordion.session": ("accordion.play.session",),
    "accordion.royal_tui": ("accordion.play.royal", "accordion.play.session"),
    "accordion.bayan_tui": ("accordion.play.bayan", "accordion.play.session"),
    "accordion.checkpoint": ("accordion.batch.checkpoint",),
    "accordion.distributed": ("accordion.batch.dask",),
    "accordion.hunt": ("accordion.batch.hunt",),
}


class MovedModule(types.ModuleType):
    """A module at an old path: every attribute is looked up in the new modules."""

    def __init__(self, name: str, targets: Sequence[str]) -> None:
        super().__init__(name, f"Deprecated: moved to {', '.join(targets)}.")
        self._targets = tuple(importlib.import_module(target) for target in targets)

    def __getattr__(self, attribute: str) -> object:
        for target in self._targets:
            if hasattr(target, attribute):
                return getattr(target, attribute)
        raise AttributeError(f"module {self.__name__!r} has no attribute {attribute!r}")

    def __dir__(self) -> list[str]:
        return sorted({name for target in self._targets for name in dir(target)})


class _Finder:
    """Finds the old paths of :data:`MOVED` (and nothing else): a meta path finder
    and its loader (not derived from ``importlib.abc``, whose import pulls in
    ``importlib.resources``: ``import accordion`` stays fast)."""

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)  # type: ignore[arg-type]

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        targets = MOVED[spec.name]
        warnings.warn(
            f"{spec.name} has moved: import {' or '.join(targets)} instead",
            DeprecationWarning,
            stacklevel=2,
        )
        return MovedModule(spec.name, targets)

    def exec_module(self, module: types.ModuleType) -> None:
        """Nothing to run: the module reads the new ones."""


def install() -> None:
    """Make the old paths importable (once; :mod:`accordion` calls it)."""
    if not any(isinstance(finder, _Finder) for finder in sys.meta_path):
        sys.meta_path.append(_Finder())
