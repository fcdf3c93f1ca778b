"""Hostile input, fifth list: the throw games' ``game=`` keyword, their shared
simulation driver and statistics rebuilt from histograms. Each case names what it
guards."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from conftest import run_cli

import accordion
from accordion.cli.stats import BUDGETED
from accordion.errors import InvalidArgumentError
from accordion.games import GAMES, load

#: Every game's statistics class with the arguments ``from_histogram`` takes
#: besides the histogram and the game.
STATS: dict[str, tuple[Any, dict[str, Any]]] = {}
for _name, _game in GAMES.items():
    if _game.core.simulate is not None and not _game.core.stats.endswith(":Stats"):
        _run = load(_game.core.simulate)(deals=1)
        STATS[_name] = (
            load(_game.core.stats),
            {
                "rules": _run.rules,
                "strategy": _run.strategy,
                "blind": _run.blind,
                "cards": _run.cards,
                "seed": 1,
            },
        )


# Causes: wrong figures ---------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(STATS))
def test_histogram_whose_deals_overflow_is_refused(name: str) -> None:
    """Four counts of 2**62 add up to 2**64 deals, one more than a run can number:
    the sum wrapped to 0 and the statistics said "0 of 0 won" (an overflow check
    would have panicked). Refused, naming the histogram and the total."""
    stats, arguments = STATS[name]
    histogram = {cards: 2**62 for cards in range(8, 12)}
    with pytest.raises(InvalidArgumentError, match=r"histogram .*18446744073709551616"):
        stats.from_histogram(histogram, **arguments)


@pytest.mark.parametrize("name", sorted(STATS))
def test_histogram_of_many_deals_has_the_right_mean(name: str) -> None:
    """2**63 deals with 6 cards left each: the mean is 6 (the sum of the cards
    left, 6 * 2**63, wrapped in 64 bits and the mean read 0; an even number, as
    a 52-card Bayan deal leaves)."""
    stats, arguments = STATS[name]
    made = stats.from_histogram({6: 2**63}, **arguments)
    assert (made.deals, made.mean_piles) == (2**63, 6.0)
    assert pickle.loads(pickle.dumps(made)) == made


def test_accordion_histogram_whose_deals_overflow_is_refused() -> None:
    """The same for Accordion's statistics, which share the reading."""
    histogram = {piles: 2**62 for piles in range(8, 12)}
    arguments = {"rules": "strict", "strategy": "forced", "blind": True, "cards": 52, "seed": 1}
    with pytest.raises(InvalidArgumentError, match=r"histogram .*18446744073709551616"):
        accordion.Stats.from_histogram(histogram, **arguments)
    made = accordion.Stats.from_histogram({5: 2**63}, **arguments)
    assert made.mean_piles == 5.0


#: Every throw game's solution class with a row it wins and the ``game=`` it is
#: solved under (a game played by another's classes names itself).
SOLUTIONS: dict[str, tuple[Any, str, dict[str, str]]] = {
    name: (
        load(game.core.solution),
        "QH 5C 9H 7D 5S KH" if game.core.plays or name == "royal-marriage" else "",
        {"game": game.core.plays} if game.core.plays else {},
    )
    for name, game in GAMES.items()
    if not game.core.solution.endswith(":Solution")
}


def winning(name: str) -> tuple[Any, dict[str, Any]]:
    """The solution class of throw game ``name`` and the dict of a win it found
    (the first of a few small numbered deals that it wins)."""
    solution, row, keywords = SOLUTIONS[name]
    solve = load(GAMES[name].core.solve)
    rows = [row] if row else [str(accordion.Deal.from_seed(seed, 8)) for seed in range(1, 400)]
    for text in rows:
        found = solve(text, **keywords)
        if found.result == "win" and found.moves:
            return solution, found.to_dict()
    raise AssertionError(f"no small {name} deal is won")


@pytest.mark.parametrize("name", sorted(SOLUTIONS))
def test_solution_dict_whose_verdict_contradicts_its_moves_is_refused(name: str) -> None:
    """A throw game's solution read back (``from_dict``, and so every pickle) took
    any verdict for its moves: a "loss" whose moves empty the row, a "win" whose
    moves leave cards. Accordion's refuses a "loss" that ends at one pile; the
    throw games know where they are won, so both ways are refused."""
    solution, data = winning(name)
    assert solution.from_dict(data).to_dict() == data
    for result in ("loss", "unknown"):
        with pytest.raises(InvalidArgumentError, match=f'is a win, not "{result}"'):
            solution.from_dict({**data, "result": result})
    game = load(GAMES[name].core.game)(data["deal"], **SOLUTIONS[name][2])
    for move in data["moves"][:-1]:
        game.play(move)
    left = game.outcome.cards
    short = {**data, "moves": data["moves"][:-1], "cards": left, "piles": left}
    assert solution.from_dict({**short, "result": "unknown"}).cards == left
    with pytest.raises(InvalidArgumentError, match=f"leave {left} cards is not a win"):
        solution.from_dict(short)


class _Tampered:
    """An object that pickles as the core's rebuilding of ``kind`` from ``state``,
    as a pickle tampered with by hand would read."""

    def __init__(self, kind: object, state: object) -> None:
        self.kind, self.state = kind, state

    def __reduce__(self) -> tuple[Any, tuple[object, object]]:
        return accordion._core._restore, (self.kind, self.state)


@pytest.mark.parametrize("kind", ["\ud800", "Bayan\udcffGame", 5, None, b"BayanGame"])
def test_pickle_naming_no_class_is_the_package_error(kind: object) -> None:
    """A pickle whose class name is no text (a lone surrogate, which pickles
    carry) raised UnicodeEncodeError, a number TypeError, from inside the core;
    every pickle no ``__reduce__`` wrote gets InvalidPickleError naming it."""
    data = pickle.dumps(_Tampered(kind, ()))
    with pytest.raises(accordion.errors.InvalidPickleError, match="no class of accordion pickles"):
        pickle.loads(data)


@pytest.mark.parametrize("name", sorted(SOLUTIONS))
@pytest.mark.parametrize("call", ["game", "solve", "simulate"])
def test_unknown_rule_set_lists_the_games_own(name: str, call: str) -> None:
    """An unknown rule set for a throw game listed Accordion's five ("known:
    modern, strict, strict-leap, parlett, uva"), most of which the game then
    refuses; the message lists the game's own rule sets and names the game."""
    game = GAMES[name]
    keywords = {"game": game.core.plays} if game.core.plays else {}
    row = SOLUTIONS[name][1] or "AS 2S 3S"
    calls = {
        "game": lambda: load(game.core.game)(row, "bogus", **keywords),
        "solve": lambda: load(game.core.solve)(row, rules="bogus", **keywords),
        "simulate": lambda: load(game.core.simulate)(deals=1, rules="bogus", **keywords),
    }
    with pytest.raises(accordion.errors.InvalidRulesError) as caught:
        calls[call]()
    message = str(caught.value)
    assert '"bogus"' in message and game.title in message
    assert message.endswith(f"(known: {', '.join(game.rules)})")


@pytest.mark.parametrize(
    "name",
    [
        name
        for name, game in GAMES.items()
        if game.supports("stats") and not set(BUDGETED) & set(game.strategies)
    ],
)
def test_budget_for_a_game_without_budgeted_strategies_says_so(name: str) -> None:
    """``stats --game push-pin --strategy lookahead --budget 5`` answered
    "--budget is for --strategy lookahead, …", which the user had given: the
    game has no strategy with a budget, and the message says that, naming the
    game and its strategies."""
    game = GAMES[name]
    argv = ["stats", "--game", name, "--deals", "2", "--strategy", "lookahead", "--budget", "5"]
    done = run_cli(*argv)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("accordion: error: ")
    assert f"{game.title} has no strategy with a --budget" in done.stderr
    assert ", ".join(game.strategies) in done.stderr
