"""One suite for every game of the registry × both engines (accordion.games.GAMES):
perft golden counts written by the reference engine (tests/data/perft-games.tsv,
from tests/data/perft_games.py), and a lock-step state machine that plays the same
random actions on the core's game and the reference engine's and compares them.
A game added to the registry is held to both without a line here."""

from __future__ import annotations

import functools
import pickle
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from _helpers import card_texts, texts
from conftest import data_script
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import accordion
import accordion.reference
from accordion import errors
from accordion.errors import AccordionError, IllegalMoveError, InvalidArgumentError
from accordion.games import GAMES, Descriptor, Engines, load

DATA = Path(__file__).resolve().parent / "data"


SCRIPT = data_script("perft_games")

#: A test run on the core and on the reference engine (its argument ``engine``).
both_engines = pytest.mark.parametrize("engine", ["core", "reference"])


def by_game(table: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, str, Any]]:
    """The rows ``(game, key, value)`` of a table of each game's own table."""
    return [(name, *row) for name, rows in table.items() for row in rows.items()]


def _lines() -> list[tuple[str, str, str, int, int, list[int]]]:
    found = []
    for text in (DATA / "perft-games.tsv").read_text(encoding="utf-8").splitlines():
        if text and not text.startswith("#"):
            name, rules, mode, seed, cards, counts = text.split("\t")
            found.append(
                (name, rules, mode, int(seed), int(cards), [int(n) for n in counts.split(",")])
            )
    return found


LINES = _lines()


def test_the_file_has_every_game_rule_set_and_deal() -> None:
    expected = {
        (game.name, rules, mode, seed, cards)
        for game in GAMES.values()
        for rules in game.rules
        for mode, seed, cards in SCRIPT.DEALS
    }
    assert {line[:5] for line in LINES} == expected


@both_engines
@pytest.mark.parametrize("line", LINES, ids=lambda line: "-".join(map(str, line[:5])))
def test_both_engines_count_the_golden_perft(engine: str, line: tuple[Any, ...]) -> None:
    name, rules, mode, seed, cards, counts = line
    game = SCRIPT.start(GAMES[name], rules, mode, seed, cards, engine)
    # Depth d costs the counts before it in plays: a few hundred for the reference.
    budget = 400 if engine == "reference" else 50_000
    depth = max(d for d in range(1, len(counts) + 1) if d == 1 or sum(counts[: d - 1]) <= budget)
    assert SCRIPT.PERFT.perft_all(game, depth) == counts[:depth]
    assert list(game.history) == []


# ---------------------------------------------------------------- illegal moves

#: A game's open row and moves it refuses, with what the refusal must say.
ILLEGAL_MOVES: dict[str, tuple[str, dict[str, str]]] = {
    "royal-marriage": (
        "QH 5C 7D 9H 5S KH",
        {
            "out QH": "left end",
            "out KH": "right end",
            "out 5C": "share neither",
            "out 5C 9H": "not next to each other",
            "out AS": "not in the row",
            "between QH 5S": "not 2 or 3 places",
            "deal": "no stock",
        },
    ),
    "bayan": (
        "5C 9H 2D 5S 9D 2H",
        {
            "out 5C 2D": "5C and 2D are 2 places apart; a pair is thrown out 1 or 3",
            "out 5C 9D": "4 places apart",
            "out 5C 9H": "5C and 9H share neither suit nor rank",
            "out AS 5C": "AS is not in the row",
            "deal": "an open game has no talon",
        },
    ),
    "accordian": (
        "5C 9H 2D 5S 5H KD",
        {
            "KD>5H": "share neither suit nor rank",
            "AS>5C": "not in the row",
            "5C>5S": "not 1 or 3 piles left",
            "deal": "an open game has no stock",
        },
    ),
}


@both_engines
@pytest.mark.parametrize(
    ("name", "move", "why"), by_game({name: moves for name, (_, moves) in ILLEGAL_MOVES.items()})
)
def test_illegal_moves_raise_say_why_and_change_nothing(
    engine: Engines, name: str, move: str, why: str
) -> None:
    row = ILLEGAL_MOVES[name][0]
    game = GAMES[name].game_class(engine)(row)
    with pytest.raises(IllegalMoveError, match=why):
        game.play(move)
    assert str(game) == row
    assert [str(card) for card in game.cards] == row.split()
    assert list(game.history) == []


# ---------------------------------------------------------------- notation

#: A throw game's move of two cards ``{a}`` and ``{b}``: a spelling to parse, the
#: move's canonical text, another spelling of the same move, and the kind it names.
TWO_CARD_MOVES = {
    "royal-marriage": ("{a} {b} out", "out {a} {b}", "x{a},{b}", "out"),
    "bayan": ("out {a} {b}", "out {a} {b}", "x{a},{b}", "out"),
    "accordian": ("{a} on {b}", "{a}>{b}", "{a}-{b}", "move"),
}


@pytest.mark.parametrize("name", list(TWO_CARD_MOVES))
@given(a=card_texts, b=card_texts)
def test_canonical_two_card_moves_round_trip_on_both_engines(name: str, a: str, b: str) -> None:
    spelling, canonical, other, kind = (text.format(a=a, b=b) for text in TWO_CARD_MOVES[name])
    for engine in ("core", "reference"):
        move_class = GAMES[name].move_class(engine)
        if a == b:
            with pytest.raises(errors.InvalidMoveError, match="names one card twice"):
                move_class(canonical)
            continue
        move = move_class.parse(spelling)
        assert str(move) == canonical
        assert move_class.parse(str(move)) == move
        assert hash(move_class(other)) == hash(move)
        assert move == move_class(other)
        assert (move.kind, texts(move.cards), move.is_deal) == (kind, [a, b], False)


#: Spellings of each throw game's moves, and the canonical text each parses to.
SPELLINGS = {
    "royal-marriage": {
        "5D 7C out": "out 5D 7C",
        "x5D,7C": "out 5D 7C",
        "OUT 5d, 7c": "out 5D 7C",
        "x 10D": "out TD",
        "7♥ out": "out 7H",
        "3S..9S": "between 3S 9S",
        "Between 3s,9s": "between 3S 9S",
        " DEAL ": "deal",
    },
    "bayan": {
        "5D 9D out": "out 5D 9D",
        "x5D,9D": "out 5D 9D",
        "OUT 5d, 9d": "out 5D 9D",
        "10D 9D": "out TD 9D",
        "7♥ 7♠": "out 7H 7S",
        " DEAL ": "deal",
    },
    "accordian": {
        "7h on 7s": "7H>7S",
        "10H-7S": "TH>7S",
        "7♥→7♠": "7H>7S",
        " DEAL ": "deal",
    },
}


@both_engines
@pytest.mark.parametrize(("name", "spelling", "canonical"), by_game(SPELLINGS))
def test_every_spelling_parses_to_its_canonical_move(
    engine: Engines, name: str, spelling: str, canonical: str
) -> None:
    move_class = GAMES[name].move_class(engine)
    assert str(move_class.parse(spelling)) == canonical
    assert repr(move_class(canonical)) == f"{move_class.__name__}({canonical!r})"


#: A row of each game and texts that are not a move of it.
BAD_MOVES = {
    "royal-marriage": (
        "QH 5C 9H KH",
        ["", "out", "5D", "5D>7C", "out 5D 7C 9H", "out 5D 5D", "between 3S", "3S..", "x"],
    ),
    "bayan": (
        "5C 9H 2D 5S",
        ["", "out", "5D", "out 5D", "5D>9D", "out 5D 9D 3C", "out 5D 5D", "x", "deal 5D"],
    ),
    # Played by Royal Marriage's classes, its messages name it all the same.
    "push-pin": ("3H 5C 9H 4H", ["", "out", "5D", "5D>7C", "out 5D 7C 9H", "x"]),
    "decade": (
        "5C 9H 2D 5S",
        ["", "out", "5D>7C", "out 5D 5D", "x", "deal 5D", "3C..7D", "between 3S 9S"],
    ),
    "seven-up": (
        "5C 9H 2D 5S",
        ["", "out", "5D>7C", "out 5D 5D", "x", "deal 5D", "3C..7D", "between 3S 9S"],
    ),
}


def test_bad_moves_cover_every_game_whose_refusals_name_it() -> None:
    """Every game whose move class names it when refusing a text has its row here."""
    naming = set()
    for name, game in GAMES.items():
        with pytest.raises(errors.InvalidMoveError) as refused:
            game.move_class().parse("x")
        if f"not a {game.title} move" in str(refused.value):
            naming.add(name)
    assert naming - set(BAD_MOVES) == set()


@both_engines
@pytest.mark.parametrize(
    ("name", "text"), [(name, text) for name, (_, texts) in BAD_MOVES.items() for text in texts]
)
def test_bad_move_text_raises_invalid_move_naming_the_game(
    engine: Engines, name: str, text: str
) -> None:
    game = GAMES[name]
    with pytest.raises(errors.InvalidMoveError, match=f"not a {game.title} move"):
        game.move_class(engine).parse(text)
    with pytest.raises(errors.InvalidMoveError):
        game.game_class(engine)(BAD_MOVES[name][0]).play(text)


#: Deals each throw game refuses, and the error (a ``ValueError``) its game class
#: and its solver raise.
BAD_DEALS = {
    "royal-marriage": {
        "5C QH KH": errors.InvalidDealError,
        "QH 5C": errors.InvalidDealError,
        "QH": errors.InvalidDealError,
        "QH QH KH": errors.InvalidDealError,
        "QH ZZ KH": errors.InvalidCardError,
        "QH;5C KH": errors.InvalidDealError,
    },
    "bayan": {
        "": errors.InvalidDealError,
        "5C 5C": errors.InvalidDealError,
        "5C ZZ": errors.InvalidCardError,
    },
}


@both_engines
@pytest.mark.parametrize(("name", "deal", "error"), by_game(BAD_DEALS))
def test_bad_deals_raise(engine: Engines, name: str, deal: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        GAMES[name].game_class(engine)(deal)
    with pytest.raises(error):
        GAMES[name].solver(engine)(deal)
    assert issubclass(error, ValueError)


# ---------------------------------------------------------------- lock step

OUTCOME_FIELDS = ("piles", "cards", "grade", "won", "is_over")  # what each game has


def _snapshot(game: Any) -> dict[str, object]:
    outcome = game.outcome
    return {
        "legal": [str(move) for move in game.legal_moves],
        "piles": [[str(card) for card in pile] for pile in game.piles],
        "stock": game.stock_size,
        "over": game.is_over,
        "history": [str(move) for move in game.history],
        "outcome": {
            name: getattr(outcome, name) for name in OUTCOME_FIELDS if hasattr(outcome, name)
        },
        "text": str(game),
    }


def _machine(game: Descriptor) -> type[RuleBasedStateMachine]:
    class Lockstep(RuleBasedStateMachine):
        """One deal of the game played on both engines with the same random actions."""

        @initialize(
            seed=st.integers(0, 2**64 - 1),
            cards=st.integers(2, 52),
            rules=st.sampled_from(game.rules),
            blind=st.booleans(),
        )
        def start(self, seed: int, cards: int, rules: str, blind: bool) -> None:
            self.games = []
            engines: tuple[Engines, ...] = ("core", "reference")
            for engine in engines:
                deal = game.numbered(engine)(seed, cards)
                made = game.make_rules(rules, engine)
                self.games.append(game.game_class(engine)(deal, made, blind=blind))

        @precondition(lambda self: not self.games[1].is_over)
        @rule(choice=st.integers(0, 10_000))
        def play_a_legal_action(self, choice: int) -> None:
            legal = [str(move) for move in self.games[1].legal_moves]
            text = legal[choice % len(legal)]
            assert [str(table.play(text)) for table in self.games] == [text, text]

        @rule(choice=st.integers(0, 10_000), other=st.integers(0, 10_000))
        def try_a_move_of_other_cards(self, choice: int, other: int) -> None:
            """A move named by two top cards, legal or not, in the game's notation."""
            tops = [str(pile[-1]) for pile in self.games[1].piles] or ["AS"]
            first, second = tops[choice % len(tops)], tops[other % len(tops)]
            text = f"out {first} {second}" if game.nouns.move == "throw" else f"{first}>{second}"
            answers = []
            for table in self.games:
                try:
                    answers.append(str(table.play(text)))
                except AccordionError as error:
                    answers.append(type(error).__name__)
            assert answers[0] == answers[1]

        @precondition(lambda self: bool(self.games[1].history))
        @rule()
        def undo(self) -> None:
            assert len({str(table.undo()) for table in self.games}) == 1

        @invariant()
        def engines_agree(self) -> None:
            core, reference = (_snapshot(table) for table in self.games)
            assert core == reference

    Lockstep.__name__ = f"Lockstep_{game.name}"
    return Lockstep


for _game in GAMES.values():
    _case = _machine(_game).TestCase
    _case.settings = settings(max_examples=40, stateful_step_count=30, deadline=None)
    globals()[f"TestLockstep_{_game.name.replace('-', '_')}"] = _case


# ---------------------------------------------------------------- solving a game in progress


# Accordion's solver refuses a blind game with cards in its stock (docs/api.md);
# the throw games' solvers deal the stock onto the row first.
THROW_GAMES = sorted(name for name, game in GAMES.items() if not game.plays_accordion)


@pytest.mark.parametrize("name", THROW_GAMES)
@pytest.mark.parametrize("blind", [False, True])
def test_both_engines_solve_a_game_in_progress_alike(name: str, blind: bool) -> None:
    """Regression (issue 23): the reference solved a blind Royal Marriage game's
    dealt cards only (the core deals the stock first), and wrote Accordian
    Patience's start as the starting deal, not the row being solved."""
    game = GAMES[name]
    answers = []
    for engine in ("core", "reference"):
        played = game.game_class(engine)(game.numbered(engine)(7, 10), blind=blind)
        for _ in range(4):
            legal = list(played.legal_moves)
            if legal:
                played.play(legal[0])
        solution = game.solver(engine)(played)
        answers.append((solution.deal, solution.result, solution.piles))
    assert answers[0] == answers[1]


# ---------------------------------------------------------------- reprs


def _namespace(game: Descriptor, engine: Engines) -> dict[str, object]:
    """The names a repr of ``engine`` is written in: the package's, or the
    reference engine's with the game's own module."""
    if engine == "core":
        return dict(vars(accordion))
    module = sys.modules[load(game.pieces("reference").game).__module__]
    return {**vars(accordion.reference), **vars(module)}


def _values(game: Descriptor, engine: Engines, blind: bool) -> list[object]:
    """The public values of one game in progress: a card, the deal, the rules,
    every legal move and the outcome, before and after a few actions."""
    deal = game.numbered(engine)(11, 9)
    rules = game.make_rules(None, engine)
    played = game.game_class(engine)(deal, rules, blind=blind)
    values: list[object] = [deal, deal.cards[0], played.outcome]
    if not isinstance(rules, str):
        values.append(rules)
    for _ in range(3):
        legal = list(played.legal_moves)
        values += legal
        if legal:
            played.play(legal[-1])
        values.append(played.outcome)
    return values


@pytest.mark.parametrize("blind", [False, True])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_value_repr_evaluates_back_and_both_engines_write_it_alike(
    name: str, blind: bool
) -> None:
    """Regression (issue 23): the core wrote the throw games' outcomes as
    ``<RoyalOutcome cards=6 …>``, which does not evaluate."""
    game = GAMES[name]
    written = {}
    for engine in ("core", "reference"):
        namespace = _namespace(game, engine)
        values = _values(game, engine, blind)
        for value in values:
            assert eval(repr(value), namespace) == value, repr(value)
        written[engine] = [repr(value) for value in values]
    assert written["core"] == written["reference"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_both_engines_write_a_game_alike(name: str) -> None:
    game = GAMES[name]
    deal = {engine: game.numbered(engine)(11, 9) for engine in ("core", "reference")}
    for blind in (False, True):
        reprs = {
            repr(game.game_class(engine)(deal[engine], game.make_rules(None, engine), blind=blind))
            for engine in ("core", "reference")
        }
        assert len(reprs) == 1, reprs


@both_engines
def test_an_outcome_refuses_a_grade_its_piles_do_not_have(engine: Engines) -> None:
    outcome = GAMES["accordion"].game_class(engine)("7H 7S").outcome
    kind = type(outcome)
    assert kind(piles=1, grade="win", is_over=True).grade == "win"
    refused = 'grade must be "strong" for 2 piles \\(or "win"\\), got "loss"'
    with pytest.raises(InvalidArgumentError, match=refused):
        kind(piles=2, grade="loss", is_over=True)
    with pytest.raises(InvalidArgumentError, match="piles must be 0 or more piles"):
        kind(piles=-1, grade="loss", is_over=True)
    with pytest.raises(TypeError):
        kind(piles=2, grade="strong", is_over=1)


@both_engines
def test_a_win_at_two_piles_survives_pickling(engine: Engines) -> None:
    """Regression: the core pickled an outcome as its piles alone, and 23 Skidoo's
    win at two piles came back graded ``strong``."""
    game = GAMES["23-skidoo"]
    played = game.game_class(engine)("7H 2C 7S", game.make_rules(None, engine))
    played.play(next(iter(played.legal_moves)))
    outcome = played.outcome
    assert outcome.grade == "win"
    assert pickle.loads(pickle.dumps(outcome)) == outcome


#: Every variant flag of Accordion's rules, alone and together.
RULES_VARIANTS = [
    {},
    {"two_way": True},
    {"distances": [2]},
    {"distances": [1, 2, 3]},
    {"win_piles": 2},
    {"goal": "AS"},
    {"two_way": True, "distances": [2, 3], "win_piles": 2, "goal": "KD"},
    {"two_way": False, "distances": [1, 3], "win_piles": 1},
]


@pytest.mark.parametrize("name", ["modern", "strict", "strict-leap", "parlett"])
@pytest.mark.parametrize("variant", RULES_VARIANTS, ids=str)
def test_both_engines_print_rules_alike(name: str, variant: dict[str, object]) -> None:
    """Regression: the reference printed a variant as ``modern, two-way, distances
    1,3``, the core as ``modern two-way`` (its messages quote it)."""
    written = [
        (str(made), repr(made))
        for made in (accordion.Rules(name, **variant), accordion.reference.Rules(name, **variant))  # type: ignore[arg-type]
    ]
    assert written[0] == written[1]


#: Values of every wrong type (and a few bad values) for any argument.
BAD_ARGUMENTS = [5, -1, 2**70, -(2**70), 1.5, -1e300, float("nan"), True, b"x", [1], object()]


def _refusal(call: Any) -> str:
    """What a call raises (type and message, the module left out), or ``ok``."""
    try:
        call()
    except (ValueError, TypeError) as error:
        return f"{type(error).__name__}: {error}".replace("accordion.reference.", "")
    return "ok"


def _refusals(game: Descriptor, engine: Engines, value: object) -> list[str]:
    """What each public call of the game's pieces in ``engine`` says of ``value``."""
    cls, solve, move = game.game_class(engine), game.solver(engine), game.move_class(engine)
    deal = game.numbered(engine)(3, 9)
    played = cls(deal, blind=True)
    calls = [
        lambda: cls(value),
        lambda: cls(deal, value),
        lambda: cls(deal, blind=value),
        lambda: solve(value),
        lambda: solve(deal, rules=value),
        lambda: solve(deal, max_nodes=value),
        lambda: solve(deal, timeout=value),
        lambda: solve(deal, memory=value),
        lambda: move(value),
        lambda: move.parse(value),
        lambda: played.play(value),
    ]
    if not game.plays_accordion:
        calls += [lambda: played.hint(timeout=value)]
    if not game.plays_accordion and game.pieces(engine).plays is None:
        calls += [lambda: cls(deal, game=value), lambda: solve(deal, game=value)]
    return [_refusal(call) for call in calls]


@pytest.mark.parametrize(
    "value", BAD_ARGUMENTS, ids=lambda value: type(value).__name__ + repr(value)[:12]
)
@pytest.mark.parametrize("name", sorted(GAMES))
def test_both_engines_refuse_a_bad_argument_in_the_same_words(name: str, value: object) -> None:
    """Regression: the reference's TypeErrors had their own words (``expected a
    Deal or str, got int``, ``blind is a bool``, ``solve takes a Deal, a Game or
    a deal's text``) where the core says ``a deal must be a Deal or a str, not
    int``, and it wrote a bad timeout as ``nan`` or ``-1e+300`` where the core
    writes ``NaN`` and ``-1e300``."""
    answers = [_refusals(GAMES[name], engine, value) for engine in ("core", "reference")]
    assert answers[0] == answers[1]


def _type_error(call: Any) -> str:
    with pytest.raises(TypeError) as refused:
        call()
    return str(refused.value)


def _bad_constructions(game: Descriptor, engine: Engines) -> list[str]:
    """What a game's classes say of calls that do not fit their signatures."""
    cls, move = load(game.pieces(engine).game), load(game.pieces(engine).move)
    deal = game.numbered(engine)(3, 9)
    rules = game.rules[0]
    calls = [
        lambda: cls(),
        lambda: cls(deal, rules, True),
        lambda: cls(deal, nope=1),
        lambda: cls(deal, deal=deal),
        lambda: cls(rules=rules),
        lambda: move(),
        lambda: move("deal", "deal", "deal"),
        lambda: move("deal", nope=1),
    ]
    if not game.plays_accordion:
        calls += [lambda: cls(deal, rules, True, game=game.name), lambda: cls(game=game.name)]
    return [_type_error(call) for call in calls]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_call_that_does_not_fit_a_class_is_refused_in_the_core_s_words(name: str) -> None:
    """Regression: the reference's classes were refused in Python's words, naming
    the method that defines them (``ThrowGame.__init__() takes from 2 to 3
    positional arguments``, ``self`` counted), where the core names the class
    called (``RoyalGame.__new__() takes from 1 to 2 positional arguments``)."""
    answers = [_bad_constructions(GAMES[name], engine) for engine in ("core", "reference")]
    assert answers[0] == answers[1]


VALUE_CALLS: list[tuple[str, tuple[object, ...], dict[str, object]]] = [
    ("Card", (), {}),
    ("Card", ("AS", 1), {}),
    ("Card", ("AS",), {"text": "AS"}),
    ("Move", ("AS",), {}),
    ("Move", ("AS", "2S", 3), {}),
    ("Move", ("AS", "2S"), {"nope": 1}),
    ("Deal", (["AS"], 1), {}),
    ("Deal", (), {}),
    ("Rules", ("modern", 1), {}),
    ("Rules", ("modern",), {"name": "modern"}),
    ("Rules", (), {"nope": 1}),
]


@pytest.mark.parametrize(("kind", "args", "kwargs"), VALUE_CALLS)
def test_a_call_that_does_not_fit_a_value_class_reads_as_the_core_s(
    kind: str, args: tuple[object, ...], kwargs: dict[str, object]
) -> None:
    classes = [getattr(module, kind) for module in (accordion, accordion.reference)]
    answers = [_type_error(functools.partial(made, *args, **kwargs)) for made in classes]
    assert answers[0] == answers[1]


#: Calls of the value classes with a value they refuse: ``(what, call)``, the
#: call given the module whose classes it makes.
VALUE_REFUSALS: list[tuple[str, Any]] = [
    ("agrees 5", lambda m: m.Card("AS").agrees(5)),
    ("agrees str", lambda m: m.Card("AS").agrees("AS")),
    ("index str", lambda m: m.Deal.parse("AS 2S")["0"]),
    ("index 5", lambda m: m.Deal.parse("AS 2S")[5]),
    ("index -3", lambda m: m.Deal.parse("AS 2S")[-3]),
    ("index 2**70", lambda m: m.Deal.parse("AS 2S")[2**70]),
    ("Deal(5)", lambda m: m.Deal(5)),
    ("Deal(None)", lambda m: m.Deal(None)),
    ("Deal(text)", lambda m: m.Deal("AS 2S")),
    ("from_pysol 1.5", lambda m: m.Rules.from_pysol(1.5)),
    ("from_pysol None", lambda m: m.Rules.from_pysol(None)),
    ("from_pysol number", lambda m: m.Rules.from_pysol("Accordion's Revenge", 1.5)),
    ("no distances", lambda m: m.Rules("modern", distances=[])),
]


@pytest.mark.parametrize(("what", "call"), VALUE_REFUSALS, ids=[w for w, _ in VALUE_REFUSALS])
def test_both_engines_refuse_a_bad_value_in_the_same_words(what: str, call: Any) -> None:
    """Regression: the reference said ``a card agrees with a Card, not int``,
    ``deal indices are int``, ``tuple index out of range``, ``Deal() takes an
    iterable of cards, not int (use Deal.parse for text)``, ``a PySolFC game is
    a name or an id, not float`` and ``the distance set is empty: no pile could
    ever move``, each where the core says it otherwise."""
    answers = []
    for module in (accordion, accordion.reference):
        with pytest.raises((TypeError, ValueError, IndexError)) as refused:
            call(module)
        answers.append(f"{type(refused.value).__name__}: {refused.value}")
    assert answers[0] == answers[1]


def _bad_method_calls(game: Descriptor, engine: Engines) -> list[str]:
    """What a game in progress and its outcome class say of calls that do not fit."""
    played = game.game_class(engine)(game.numbered(engine)(3, 9), blind=True)
    outcome = type(played.outcome)
    count = "piles" if game.plays_accordion else "cards"
    calls = [
        lambda: played.play(),
        lambda: played.play("deal", "deal"),
        lambda: played.play("deal", nope=1),
        lambda: played.undo(1),
        lambda: played.undo(nope=1),
        lambda: played.deal(1, 2),
        lambda: played.copy(1),
        lambda: outcome(),
        lambda: outcome(1, True, True),
        lambda: outcome(**{count: 1}),
        lambda: outcome(**{count: 1}, nope=1),
    ]
    if not game.plays_accordion:  # the reference engine gives Accordion no hint
        calls += [lambda: played.hint(1), lambda: played.hint(nope=1)]
    return [_type_error(call) for call in calls]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_call_that_does_not_fit_a_method_is_refused_in_the_core_s_words(name: str) -> None:
    """Regression: the reference's methods were refused in Python's words
    (``ThrowGame.undo() takes 1 positional argument but 2 were given``, ``missing
    3 required keyword-only arguments``) where the core says ``RoyalGame.undo()
    takes no arguments (1 given)`` and ``missing 3 required keyword arguments``."""
    answers = [_bad_method_calls(GAMES[name], engine) for engine in ("core", "reference")]
    assert answers[0] == answers[1]


#: The value classes' static methods, called wrongly.
STATIC_CALLS = [
    (kind, method, args, kwargs)
    for kind, methods in (
        ("Card", ("parse", "from_index")),
        ("Move", ("parse", "deal")),
        ("Deal", ("parse", "from_seed", "from_pysol", "from_solvitaire", "from_knuth", "random")),
    )
    for method in methods
    for args, kwargs in (((1, 2, 3), {}), ((), {"nope": 1}))
]


@pytest.mark.parametrize(("kind", "method", "args", "kwargs"), STATIC_CALLS)
def test_a_call_that_does_not_fit_a_static_method_reads_as_the_core_s(
    kind: str, method: str, args: tuple[object, ...], kwargs: dict[str, object]
) -> None:
    """Regression: ``Deal.parse() takes 1 positional argument`` (Python's word)
    where the core's says ``arguments``; ``Move.deal()`` takes no arguments."""
    found = [getattr(getattr(module, kind), method) for module in (accordion, accordion.reference)]
    answers = [_type_error(functools.partial(made, *args, **kwargs)) for made in found]
    assert answers[0] == answers[1]


@pytest.mark.parametrize(
    "name", sorted(name for name, game in GAMES.items() if not game.plays_accordion)
)
def test_a_call_that_does_not_fit_a_move_class_method_reads_as_the_core_s(name: str) -> None:
    """Regression: a throw game's ``parse`` and ``deal`` were named
    ``ThrowMove.parse()`` (the class defining them), counting ``cls``."""
    answers = []
    for engine in ("core", "reference"):
        move = load(GAMES[name].pieces(engine).move)
        calls = [
            move.parse,
            functools.partial(move.parse, 1, 2),
            functools.partial(move.parse, nope=1),
        ]
        calls += [functools.partial(move.deal, 1), functools.partial(move.deal, nope=1)]
        answers.append([_type_error(call) for call in calls])
    assert answers[0] == answers[1]


#: Numbered deals asked for with a value they refuse.
NUMBERING_REFUSALS: list[tuple[str, Any]] = [
    ("knuth seed", lambda m: m.Deal.from_knuth(1.5)),
    ("solvitaire seed", lambda m: m.Deal.from_solvitaire("7")),
    ("solvitaire game", lambda m: m.Deal.from_solvitaire(1, 5)),
    ("pysol game spaced", lambda m: m.Deal.from_pysol(1, " 7 ")),
    ("pysol game cased", lambda m: m.Rules.from_pysol("ZZ")),
]


@pytest.mark.parametrize(
    ("what", "call"), NUMBERING_REFUSALS, ids=[w for w, _ in NUMBERING_REFUSALS]
)
def test_both_engines_refuse_a_bad_numbering_in_the_same_words(what: str, call: Any) -> None:
    """Regression: the reference said ``a Knuth seed is an int, not float`` where
    the core says ``seed must be an int, got float``, and quoted an unknown
    PySolFC game trimmed and lowered (``"zz"``) where the core quotes it as given."""
    answers = []
    for module in (accordion, accordion.reference):
        with pytest.raises((TypeError, ValueError)) as refused:
            call(module)
        answers.append(f"{type(refused.value).__name__}: {refused.value}")
    assert answers[0] == answers[1]
