"""No circular imports: a lint of the import graph of the package's Python modules
and of the Rust crate's modules.

Python: one node per module under ``python/accordion`` (``accordion._core`` is known
by its stub). An edge is every ``import`` the module runs, **wherever it sits**: at
module level, in a ``try``/``else``, and inside functions too. A deferred import only
hides a circle from the interpreter (the modules still need each other, and the circle
comes back as soon as someone hoists the import), so it counts. Left out, and only
these: imports under ``if TYPE_CHECKING:``, which never run and serve annotations
only; and the parent packages Python imports on the way to a module (importing
``accordion.reference.deals`` runs ``accordion/reference/__init__.py`` first whatever
the module says). ``from package import name`` is an edge to ``package.name`` when
that is a module, else to the package (whose ``__init__`` defines or re-exports the
name, so it must have run). Loading a module from a string (``importlib``, the
registry's ``"module:attribute"`` pointers) is not an import the lint sees: that is
how the registry points at engines without depending on them.

Rust: one node per source file under ``rust/`` (``lib.rs`` is the crate, ``x/mod.rs``
is ``x``). An edge is every path naming another module of the crate, in a ``use``
declaration or in code: ``crate::…``, ``super::…``, ``self::…``, or a path starting
with a child module the file declares (``mod child;``). A module's ``pub use``
re-exports make it a facade, not a user: they are no edge of their own, and a path
through them is followed to the module that defines the item (``crate::royal::RoyalGame``
is an edge to ``royal::game``). Comments, string literals and ``#[cfg(test)]`` items
(unit tests, which may use any module, like the tests here) are skipped; other inline
modules belong to their file.

A circle is a strongly connected component of more than one node (Tarjan's
algorithm); the failure names each with the edges that close it, file and line.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "python" / "accordion"
CRATE = ROOT / "rust"

#: An edge: the module imported and the line of the first import of it.
Graph = dict[str, dict[str, int]]

#: Circles between Rust modules known today, each as the set of its modules; a circle
#: not listed here, or one grown beyond its listed modules, fails, and so does a
#: listed one that is gone (remove its entry then). None is left.
KNOWN_RUST_CIRCLES: list[frozenset[str]] = []


def strongly_connected(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The components of more than one node (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for succ in successors:
                if succ not in graph:
                    continue
                if succ not in index:
                    index[succ] = low[succ] = len(index)
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(sorted(graph[succ]))))
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def describe(graph: Graph, component: list[str], where: Mapping[str, str]) -> str:
    members = set(component)
    lines = [" <-> ".join(component)]
    for node in component:
        for target, line in sorted(graph[node].items()):
            if target in members:
                lines.append(f"    {where[node]}:{line}: {node} -> {target}")
    return "\n".join(lines)


# Python ---------------------------------------------------------------------------------


def python_modules() -> dict[str, Path]:
    modules: dict[str, Path] = {}
    for path in sorted(PACKAGE.rglob("*.py*")):
        if path.suffix not in (".py", ".pyi"):
            continue
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        name = ".".join(parts)
        if path.suffix == ".pyi" and name in modules:
            continue  # the module's own source wins over a stub
        modules[name] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> Iterable[ast.Import | ast.ImportFrom]:
    """Every import in ``tree`` that can run: not under ``if TYPE_CHECKING:``."""
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child
        elif isinstance(child, ast.If) and _is_type_checking(child.test):
            for other in child.orelse:
                yield from _imports(ast.Module(body=[other], type_ignores=[]))
        else:
            yield from _imports(child)


def python_graph() -> tuple[Graph, dict[str, str]]:
    modules = python_modules()
    graph: Graph = {}
    for name, path in modules.items():
        is_package = path.stem == "__init__"
        edges: dict[str, int] = {}

        def add(target: str, line: int, name: str = name, edges: dict[str, int] = edges) -> None:
            parts = target.split(".")
            for end in range(len(parts), 0, -1):
                candidate = ".".join(parts[:end])
                if candidate in modules:
                    if candidate != name:
                        edges.setdefault(candidate, line)
                    return

        for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    add(alias.name, node.lineno)
                continue
            base = node.module or ""
            if node.level:
                package = name.split(".") if is_package else name.split(".")[:-1]
                package = package[: len(package) - node.level + 1]
                base = ".".join([*package, *([base] if base else [])])
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                add(sub if sub in modules else base, node.lineno)
        graph[name] = edges
    where = {name: str(path.relative_to(ROOT)) for name, path in modules.items()}
    return graph, where


# Rust -----------------------------------------------------------------------------------

_NOISE = re.compile(
    r"//[^\n]*|/\*.*?\*/|b?r(#*)\"(?:.|\n)*?\"\1|b?\"(?:\\.|[^\"\\])*\"|b?'(?:\\.|[^'\\])'",
    re.S,
)
_USE = re.compile(r"\b(pub(?:\([\w:\s]+\))?\s+)?use\s+([^;]+);")
_PATH = re.compile(r"(?<![\w:$])((?:crate|super|self|[a-z_]\w*)(?:::\w+)+)")
_INLINE_MOD = re.compile(r"\bmod\s+\w+\s*\{")


def _blank(match: re.Match[str]) -> str:
    """Keep the newlines (for line numbers), drop the rest."""
    return re.sub(r"[^\n]", " ", match.group(0))


def _without_tests(text: str) -> str:
    """``text`` with every ``#[cfg(test)]`` item blanked out."""
    while (start := text.find("#[cfg(test)]")) >= 0:
        end = start + len("#[cfg(test)]")
        brace, semicolon = text.find("{", end), text.find(";", end)
        if brace < 0 or 0 <= semicolon < brace:
            end = semicolon + 1 if semicolon >= 0 else len(text)
        else:
            depth, end = 1, brace + 1
            while depth and end < len(text):
                depth += {"{": 1, "}": -1}.get(text[end], 0)
                end += 1
        text = text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]
    return text


def _use_tree(text: str) -> list[tuple[list[str], str]]:
    """The paths of a ``use`` tree, each with the name it binds."""
    tokens = re.findall(r"\w+|::|\{|\}|,|\*", text)
    position = 0

    def tree(prefix: list[str]) -> list[tuple[list[str], str]]:
        nonlocal position
        path = list(prefix)
        while position < len(tokens):
            token = tokens[position]
            position += 1
            if token == "{":
                found: list[tuple[list[str], str]] = []
                while position < len(tokens) and tokens[position] != "}":
                    found += tree(path)
                    if position < len(tokens) and tokens[position] == ",":
                        position += 1
                position += 1
                return found
            if token == "*":
                return [([*path, "*"], "*")]
            if token == "::":
                continue
            if token == "as":
                alias = tokens[position]
                position += 1
                return [(path, alias)]
            if token in (",", "}"):
                position -= 1
                break
            path.append(token)
        if path and path[-1] == "self":
            path.pop()
        return [(path, path[-1] if path else "")]

    return tree([])


class _RustModule:
    def __init__(self, name: str, path: Path) -> None:
        self.name = name
        self.path = path
        self.text = _without_tests(_NOISE.sub(_blank, path.read_text(encoding="utf-8")))
        self.children = set(re.findall(r"\bmod\s+(\w+)\s*;", self.text))
        # Inline modules (`mod tests { … }`): spans where `super` is one level deeper.
        self.inline: list[tuple[int, int]] = []
        for match in _INLINE_MOD.finditer(self.text):
            depth, end = 1, match.end()
            while depth and end < len(self.text):
                depth += {"{": 1, "}": -1}.get(self.text[end], 0)
                end += 1
            self.inline.append((match.start(), end))
        #: Re-exports: the name a `pub use` binds -> the path it names, unresolved.
        self.exports: dict[str, tuple[list[str], int]] = {}
        self.uses: list[tuple[list[str], int, int]] = []  # path, offset, line
        for match in _USE.finditer(self.text):
            for path, bound in _use_tree(match.group(2)):
                entry = (path, match.start())
                if match.group(1):
                    self.exports[bound] = entry
                else:
                    self.uses.append((path, match.start(), self.line(match.start())))
        spans = [match.span() for match in _USE.finditer(self.text)]
        for match in _PATH.finditer(self.text):
            if any(start <= match.start() < end for start, end in spans):
                continue
            path = match.group(1).split("::")
            self.uses.append((path, match.start(), self.line(match.start())))

    def line(self, offset: int) -> int:
        return self.text.count("\n", 0, offset) + 1

    def depth(self, offset: int) -> int:
        return sum(start <= offset < end for start, end in self.inline)


def rust_graph() -> tuple[Graph, dict[str, str]]:
    modules: dict[str, _RustModule] = {}
    for path in sorted(CRATE.rglob("*.rs")):
        parts = list(path.relative_to(CRATE).with_suffix("").parts)
        if parts == ["lib"]:
            parts = []
        elif parts[-1] == "mod":
            parts.pop()
        name = "::".join(["crate", *parts])
        modules[name] = _RustModule(name, path)

    def absolute(module: _RustModule, path: list[str], offset: int) -> list[str] | None:
        """``path`` as written in ``module`` made absolute, or ``None`` (another crate)."""
        here = module.name.split("::")
        head, rest = path[0], path[1:]
        if head == "crate":
            return ["crate", *rest]
        if head == "self":
            return [*here, *rest]
        if head == "super":
            ups = 1
            while rest and rest[0] == "super":
                ups, rest = ups + 1, rest[1:]
            ups -= min(ups, module.depth(offset))
            return [*(here[: len(here) - ups] if ups else here), *rest]
        if head in module.children:
            return [*here, *path]
        return None

    def resolve(path: list[str], seen: frozenset[str] = frozenset()) -> str | None:
        """The module that defines what ``path`` names, through re-exports."""
        for end in range(len(path), 0, -1):
            name = "::".join(path[:end])
            if name in modules:
                module = modules[name]
                rest = path[end:]
                if rest and rest[0] in module.exports and name not in seen:
                    target, offset = module.exports[rest[0]]
                    full = absolute(module, target, offset)
                    if full is not None:
                        return resolve([*full, *rest[1:]], seen | {name}) or name
                return name
        return None

    graph: Graph = {}
    for name, module in modules.items():
        edges: dict[str, int] = {}
        for path, offset, line in module.uses:
            full = absolute(module, path, offset)
            target = resolve(full) if full else None
            if target is not None and target != name:
                edges.setdefault(target, line)
        graph[name] = edges
    where = {name: str(module.path.relative_to(ROOT)) for name, module in modules.items()}
    return graph, where


# The tests ------------------------------------------------------------------------------


def test_no_python_module_imports_itself_in_a_circle() -> None:
    graph, where = python_graph()
    circles = strongly_connected(graph)
    assert not circles, "circular imports:\n" + "\n".join(
        describe(graph, component, where) for component in circles
    )


def test_no_new_circle_between_rust_modules() -> None:
    graph, where = rust_graph()
    circles = strongly_connected(graph)
    new = [
        component
        for component in circles
        if not any(set(component) <= known for known in KNOWN_RUST_CIRCLES)
    ]
    assert not new, "circular `use` between modules:\n" + "\n".join(
        describe(graph, component, where) for component in new
    )
    gone = [
        sorted(known)
        for known in KNOWN_RUST_CIRCLES
        if not any(set(component) <= known for component in circles)
    ]
    assert not gone, f"listed as known but no longer circles (drop them): {gone}"


def test_the_lint_sees_the_circles_it_should() -> None:
    """The graphs see what they must: the parser finds known edges, and a circle is
    a circle (a lint that found no edges would pass everything)."""
    python, _ = python_graph()
    assert "accordion.errors" in python["accordion.games"]  # module level
    assert "accordion.games" in python["accordion.svg"]  # inside a function
    assert "accordion.reference.game" in python["accordion.reference"]
    assert "accordion._core" in python["accordion._interrupt"]  # known by its stub
    rust, _ = rust_graph()
    assert "crate::card" in rust["crate::deal"]
    # Through the `royal` facade to the module that defines the item.
    assert "crate::royal::game" in rust["crate::python::royal"]
    assert "crate::royal::game" not in rust["crate::royal"]  # re-exports are no edge
    assert strongly_connected({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]
    assert strongly_connected({"a": ["b"], "b": [], "c": ["a", "b"]}) == []
