"""Deals chosen by outcome (``winnable_deal``, ``deal --winnable``) and by difficulty
(``rate``, ``difficulty_deal``, ``deal --difficulty``, ``accordion rate``).

Every verdict the core's search relies on is replayed through the reference engine:
the deal found wins there, and every number passed over does not.
"""

from __future__ import annotations

import json

import pytest
from conftest import run_cli

import accordion
import accordion.reference as reference
from accordion import Deal, InvalidArgumentError, InvalidRulesError

run = run_cli


def forced_piles(deal: reference.Deal, rules: str, blind: bool) -> int:
    """Play the forced game in the reference engine; the piles it ends with."""
    game = reference.Game(deal, reference.Rules(rules), blind=blind)
    while not game.is_over:
        game.play(next(iter(game.legal_moves)))
    return game.outcome.piles


def core_forced_piles(deal: Deal, rules: str, blind: bool) -> int:
    """The same in the Rust core's game (not through the solver the search uses)."""
    game = accordion.Game(deal, rules, blind=blind)
    while not game.is_over:
        game.play(next(iter(game.legal_moves)))
    return game.outcome.piles


@pytest.mark.parametrize(
    ("rules", "blind", "cards"),
    [("strict", True, 52), ("strict-leap", False, 20), ("strict", False, 12)],
)
def test_a_winnable_forced_deal_wins_and_the_skipped_ones_do_not(
    rules: str, blind: bool, cards: int
) -> None:
    found = accordion.winnable_deal(seed=100, rules=rules, blind=blind, cards=cards)
    assert found.seed is not None and found.seed >= 100
    assert found == Deal.from_seed(found.seed, cards)
    assert forced_piles(reference.Deal.parse(str(found)), rules, blind) == 1
    # Every number passed over loses: all of them in the core's game, the last
    # 30 in the reference engine too (a few hundred there would take seconds).
    for seed in range(100, found.seed):
        assert core_forced_piles(Deal.from_seed(seed, cards), rules, blind) > 1
    for seed in range(max(100, found.seed - 30), found.seed):
        assert forced_piles(reference.Deal.from_seed(seed, cards), rules, blind) > 1


@pytest.mark.parametrize(
    ("rules", "blind"), [("modern", False), ("modern", True), ("parlett", False)]
)
def test_a_winnable_solved_deal_is_won_by_the_reference_solver(rules: str, blind: bool) -> None:
    found = accordion.winnable_deal(seed=7, rules=rules, blind=blind, cards=9, jobs=2)
    assert found.seed is not None
    assert reference.solve(reference.Deal.parse(str(found)), rules=rules).result == "win"
    for seed in range(7, found.seed):
        deal = reference.Deal.from_seed(seed, 9)
        assert reference.solve(deal, rules=rules).result == "loss"


def test_a_blind_parlett_winnable_deal_has_a_clairvoyant_win() -> None:
    found = accordion.winnable_deal(seed=3, rules="parlett", blind=True, cards=20)
    game = accordion.Game(found, "parlett", blind=True)
    solution = accordion.solve(game)
    assert solution.result == "win"
    for move in solution.moves:
        game.play(move)
    assert game.is_over and game.outcome.piles == 1


def test_the_search_is_the_same_on_any_number_of_threads() -> None:
    one = accordion.winnable_deal(seed=1, rules="modern", cards=16, jobs=1)
    two = accordion.winnable_deal(seed=1, rules="modern", cards=16, jobs=2)
    assert (one.seed, one) == (two.seed, two)


def test_hopeless_rules_and_bad_values_are_typed_errors() -> None:
    skidoo = accordion.Rules("modern", distances=(2, 3))
    with pytest.raises(InvalidRulesError, match="never merge"):
        accordion.winnable_deal(seed=1, rules=skidoo)
    with pytest.raises(InvalidRulesError, match="in 20 tries"):
        accordion.winnable_deal(seed=1, rules="strict", blind=True, tries=20)
    with pytest.raises(InvalidArgumentError):
        accordion.winnable_deal(seed=-1)
    with pytest.raises(InvalidArgumentError):
        accordion.winnable_deal(seed=1, tries=0)
    with pytest.raises(InvalidArgumentError):
        accordion.winnable_deal(seed=1, cards=53)
    with pytest.raises(InvalidRulesError):
        accordion.winnable_deal(seed=1, rules="lenient")
    with pytest.raises(InvalidArgumentError, match=r"^level must be a difficulty"):
        accordion.difficulty_deal("brutal", seed=1)
    with pytest.raises(InvalidRulesError, match="free rules"):
        accordion.rate("7H 7S 7C", rules="strict")
    with pytest.raises(TypeError):
        accordion.winnable_deal(seed="1")  # type: ignore[arg-type]


def test_ratings() -> None:
    straight = accordion.rate("7H 7S 7C 7D")
    assert (straight.result, straight.level) == ("win", None)  # below the calibrated lengths
    assert straight.difficulty == 0.0
    lost = accordion.rate(Deal.parse("2S 3S 7H 6H AC QH TH 8C"))
    assert (lost.result, lost.level, lost.difficulty) == ("loss", None, None)
    assert lost.to_dict() == {
        "result": "loss",
        "difficulty": None,
        "level": None,
        "moves": 0,
        "losing": 0,
        "nodes": lost.nodes,
    }


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_difficulty_deals_are_rated_at_their_level(level: str) -> None:
    deal = accordion.difficulty_deal(level, seed=500, jobs=2)
    assert deal.seed is not None and deal.seed >= 500
    rating = accordion.rate(deal)
    assert rating.level == level and rating.result == "win"
    assert rating.difficulty is not None
    assert rating.difficulty == rating.losing / rating.moves
    assert rating.moves == rating.losing + 51
    for seed in range(500, deal.seed):
        assert accordion.rate(Deal.from_seed(seed)).level != level


def test_cli_winnable_prints_the_row_and_its_number() -> None:
    result = run("deal", "--winnable", "--rules", "strict", "--blind", "--seed", "1")
    assert result.returncode == 0, result.stderr
    number = int(result.stderr.split()[2])
    assert result.stdout.strip() == str(Deal.from_seed(number))
    assert f"--seed {number}" in result.stderr
    assert f"{number - 1:,} numbers skipped from 1" in result.stderr
    short = run("deal", "--winnable", "--cards", "10", "--seed", "5")
    assert short.returncode == 0, short.stderr
    assert "--cards 10" in short.stderr


def test_cli_difficulty_and_rate() -> None:
    result = run("deal", "--difficulty", "hard", "--seed", "1")
    assert result.returncode == 0, result.stderr
    row = result.stdout.strip()
    rated = run("rate", row, "--json")
    assert rated.returncode == 0, rated.stderr
    line = json.loads(rated.stdout)
    assert (line["deal"], line["level"], line["result"]) == (row, "hard", "win")
    text = run("rate", "--seed", "1", "--count", "2")
    assert text.returncode == 0 and text.stdout.count("difficulty") == 2
    lost = run("rate", "2S 3S 7H 6H AC QH TH 8C")
    assert "unwinnable" in lost.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["deal", "--winnable", "--distances", "2,3"],
        ["deal", "--winnable", "--rules", "strict", "--blind", "--tries", "5", "--seed", "1"],
        ["deal", "--rules", "strict"],
        ["deal", "--winnable", "--difficulty", "easy"],
        ["deal", "--difficulty", "easy", "--blind"],
        ["deal", "--winnable", "--pysol", "5"],
        ["deal", "--difficulty", "extreme"],
        ["deal", "--difficulty", "easy", "--cards", "7"],
        ["rate", "--rules", "strict", "7H 7S"],
        ["rate", "7H 7H"],
    ],
)
def test_cli_bad_input_gets_one_error_line(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stderr.startswith("accordion: error: ")
    assert result.stderr.count("\n") == 1
