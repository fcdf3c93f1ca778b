"""Write the docstrings of ``python/accordion/_core.pyi`` from the compiled module.

The docstrings of the Rust core's classes and functions are written once, in the
binding (``rust/python/``, the doc comments that PyO3 turns into ``__doc__``).
The stub carries the types, which only it knows, and a copy of those docstrings
for editors and type checkers, which do not import the extension: this script
makes that copy. Every docstring of a public name in the stub is replaced by the
compiled one (the text ``help()`` shows); so is the string under a public name
that the stub declares as a variable (a game's ``solve_…``, typed by a shared
callable protocol). What every game's classes share is declared once, in
private generic bases (``_Game``, ``_Move``, ``_Outcome``, ``_Solution``,
``_Stats``), and what only the throw games' share in private bases under those
(``_ThrowGame`` …): a base's member takes the docstring that every game
inheriting it, directly or through another base, has; where the games word it
differently (each in its own terms), the base keeps the stub's own summary, and
``help()`` on a game's class still shows that game's words. Dunder methods and
the stub's own aliases keep what the stub says.

Usage, after building the extension into ``python/accordion/``::

    python scripts/stubs.py          # rewrite the stub's docstrings
    python scripts/stubs.py --check  # exit 1 if the stub is stale

``tests/test_docstrings.py`` runs the check against the installed package.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

STUB = Path(__file__).resolve().parent.parent / "python" / "accordion" / "_core.pyi"


def runtime_doc(value: object) -> str | None:
    """The docstring ``help()`` shows for a class attribute or a module's member,
    cleaned as :func:`ast.get_docstring` cleans a stub's."""
    if isinstance(value, (classmethod, staticmethod)):
        value = value.__func__
    doc = value.__doc__ if isinstance(value, property) else inspect.getdoc(value)
    return inspect.cleandoc(doc) if doc else None


Definition = ast.FunctionDef | ast.ClassDef


def _bases(node: ast.ClassDef) -> Iterator[str]:
    for base in node.bases:
        name = base.value if isinstance(base, ast.Subscript) else base
        if isinstance(name, ast.Name):
            yield name.id


def wanted(tree: ast.Module, core: ModuleType) -> dict[Definition, str]:
    """The docstring each definition of the stub should carry, by its node."""
    found: dict[Definition, str] = {}
    classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
    # Who inherits each private base's members: the public classes deriving from it,
    # directly or through other private bases, each with the classes on the way
    # (itself first), any of which may declare a member itself.
    heirs: dict[str, list[list[ast.ClassDef]]] = {}

    def inherit(path: list[ast.ClassDef]) -> None:
        for base in _bases(path[-1]):
            if base in classes:
                heirs.setdefault(base, []).append(path)
                inherit([*path, classes[base]])

    for cls in classes.values():
        if not cls.name.startswith("_"):
            inherit([cls])
    for node in tree.body:
        if not isinstance(node, Definition) or node.name.startswith("_"):
            continue
        doc = runtime_doc(getattr(core, node.name))
        if doc is None:
            raise SystemExit(f"accordion._core.{node.name} has no docstring")
        found[node] = doc
    for name, node in classes.items():
        for item in node.body:
            if not isinstance(item, ast.FunctionDef) or item.name.startswith("__"):
                continue
            paths = [[node]] if not name.startswith("_") else heirs.get(name, [])
            docs: dict[str, str | None] = {}
            for path in paths:
                owner = path[0]
                if owner is not node and any(
                    isinstance(own, ast.FunctionDef) and own.name == item.name
                    for cls in path
                    for own in cls.body
                ):
                    continue  # the game (or a base on the way) declares the member itself
                value = inspect.getattr_static(getattr(core, owner.name), item.name)
                docs[owner.name] = runtime_doc(value)
            texts = set(docs.values())
            # One text for every game: the base carries it. Several: each game's
            # own words (``help()`` shows them); the base keeps its summary.
            doc = texts.pop() if len(texts) == 1 else None
            if doc is not None:
                found[item] = doc
    return found


def variables(tree: ast.Module, core: ModuleType) -> dict[ast.AnnAssign, str]:
    """The docstring under each public variable of the stub that is a function at
    run time (a game's ``solve_…``), by its node."""
    found: dict[ast.AnnAssign, str] = {}
    for node in tree.body:
        if not isinstance(node, ast.AnnAssign) or not isinstance(node.target, ast.Name):
            continue
        name = node.target.id
        value = getattr(core, name, None)
        if name.startswith("_") or not callable(value):
            continue
        doc = runtime_doc(value)
        if doc is None:
            raise SystemExit(f"accordion._core.{name} has no docstring")
        found[node] = doc
    return found


def _is_doc(node: ast.stmt) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


def _written(doc: str, indent: str) -> list[str]:
    """A docstring as the stub writes it (``indent``: the body's indentation)."""
    quotes = 'r"""' if "\\" in doc else '"""'
    lines = doc.splitlines()
    if len(lines) == 1:
        return [f'{indent}{quotes}{doc}"""\n']
    out = [f"{indent}{quotes}{lines[0]}\n"]
    out += [f"{indent}{line}\n" if line else "\n" for line in lines[1:]]
    return [*out, f'{indent}"""\n']


def generate(text: str, core: ModuleType) -> str:
    """``text`` (the stub) with every docstring of :func:`wanted` in place."""
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    edits: list[tuple[int, int, list[str]]] = []  # 0-based start, end (exclusive), lines
    following = dict(zip(tree.body, tree.body[1:], strict=False))
    for var, doc in variables(tree, core).items():
        after = following.get(var)
        line = var.end_lineno if var.end_lineno is not None else var.lineno
        if after is not None and _is_doc(after):
            end = after.end_lineno if after.end_lineno is not None else after.lineno
            edits.append((after.lineno - 1, end, _written(doc, "")))
        else:
            edits.append((line, line, _written(doc, "")))
    for node, doc in wanted(tree, core).items():
        first = node.body[0]
        indent = " " * (node.col_offset + 4)
        has_doc = _is_doc(first)
        end = first.end_lineno if first.end_lineno is not None else first.lineno
        if has_doc:
            edits.append((first.lineno - 1, end, _written(doc, indent)))
        elif first.lineno == node.lineno:
            # `def f(...) -> T: ...` on one line: the docstring becomes its body.
            line = lines[first.lineno - 1]
            head = line[: first.col_offset].rstrip()
            edits.append((first.lineno - 1, first.lineno, [head + "\n", *_written(doc, indent)]))
        else:
            edits.append((first.lineno - 1, first.lineno - 1, _written(doc, indent)))
    for start, end, new in sorted(edits, reverse=True):
        lines[start:end] = new
    return "".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the stub is stale")
    parser.add_argument("--stub", type=Path, default=STUB, help="the stub (default: %(default)s)")
    args = parser.parse_args(argv)
    import accordion._core as core

    text = args.stub.read_text(encoding="utf-8")
    new = generate(text, core)
    if args.check:
        if new != text:
            print(f"{args.stub} is stale: run python scripts/stubs.py", file=sys.stderr)
            return 1
        return 0
    if new != text:
        args.stub.write_text(new, encoding="utf-8")
        print(f"wrote {args.stub}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
