"""The difficulty measure (``rate``, docs/difficulty.md) against its definition, computed
here from scratch with the reference engine: the careful player weighs the legal moves in
the engine's order and plays the first whose row the reference solver wins; the
difficulty is the share of the moves it weighs that lose. Also: the rating does not
depend on ``jobs`` or on the run, and the levels drawn are the levels rated.
"""

from __future__ import annotations

import json
import pickle
from typing import Any

import pytest

import accordion
import accordion.reference as reference
from accordion import Deal, InvalidArgumentError
from accordion.errors import InvalidDealError, InvalidRulesError
from accordion.games import GAMES, Descriptor

# Rule sets with the row length and the numbered deals checked under each (short
# enough for the reference solver; two-way rows are searched much longer).
RULES = [
    ({"name": "modern"}, 9, 260),
    ({"name": "parlett"}, 9, 260),
    ({"name": "modern", "two_way": True}, 8, 120),
    ({"name": "modern", "win_piles": 2}, 9, 200),
    ({"name": "modern", "distances": [1, 2]}, 9, 260),
]


def careful_line(cards: list[str], rules: dict[str, object]) -> tuple[int, int] | None:
    """``(losing, moves)`` of the careful player's line by the definition, each move decided
    by the reference solver; ``None`` for a deal the reference solver does not win."""
    ref_rules = reference.Rules(**rules)  # type: ignore[arg-type]
    known: dict[str, bool] = {}

    def wins(tops: list[str]) -> bool:
        row = " ".join(tops)
        if row not in known:
            known[row] = reference.solve(reference.Deal.parse(row), rules=ref_rules).result == "win"
        return known[row]

    if not wins(cards):
        return None
    game = reference.Game(reference.Deal.parse(" ".join(cards)), ref_rules)
    losing = moves = 0
    # Until the row is won (a grade comes only with the game's end, and a row of
    # the winning piles may still have a move).
    win_piles = rules.get("win_piles", 1)
    assert isinstance(win_piles, int)
    while len(game.tops) > win_piles:
        for move in game.legal_moves:
            moves += 1
            child = reference.Game(reference.Deal.parse(" ".join(map(str, game.tops))), ref_rules)
            child.play(move)
            if wins([str(card) for card in child.tops]):
                game.play(move)
                break
            losing += 1
        else:
            raise AssertionError("a winnable row has a move that keeps the win")
    return losing, moves


@pytest.mark.parametrize(
    ("rules", "cards", "deals"),
    RULES,
    ids=["-".join(map(str, rules.values())) for rules, _, _ in RULES],
)
def test_the_rating_is_the_careful_players_share_of_losing_moves(
    rules: dict[str, object], cards: int, deals: int
) -> None:
    core_rules = accordion.Rules(**rules)  # type: ignore[arg-type]
    checked = 0
    for seed in range(1, deals + 1):
        deal = Deal.from_seed(seed, cards)
        row = [str(card) for card in deal]
        expected = careful_line(row, rules)
        rating = accordion.rate(deal, rules=core_rules)
        if expected is None:
            assert (rating.result, rating.difficulty, rating.level) == ("loss", None, None)
            continue
        checked += 1
        losing, moves = expected
        assert (rating.result, rating.losing, rating.moves) == ("win", losing, moves), row
        assert rating.difficulty == losing / moves
    assert checked >= 10, "enough winnable deals to mean something"


def test_ratings_are_deterministic_and_pickle() -> None:
    deals = [Deal.from_seed(seed, 18) for seed in range(1, 40)]
    first = [accordion.rate(deal).to_dict() for deal in deals]
    again = [accordion.rate(deal).to_dict() for deal in reversed(deals)][::-1]
    assert first == again
    for deal in deals[:5]:
        rating = accordion.rate(deal)
        assert pickle.loads(pickle.dumps(rating)).to_dict() == rating.to_dict()


@pytest.mark.parametrize(("cards", "level"), [(13, "easy"), (13, "hard"), (18, "medium")])
def test_drawn_deals_are_rated_at_their_level_whatever_the_jobs(cards: int, level: str) -> None:
    one = accordion.difficulty_deal(level, seed=1, cards=cards, jobs=1)
    two = accordion.difficulty_deal(level, seed=1, cards=cards, jobs=2)
    assert one == two and one.seed == two.seed
    assert one.seed is not None
    assert accordion.rate(one).level == level
    for seed in range(1, one.seed):
        assert accordion.rate(Deal.from_seed(seed, cards)).level != level, seed


def test_levels_rise_with_the_losing_moves() -> None:
    # At one length the level is a function of the losing moves alone (moves = losing +
    # cards - 1): the ratings of many deals, ordered by difficulty, have ordered levels.
    order = {"easy": 0, "medium": 1, "hard": 2}
    ratings = [accordion.rate(Deal.from_seed(seed, 16)) for seed in range(1, 300)]
    ranked = sorted(
        (r.difficulty, order[r.level]) for r in ratings if r.difficulty is not None and r.level
    )
    assert [level for _, level in ranked] == sorted(level for _, level in ranked)
    assert {level for _, level in ranked} == {0, 1, 2}


def test_short_rows_have_no_level_and_are_not_drawn() -> None:
    four = accordion.rate("7H 7S 7C 7D")
    assert (four.result, four.difficulty, four.level, four.losing) == ("win", 0.0, None, 0)
    with pytest.raises(InvalidArgumentError, match="cards must be 8 to 52 cards"):
        accordion.difficulty_deal("easy", seed=1, cards=7)


@pytest.mark.parametrize("cards", [8, 20, 26, 52])
def test_random_draws_come_from_the_level_table(cards: int) -> None:
    # Under the modern rules at a calibrated length, a random start is drawn among the
    # numbers rated once and for all (rust/choose/level_table.rs): 3,000 winnable deals
    # of each length, so at 52 cards numbers 1 to 3,000. Outside the table (other
    # rules) the start is anywhere below 2**32.
    covered = {8: 80_000, 20: 5_000, 26: 4_000, 52: 3_000}[cards]
    for level in ("easy", "medium", "hard"):
        for _ in range(5):
            deal = accordion.difficulty_deal(level, cards=cards)
            assert deal.seed is not None and 1 <= deal.seed <= covered + 100
            assert accordion.rate(deal).level == level
    two_way = [
        accordion.difficulty_deal("easy", cards=8, rules=accordion.Rules("modern", two_way=True))
        for _ in range(3)
    ]
    assert max(d.seed or 0 for d in two_way) > covered


# ---------------------------------------------------------------- the throw games

#: The games rated by the throw games' careful player (the registry says which), with
#: the row length and the numbered deals checked (short enough for the reference solver).
THROW_GAMES = [
    # Other games' rows of 20 cards hide a trap less often: twice the deals.
    (
        game,
        *{"royal-marriage": (12, 120), "bayan": (10, 120), "accordian": (8, 120)}.get(
            game.name, (20, 240)
        ),
    )
    for game in GAMES.values()
    if game.supports("rate") and not game.plays_accordion
]


def careful_throws(game: Descriptor, deal: object, rules: str) -> tuple[int, int] | None:
    """``(losing, moves)`` of the careful player's line by the definition in the reference
    engine: the game's legal throws in its order, each decided by the reference solver,
    the first whose position it wins played; ``None`` for a deal it does not win."""
    cls, solve = game.game_class("reference"), game.solver("reference")

    def wins(position: Any) -> bool:
        return bool(solve(position, rules=rules).result == "win")

    played = cls(deal, rules)
    if not wins(played):
        return None
    losing = moves = 0
    while played.outcome.grade != "win":
        for move in played.legal_moves:
            moves += 1
            child = played.copy()
            child.play(move)
            if wins(child):
                played = child
                break
            losing += 1
        else:
            raise AssertionError("a winnable row has a throw that keeps the win")
    return losing, moves


@pytest.mark.parametrize(
    ("game", "cards", "deals"), THROW_GAMES, ids=[game.name for game, _, _ in THROW_GAMES]
)
def test_throw_games_rate_as_the_reference_engine_defines_it(
    game: Descriptor, cards: int, deals: int
) -> None:
    assert {game.name for game, _, _ in THROW_GAMES} >= {"royal-marriage", "bayan", "accordian"}
    rules = game.rules[0]
    traps = 0
    for seed in range(deals):
        deal = game.numbered("reference")(seed, cards)
        expected = careful_throws(game, deal, rules)
        rating = accordion.rate(str(deal), rules=rules, game=game.name)
        if expected is None:
            assert (rating.result, rating.moves, rating.difficulty) == ("loss", 0, None), deal
            continue
        losing, moves = expected
        assert (rating.result, rating.losing, rating.moves) == ("win", losing, moves), deal
        assert rating.difficulty == (losing / moves if moves else 0.0)
        assert rating.level is None
        traps += losing > 0
    assert traps >= 5, "enough deals with a trap to mean something"


@pytest.mark.parametrize(
    ("game", "deal", "rules", "error", "names"),
    [
        ("accordian", "5C 5S 2D", "uva", InvalidRulesError, "not uva"),
        ("bayan", "5C 5S 2D", "parlett", InvalidRulesError, "not parlett"),
        ("royal-marriage", "QH 5C KS", None, InvalidDealError, "QH 5C KS"),
        (
            "royal-marriage",
            "QH 5C KH",
            accordion.Rules("modern", two_way=True),
            InvalidRulesError,
            "no variant",
        ),
        ("checkers", "5C 5S", None, InvalidArgumentError, "game must be accordion, royal-marriage"),
        ("bayan", 12, None, TypeError, "deal"),
    ],
)
def test_bad_values_for_a_throw_game_rating_name_the_argument(
    game: str, deal: object, rules: object, error: type[Exception], names: str
) -> None:
    with pytest.raises(error, match=names):
        accordion.rate(deal, rules=rules, game=game)  # type: ignore[arg-type]


def test_a_throw_game_rating_pickles_and_is_the_same_every_time() -> None:
    deals = [accordion.royal_deal(seed, 30) for seed in range(20)]
    first = [accordion.rate(deal, game="royal-marriage").to_dict() for deal in deals]
    again = [accordion.rate(deal, game="royal-marriage").to_dict() for deal in reversed(deals)]
    assert first == again[::-1]
    rating = accordion.rate(deals[0], game="royal-marriage")
    assert pickle.loads(pickle.dumps(rating)).to_dict() == rating.to_dict()


@pytest.mark.parametrize("game", [game.name for game, _, _ in THROW_GAMES])
def test_the_cli_rates_every_throw_game(game: str) -> None:
    from conftest import run_cli

    result = run_cli(
        "rate", "--game", game, "--seed", "3", "--count", "2", "--cards", "12", "--json"
    )
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    descriptor = GAMES[game]
    expected = [descriptor.numbered()(seed, 12) for seed in (3, 4)]
    assert [line["deal"] for line in lines] == [str(deal) for deal in expected]
    for line, deal in zip(lines, expected, strict=True):
        rating = accordion.rate(deal, game=game)
        assert line == {"game": game, "deal": str(deal), **rating.to_dict()}
    text = run_cli("rate", "--game", game, "--seed", "3", "--cards", "12")
    rating = accordion.rate(expected[0], game=game)
    nouns = descriptor.nouns
    said = {
        "win": f"no level: difficulty {rating.difficulty or 0:.3f} "
        f"({rating.losing} of {descriptor.plural(rating.moves, nouns.move)} weighed lose)",
        "loss": f"unwinnable (proved, {descriptor.plural(rating.nodes, nouns.node)})",
    }[rating.result]
    assert text.returncode == 0 and text.stdout == f"deal: {expected[0]}\n  {said}\n"


def test_a_throw_game_rating_releases_the_gil_and_stops_on_ctrl_c() -> None:
    import threading
    import time

    from _helpers import interrupted_cli

    # Accordian's numbered 20-card deal 1 needs all 20,000,000 positions (seconds):
    # rated in a worker thread, this thread runs meanwhile and stops it.
    said: list[str] = []

    def work() -> None:
        try:
            accordion.rate(Deal.from_seed(1, 20), game="accordian")
            said.append("finished")
        except KeyboardInterrupt:
            said.append("interrupted")

    thread = threading.Thread(target=work)
    thread.start()
    # Told once the call is running (interrupt() counts the calls it told).
    deadline = time.monotonic() + 30
    while accordion.interrupt() == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    thread.join(timeout=60)
    assert said == ["interrupted"]
    command = ["rate", "--game", "accordian", "--seed", "1", "--cards", "20", "--count", "50"]
    err = interrupted_cli(*command, after=2)
    assert err.strip().splitlines() == ["accordion: interrupted"]
