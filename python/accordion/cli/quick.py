"""A command given no option at all (``accordion solve "7H 2C 3C 7C"``), read
without argparse.

Importing argparse (with `re`, `enum` and `gettext`, and `locale`, which
gettext's first lookup imports while argparse builds a parser) and building the
command's parser cost as much as the rest of `accordion solve` on one deal
(benches/startup.md). With no option given, what argparse would give is known
without it: every option's default, and the words for the command's one
positional argument. :func:`namespace` asks the command's own ``add_flags`` for
those defaults through :class:`Defaults`, which records what argparse would
record, so that the options are declared in one place, argparse's. Anything
beyond what it knows to be the same (a word that starts with ``-``, an option
that is required, an action or a positional argument of another kind) leaves
the words to argparse. tests/test_startup.py holds every command's namespace to
argparse's.
"""

from __future__ import annotations

TYPE_CHECKING = False  # (not typing's: importing typing is slow)
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Sequence
    from typing import Any

#: argparse's default that sets no attribute (``argparse.SUPPRESS``).
SUPPRESS = "==SUPPRESS=="
#: The actions whose default :class:`Defaults` knows, with the default they
#: take when none is given (``None``: the ``default`` keyword's, or None).
_ACTIONS: dict[str | None, object] = {
    None: None,
    "store": None,
    "store_const": None,
    "append": None,
    "append_const": None,
    "extend": None,
    "count": None,
    "store_true": False,
    "store_false": True,
}


class Unknown(Exception):
    """What :class:`Defaults` cannot say as argparse would: argparse reads the words."""


class Defaults:
    """Stands in for the parser a command's ``add_flags(parser)`` is given: records
    the attribute each option sets when it is not given, as argparse does (a
    string default goes through the option's ``type``), and the one positional
    argument that takes every word."""

    def __init__(self) -> None:
        self.values: dict[str, object] = {}
        #: The positional argument's attribute and its ``nargs``.
        self.positional: tuple[str, object] | None = None
        #: What ``set_defaults`` sets, which wins over the options' defaults.
        self.fixed: dict[str, object] = {}

    def __getattr__(self, name: str) -> object:
        raise Unknown(name)  # any other of argparse's methods

    def add_argument(self, *names: str, **options: object) -> None:
        """Record one option's default (or the positional argument's name)."""
        action = options.get("action")
        if not isinstance(action, str | None) or action not in _ACTIONS or options.get("required"):
            raise Unknown(names)
        if not names[0].startswith("-"):
            # One positional argument, of any number of words and no type.
            if self.positional is not None or options.get("nargs") not in ("*", "+"):
                raise Unknown(names)
            if {"type", "choices", "default"} & set(options) or action not in (None, "store"):
                raise Unknown(names)
            self.positional = (str(options.get("dest", names[0])), options["nargs"])
            return
        default = options.get("default", _ACTIONS[action])
        if default == SUPPRESS:
            return
        kind = options.get("type")
        if isinstance(default, str) and kind is not None:
            if not callable(kind):
                raise Unknown(names)
            default = kind(default)
        # Of two options that set one attribute, the first gives its default.
        self.values.setdefault(str(options.get("dest") or _dest(names)), default)

    def add_argument_group(self, *args: object, **options: object) -> Defaults:
        """A group's options are the parser's."""
        return self

    def add_mutually_exclusive_group(self, **options: object) -> Defaults:
        """So are those of a group of options that exclude each other."""
        if options.get("required"):
            raise Unknown("a required group")
        return self

    def set_defaults(self, **values: object) -> None:
        """Attributes set whatever the words."""
        self.fixed.update(values)


def _dest(names: Sequence[str]) -> str:
    """The attribute an option sets, as argparse names it: its first long name
    (else its first name) without the dashes, ``-`` written ``_``."""
    long = [name for name in names if name.startswith("--")]
    return (long or list(names))[0].lstrip("-").replace("-", "_")


def namespace(
    command: str, words: Sequence[str], add_flags: Callable[[Any], None]
) -> argparse.Namespace | None:
    """What argparse would make of ``accordion COMMAND WORDS`` (``add_flags`` is the
    command's), when no word is an option; else ``None`` (argparse reads them)."""
    if any(word.startswith("-") for word in words):
        return None
    defaults = Defaults()
    try:
        add_flags(defaults)
    except Unknown:
        return None
    if defaults.positional is None:
        if words:
            return None
    else:
        name, nargs = defaults.positional
        if nargs == "+" and not words:
            return None
        defaults.values[name] = list(words)
    from types import SimpleNamespace

    values = {"command": command, **defaults.values, **defaults.fixed}
    # Attributes as argparse's Namespace holds them (the commands read nothing else:
    # no `in`, which only argparse's has), without importing argparse for its class.
    return SimpleNamespace(**values)  # type: ignore[return-value]
