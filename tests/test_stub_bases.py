"""What every game's classes have alike is declared once, in the stub's private
bases (``_Game``, ``_Outcome`` …), and every game's class has all of it.

The classes are the registry's (:data:`accordion.games.GAMES`, the Rust core's
pieces of each game): a new game is held to its bases without a line added here.
Two ways to drift are caught: a member of a base that one game's class lacks
(the binding writes the shared members once, ``game_methods!`` in
``rust/python/patience.rs``, so losing one loses it for a game's kind), and a
member every game's class has that the stub declares elsewhere than in the
base (twice, in two classes, instead of once). The reference engine's twins are
held to the same bases.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

import accordion
from accordion.games import GAMES, Descriptor, load

STUB = ast.parse((Path(accordion.__file__).parent / "_core.pyi").read_text("utf-8"))
CLASSES = {node.name: node for node in STUB.body if isinstance(node, ast.ClassDef)}

#: What every compiled class has, whatever it is (PyO3 writes the comparisons of
#: an ``eq`` class, ``object`` the rest), and what each class has of its own
#: although every class has one: its constructor and its pickling.
EVERY_CLASS = frozenset(
    {"__doc__", "__module__", "__new__", "__reduce__", "__repr__", "__str__", "__ne__"}
    | {"__lt__", "__le__", "__gt__", "__ge__"}
)


#: Members every class of a kind has, each kind of game under its own signature
#: (so declared in each, not in the base), and why.
OWN_SIGNATURE = {
    "move": {"parse": "a throw game's move takes the game's name: parse(text, *, game=None)"},
    "stats": {"from_histogram": "a throw game's takes the game's name: game=None"},
}


def _own(node: ast.ClassDef) -> set[str]:
    """The members the stub's class declares itself."""
    found: set[str] = set()
    for item in node.body:
        if isinstance(item, ast.FunctionDef):
            found.add(item.name)
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            found.add(item.target.id)
    return found


def _bases(node: ast.ClassDef) -> list[str]:
    """The stub's own classes that ``node`` derives from."""
    names = []
    for base in node.bases:
        named = base.value if isinstance(base, ast.Subscript) else base
        if isinstance(named, ast.Name) and named.id in CLASSES:
            names.append(named.id)
    return names


def declared(name: str) -> set[str]:
    """The members the stub's class declares, itself or through its bases."""
    node = CLASSES[name]
    found = _own(node)
    for base in _bases(node):
        found |= declared(base)
    return found


def _heirs(name: str) -> list[str]:
    """Every class of the stub that derives from ``name``, directly or not."""
    direct = [cls for cls, node in CLASSES.items() if name in _bases(node)]
    return direct + [heir for cls in direct for heir in _heirs(cls)]


def _own_games() -> list[Descriptor]:
    """Every game with an engine of its own (a variant is played by its engine's classes)."""
    return [game for game in GAMES.values() if game.engine == game.name and game.core is not None]


def _game(entry: Descriptor) -> Any:
    return entry.game_class()(entry.numbered()(3, 12))


#: Each kind of class: its private base in the stub, and every game's class of
#: that kind in the Rust core, read from the registry.
KINDS: dict[str, tuple[str, list[type]]] = {
    "game": ("_Game", [load(entry.pieces().game) for entry in _own_games()]),
    "outcome": ("_Outcome", [type(_game(entry).outcome) for entry in _own_games()]),
    "move": ("_Move", [load(entry.pieces().move) for entry in _own_games()]),
    "solution": ("_Solution", [load(entry.pieces().solution) for entry in _own_games()]),
    "stats": ("_Stats", [load(entry.pieces().stats) for entry in _own_games()]),
}


def test_every_kind_has_several_classes() -> None:
    # Accordion's and at least the throw games' of the registry.
    for base, classes in KINDS.values():
        assert base in CLASSES
        assert len(set(classes)) >= 5, base
        assert accordion.Game in KINDS["game"][1]


@pytest.mark.parametrize("kind", KINDS)
def test_every_class_has_every_member_of_its_base(kind: str) -> None:
    base, classes = KINDS[kind]
    members = declared(base)
    assert len(members) >= 4, base
    for cls in classes:
        missing = {name for name in members if name not in vars(cls)}
        assert not missing, f"{cls.__name__} lacks {sorted(missing)} of {base}"


@pytest.mark.parametrize("kind", KINDS)
def test_what_every_class_has_is_declared_in_the_base(kind: str) -> None:
    base, classes = KINDS[kind]
    shared = set.intersection(*(set(vars(cls)) for cls in classes)) - EVERY_CLASS
    shared -= set(OWN_SIGNATURE.get(kind, {}))
    assert shared - declared(base) == set(), f"declare them in {base}, once"


@pytest.mark.parametrize("kind", KINDS)
def test_no_class_declares_a_member_of_its_base_again(kind: str) -> None:
    base, _ = KINDS[kind]
    members = declared(base)
    for heir in _heirs(base):
        again = _own(CLASSES[heir]) & members
        assert not again, f"{heir} declares {sorted(again)} of {base} again"


def test_what_only_accordion_has_stays_its_own() -> None:
    base, classes = KINDS["game"]
    assert "play" in declared(base) and all("play" in vars(cls) for cls in classes)
    assert "move_at" not in declared(base) and "move_at" in declared("Game")


#: What Python's ``copy`` module does for a Python class without the methods.
COPIED_BY_PYTHON = frozenset({"__copy__", "__deepcopy__"})


def _reference(kind: str, entry: Descriptor) -> Any:
    """The reference engine's class of ``kind`` for the game, or for an outcome
    (a dataclass, whose fields are its instances' only) an instance."""
    if kind == "outcome":
        return entry.game_class("reference")(entry.numbered("reference")(3, 12)).outcome
    return load(getattr(entry.pieces("reference"), kind))


@pytest.mark.parametrize("kind", ["game", "move", "outcome", "solution"])
def test_the_reference_engines_classes_have_every_member_of_the_bases(kind: str) -> None:
    """The pure-Python twins have the same shape: every member of the base (the
    copy protocol aside, which ``copy`` supplies for a Python class)."""
    base, _ = KINDS[kind]
    members = declared(base) - COPIED_BY_PYTHON
    entries = [entry for entry in _own_games() if entry.reference is not None]
    assert len(entries) >= 5
    for entry in entries:
        found = _reference(kind, entry)
        missing = {name for name in members if not hasattr(found, name)}
        assert not missing, f"{entry.name}: {found!r} lacks {sorted(missing)} of {base}"
