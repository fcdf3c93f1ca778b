"""Winnable and graded deals of every game besides Accordion: ``winnable_deal`` and
``difficulty_deal`` with ``game=``, and ``deal --game NAME --winnable/--difficulty``.

Each game's deal is its own numbered deal (``--seed N --game NAME`` deals it again);
a winnable deal is one its solver wins (checked here against the reference engine's
solver too), and every number passed over is not; a graded deal's rating is at the
level asked, by the game's own calibration (52 cards), and every number passed over
is at another level. Accordion's own walks are tested in test_choose.py and
test_difficulty.py.
"""

from __future__ import annotations

import pytest

import accordion
from accordion.errors import InvalidArgumentError, InvalidRulesError
from accordion.games import GAMES, LEVELS
from tests.conftest import run_cli

CHOSEN = [game for game in GAMES.values() if game.supports("choose") and not game.plays_accordion]
NAMES = [game.name for game in CHOSEN]


def test_every_game_but_accordion_s_variants_draws_chosen_deals() -> None:
    assert len(CHOSEN) >= 6, NAMES
    for game in GAMES.values():
        if not game.plays_accordion:
            assert game.supports("choose"), game.name


@pytest.mark.parametrize("game", CHOSEN, ids=NAMES)
@pytest.mark.parametrize("blind", [False, True], ids=["open", "blind"])
def test_a_winnable_deal_is_won_and_every_number_passed_over_is_not(
    game: object, blind: bool
) -> None:
    cards = 12  # even: Bayan throws pairs
    start = 40
    deal = accordion.winnable_deal(game=game.name, seed=start, cards=cards, blind=blind)
    assert deal.seed is not None and deal.seed >= start
    numbered = game.numbered()
    assert deal == numbered(deal.seed, cards)

    def won(number: int, engine: str) -> bool:
        dealt = game.numbered(engine)(number, cards)
        position = game.game_class(engine)(dealt, blind=blind)
        return bool(game.solver(engine)(position).result == "win")

    assert won(deal.seed, "core") and won(deal.seed, "reference")
    for number in range(start, deal.seed):
        assert not won(number, "core"), number
        assert not won(number, "reference"), number


@pytest.mark.parametrize("game", CHOSEN, ids=NAMES)
def test_the_same_deal_on_one_thread_or_two(game: object) -> None:
    one = accordion.winnable_deal(game=game.name, seed=7, cards=12, jobs=1)
    two = accordion.winnable_deal(game=game.name, seed=7, cards=12, jobs=2)
    assert (one, one.seed) == (two, two.seed)


@pytest.mark.parametrize("game", CHOSEN, ids=NAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_a_graded_deal_is_rated_at_its_level_and_every_number_passed_over_is_not(
    game: object, level: str
) -> None:
    start = 1
    deal = accordion.difficulty_deal(level, game=game.name, seed=start, tries=200)
    assert deal.seed is not None and len(deal) == 52
    assert deal == game.numbered()(deal.seed, 52)
    assert accordion.rate(deal, game=game.name).level == level
    for number in range(start, deal.seed):
        rating = accordion.rate(game.numbered()(number, 52), game=game.name)
        assert rating.level != level, number


@pytest.mark.parametrize("game", CHOSEN, ids=NAMES)
def test_a_throw_game_s_rating_has_a_level_at_52_cards_only(game: object) -> None:
    ratings = [accordion.rate(game.numbered()(n, 52), game=game.name) for n in range(1, 9)]
    won = [rating for rating in ratings if rating.result == "win"]
    assert won and all(rating.level in LEVELS for rating in won)
    short = accordion.rate(game.numbered()(3, 12), game=game.name)
    assert short.level is None


@pytest.mark.parametrize("game", CHOSEN, ids=NAMES)
def test_bad_arguments_are_refused_naming_them(game: object) -> None:
    with pytest.raises(InvalidArgumentError, match=r"cards must be 52 cards .*got 20") as error:
        accordion.difficulty_deal("easy", game=game.name, cards=20)
    assert error.value.argument == "cards"
    with pytest.raises(InvalidRulesError, match="strict"):
        accordion.winnable_deal(game=game.name, rules="strict", seed=1)
    with pytest.raises(InvalidArgumentError) as error:
        accordion.winnable_deal(game=game.name, seed=1, tries=0)
    assert error.value.argument == "tries"
    with pytest.raises(InvalidArgumentError) as error:
        accordion.winnable_deal(game=game.name, seed=1, cards=53)
    assert error.value.argument == "cards"


def test_an_unknown_game_is_refused_naming_game() -> None:
    for call in (
        lambda: accordion.winnable_deal(game="nope", seed=1),
        lambda: accordion.difficulty_deal("easy", game="nope", seed=1),
    ):
        with pytest.raises(InvalidArgumentError, match=r'game must be .*got "nope"') as error:
            call()
        assert error.value.argument == "game"


def test_a_game_found_by_alias_or_pysol_id_draws_its_own_deals() -> None:
    by_name = accordion.winnable_deal(game="decade", seed=3, cards=10)
    assert accordion.winnable_deal(game="ten-twenty-thirty", seed=3, cards=10) == by_name
    assert accordion.winnable_deal(game="816", seed=3, cards=10) == by_name


@pytest.mark.parametrize("game", CHOSEN, ids=NAMES)
def test_the_command_line_deals_them_and_says_how_to_deal_them_again(game: object) -> None:
    chosen = run_cli("deal", "--game", game.name, "--winnable", "--seed", "5", "--cards", "14")
    assert chosen.returncode == 0, chosen.stderr
    number = int(chosen.stderr.split("deal number ")[1].split()[0])
    assert f"(--seed {number} --cards 14 --game {game.name})" in chosen.stderr
    again = run_cli("deal", "--game", game.name, "--seed", str(number), "--cards", "14")
    assert again.returncode == 0 and again.stdout == chosen.stdout
    graded = run_cli("deal", "--game", game.name, "--difficulty", "easy", "--seed", "1")
    assert graded.returncode == 0, graded.stderr
    assert "deal number" in graded.stderr


def test_the_command_line_refuses_a_level_at_an_uncalibrated_length() -> None:
    refused = run_cli("deal", "--game", "bayan", "--difficulty", "hard", "--cards", "20")
    assert refused.returncode == 2
    assert refused.stderr.startswith("accordion: error: ") and "20" in refused.stderr
    assert refused.stderr.count("\n") == 1


def test_a_walk_that_finds_nothing_counts_what_it_tried_in_words() -> None:
    with pytest.raises(InvalidRulesError, match=r"won in 1 try$"):
        accordion.winnable_deal(game="bayan", cards=3, seed=1, tries=1)
    with pytest.raises(InvalidRulesError, match=r"won in 2 tries$"):
        accordion.winnable_deal(game="bayan", cards=3, seed=1, tries=2)
    last = 2**64 - 1
    with pytest.raises(InvalidRulesError, match="among 1 numbered deal from"):
        accordion.difficulty_deal("easy", game="decade", seed=last)
