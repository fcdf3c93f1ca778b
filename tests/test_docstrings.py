"""Every public class, method, property and function has a docstring that ``help()`` shows.

Walks ``__all__`` of both engines (``accordion``, the Rust core re-exported, and
``accordion.reference``) and the public attributes of each class, and the public
functions and classes of the modules around them (CLI, text UIs, pictures, errors).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import types
from collections.abc import Iterator

import pytest

import accordion.cli

ENGINES = (
    "accordion",
    "accordion.reference",
    "accordion.reference.royal",
    "accordion.reference.bayan",
)
# The modules around the engines, the CLI's found by walking its package (so that a
# new subcommand is held to the same rule).
MODULES = (
    "accordion.errors",
    "accordion.svg",
    "accordion.games",
    "accordion.shape",
    "accordion.play",
    "accordion.play.session",
    "accordion.play.accordion",
    "accordion.play.screen",
    "accordion.play.loop",
    "accordion.play.royal",
    "accordion.play.bayan",
    "accordion.cli",
    *(
        info.name
        for info in pkgutil.iter_modules(accordion.cli.__path__, "accordion.cli.")
        if not info.name.endswith("__main__")
    ),
)

# Kinds of class attribute that are documented callables or accessors. Plain values
# (an int, a tuple) carry their type's docstring, so they are not asked for one.
DOCUMENTED = (
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodDescriptorType,
    types.ClassMethodDescriptorType,
    types.GetSetDescriptorType,
    types.MemberDescriptorType,
    classmethod,
    staticmethod,
    property,
)


def _public_of_class(cls: type) -> Iterator[tuple[str, object]]:
    # Sorted: a compiled class's dict comes in another order in each process, and
    # pytest-xdist's workers must collect the same tests in the same order.
    for name, value in sorted(vars(cls).items()):
        if name.startswith("_") or not isinstance(value, DOCUMENTED):
            continue
        yield f"{cls.__module__}.{cls.__qualname__}.{name}", value


def _objects() -> Iterator[tuple[str, object]]:
    seen: set[int] = set()
    for module_name in ENGINES + MODULES:
        module = importlib.import_module(module_name)
        yield module_name, module
        if module_name in ENGINES:
            names = list(module.__all__)
        else:
            names = [
                name
                for name, value in vars(module).items()
                if not name.startswith("_")
                and (inspect.isfunction(value) or inspect.isclass(value))
                and getattr(value, "__module__", None) == module_name
            ]
        for name in names:
            value = getattr(module, name)
            if id(value) in seen:
                continue
            seen.add(id(value))
            yield f"{module_name}.{name}", value
            if inspect.isclass(value):
                yield from _public_of_class(value)


OBJECTS = list(_objects())


def _doc(value: object) -> str | None:
    if isinstance(value, (classmethod, staticmethod)):
        value = value.__func__
    return inspect.getdoc(value) if not isinstance(value, property) else value.__doc__


def test_the_walk_reaches_both_engines() -> None:
    names = {name for name, _ in OBJECTS}
    for expected in (
        "accordion.solve",
        "accordion.solve_many",
        "accordion.simulate",
        "accordion.Game",
        "accordion.reference.Game",
        "accordion._core.Game.play",
        "accordion.reference.game.Game.play",
        "accordion._core.Deal.from_seed",
        "accordion.cli.main",
    ):
        assert expected in names, expected
    assert len(OBJECTS) > 200


@pytest.mark.parametrize(("name", "value"), OBJECTS, ids=[name for name, _ in OBJECTS])
def test_has_a_docstring(name: str, value: object) -> None:
    doc = _doc(value)
    assert doc is not None
    assert doc.strip(), f"{name} has an empty docstring"


def _stub_docstrings() -> dict[str, str]:
    """The docstrings of ``_core.pyi`` (installed beside the extension), by dotted name."""
    import ast
    from pathlib import Path

    import accordion

    stub = ast.parse((Path(accordion.__file__).parent / "_core.pyi").read_text("utf-8"))
    found: dict[str, str] = {}
    members: dict[str, dict[str, str]] = {}
    for node, after in zip(stub.body, [*stub.body[1:], None], strict=True):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            # A variable's docstring, under it (a game's `solve_…`, typed by a protocol).
            found[node.target.id] = after.value.value
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            doc = ast.get_docstring(node)
            private = "_" if isinstance(node, ast.ClassDef) else "__"
            if doc and not node.name.startswith(private):
                found[node.name] = doc
        if isinstance(node, ast.ClassDef):
            # A class's members: those of its bases in the stub (the private generic
            # bases of the throw games), then its own.
            own = members[node.name] = {}
            for base in node.bases:
                base_name = base.value if isinstance(base, ast.Subscript) else base
                if isinstance(base_name, ast.Name):
                    own.update(members.get(base_name.id, {}))
            for item in node.body:
                doc = ast.get_docstring(item) if isinstance(item, ast.FunctionDef) else None
                if doc and not item.name.startswith("__"):
                    own[item.name] = doc
            if not node.name.startswith("_"):
                found.update({f"{node.name}.{name}": doc for name, doc in own.items()})
    return found


STUB_DOCS = _stub_docstrings()


def test_the_stub_documents_every_public_member_of_the_core() -> None:
    import accordion._core as core

    public: set[str] = set()
    for name in dir(core):
        value = getattr(core, name)
        if name.startswith("_") or not callable(value):
            continue
        public.add(name)
        if inspect.isclass(value):
            public |= {
                member.removeprefix("accordion._core.") for member, _ in _public_of_class(value)
            }
    assert len(public) > 100
    assert public - set(STUB_DOCS) == set()


def test_the_stubs_docstrings_are_the_cores() -> None:
    """The stub's docstrings are generated from the compiled module's (written once,
    in the binding): a docstring changed in ``rust/python/`` and not carried over is
    a stale stub. The fix is ``python scripts/stubs.py``."""
    import importlib.util
    from pathlib import Path

    import accordion
    import accordion._core as core

    script = Path(__file__).resolve().parent.parent / "scripts" / "stubs.py"
    spec = importlib.util.spec_from_file_location("stubs", script)
    assert spec is not None and spec.loader is not None
    stubs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(stubs)
    stub = (Path(accordion.__file__).parent / "_core.pyi").read_text("utf-8")
    assert stubs.generate(stub, core) == stub, "the stub is stale: run python scripts/stubs.py"
    # And the check can fail: a docstring edited in the stub is put back.
    edited = stub.replace('"""Wall-clock seconds the search took."""', '"""Seconds."""', 1)
    assert edited != stub
    assert stubs.generate(edited, core) == stub
