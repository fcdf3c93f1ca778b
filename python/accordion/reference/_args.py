"""Arguments checked as the core checks them (``rust/python/args.rs``), so that
both engines raise the same class for the same value (``docs/errors.md``).

A value of the wrong type raises ``TypeError``: a str or float where an int is
wanted, a ``bool`` where a number is wanted. A value of the right type out of
its range raises ``InvalidArgumentError`` naming the argument and the value.
"""

from __future__ import annotations

import functools
import inspect
import math
from collections.abc import Callable, Mapping
from typing import Concatenate, ParamSpec, TypeVar

from accordion.errors import InvalidArgumentError, shown
from accordion.errors import quoted as quoted  # the engine quotes as the package does
from accordion.errors import quoted_char as quoted_char

#: The longest time limit taken as given; a longer one (and ``inf``) means none.
MAX_TIMEOUT_SECONDS = 1e9
MIN_MEMORY_BYTES = 1 << 20
MAX_JOBS = 256
SEED_RANGE = "a deal number 0 to 2**64 - 1"

T = TypeVar("T")
P = ParamSpec("P")
S = TypeVar("S")


def wrong_type(what: str, wanted: str, value: object) -> TypeError:
    return TypeError(f"{what} must be {wanted}, not {type(value).__name__}")


def refuse(argument: str, expected: str, value: object) -> InvalidArgumentError:
    return InvalidArgumentError(f"{argument} must be {expected}, got {value}", argument)


def whole(value: object, argument: str, low: int, high: int | None, expected: str) -> int:
    """An int (not a bool) from ``low`` to ``high`` (``None``: no upper end)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise wrong_type(argument, "an int", value)
    if value < low or (high is not None and value > high):
        raise refuse(argument, expected, shown(value))
    return value


def optional_whole(
    value: object, argument: str, low: int, high: int | None, expected: str
) -> int | None:
    return None if value is None else whole(value, argument, low, high, expected)


def seed(value: object) -> int:
    return whole(value, "seed", 0, 2**64 - 1, SEED_RANGE)


def cards(value: object, least: int = 1) -> int:
    """A number of cards per deal, ``least`` to 52 (``None``: 52)."""
    if value is None:
        return 52
    return whole(value, "cards", least, 52, f"{least} to 52 cards")


def float_shown(value: float) -> str:
    """``value`` as the core writes a float (Rust's ``{:?}``): ``NaN``, ``-1e300``,
    ``-1e-7``, where ``repr`` gives ``nan``, ``-1e+300``, ``-1e-07`` (both give the
    shortest digits that read back, and switch to an exponent at the same sizes)."""
    if math.isnan(value):
        return "NaN"
    text = repr(value)
    if "e" not in text:
        return text
    at = text.index("e")
    return f"{text[:at]}e{int(text[at + 1 :])}"


def timeout(value: object) -> float | None:
    """Seconds: positive (not -0.0, not NaN), ``None`` or ``inf`` for no limit."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise wrong_type("timeout", "a number of seconds or None", value)
    try:
        seconds = float(value)
    except OverflowError:  # an int too large for a float
        if value > 0:
            return None
        raise refuse("timeout", "a positive number of seconds (or None)", shown(value)) from None
    if math.isnan(seconds) or seconds <= 0:
        raise refuse("timeout", "a positive number of seconds (or None)", float_shown(seconds))
    return None if seconds > MAX_TIMEOUT_SECONDS else seconds


def budget(max_nodes: object, timeout_: object, memory: object) -> tuple[int | None, float | None]:
    """The solver budget of both engines, checked in signature order."""
    nodes = optional_whole(
        max_nodes, "max_nodes", 1, 2**64 - 1, "1 to 2**64 - 1 (or None: no limit)"
    )
    seconds = timeout(timeout_)
    optional_whole(
        memory,
        "memory",
        MIN_MEMORY_BYTES,
        2**64 - 1,
        "1048576 (1 MiB) to 2**64 - 1 bytes (or None: the default)",
    )
    return nodes, seconds


def flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise wrong_type(what, "True or False", value)
    return value


def text(value: object, what: str) -> str:
    """A str, lone surrogates written as their escapes (``\\ud800``) as the core
    reads them: no parser accepts a backslash, so the parser names the text as given."""
    if not isinstance(value, str):
        raise wrong_type(what, "a str", value)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    return value


def given(value: object, kind: type[T], parse: Callable[[str], T], what: str, wanted: str) -> T:
    """A value given as a ``kind`` or as its text (read by ``parse``): every public
    call of the reference engine that takes a card, a deal, a move or rules takes
    either, as the core does. Any other type is the core's ``TypeError``: ``what``
    (``"a card"``) must be ``wanted`` (``"a Card or a str"``)."""
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        return parse(value)
    raise wrong_type(what, wanted, value)


@functools.cache
def _parameters(
    function: Callable[..., object],
) -> tuple[tuple[str, ...], int, tuple[str, ...], tuple[str, ...]]:
    """``function``'s positional parameters (``self``, ``cls`` left out), how many of
    them are required, its keyword-only parameters and those of them required."""
    positional: list[str] = []
    required = 0
    keywords: list[str] = []
    required_keywords: list[str] = []
    for parameter in inspect.signature(function).parameters.values():
        if parameter.name in ("self", "cls"):
            continue
        if parameter.kind is parameter.KEYWORD_ONLY:
            keywords.append(parameter.name)
            if parameter.default is parameter.empty:
                required_keywords.append(parameter.name)
            continue
        positional.append(parameter.name)
        required += parameter.default is parameter.empty
    return tuple(positional), required, tuple(keywords), tuple(required_keywords)


def _listed(names: list[str]) -> str:
    """``'a'``, ``'a' and 'b'``, ``'a', 'b', and 'c'``, as the core lists names."""
    quoted_names = [f"'{name}'" for name in names]
    if len(quoted_names) <= 2:
        return " and ".join(quoted_names)
    return f"{', '.join(quoted_names[:-1])}, and {quoted_names[-1]}"


def bound(
    name: str,
    function: Callable[..., object],
    args: tuple[object, ...],
    kwargs: Mapping[str, object],
) -> dict[str, object]:
    """The arguments of a call of ``function`` by keyword, bound as the core's
    binding (PyO3) binds them, its ``TypeError`` naming ``name`` (``solve_royal()``)
    word for word: too many positional arguments, then each keyword in turn (one
    given twice, or unknown), then the required ones missing. A method of no
    arguments is refused as Python refuses the core's (keywords first)."""
    positional, required, keywords, required_keywords = _parameters(function)
    if not positional and not keywords:
        if kwargs:
            raise TypeError(f"{name} takes no keyword arguments")
        if args:
            raise TypeError(f"{name} takes no arguments ({len(args)} given)")
        return {}
    if len(args) > len(positional):
        span = str(len(positional))
        if required != len(positional):
            span = f"from {required} to {len(positional)}"
        was = "was" if len(args) == 1 else "were"
        raise TypeError(f"{name} takes {span} positional arguments but {len(args)} {was} given")
    values = dict(zip(positional, args, strict=False))
    for key, value in kwargs.items():
        if key not in keywords and key not in positional:
            raise TypeError(f"{name} got an unexpected keyword argument '{key}'")
        if key in values:
            raise TypeError(f"{name} got multiple values for argument '{key}'")
        values[key] = value
    missing = [parameter for parameter in positional[:required] if parameter not in values]
    if missing:
        plural = "argument" if len(missing) == 1 else "arguments"
        raise TypeError(
            f"{name} missing {len(missing)} required positional {plural}: {_listed(missing)}"
        )
    missing = [keyword for keyword in required_keywords if keyword not in values]
    if missing:
        plural = "argument" if len(missing) == 1 else "arguments"
        raise TypeError(
            f"{name} missing {len(missing)} required keyword {plural}: {_listed(missing)}"
        )
    return values


def called_as(name: str) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """A function whose arguments are bound as the core binds its function
    ``name`` (``solve()``): a wrong call's ``TypeError`` reads as the core's
    (:func:`bound`); its signature stays the function's."""

    def wrap(function: Callable[P, T]) -> Callable[P, T]:
        by_keyword: Callable[..., T] = function  # every argument is passed by keyword

        @functools.wraps(function)
        def call(*args: P.args, **kwargs: P.kwargs) -> T:
            return by_keyword(**bound(name, function, args, kwargs))

        return call

    return wrap


def constructor(method: Callable[Concatenate[S, P], T]) -> Callable[Concatenate[S, P], T]:
    """A class's ``__new__`` or ``__init__`` whose arguments are bound as the core
    binds its class's constructor: a wrong call's ``TypeError`` names
    ``{Class}.__new__()`` (the class called, not the one defining the method) and
    reads as the core's (:func:`bound`)."""
    by_keyword: Callable[..., T] = method  # every argument but the first by keyword

    @functools.wraps(method)
    def call(first: S, /, *args: P.args, **kwargs: P.kwargs) -> T:
        kind = first if isinstance(first, type) else type(first)
        return by_keyword(first, **bound(f"{kind.__name__}.__new__()", method, args, kwargs))

    return call


def method(function: Callable[Concatenate[S, P], T]) -> Callable[Concatenate[S, P], T]:
    """A method (or, under ``@classmethod``, a class method) whose arguments are
    bound as the core binds its class's method of the same name: a wrong call's
    ``TypeError`` names ``{Class}.{method}()`` (the class of the instance, or the
    class, called) and reads as the core's (:func:`bound`)."""
    by_keyword: Callable[..., T] = function  # every argument but the first by keyword

    @functools.wraps(function)
    def call(first: S, /, *args: P.args, **kwargs: P.kwargs) -> T:
        kind = first if isinstance(first, type) else type(first)
        name = f"{kind.__name__}.{function.__name__}()"
        return by_keyword(first, **bound(name, function, args, kwargs))

    return call
