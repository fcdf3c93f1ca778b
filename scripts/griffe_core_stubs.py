"""A griffe extension for the API pages (mkdocs.yml, mkdocstrings ``extensions``).

The API pages inspect the installed package, so that they show the docstrings of the
compiled ``accordion._core`` exactly as ``help()`` does. Inspection sees PyO3's text
signatures, which carry no types; this extension reads ``_core.pyi`` (the stub that
mypy and stubtest hold to the same module) and merges its annotations into the
inspected module. Docstrings stay the compiled module's own, but for their Sphinx
roles (``:class:`Deal```), which :class:`ReSTRoles` writes as Markdown code.
"""

from __future__ import annotations

import ast
import copy
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
            code=expanded(stub_path.read_text(encoding="utf-8")),
            parent=pkg,
        )
        griffe.merge_stubs(core, stubs)
        for name, stub in stubs.members.items():
            if stub.is_alias:
                continue
            if stub.is_class and name in core.members:
                _constructor(core.members[name], stub, stubs)  # type: ignore[arg-type]
            elif stub.is_attribute and stub.docstring is not None:
                # An inspected constant (MAX_JOBS) carries its type's docstring
                # (int's); the stub's own is shown instead, here and where the
                # package re-exports it.
                for module in (core, pkg):
                    found = module.members.get(name)
                    if found is not None and not found.is_alias:
                        found.docstring = griffe.Docstring(stub.docstring.value, parent=found)


def _parameters(node: ast.ClassDef) -> list[str]:
    """The type variables a private generic base is parametrised by (its
    ``Generic[…]`` or ``Protocol[…]`` base)."""
    for base in node.bases:
        if (
            isinstance(base, ast.Subscript)
            and isinstance(base.value, ast.Name)
            and base.value.id in ("Generic", "Protocol")
        ):
            items = base.slice.elts if isinstance(base.slice, ast.Tuple) else [base.slice]
            return [item.id for item in items if isinstance(item, ast.Name)]
    return []


class _Substitute(ast.NodeTransformer):
    """Replace each type variable by the type a subclass gives it."""

    def __init__(self, types: dict[str, ast.expr]) -> None:
        self.types = types

    def visit_Name(self, node: ast.Name) -> ast.expr:
        return copy.deepcopy(self.types[node.id]) if node.id in self.types else node


def _specialised(base: ast.ClassDef, arguments: ast.expr) -> tuple[ast.stmt, ...]:
    """The members of the generic ``base`` with its type variables replaced by
    ``arguments`` (the subscript of ``class RoyalGame(_ThrowGame[…])``)."""
    given = arguments.elts if isinstance(arguments, ast.Tuple) else [arguments]
    substitute = _Substitute(dict(zip(_parameters(base), given, strict=True)))
    return tuple(substitute.visit(copy.deepcopy(member)) for member in base.body)


def expanded(code: str) -> str:
    """The stub with what the games' classes and functions inherit written out in
    each: a member of a private base (``_ThrowGame[RoyalMove, …]``, ``_Stats``) in
    every class deriving from it, with the class's types where the base is generic;
    a ``solve_…`` typed by a callable protocol (``_ThrowSolve[…]``) as a function
    with its ``__call__``'s parameters. Griffe merges a stub's annotations into the
    inspected module by name, and neither resolves a generic base nor calls a
    protocol."""
    tree = ast.parse(code)
    private = {
        node.name: node
        for node in tree.body
        if isinstance(node, ast.ClassDef) and node.name.startswith("_")
    }
    body: list[ast.stmt] = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            # In the stub's order, so that a private base's own bases (``_Stats``
            # under ``_ThrowStats``) are written out in it before it is read.
            own = {item.name for item in node.body if isinstance(item, ast.FunctionDef)}
            for base in node.bases:
                named = base.value if isinstance(base, ast.Subscript) else base
                parent = private.get(named.id) if isinstance(named, ast.Name) else None
                if parent is not None:
                    members = (
                        _specialised(parent, base.slice)
                        if isinstance(base, ast.Subscript)
                        else copy.deepcopy(tuple(parent.body))
                    )
                    inherited = [
                        member
                        for member in members
                        if isinstance(member, ast.FunctionDef) and member.name not in own
                    ]
                    node.body += inherited
                    own |= {member.name for member in inherited}
        elif (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(node.annotation, ast.Subscript)
            and isinstance(node.annotation.value, ast.Name)
            and node.annotation.value.id in private
        ):
            protocol = private[node.annotation.value.id]
            call = next(
                member
                for member in _specialised(protocol, node.annotation.slice)
                if isinstance(member, ast.FunctionDef) and member.name == "__call__"
            )
            call.name = node.target.id
            call.args.args = call.args.args[1:]  # self
            node = call
        body.append(node)
    tree.body = body
    return ast.unparse(ast.fix_missing_locations(tree))


def _constructor(cls: griffe.Class, stub: griffe.Class, stubs: griffe.Module) -> None:
    """Give a compiled class whose constructor is ``__new__`` (a PyO3 class) an
    ``__init__`` with the stub's ``__new__`` parameters, less ``cls``: griffe reads
    a class's signature, and the types and defaults of its docstring's ``Args``,
    from ``__init__``; without this they show as required with no type."""
    new = stub.members.get("__new__")
    for base in stub.bases if new is None else ():
        # A generic base (``_ThrowGame[RoyalMove, …]``) that griffe does not resolve.
        parent = stubs.members.get(str(base).split("[", 1)[0])
        if parent is not None and not parent.is_alias and "__new__" in parent.members:
            new = parent.members["__new__"]
            break
    if new is None or new.is_alias or not new.is_function:
        return
    parameters = list(new.parameters)[1:]  # type: ignore[union-attr]
    init = griffe.Function(
        "__init__",
        parameters=griffe.Parameters(*parameters),
        lineno=new.lineno,
        endlineno=new.endlineno,
    )
    cls.set_member("__init__", init)


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


#: The docstrings of the built-in types, which inspection gives a value of them.
BUILTIN_DOCS = frozenset(
    (kind.__doc__ or "").strip() for kind in (int, float, str, bool, bytes, tuple, list, dict)
)


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
                if obj.is_attribute and obj.docstring.value.strip() in BUILTIN_DOCS:
                    # An inspected value (a dataclass field's default, 52) is given
                    # its type's docstring, which says nothing of the attribute.
                    obj.docstring = None
                else:
                    obj.docstring.value = plain_roles(obj.docstring.value)
            for member in obj.members.values():
                if not member.is_alias:
                    walk(member)  # type: ignore[arg-type]

        walk(pkg)
