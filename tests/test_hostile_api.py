"""A hostile user's list for the Python API (issue 24): games shared between
threads, tampered pickles of every picklable class, and solutions' dicts whose
fields disagree. Each case names the class of error it must raise (one of
``accordion.errors``) and a piece of its message; none may be accepted.

Interesting finds of this list, fixed with it: ``hint`` held the game while it
searched without the GIL, so ``play`` from another thread raised an untyped
``RuntimeError: Already borrowed``; every malformed pickle state was a plain
``ValueError("not a pickled accordion …")`` that did not say what was wrong, and a
history move that did not replay surfaced as a bare ``IllegalMoveError``;
``Solution.from_dict`` took a "win" whose moves named cards not in the deal, a
line ending at one pile with ``piles: 4``, and a "loss" at one pile; a throw
game's solution took any ``game`` name and a ``piles`` different from ``cards``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

import accordion
from accordion import (
    AccordianGame,
    AccordianSolution,
    BayanGame,
    BayanSolution,
    Deal,
    Game,
    RoyalGame,
    RoyalSolution,
    Rules,
    Solution,
    Stats,
)
from accordion._core import _restore  # type: ignore[attr-defined]
from accordion.errors import (
    AccordionError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidPickleError,
    InvalidRulesError,
)

# Games shared between threads ------------------------------------------------------

GAMES: dict[str, Callable[[], Any]] = {
    "Game": lambda: Game(Deal.from_seed(3)),
    "RoyalGame": lambda: RoyalGame(accordion.royal_deal(3)),
    "BayanGame": lambda: BayanGame(Deal.from_seed(3)),
    "AccordianGame": lambda: AccordianGame(Deal.from_seed(3)),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_a_game_is_safe_to_share_between_threads(name: str) -> None:
    """One thread asks for hints (the call that releases the GIL) while two others
    play and take back moves on the same game: no error, and the game ends where
    the players left it."""
    game = GAMES[name]()
    start = str(game)
    errors: list[BaseException] = []
    hints = threading.Event()
    done = threading.Event()

    def hinter() -> None:
        try:
            while not done.is_set():
                game.hint(timeout=0.05)
                hints.set()
        except BaseException as error:
            errors.append(error)
            hints.set()

    def player() -> None:
        try:
            hints.wait(30)
            for _ in range(3000):
                moves = list(game.legal_moves)
                if moves:
                    try:
                        game.play(moves[0])
                    except IllegalMoveError:
                        continue  # the other player moved first: that is sharing
                    game.undo()
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=hinter)] + [threading.Thread(target=player) for _ in "ab"]
    for thread in threads:
        thread.start()
    for thread in threads[1:]:
        thread.join(60)
    done.set()
    threads[0].join(60)
    assert not any(thread.is_alive() for thread in threads)
    assert errors == []
    assert str(game) == start and game.history == []


# Tampered pickles ---------------------------------------------------------------


def reduced(value: Any) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    """What pickle would call to rebuild ``value``, and its arguments."""
    made = value.__reduce_ex__(2)
    return made[0], made[1]


ROYAL = str(accordion.royal_deal(1))
GAME_STATE = (Deal.parse("7H 7S 8S KS 9D"), Rules("modern"), False, ["KS>8S"])

#: (what, the call that a tampered pickle makes, the error's class, a piece of its message)
PICKLES: list[tuple[str, Callable[[], Any], type[Exception], str]] = [
    ("unknown class", lambda: _restore("Nonsense", ()), InvalidPickleError, "no class"),
    ("Stats by restore", lambda: _restore("Stats", (1,)), InvalidPickleError, '"Stats"'),
    ("class name cut", lambda: _restore("Gam", GAME_STATE), InvalidPickleError, '"Gam"'),
    ("Game: 3 fields", lambda: _restore("Game", GAME_STATE[:3]), InvalidPickleError, "found"),
    ("Game: 5 fields", lambda: _restore("Game", (*GAME_STATE, 1)), InvalidPickleError, "must be"),
    (
        "Game: blind a str",
        lambda: _restore("Game", (*GAME_STATE[:2], "no", [])),
        InvalidPickleError,
        "(Deal, Rules, str, list)",
    ),
    (
        "Game: history a str",
        lambda: _restore("Game", (*GAME_STATE[:3], "KS>8S")),
        InvalidPickleError,
        "history: list of str",
    ),
    (
        "Game: an illegal move",
        lambda: _restore("Game", (*GAME_STATE[:3], ["KS>8S", "KS>8S"])),
        InvalidPickleError,
        'move 2 of its history ("KS>8S") is refused: illegal move',
    ),
    (
        "Game: not a move",
        lambda: _restore("Game", (*GAME_STATE[:3], ["nonsense"])),
        InvalidPickleError,
        "move 1 of its history",
    ),
    (
        "Game: a duplicate card",
        lambda: _restore("Game", ("7H 7H", "modern", False, [])),
        InvalidPickleError,
        "its deal or rules is refused: duplicate card 7H",
    ),
    (
        "Game: unknown rules",
        lambda: _restore("Game", ("7H 7S", "nonsense", False, [])),
        InvalidPickleError,
        'unknown rule set "nonsense"',
    ),
    (
        "Game: rules of the wrong type",
        lambda: _restore("Game", ("7H 7S", 5, False, [])),
        InvalidPickleError,
        "its deal or rules is refused",
    ),
    (
        "Game: a move past the end",
        lambda: _restore("Game", ("7H 7S", "modern", False, ["7S>7H", "deal"])),
        InvalidPickleError,
        "move 2 of its history",
    ),
    (
        "RoyalGame: not a royal row",
        lambda: _restore("RoyalGame", ("7H 7S", "modern", False, [])),
        InvalidPickleError,
        "starts with QH and ends with KH",
    ),
    (
        "RoyalGame: Accordion's rules",
        lambda: _restore("RoyalGame", (ROYAL, "strict", False, [])),
        InvalidPickleError,
        "its deal or rules is refused",
    ),
    (
        "BayanGame: a pair 2 apart",
        lambda: _restore("BayanGame", ("7H 7S 8S", "modern", False, ["out 7H 8S"])),
        InvalidPickleError,
        "2 places apart",
    ),
    (
        "AccordianGame: unknown rules",
        lambda: _restore("AccordianGame", ("7H 7S", "judge", False, [])),
        InvalidPickleError,
        'unknown Accordian Patience rule set "judge" (known: modern, uva)',
    ),
    (
        "AccordianGame: a covered card",
        lambda: _restore("AccordianGame", ("5S 3C 5C", "modern", False, ["5C>3C", "5C>3C"])),
        InvalidPickleError,
        "move 2 of its history",
    ),
    (
        "Outcome: negative",
        lambda: _restore("Outcome", (-1, False)),
        InvalidPickleError,
        "0 or more",
    ),
    (
        "Outcome: a str",
        lambda: _restore("Outcome", ("4", False)),
        InvalidPickleError,
        "(str, bool)",
    ),
    ("Outcome: 1 field", lambda: _restore("Outcome", (4,)), InvalidPickleError, "found (int)"),
    (
        "BayanOutcome: 2 fields",
        lambda: _restore("BayanOutcome", (4, False)),
        InvalidPickleError,
        "(cards: a whole number",
    ),
    (
        "RoyalOutcome: won a str",
        lambda: _restore("RoyalOutcome", (4, "yes", False)),
        InvalidPickleError,
        "found (int, str, bool)",
    ),
    (
        "AccordianOutcome: None",
        lambda: _restore("AccordianOutcome", (None, False, False)),
        InvalidPickleError,
        "AccordianOutcome",
    ),
    (
        "RoyalSolution (old form): 1 field",
        lambda: _restore("RoyalSolution", ("x",)),
        InvalidPickleError,
        "(deal, result, moves, (cards, nodes, seconds, cancelled))",
    ),
    (
        "RoyalSolution (old form): result",
        lambda: _restore("RoyalSolution", ("QH 5C KH", "maybe", [], (3, 1, 0.1, False))),
        InvalidPickleError,
        'its result is "maybe"',
    ),
    (
        "BayanSolution (old form): seconds",
        lambda: _restore("BayanSolution", ("AS 2S", "win", [], (0, 1, -0.1, False))),
        InvalidPickleError,
        "its seconds, -0.1",
    ),
    (
        "RoyalStats (old form): figures",
        lambda: _restore("RoyalStats", ((52, False, "modern", "greedy"), (1, 2), 0.1, False)),
        InvalidPickleError,
        "RoyalStats: its state must be",
    ),
    (
        "Rating: result",
        lambda: _restore("Rating", ("maybe", 63, 12, 6366, 0.19, "easy")),
        InvalidPickleError,
        '"maybe"',
    ),
    (
        "Rating: negative moves",
        lambda: _restore("Rating", ("win", -63, 12, 6366, 0.19, "easy")),
        InvalidPickleError,
        "Rating: its state must be",
    ),
    (
        "Rating: level",
        lambda: _restore("Rating", ("win", 63, 12, 6366, 0.19, "impossible")),
        InvalidArgumentError,
        'level must be a difficulty: easy, medium or hard, got "impossible"',
    ),
    (
        "Stats: piles 0",
        lambda: Stats.from_histogram({0: 5}, Rules("strict"), "forced", True, 52, 1, 0.1),
        InvalidArgumentError,
        "histogram must be a number of piles 1 to 52, got 0",
    ),
    (
        "Stats: a negative count",
        lambda: Stats.from_histogram({3: -5}, Rules("strict"), "forced", True, 52, 1, 0.1),
        InvalidArgumentError,
        "0 or more, got -5",
    ),
    (
        "Stats: strategy",
        lambda: Stats.from_histogram({3: 5}, Rules("strict"), "cheat", True, 52, 1, 0.1),
        InvalidRulesError,
        'unknown strategy "cheat"',
    ),
    (
        "Stats: cards",
        lambda: Stats.from_histogram({3: 5}, Rules("strict"), "forced", True, 99, 1, 0.1),
        InvalidArgumentError,
        "cards must be 1 to 52 cards, got 99",
    ),
    (
        "Rules: distance 0",
        lambda: Rules("modern", distances=(0,)),
        InvalidRulesError,
        "distance 0 is out of range",
    ),
    ("Deal: seed past 2**64", lambda: Deal.from_seed(2**64, 52), InvalidArgumentError, "seed"),
    ("Card: index 52", lambda: accordion.Card.from_index(52), InvalidArgumentError, "52"),
    ("Move: text", lambda: accordion.Move.parse("7H>>7S"), AccordionError, "7H>>7S"),
]


def test_the_pickle_list_has_every_picklable_class() -> None:
    """Every class whose pickle goes through `_restore` has a tampered case here."""
    restored = {"Game", "RoyalGame", "BayanGame", "AccordianGame", "Outcome", "Rating"}
    restored |= {
        f"{game}{kind}" for game in ("Royal", "Bayan", "Accordian") for kind in ["Outcome"]
    }
    named = " ".join(what for what, *_ in PICKLES)
    assert all(name in named for name in restored)


@pytest.mark.parametrize(("what", "call", "kind", "says"), PICKLES, ids=[p[0] for p in PICKLES])
def test_a_tampered_pickle_is_refused_by_name(
    what: str, call: Callable[[], Any], kind: type[Exception], says: str
) -> None:
    with pytest.raises(kind) as raised:
        call()
    assert isinstance(raised.value, AccordionError)
    assert says in str(raised.value), str(raised.value)


def test_a_pickle_stream_tampered_in_its_history_is_refused() -> None:
    """The bytes of a real pickle edited: the history's move names another card."""
    import pickle

    game = Game("7H 7S 8S KS 9D")
    game.play("KS>8S")
    data = pickle.dumps(game).replace(b"KS>8S", b"KS>9D")
    with pytest.raises(InvalidPickleError, match=r"move 1 of its history \("):
        pickle.loads(data)


# Solutions' dicts ---------------------------------------------------------------

WIN = accordion.solve("7H 2C 3C 7C").to_dict()
LOSS = accordion.solve("2S 3S 7H 6H AC QH TH 8C").to_dict()
THROWS = {
    "royal": (RoyalSolution, accordion.solve_royal(accordion.royal_deal(1)).to_dict()),
    "bayan": (BayanSolution, accordion.solve_bayan(Deal.from_seed(1)).to_dict()),
    "accordian": (AccordianSolution, accordion.solve_accordian(Deal.from_seed(1)).to_dict()),
}

SOLUTIONS: list[tuple[str, Callable[[], Any], str]] = [
    ("a card not in the deal", lambda: Solution.from_dict({**WIN, "moves": ["KS>QS"]}), "KS"),
    (
        "piles 4 at one pile",
        lambda: Solution.from_dict({**WIN, "piles": 4}),
        "end at 1, piles is 4",
    ),
    (
        "a line cut short",
        lambda: Solution.from_dict({**WIN, "moves": WIN["moves"][:-1]}),
        "end at 2, piles is 1",
    ),
    ("a loss at one pile", lambda: Solution.from_dict({**WIN, "result": "loss"}), 'not "loss"'),
    ("unknown at one pile", lambda: Solution.from_dict({**WIN, "result": "unknown"}), "a win"),
    (
        "cards that do not agree",
        lambda: Solution.from_dict({**WIN, "moves": ["7H>2C"]}),
        "share neither suit nor rank",
    ),
    (
        "a move played twice",
        lambda: Solution.from_dict({**WIN, "moves": ["3C>2C", "3C>2C"]}),
        "move 2 (3C>2C) does not",
    ),
    (
        "another deal",
        lambda: Solution.from_dict({**WIN, "deal": "7H 2C 3C"}),
        "7C is not the top card",
    ),
    ("a deal of its own", lambda: Solution.from_dict({**WIN, "deal": "QS KS"}), "move 1"),
    (
        "a loss with fewer piles",
        lambda: Solution.from_dict({**LOSS, "piles": LOSS["piles"] - 1}),
        "piles is",
    ),
    ("a loss with no line", lambda: Solution.from_dict({**LOSS, "moves": []}), "end at 8"),
    ("a deal move in an open row", lambda: Solution.from_dict({**WIN, "moves": ["deal"]}), "deal"),
]
for name, (kind, good) in THROWS.items():
    other = "bayan" if name != "bayan" else "royal-marriage"
    SOLUTIONS += [
        (
            f"{name}: another game",
            lambda k=kind, g=good, o=other: k.from_dict({**g, "game": o}),
            other,
        ),
        (
            f"{name}: piles and cards disagree",
            lambda k=kind, g=good: k.from_dict({**g, "piles": g["cards"] + 2}),
            "piles and cards are the same number",
        ),
        (
            f"{name}: cards not what the line leaves",
            lambda k=kind, g=good: k.from_dict(
                {**g, "cards": g["cards"] + 2, "piles": g["cards"] + 2}
            ),
            "what its moves leave",
        ),
        (
            f"{name}: the first move dropped",
            lambda k=kind, g=good: k.from_dict({**g, "moves": g["moves"][1:]}),
            "must replay from its deal",
        ),
        (
            f"{name}: a move played twice",
            lambda k=kind, g=good: k.from_dict({**g, "moves": g["moves"][:1] * 2}),
            "move 2",
        ),
    ]


@pytest.mark.parametrize(("what", "call", "says"), SOLUTIONS, ids=[s[0] for s in SOLUTIONS])
def test_a_solution_dict_that_does_not_validate_is_refused(
    what: str, call: Callable[[], Any], says: str
) -> None:
    with pytest.raises(InvalidArgumentError) as raised:
        call()
    assert raised.value.argument == "data"
    assert says in str(raised.value), str(raised.value)


def test_every_game_s_solution_still_round_trips() -> None:
    """The checks refuse no solution that a solver wrote."""
    for deal in [Deal.from_seed(seed, 12) for seed in range(1, 40)]:
        for rules in ("modern", Rules("modern", two_way=True), Rules("modern", distances={2, 3})):
            solution = accordion.solve(deal, rules=rules)
            assert Solution.from_dict(solution.to_dict()).to_dict() == solution.to_dict()
    for kind, good in THROWS.values():
        assert kind.from_dict(good).to_dict() == good
    for seed in range(1, 20):
        for rules in ("modern", "uva"):
            solved = accordion.solve_accordian(
                Deal.from_seed(seed, 10), rules=rules, max_nodes=20_000
            )
            assert AccordianSolution.from_dict(solved.to_dict()).to_dict() == solved.to_dict()


@pytest.mark.parametrize(
    "call",
    [
        lambda engine: engine.Game("AS 2S 3S 4S", "uva"),
        lambda engine: engine.Game("AS 2S 3S 4S", " UVA "),
        lambda engine: engine.solve("AS 2S 3S 4S", rules="uva"),
        lambda engine: engine.Rules("uva"),
    ],
)
def test_accordion_refuses_the_uva_rules_by_name_as_by_rules(call: Callable[[Any], Any]) -> None:
    """``uva`` is Accordian Patience's rule set: Accordion refuses it given as a name
    anywhere, as ``Rules("uva")`` does, in both engines' words (the core's rules=
    reader took it and played Accordion under the judge's forced moves)."""
    import accordion.reference as reference

    answers = []
    for engine in (accordion, reference):
        with pytest.raises(InvalidRulesError) as refused:
            call(engine)
        answers.append(str(refused.value))
    assert answers[0] == answers[1]
    assert "Accordian Patience's" in answers[0]
