"""The reference engines of the throw games against the core: the game a value
is of (``game=``, ``.game``) and the facts they read from the registry."""

from __future__ import annotations

import copy
import inspect
import pickle
from typing import Any

import pytest

from accordion.games import GAMES, Descriptor, load

THROW_GAMES = [game for game in GAMES.values() if not game.plays_accordion]
ENGINES = ("core", "reference")


def _by_name(games: list[Descriptor]) -> pytest.MarkDecorator:
    return pytest.mark.parametrize("game", games, ids=[game.name for game in games])


def _solve(game: Descriptor, engine: str, position: object) -> object:
    return game.solver(engine)(position)  # type: ignore[arg-type]


@_by_name(THROW_GAMES)
def test_both_engines_solutions_name_the_game_solved(game: Descriptor) -> None:
    """The core's solutions say which game they solved (``game``, named in the
    repr where it is not the class's own); the reference's say the same, from a
    row and from a game in progress, and equal only solutions of one game."""
    answers = {}
    for engine in ENGINES:
        deal = game.numbered(engine)(5, 9)  # type: ignore[arg-type]
        played = game.game_class(engine)(deal, blind=True)
        solutions = [_solve(game, engine, deal), _solve(game, engine, played)]
        answers[engine] = [solution.game for solution in solutions]  # type: ignore[attr-defined]
        shown = repr(solutions[0])
        assert (f"game={game.name!r}" in shown) == (game.pieces(engine).plays is not None), shown  # type: ignore[union-attr]
    assert answers["core"] == answers["reference"] == [game.name, game.name]


def test_a_reference_solution_prints_as_the_core_s_and_differs_by_its_game() -> None:
    from accordion.reference import royal

    push_pin = royal.solve_royal("QH 5C 9H 7D 5S KH", game="push-pin")
    royal_marriage = royal.solve_royal("QH 5C 9H 7D 5S KH")
    # The core's repr (tests/test_reprs.py holds every game's to it): the game named
    # where it is not the class's own.
    assert repr(push_pin).endswith(" game='push-pin'>")
    assert "game=" not in repr(royal_marriage)
    assert royal_marriage.game == "royal-marriage"
    assert push_pin != royal_marriage
    assert push_pin == royal.RoyalSolution(**{**vars(royal_marriage), "game": "push-pin"})


@_by_name(THROW_GAMES)
@pytest.mark.parametrize("named", [None, "push-pin", "bayan", "nope", 7, "x" * 500])
def test_every_game_class_takes_game_as_the_core_does(game: Descriptor, named: object) -> None:
    """Every game's class takes ``game=``: its own game (or another its pieces
    play), else the core's typed error, word for word; a solver the same."""
    answers = []
    for engine in ENGINES:
        cls = load(game.pieces(engine).game)  # type: ignore[union-attr]
        solver = load(game.pieces(engine).solve)  # type: ignore[union-attr]
        deal = game.numbered(engine)(3, 8)  # type: ignore[arg-type]
        answer = []
        for make in (cls, solver):
            try:
                made = make(deal, game=named)
            except (ValueError, TypeError) as error:
                answer.append((type(error).__name__, str(error)))
            else:
                # A game's repr is the core's; a solution's is the core's only in
                # naming the game where it is another (the core's does not evaluate).
                shown = repr(made) if make is cls else f"game={named!r}" in repr(made)
                answer.append((type(made).__name__, made.game, shown))
        answers.append(answer)
    assert answers[0] == answers[1]


@_by_name(THROW_GAMES)
@pytest.mark.parametrize("named", [None, "push-pin", "bayan", "nope", 7])
@pytest.mark.parametrize("text", ["out 5D 9D", "5D>9D", "out zz", "deal", 5, b"out 5D 9D"])
def test_every_move_class_takes_game_as_the_core_does(
    game: Descriptor, named: object, text: object
) -> None:
    """A move's text is parsed for the game ``game`` names (its messages name
    it), or refused with the core's typed error, word for word (a text that is
    no ``str`` is named before a bad ``game``, as the core checks them)."""
    answers = []
    for engine in ENGINES:
        cls = load(game.pieces(engine).move)  # type: ignore[union-attr]
        answer = []
        for parse in (cls, cls.parse):
            try:
                answer.append(repr(parse(text, game=named)))
            except (ValueError, TypeError) as error:
                answer.append(f"{type(error).__name__}: {error}")
        answers.append(answer)
    assert answers[0] == answers[1]


@_by_name(THROW_GAMES)
@pytest.mark.parametrize("deal", ["zz", 3, "5C 5C"])
@pytest.mark.parametrize("named", ["nope", 7])
def test_a_bad_deal_is_named_before_a_bad_game_as_the_core_does(
    game: Descriptor, deal: object, named: object
) -> None:
    """The core reads a deal's cards first, then ``game``: of two bad arguments
    the deal is the one named (a ``TypeError``'s words are each engine's own)."""
    answers = []
    for engine in ENGINES:
        cls = load(game.pieces(engine).game)  # type: ignore[union-attr]
        with pytest.raises((ValueError, TypeError)) as refused:
            cls(deal, game=named)
        assert "game" not in str(refused.value), str(refused.value)
        kind = type(refused.value).__name__
        answers.append((kind, "" if kind == "TypeError" else str(refused.value)))
    assert answers[0] == answers[1]


@_by_name(THROW_GAMES)
def test_a_blind_game_starts_as_its_facts_say_in_both_engines(game: Descriptor) -> None:
    """The cards laid out when a blind game starts are the registry's fact
    (``blind_start``), which the core states too (``_core.games()``)."""
    for engine in ENGINES:
        deal = game.numbered(engine)(1, 12)  # type: ignore[arg-type]
        played = game.game_class(engine)(deal, blind=True)
        assert played.stock_size == 12 - game.blind_start, engine  # type: ignore[attr-defined]
        assert played.game == game.name  # type: ignore[attr-defined]


def test_a_game_of_another_games_pieces_copies_and_pickles_as_itself() -> None:
    from accordion.reference import royal

    played = royal.RoyalGame("QH 5C 9H 7D 5S KH", blind=True, game="push-pin")
    played.play("deal")
    for twin in (copy.copy(played), copy.deepcopy(played), pickle.loads(pickle.dumps(played))):
        assert twin == played
        assert twin.game == "push-pin"
        assert repr(twin) == repr(played)
        assert str(twin) == "QH 5C 9H 7D | talon 2"


@_by_name(THROW_GAMES)
@pytest.mark.parametrize(
    "variant",
    [{"two_way": True}, {"distances": [2, 3]}, {"win_piles": 2}, {"goal": "KH"}],
    ids=str,
)
def test_a_variant_is_refused_in_the_core_s_words(
    game: Descriptor, variant: dict[str, object]
) -> None:
    """Regression: a throw game refuses Accordion's variants quoting the rules,
    and the reference printed them as ``modern, two-way, distances 1,3`` where
    the core says ``modern two-way``."""
    answers = []
    for engine in ENGINES:
        rules = load(f"{'accordion._core' if engine == 'core' else 'accordion.reference'}:Rules")
        made = rules(game.rules[0] if game.rules[0] != "uva" else "modern", **variant)
        deal = game.numbered(engine)(3, 8)  # type: ignore[arg-type]
        answer = []
        for make in (game.game_class(engine), game.solver(engine)):
            with pytest.raises(ValueError) as refused:
                make(deal, rules=made)
            answer.append((type(refused.value).__name__, str(refused.value)))
        answers.append(answer)
    assert answers[0] == answers[1]
    assert "has no variant" in answers[0][0][1]


#: Calls that do not fit a solver's signature: ``(positional, keywords)`` after the
#: function, ``position`` standing for a row of the game.
BAD_CALLS: list[tuple[tuple[object, ...], dict[str, object]]] = [
    ((), {}),
    (("position", "modern"), {}),
    (("position", 1, 2), {}),
    (("position", 1, 2), {"rules": None}),
    (("position",), {"nope": 1}),
    (("position",), {"position": "QH KH"}),
    ((), {"rules": None, "nope": 1}),
    ((), {"rules": None}),
]


def _bad_calls(solve: Any, position: object) -> list[str]:
    answers = []
    for args, kwargs in BAD_CALLS:
        with pytest.raises(TypeError) as refused:
            solve(*(position if arg == "position" else arg for arg in args), **kwargs)
        answers.append(str(refused.value))
    return answers


@_by_name(THROW_GAMES)
def test_a_call_that_does_not_fit_a_solver_names_it_as_the_core_does(game: Descriptor) -> None:
    """Regression: the reference's solvers, instances of one class, named
    ``Solver.__call__()`` in a wrong call's ``TypeError``, where the core names
    ``solve_royal()`` (and words the error its own way: ``takes 1 positional
    arguments``)."""
    answers = []
    for engine in ENGINES:
        solve = load(game.pieces(engine).solve)  # type: ignore[union-attr]
        answers.append(_bad_calls(solve, game.numbered(engine)(3, 8)))  # type: ignore[arg-type]
    assert answers[0] == answers[1]
    name = load(game.pieces("core").solve).__name__  # type: ignore[union-attr]
    assert answers[0][1] == f"{name}() takes 1 positional arguments but 2 were given"


@_by_name(THROW_GAMES)
def test_a_reference_solver_keeps_the_core_s_name_and_signature(game: Descriptor) -> None:
    """The solver binds its arguments itself (to word a wrong call as the core
    does) and still shows the core's name and parameters."""
    shown = []
    for engine in ENGINES:
        solve = load(game.pieces(engine).solve)  # type: ignore[union-attr]
        parameters = inspect.signature(solve).parameters.values()
        shown.append((solve.__name__, [(p.name, p.kind, p.default) for p in parameters]))
    assert shown[0] == shown[1]


@_by_name(THROW_GAMES)
@pytest.mark.parametrize("rules", ["\ud800", "nope", " STRICT ", "x" * 100])
def test_a_bad_rule_set_name_is_quoted_as_the_core_quotes_it(game: Descriptor, rules: str) -> None:
    """Regression: a lone surrogate in a throw game's rule-set name was quoted
    ``"\\u{d800}"`` by the reference, ``"\\\\ud800"`` by the core (which reads
    text with its surrogates escaped, as every other name is read)."""
    answers = []
    for engine in ENGINES:
        deal = game.numbered(engine)(3, 8)  # type: ignore[arg-type]
        answer = []
        for make in (game.game_class(engine), game.solver(engine)):
            with pytest.raises(ValueError) as refused:
                make(deal, rules=rules)
            answer.append(f"{type(refused.value).__name__}: {refused.value}")
        answers.append(answer)
    assert answers[0] == answers[1]
