"""Fuzz target: the card, deal, move and rules parsers of both engines, and the
move and row parsers of every game of the registry (``accordion.games``).

Each input is turned into a call (which parser, and its text or numbers) and made
on the Rust core (``accordion._core``) and on the reference engine
(``accordion.reference``). Both must accept it with the same result or refuse it
with the same exception class, and that class must be one of the package's typed
errors (``accordion.errors``): anything else escaping is a crash.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import atheris

from accordion import _core
from accordion import reference as _reference
from accordion.errors import AccordionError
from accordion.games import GAMES, Descriptor, Engines

ENGINES: tuple[ModuleType, ...] = (_core, _reference)
GAME_LIST: tuple[Descriptor, ...] = tuple(GAMES[name] for name in sorted(GAMES))
# Texts the parsers know, spliced into fuzzed text so that the fuzzer reaches
# past the first character check.
WORDS = (
    "AS", "td", "10D", "7♥", "K♠", "QH", "KH", "2c", "deal", "DEAL", " on ", ">", "-", "→",
    ",", " ", "\t", "\ufeff", "\ud800", "\x00", "modern", "strict", "strict-leap",
    "parlett", "1,3", "2,3", "1,2,3", "out", "between", "..", "x", "ms", "#",
    # Where Python's and Rust's white space differ (U+001C-U+001F are white space to
    # str.isspace, not to char::is_whitespace) and where they agree (U+0085).
    "\x1c", "\x1d", "\x1e", "\x1f", "\x85", "ſ", "bayan", "accordion", "late-binding",
    "|", "/", "uva", "7C", "3C 7D",
)  # fmt: skip


class Call:
    """A function with its arguments, shown in a crash report."""

    def __init__(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        self.function, self.args, self.kwargs = function, args, kwargs

    def __call__(self) -> Any:
        return self.function(*self.args, **self.kwargs)

    def __repr__(self) -> str:
        shown = [repr(a) for a in self.args] + [f"{k}={v!r}" for k, v in self.kwargs.items()]
        return f"{getattr(self.function, '__qualname__', self.function)}({', '.join(shown)})"


class Mismatch(AssertionError):
    """The two engines disagree, or an untyped error escaped."""


def fuzzed_text(fdp: atheris.FuzzedDataProvider) -> str:
    """Random text, often built from words the parsers know."""
    if fdp.ConsumeBool():
        return fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 24))
    parts = []
    for _ in range(fdp.ConsumeIntInRange(0, 8)):
        if fdp.ConsumeIntInRange(0, 3) == 0:
            parts.append(fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 3)))
        else:
            parts.append(WORDS[fdp.ConsumeIntInRange(0, len(WORDS) - 1)])
    return "".join(parts)


def fuzzed_int(fdp: atheris.FuzzedDataProvider) -> int:
    """Any size: small, near the edges of u64 and i64, or huge, either sign."""
    choice = fdp.ConsumeIntInRange(0, 3)
    if choice == 0:
        return fdp.ConsumeIntInRange(-3, 60)
    if choice == 1:
        return fdp.ConsumeIntInRange(-(2**65), 2**65)
    if choice == 2:
        return 2 ** fdp.ConsumeIntInRange(0, 130) + fdp.ConsumeIntInRange(-2, 2)
    return -(2 ** fdp.ConsumeIntInRange(0, 130))


def _card(engine: ModuleType, fdp: atheris.FuzzedDataProvider) -> Call:
    text = fuzzed_text(fdp)
    return Call(engine.Card.parse, text)


def _card_index(engine: ModuleType, fdp: atheris.FuzzedDataProvider) -> Call:
    index = fuzzed_int(fdp)
    return Call(engine.Card.from_index, index)


def _deal(engine: ModuleType, fdp: atheris.FuzzedDataProvider) -> Call:
    text = fuzzed_text(fdp)
    return Call(engine.Deal.parse, text)


def _deal_cards(engine: ModuleType, fdp: atheris.FuzzedDataProvider) -> Call:
    words = [fuzzed_text(fdp) for _ in range(fdp.ConsumeIntInRange(0, 6))]
    return Call(engine.Deal, words)


def _numbered(engine: ModuleType, fdp: atheris.FuzzedDataProvider) -> Call:
    seed, cards = fuzzed_int(fdp), fuzzed_int(fdp) if fdp.ConsumeBool() else None
    return Call(engine.Deal.from_seed, seed, cards)


def _pysol(engine: ModuleType, fdp: atheris.FuzzedDataProvider) -> Call:
    number: int | str = fuzzed_int(fdp) if fdp.ConsumeBool() else fuzzed_text(fdp)
    game: int | str | None = None
    if fdp.ConsumeBool():
        game = fuzzed_int(fdp) if fdp.ConsumeBool() else fuzzed_text(fdp)
    return Call(engine.Deal.from_pysol, number, game)


def _solvitaire(engine: ModuleType, fdp: atheris.FuzzedDataProvider) -> Call:
    seed = fuzzed_int(fdp)
    game = ("accordion", "late-binding")[fdp.ConsumeIntInRange(0, 1)]
    return Call(engine.Deal.from_solvitaire, seed, fuzzed_text(fdp) if fdp.ConsumeBool() else game)


def _knuth(engine: ModuleType, fdp: atheris.FuzzedDataProvider) -> Call:
    seed, cards = fuzzed_int(fdp), fuzzed_int(fdp) if fdp.ConsumeBool() else None
    return Call(engine.Deal.from_knuth, seed, cards)


def _move(engine: ModuleType, fdp: atheris.FuzzedDataProvider) -> Call:
    text = fuzzed_text(fdp)
    return Call(engine.Move.parse, text)


def _move_pair(engine: ModuleType, fdp: atheris.FuzzedDataProvider) -> Call:
    mover, target = fuzzed_text(fdp), fuzzed_text(fdp)
    return Call(engine.Move, mover, target)


def _rules(engine: ModuleType, fdp: atheris.FuzzedDataProvider) -> Call:
    name = fuzzed_text(fdp) if fdp.ConsumeBool() else None
    two_way = fdp.ConsumeBool()
    distances: str | list[int] | None
    choice = fdp.ConsumeIntInRange(0, 2)
    if choice == 0:
        distances = None
    elif choice == 1:
        distances = fuzzed_text(fdp)
    else:
        distances = [fuzzed_int(fdp) for _ in range(fdp.ConsumeIntInRange(0, 4))]
    win_piles = fuzzed_int(fdp) if fdp.ConsumeIntInRange(0, 3) == 0 else None
    goal = fuzzed_text(fdp) if fdp.ConsumeIntInRange(0, 3) == 0 else None
    return Call(
        engine.Rules, name, two_way=two_way, distances=distances, win_piles=win_piles, goal=goal
    )


def _play(engine: ModuleType, fdp: atheris.FuzzedDataProvider) -> Call:
    """Moves typed into a game: parsing, then the rules of the position."""
    seed, cards = fdp.ConsumeIntInRange(0, 5), fdp.ConsumeIntInRange(1, 14)
    name = ("modern", "strict", "strict-leap", "parlett")[fdp.ConsumeIntInRange(0, 3)]
    blind = fdp.ConsumeBool()
    texts = [fuzzed_text(fdp) for _ in range(fdp.ConsumeIntInRange(1, 6))]

    def play(seed: int, cards: int, name: str, blind: bool, texts: list[str]) -> Any:
        return _typed(engine.Game(engine.Deal.from_seed(seed, cards), name, blind=blind), texts)

    return Call(play, seed, cards, name, blind, texts)


def _typed(game: Any, texts: list[str]) -> Any:
    """Each text played in ``game`` (its move, or the error's class), then where
    the game stands."""
    results = []
    for text in texts:
        try:
            results.append(str(game.play(text)))
        except AccordionError as error:
            results.append(type(error).__name__)
    return results, [str(card) for card in game.tops], game.stock_size


def _engine_name(engine: ModuleType) -> Engines:
    return "reference" if engine is _reference else "core"


def _game_move(engine: ModuleType, fdp: atheris.FuzzedDataProvider) -> Call:
    """A move of any game of the registry, parsed from fuzzed text."""
    game = GAME_LIST[fdp.ConsumeIntInRange(0, len(GAME_LIST) - 1)]
    return Call(game.move_class(_engine_name(engine)).parse, fuzzed_text(fdp))


def _game_row(engine: ModuleType, fdp: atheris.FuzzedDataProvider) -> Call:
    """A row of any game of the registry read from fuzzed text and checked."""
    game = GAME_LIST[fdp.ConsumeIntInRange(0, len(GAME_LIST) - 1)]
    return Call(game.parse_row, fuzzed_text(fdp), _engine_name(engine))


def _game_play(engine: ModuleType, fdp: atheris.FuzzedDataProvider) -> Call:
    """Moves typed into a game of any game of the registry, open or blind."""
    game = GAME_LIST[fdp.ConsumeIntInRange(0, len(GAME_LIST) - 1)]
    seed, cards = fdp.ConsumeIntInRange(0, 5), fdp.ConsumeIntInRange(game.min_cards, 14)
    blind = fdp.ConsumeBool()
    texts = [fuzzed_text(fdp) for _ in range(fdp.ConsumeIntInRange(1, 6))]
    name = _engine_name(engine)

    def play(seed: int, cards: int, blind: bool, texts: list[str]) -> Any:
        return _typed(game.game_class(name)(game.numbered(name)(seed, cards), blind=blind), texts)

    return Call(play, seed, cards, blind, texts)


TARGETS = (
    _card, _card_index, _deal, _deal_cards, _numbered, _pysol, _solvitaire, _knuth,
    _move, _move_pair, _rules, _play, _game_move, _game_row, _game_play,
)  # fmt: skip


def canonical(value: Any) -> Any:
    """What must be equal between the engines: the text and fields of a result."""
    if isinstance(value, (_core.Card, _reference.Card)):
        return ("card", str(value), value.index)
    if isinstance(value, (_core.Deal, _reference.Deal)):
        return ("deal", tuple(str(card) for card in value.cards), value.seed)
    if isinstance(value, (_core.Rules, _reference.Rules)):
        goal = None if value.goal is None else str(value.goal)
        return ("rules", value.name, value.two_way, value.distances, value.win_piles, goal)
    if hasattr(value, "is_deal"):  # a move of any game, in either engine
        return ("move", str(value), value.is_deal)
    return value


def outcome(call: Call) -> tuple[str, Any]:
    """``("ok", canonical result)`` or ``("error", class name)``; an untyped error is a crash."""
    try:
        return ("ok", canonical(call()))
    except AccordionError as error:
        return ("error", type(error).__name__)
    except Exception as error:
        raise Mismatch(f"{call!r}: untyped {type(error).__name__} escaped: {error!r}") from error


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    target = TARGETS[fdp.ConsumeIntInRange(0, len(TARGETS) - 1)]
    # Both engines get the same arguments: draw them once, replay the draw.
    rest = fdp.ConsumeBytes(fdp.remaining_bytes())
    calls = [target(engine, atheris.FuzzedDataProvider(rest)) for engine in ENGINES]
    core, reference = (outcome(call) for call in calls)
    if core != reference:
        raise Mismatch(f"{calls[1]!r}: core {core!r} != reference {reference!r}")
