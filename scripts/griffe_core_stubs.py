"""A griffe extension for the API pages (mkdocs.yml, mkdocstrings ``extensions``).

The API pages inspect the installed package, so that they show the docstrings of the
compiled ``accordion._core`` exactly as ``help()`` does. Inspection sees PyO3's text
signatures, which carry no types; this extension reads ``_core.pyi`` (the stub that
mypy and stubtest hold to the same module) and merges its annotations into the
inspected module. Docstrings stay the compiled module's own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import griffe


class CoreStubs(griffe.Extension):
    """Annotate the inspected ``accordion._core`` from ``_core.pyi``."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        if pkg.name != "accordion":
            return
        core = pkg.get_member("_core")
        package_dir = Path(pkg.filepath).parent if isinstance(pkg.filepath, Path) else None
        if package_dir is None or not (package_dir / "_core.pyi").is_file():
            raise griffe.ExtensionError("accordion/_core.pyi not found beside the package")
        stub_path = package_dir / "_core.pyi"
        stubs = griffe.visit(
            "_core",
            filepath=stub_path,
            code=stub_path.read_text(encoding="utf-8"),
            parent=pkg,
        )
        griffe.merge_stubs(core, stubs)
