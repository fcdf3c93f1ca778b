"""Soak: three million random calls through the public Python API of both engines.

    python fuzz/soak.py --calls 3000000            # the recorded run (fuzz/results.md)
    python fuzz/soak.py --calls 20000 --seed 3     # a quick one

Each call draws an operation (parsing cards, deals, moves and rules; numbered
deals; games played, undone and hinted; solves and simulations with small
budgets) and its arguments, valid or not, and makes it on the Rust core and,
where it has one, on the reference engine. The games are every game of the
registry (:data:`accordion.games.GAMES`), each read through its descriptor, so
a game added there is soaked without a line here. Both must end
the same way (the same result class or the same exception class); an exception
that is not the package's typed error or a ``TypeError`` for a wrong type is a
crash. A few games stay alive across calls, so long-lived objects are exercised
too. The resident set size is sampled every ``--every`` calls; after the
warm-up (the first half of the calls: every thread that solves keeps its last
search table, up to 32 MiB, and the bigger searches that grow it come now and
then: seed 1 reaches its plateau after about 1.3 million calls)
it must stay within ``--rss-margin`` (10 %) of its level at the end of the
warm-up: a leak climbs steadily, a bounded cache does not. Prints one summary line and
exits 1 on a crash, a disagreement or memory growth.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any

from accordion import _core
from accordion import reference as _reference
from accordion.errors import AccordionError
from accordion.games import GAMES, Descriptor, Engines

ENGINES = (_core, _reference)
ENGINE_NAMES: tuple[Engines, ...] = ("core", "reference")
RULES = ("modern", "strict", "strict-leap", "parlett")
CARD_TEXTS = ("AS", "td", "10D", "7♥", "K♠", "1H", "ZZ", "", " 7h ", "AS2D", "\ud800", "7HH")
MOVE_TEXTS = ("7H>7S", "7h on 7s", "deal", "DEAL", "7H>7H", "7H", "x>y", "", "7H→7S", "7H-")


class Broken(AssertionError):
    """A crash or a disagreement between the engines."""


def rss_bytes() -> int:
    """The resident set size now (Linux), else the peak so far."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def some_int(rng: random.Random) -> Any:
    """Mostly small ints; sometimes huge, negative, a bool, a float or a str."""
    roll = rng.random()
    if roll < 0.8:
        return rng.randrange(-2, 60)
    return rng.choice([2**64, 2**64 - 1, -(2**70), 10**30, True, 1.5, "3", None])


def deal_text(rng: random.Random) -> str:
    if rng.random() < 0.7:
        return str(_core.Deal.from_seed(rng.randrange(2**64), rng.randrange(1, 12)))
    words = [rng.choice(CARD_TEXTS) for _ in range(rng.randrange(0, 6))]
    return rng.choice([" ", ",", ", ", ";"]).join(words)


class Soak:
    """The operations, each making one call on each engine, and the live games."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        # [core game, reference game] pairs, with the game they play.
        self.games: list[tuple[Descriptor, list[Any]]] = []
        self.descriptors = [GAMES[name] for name in sorted(GAMES)]
        self.operations: list[tuple[float, Callable[[], list[Callable[[], Any]]]]] = [
            (10, self.card),
            (10, self.deal),
            (6, self.numbered),
            (8, self.move),
            (8, self.rules),
            (6, self.parse_move),
            (4, self.new_game),
            (30, self.play),
            (8, self.undo),
            (1, self.hint),
            (2, self.solve),
            (0.5, self.simulate),
        ]
        self.weights = [w for w, _ in self.operations]

    def both(self, call: Callable[[ModuleType], Any]) -> list[Callable[[], Any]]:
        """The call on each engine, to be made by :meth:`step`."""
        return [lambda engine=engine: call(engine) for engine in ENGINES]

    def card(self) -> list[Callable[[], Any]]:
        rng = self.rng
        if rng.random() < 0.5:
            text = rng.choice(CARD_TEXTS)
            return self.both(lambda e: e.Card.parse(text))
        index = some_int(rng)
        return self.both(lambda e: e.Card.from_index(index))

    def deal(self) -> list[Callable[[], Any]]:
        text = deal_text(self.rng)
        return self.both(lambda e: e.Deal.parse(text))

    def numbered(self) -> list[Callable[[], Any]]:
        seed, cards = some_int(self.rng), some_int(self.rng)
        return self.both(lambda e: e.Deal.from_seed(seed, cards))

    def move(self) -> list[Callable[[], Any]]:
        text = self.rng.choice(MOVE_TEXTS)
        return self.both(lambda e: e.Move.parse(text))

    def rules(self) -> list[Callable[[], Any]]:
        rng = self.rng
        name = rng.choice([*RULES, "nope", " STRICT ", None])
        distances = rng.choice([None, "1,3", "2,3", [1, 2, 3], [0], [52], "x", [2**70], []])
        two_way = rng.choice([True, False, None, 1])
        return self.both(lambda e: e.Rules(name, two_way=two_way, distances=distances))

    def _descriptor(self) -> Descriptor:
        return self.rng.choice(self.descriptors)

    def parse_move(self) -> list[Callable[[], Any]]:
        """A move of any game parsed from a text, good or bad, by both engines."""
        game = self._descriptor()
        text = self.rng.choice([*MOVE_TEXTS, "out 7C", "out 3C 7D", "between 3S 9S", "deal"])
        return [
            lambda engine=engine: game.move_class(engine).parse(text) for engine in ENGINE_NAMES
        ]

    def new_game(self) -> list[Callable[[], Any]]:
        """A game of the registry, open or blind, under one of its rule sets (a
        rule set of another game now and then), from a numbered deal."""
        rng = self.rng
        game = self._descriptor()
        seed, cards = rng.randrange(2**64), rng.randrange(game.min_cards, 16)
        rules = rng.choice([*game.rules, *RULES, "uva"]) if rng.random() < 0.2 else None
        blind = rng.random() < 0.4

        def start(engine: Engines) -> Any:
            deal = game.numbered(engine)(seed, cards)
            made = game.make_rules(rules, engine) if game.plays_accordion else rules
            return game.game_class(engine)(deal, made, blind=blind)

        pair = [outcome(lambda engine=engine: start(engine), keep=True) for engine in ENGINE_NAMES]
        if all(kind == "ok" for kind, _ in pair):
            if len(self.games) >= 16:
                self.games.pop(rng.randrange(len(self.games)))
            self.games.append((game, [value for _, value in pair]))
        return [lambda kind=kind: kind for kind, _ in pair]

    def _game(self) -> list[Any]:
        while not self.games:
            self.new_game()
        return self.games[self.rng.randrange(len(self.games))][1]

    def play(self) -> list[Callable[[], Any]]:
        pair = self._game()
        legal = [str(m) for m in pair[0].legal_moves]
        if legal and self.rng.random() < 0.8:
            text = self.rng.choice(legal)
        else:
            text = self.rng.choice([*MOVE_TEXTS, "AS>KD", "KD>AS", "out 7C", "out AS 9D"])
        return [lambda game=game: (game.play(text), game) for game in pair]

    def undo(self) -> list[Callable[[], Any]]:
        return [lambda game=game: (game.undo(), game) for game in self._game()]

    def hint(self) -> list[Callable[[], Any]]:
        """The core's hint: a legal move, or none exactly when the game is over."""
        core, reference = self._game()

        def hint() -> Any:
            move = core.hint(timeout=self.rng.choice([0.01, 0.2, None, -1.0, float("nan")]))
            if (move is None) != reference.is_over or (
                move is not None and str(move) not in {str(m) for m in reference.legal_moves}
            ):
                raise Broken(f"hint {move} in {core}")
            return move

        return [hint]

    def solve(self) -> list[Callable[[], Any]]:
        """A short numbered row of any game solved by both engines (the reference
        solvers are exponential: rows of at most ten cards)."""
        rng = self.rng
        game = self._descriptor()
        seed, cards = rng.randrange(2**64), rng.randrange(game.min_cards, 11)
        max_nodes = rng.choice([None, None, 100_000, 0, -1, 2**70, 1.5])
        rules = rng.choice([*game.rules, "nope"]) if rng.random() < 0.5 else None

        def solve(engine: Engines) -> Any:
            text = str(game.numbered("core")(seed, cards))
            solution = game.solver(engine)(text, rules=rules, max_nodes=max_nodes)
            # Budgets count nodes differently in the two solvers: compare exact answers.
            return (solution.result, solution.piles) if max_nodes is None else "answered"

        return [lambda engine=engine: solve(engine) for engine in ENGINE_NAMES]

    def simulate(self) -> list[Callable[[], Any]]:
        """The core's statistics of any game, with good and bad arguments."""
        rng = self.rng
        game = self._descriptor()
        deals = rng.choice([1, 10, 100, 0, -5, True])
        seed = rng.choice([0, 1, 2**64 - 1, -1, 2**70, rng.randrange(2**32)])
        rules = rng.choice([*game.rules, "nope", None])
        return [lambda: game.simulator()(rules=rules, deals=deals, seed=seed, jobs=1).deals]

    def step(self) -> str:
        """One call on each engine; the name of its outcome (``ok`` or the error class)."""
        _, operation = self.rng.choices(self.operations, self.weights)[0]
        outcomes = [outcome(call) for call in operation()]
        if any(o != outcomes[0] for o in outcomes[1:]):
            raise Broken(f"{operation.__name__}: the engines disagree: {outcomes}")
        return outcomes[0][0]


def canonical(value: Any) -> Any:
    """What both engines must agree on in a result."""
    if isinstance(value, (str, int, float, bool, type(None))):
        return value
    if isinstance(value, (list, tuple)):
        return [canonical(v) for v in value]
    if isinstance(value, (_core.Rules, _reference.Rules)):
        return (value.name, value.two_way, value.distances)
    if hasattr(value, "legal_moves"):  # a game of either engine
        return [[str(card) for card in value.tops], value.stock_size, value.is_over]
    return str(value)


def outcome(call: Callable[[], Any], keep: bool = False) -> tuple[str, Any]:
    """``("ok", canonical result)`` (with ``keep``, the result itself) or
    ``(error class name, None)``; other exceptions are crashes."""
    try:
        value = call()
        return ("ok", value if keep else canonical(value))
    except (AccordionError, TypeError) as error:
        return (type(error).__name__, None)
    except Exception as error:
        raise Broken(f"untyped {type(error).__name__} escaped: {error!r}") from error


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=3_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=10_000, help="calls between RSS samples")
    parser.add_argument("--rss-margin", type=float, default=0.10)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    soak = Soak(rng)
    warm_up = max(args.calls // 2, 1)
    level = 0
    outcomes: dict[str, int] = {}
    samples: list[int] = []  # every --every calls from the first, and the last
    start = time.perf_counter()
    for call in range(1, args.calls + 1):
        kind = soak.step()
        outcomes[kind] = outcomes.get(kind, 0) + 1
        if call % args.every == 0 or call in (warm_up, args.calls):
            samples.append(rss_bytes())
        if call == warm_up:
            level = len(samples) - 1  # the sample the rest is held to
    seconds = time.perf_counter() - start
    mib = [s / 2**20 for s in samples]
    after = mib[level:]
    growth = after[-1] / after[0] - 1
    worst = max(after) / after[0] - 1
    print(
        f"{args.calls:,} calls in {seconds:.0f} s; RSS after warm-up {after[0]:.1f} MiB, "
        f"end {after[-1]:.1f} MiB ({growth:+.1%}), max {max(after):.1f} MiB ({worst:+.1%}); "
        f"outcomes {dict(sorted(outcomes.items()))}"
    )
    # The path, at ten points of the whole run: a leak climbs steadily, caches level off.
    tenths = [mib[round(i * (len(mib) - 1) / 10)] for i in range(11)]
    print("RSS MiB at each tenth of the run: " + " ".join(f"{m:.1f}" for m in tenths))
    return 0 if worst <= args.rss_margin else 1


if __name__ == "__main__":
    sys.exit(main())
