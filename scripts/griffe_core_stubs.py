"""A griffe extension for the API pages (mkdocs.yml, mkdocstrings ``extensions``).

The API pages inspect the installed package, so that they show the docstrings of the
compiled ``accordion._core`` exactly as ``help()`` does. Inspection sees PyO3's text
signatures, which carry no types; this extension reads ``_core.pyi`` (the stub that
mypy and stubtest hold to the same module) and merges its annotations into the
inspected module. Docstrings stay the compiled module's own, but for their Sphinx
roles (``:class:`Deal```), which :class:`ReSTRoles` writes as Markdown code.
"""

from __future__ import annotations

import re
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


#: A Sphinx cross-reference role: ``:class:`Deal```, ``:meth:`~accordion.Deal.parse```,
#: ``:func:`text <accordion.svg>```.
ROLE = re.compile(
    r":(?:py:)?(?:class|func|meth|data|mod|attr|exc|obj|const):`(~?)([^`<]+?)(?:\s*<([^>]+)>)?`"
)


def _shown(found: re.Match[str]) -> str:
    tilde, target, explicit = found.group(1), found.group(2).strip(), found.group(3)
    if explicit is not None:
        text = target
    elif tilde:
        text = target.rsplit(".", 1)[-1]
    else:
        text = target
    return f"`{text}`"


def plain_roles(text: str) -> str:
    """``text`` with each Sphinx role written as Markdown code (the pages are
    Markdown: a role would show as raw ``:class:`…``` text).

    >>> plain_roles("see :meth:`~accordion.Deal.parse` and :class:`Rules <accordion.Rules>`")
    'see `parse` and `Rules`'
    """
    return ROLE.sub(_shown, text)


class ReSTRoles(griffe.Extension):
    """Write the docstrings' Sphinx roles (``help()`` shows them as they are) as
    Markdown code on the API pages."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        seen: set[int] = set()

        def walk(obj: griffe.Object) -> None:
            if id(obj) in seen:
                return
            seen.add(id(obj))
            if obj.docstring is not None:
                obj.docstring.value = plain_roles(obj.docstring.value)
            for member in obj.members.values():
                if not member.is_alias:
                    walk(member)  # type: ignore[arg-type]

        walk(pkg)
