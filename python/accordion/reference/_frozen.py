"""The base of the reference engine's value types: instances that cannot change.

Cards, moves, deals, rules and outcomes are values, like ``int`` or ``str``: they
are hashed, used as dict keys and shared between games, so a change to one would
silently change every place that holds it. ``Frozen`` forbids assignment after
construction; constructors build an instance with its slots set by ``_built``.
"""

from __future__ import annotations

from typing import NoReturn, TypeVar

FrozenT = TypeVar("FrozenT", bound="Frozen")


class Frozen:
    """A ``__slots__`` object whose attributes cannot be assigned or deleted."""

    __slots__ = ()

    @classmethod
    def _built(cls: type[FrozenT], **slots: object) -> FrozenT:
        """A new instance with these slots set (the one way past ``__setattr__``)."""
        value = object.__new__(cls)
        for name, slot in slots.items():
            object.__setattr__(value, name, slot)
        return value

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot delete {name!r}")


class Value(Frozen):
    """A frozen value: equal to another of its own class with the same ``_key``,
    and hashed by that key (so equal values hash alike, as dict keys need)."""

    __slots__ = ()

    def _key(self) -> object:
        """What equality compares and the hash is taken of."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Value)
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())
