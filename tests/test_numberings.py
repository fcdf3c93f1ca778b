"""Deals other programs number: PySolFC, Solvitaire and Knuth, in both engines.

Checked against rows the programs printed (``tests/data/``) and, for PySolFC,
against the ``pysol-cards`` package, PySolFC's own shuffling library, driven
here the way ``pysollib/game/__init__.py`` drives it.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pysol_cards.cards import createCards, ms_rearrange
from pysol_cards.random import LCRandom31, MTRandom

DATA = Path(__file__).parent / "data"


def table(name: str) -> list[list[str]]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return [line.split("\t") for line in lines if line and not line.startswith("#")]


def card_text(card: object) -> str:
    """A pysol_cards card (rank 1-13, suit 0-3 = C S H D) in our notation."""
    return "A23456789TJQK"[card.rank - 1] + "CSHD"[card.suit]  # type: ignore[attr-defined]


def pysolfc(number: int | str, game: str = "accordion") -> tuple[str, str | None]:
    """The row (and Accordion's Revenge goal card) as PySolFC makes them with pysol_cards.

    ``Game.shuffle``: the LCG below 32,000 (and for ``msN``) on ``ms_rearrange``d
    cards, else the Mersenne Twister; ``RandomBase.shuffle``; the subclass hook; the
    talon deals its last card first.
    """
    cards = createCards(1)
    if isinstance(number, str):
        rng: LCRandom31 | MTRandom = LCRandom31(int(number.removeprefix("ms")))
        cards = ms_rearrange(cards)
    elif number < 32000:
        rng = LCRandom31(number)
        cards = ms_rearrange(cards)
    else:
        rng = MTRandom(number)
    rng.reset()
    rng.shuffle(cards)
    if game == "royal-marriage":  # RoyalMarriage._shuffleHook
        queen = next(i for i, c in enumerate(cards) if (c.suit, c.rank) == (2, 12))
        king = next(i for i, c in enumerate(cards) if (c.suit, c.rank) == (2, 13))
        q, k = cards[queen], cards[king]
        del cards[max(queen, king)]
        del cards[min(queen, king)]
        cards = [k, *cards, q]
    row = [card_text(c) for c in reversed(cards)]
    goal = None
    if game == "accordions-revenge":  # AccordionsRevenge.startGame
        suit = rank = -1
        while suit < 0 or rank < 0 or (rank, suit) in [(r.rank - 1, r.suit) for r in cards[-2:]]:
            suit = rng.choice((0, 1, 2, 3))
            rank = rng.choice(range(13))
        goal = "A23456789TJQK"[rank] + "CSHD"[suit]
    return " ".join(row), goal


# 150 numbers for the LCG (1 to 31,999) and 170 for the Twister (32,000 up,
# past 2**32 and 2**64, to the largest number, 10**20 - 1).
LCG_NUMBERS = [1, 2, 3, 617, 11982, 31998, 31999, *range(7, 31999, 223)]
TWISTER_NUMBERS = [
    32000,
    32001,
    2**31 - 1,
    2**31,
    2**32 - 1,
    2**32,
    2**32 + 1,
    2**64 - 1,
    2**64,
    2**64 + 1,
    10**20 - 1,
    *range(40_000, 10**9, 6_711_111),
    *(2**32 + 3**k for k in range(41)),
    *(10**19 + 7**k for k in range(20)),
]
MS_NUMBERS = [
    "ms32000",
    "ms1000000",
    "ms2147483647",
    "ms2147483648",
    "ms3000000000",
    "ms4294967296",
    "ms6000000000",
    "ms8589934591",
]


def test_the_cross_check_covers_both_generators_widely() -> None:
    assert len(LCG_NUMBERS) >= 150
    assert len(TWISTER_NUMBERS) >= 150
    assert sum(n >= 2**32 for n in TWISTER_NUMBERS) >= 50
    assert max(TWISTER_NUMBERS) == 10**20 - 1


@pytest.mark.parametrize("number", [*LCG_NUMBERS, *TWISTER_NUMBERS, *MS_NUMBERS])
def test_pysol_rows_match_pysol_cards(engine: ModuleType, number: int | str) -> None:
    row, _ = pysolfc(number)
    assert str(engine.Deal.from_pysol(number)) == row
    assert str(engine.Deal.from_pysol(str(number), game=772)) == row


@pytest.mark.parametrize("number", [1, 5, 31999, 32000, 123456, 2**33 + 5, 10**20 - 1, "ms40000"])
def test_every_family_member_and_the_revenge_goal_match_pysol_cards(
    engine: ModuleType, number: int | str
) -> None:
    from accordion.games import GAMES

    row, _ = pysolfc(number)
    for game in (g.name for g in GAMES.values() if g.pysol_id):
        # Every game of the registry that PySolFC has, laid out as PySolFC lays it out.
        assert str(engine.Deal.from_pysol(number, game)) == pysolfc(number, game)[0], game
    for game in ("bayan", "relaxed-accordion", "23-skidoo", "accordions-revenge"):
        assert str(engine.Deal.from_pysol(number, game)) == row
    royal, _ = pysolfc(number, "royal-marriage")
    deal = engine.Deal.from_pysol(number, "Royal Marriage")
    assert str(deal) == royal
    assert (str(deal[0]), str(deal[51])) == ("QH", "KH")
    _, goal = pysolfc(number, "accordions-revenge")
    assert str(engine.pysol_goal(number)) == goal


def test_revenge_goals_over_many_numbers(engine: ModuleType) -> None:
    for number in [*range(1, 400, 7), *range(32000, 10**12, 3_333_333_333)]:
        _, goal = pysolfc(number, "accordions-revenge")
        assert str(engine.pysol_goal(number)) == goal, number


def test_freecell_deal_one_is_pysol_game_one(engine: ModuleType) -> None:
    # Microsoft Freecell deal 1 (its eight columns read row by row) starts so.
    assert str(engine.Deal.from_pysol(1)).startswith("JD 2D 9H JC 5D 7H 7C 5H KD KC 9S")


@pytest.mark.parametrize(("kind", "seed", "row"), table("solvitaire-deals.tsv"))
def test_solvitaire_rows(engine: ModuleType, kind: str, seed: str, row: str) -> None:
    game = "accordion" if kind == "accordion" else "late-binding"
    expected = row.replace("10", "T")
    assert str(engine.Deal.from_solvitaire(int(seed), game=game)) == expected
    assert str(engine.Deal.from_solvitaire(int(seed), kind)) == expected


@pytest.mark.parametrize(("seed", "verdict", "row"), table("knuth-late-binding.tsv"))
def test_knuth_rows(engine: ModuleType, seed: str, verdict: str, row: str) -> None:
    assert str(engine.Deal.from_knuth(int(seed))) == row
    assert str(engine.Deal.from_knuth(int(seed) - 2**31)) == row  # only 31 bits count
    assert verdict == "win"
    assert engine.solve(engine.Deal.from_knuth(int(seed))).result == "win"


@given(st.integers(1, 10**20 - 1))
def test_the_engines_agree_on_any_pysol_number(number: int) -> None:
    import accordion
    import accordion.reference as reference

    for game in ("accordion", "royal-marriage"):
        core, ref = accordion.Deal.from_pysol(number, game), reference.Deal.from_pysol(number, game)
        assert str(core) == str(ref)
    assert str(accordion.pysol_goal(number)) == str(reference.pysol_goal(number))


@given(st.integers(-(2**31), 2**31 - 1).filter(lambda s: s != -1), st.integers(1, 52))
def test_the_engines_agree_on_solvitaire_and_knuth_seeds(seed: int, cards: int) -> None:
    import accordion
    import accordion.reference as reference

    for game in ("accordion", "late-binding"):
        core = accordion.Deal.from_solvitaire(seed, game)
        assert str(core) == str(reference.Deal.from_solvitaire(seed, game))
    core = accordion.Deal.from_knuth(seed, cards)
    assert str(core) == str(reference.Deal.from_knuth(seed, cards))
    assert core.cards == accordion.Deal.from_knuth(seed, 52).cards[:cards]


BAD_NUMBERS = [0, -1, 10**20, 2**200, "0", "-5", "1.5", "twelve", "", "ms0", "ms8589934592"]


@pytest.mark.parametrize("number", BAD_NUMBERS, ids=repr)
def test_bad_pysol_numbers_are_typed_errors(engine: ModuleType, number: int | str) -> None:
    from accordion.errors import InvalidArgumentError

    with pytest.raises(InvalidArgumentError, match="number must be a PySolFC game number") as error:
        engine.Deal.from_pysol(number)
    assert error.value.argument == "number"


def test_both_engines_list_the_registrys_pysol_games_in_its_order(engine: ModuleType) -> None:
    """One table of PySolFC names and ids in Python (the registry); the core's own
    table (rust/numbering/pysol.rs) must list the same games in the same order."""
    from accordion.errors import InvalidRulesError
    from accordion.games import GAMES

    known = ", ".join(f"{g.name} ({g.pysol_id})" for g in GAMES.values() if g.pysol_id)
    with pytest.raises(InvalidRulesError) as error:
        engine.Deal.from_pysol(5, "klondike")
    assert str(error.value).endswith(f"(known: {known})")
    for game in GAMES.values():
        if game.pysol_id:  # the id, the name and the title all name the same game
            keys = (game.pysol_id, game.name, game.title.upper())
            assert len({str(engine.Deal.from_pysol(7, key)) for key in keys}) == 1, game.name


@pytest.mark.parametrize("game", [289, 0, "klondike", "accordion2", ""], ids=repr)
def test_unknown_pysol_games_are_typed_errors(engine: ModuleType, game: str | int) -> None:
    from accordion.errors import InvalidRulesError

    with pytest.raises(InvalidRulesError, match="unknown PySolFC game"):
        engine.Deal.from_pysol(5, game)


def test_bad_solvitaire_and_knuth_seeds_are_typed_errors(engine: ModuleType) -> None:
    from accordion.errors import InvalidArgumentError, InvalidRulesError

    for seed in (-1, 2**31, -(2**31) - 1, 10**30):
        with pytest.raises(InvalidArgumentError, match="seed must be a Solvitaire seed"):
            engine.Deal.from_solvitaire(seed)
    with pytest.raises(InvalidRulesError, match="unknown Solvitaire game"):
        engine.Deal.from_solvitaire(3, "klondike")
    for seed in (2**31, -(2**31) - 1, 10**30):
        with pytest.raises(InvalidArgumentError, match="seed must be a Knuth seed"):
            engine.Deal.from_knuth(seed)
    for cards in (0, 53):
        with pytest.raises(InvalidArgumentError, match="cards"):
            engine.Deal.from_knuth(5, cards)
    for call in (
        lambda: engine.Deal.from_pysol(1.5),
        lambda: engine.Deal.from_pysol(True),
        lambda: engine.Deal.from_solvitaire("3"),
        lambda: engine.Deal.from_knuth(None),
        lambda: engine.pysol_goal([1]),
    ):
        with pytest.raises(TypeError):
            call()


def test_cli_numbered_deals() -> None:
    from conftest import run_cli

    import accordion

    assert run_cli("deal", "--pysol", "12345").stdout.strip() == str(
        accordion.Deal.from_pysol(12345)
    )
    revenge = run_cli("deal", "--pysol", "12345", "--game", "811")
    assert revenge.stderr.strip() == f"goal card {accordion.pysol_goal(12345)}"
    royal = run_cli("deal", "--pysol", "ms40000", "--game", "royal-marriage")
    assert royal.stdout.strip() == str(accordion.Deal.from_pysol("ms40000", 288))
    late = run_cli("deal", "--solvitaire", "3", "--cards", "18")
    assert late.stdout.strip() == str(accordion.Deal.from_solvitaire(3, "late-binding"))
    knuth = run_cli("deal", "--knuth", "2390")
    assert knuth.stdout.strip() == str(accordion.Deal.from_knuth(2390))
    solved = run_cli("solve", "--pysol", "1", "--count", "3", "--json")
    lines = [json.loads(line) for line in solved.stdout.splitlines()]
    assert [line["deal"] for line in lines] == [
        str(accordion.Deal.from_pysol(n)) for n in (1, 2, 3)
    ]
    skidoo = run_cli("solve", "--pysol", "5", "--game", "23-skidoo", "--json")
    assert json.loads(skidoo.stdout)["piles"] >= 2
    royal_solved = run_cli("solve", "--pysol", "5", "--game", "royal-marriage", "--json")
    assert json.loads(royal_solved.stdout)["deal"] == str(accordion.Deal.from_pysol(5, 288))


@pytest.mark.parametrize(
    "args",
    [
        ["deal", "--pysol", "0"],
        ["deal", "--pysol", "-5"],
        ["deal", "--pysol", "100000000000000000000"],
        ["deal", "--pysol", "5", "--seed", "3"],
        ["deal", "--pysol", "5", "--knuth", "3"],
        ["deal", "--pysol", "5", "--cards", "10"],
        ["deal", "--game", "999"],
        ["deal", "--solvitaire", "-1"],
        ["deal", "--solvitaire", "2147483648"],
        ["deal", "--solvitaire", "3", "--cards", "20"],
        ["deal", "--knuth", "99999999999"],
        ["deal", "--knuth", "5", "--game", "bayan"],
        ["solve", "--pysol", "ms5", "--count", "2"],
        ["solve", "--pysol", "5", "--game", "23-skidoo", "--two-way"],
        ["play", "--pysol", "0"],
        ["play", "--knuth", "1", "--deal", "7H 7S"],
    ],
)
def test_cli_bad_numbers_get_one_error_line(args: list[str]) -> None:
    from conftest import run_cli

    result = run_cli(*args)
    assert result.returncode == 2, result.stdout
    assert result.stderr.startswith("accordion: error: ")
    assert result.stderr.count("\n") == 1
