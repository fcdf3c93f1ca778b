"""The Rust solver against the reference solver and the reference engine.

Every verdict and fewest-piles count on short rows is compared with the plain
exhaustive reference solver; every line the Rust solver returns is replayed
through the reference engine.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest
from conftest import conformance_rows
from hypothesis import given, settings
from hypothesis import strategies as st

import accordion
import accordion.reference as reference
from accordion import Deal, Game, Rules, solve, solve_many
from accordion.errors import InvalidDealError

CONFORMANCE_ROWS = conformance_rows()


def replay(deal: str, rules: Rules, moves: tuple[accordion.Move, ...], *, blind: bool = False):  # type: ignore[no-untyped-def]
    """Play ``moves`` through the reference engine; return its game."""
    game = reference.Game(
        reference.Deal.parse(deal),
        reference.Rules(rules.name, two_way=rules.two_way, distances=rules.distances),
        blind=blind,
    )
    for move in moves:
        game.play(str(move))
    return game


short_rows = st.builds(
    lambda seed, cards: Deal.from_seed(seed, cards),
    st.integers(0, 2**64 - 1),
    st.integers(1, 10),
)
variants = st.builds(
    lambda name, two_way, distances: Rules(name, two_way=two_way, distances=sorted(distances)),
    st.sampled_from(["modern", "parlett", "strict", "strict-leap"]),
    st.booleans(),
    st.sets(st.integers(1, 4), min_size=1, max_size=3),
)


@settings(max_examples=300, deadline=None)
@given(deal=short_rows, rules=variants)
def test_verdict_and_fewest_piles_agree_with_the_reference_solver(deal: Deal, rules: Rules) -> None:
    mine = solve(deal, rules=rules)
    theirs = reference.solve(
        reference.Deal.parse(str(deal)),
        rules=reference.Rules(rules.name, two_way=rules.two_way, distances=rules.distances),
    )
    assert (mine.result, mine.piles) == (theirs.result, theirs.piles)
    end = replay(str(deal), rules, mine.moves)
    assert end.outcome.piles == mine.piles
    if rules.must_move:
        assert end.is_over


@pytest.mark.parametrize(("name", "verdict", "row"), CONFORMANCE_ROWS)
def test_late_binding_rows(name: str, verdict: str, row: str) -> None:
    solution = solve(row)
    decided = {  # rows published as "unknown", decided here (and by the reference solver)
        "LBS15_29": ("loss", 2),
        "LBS16_42": ("loss", 2),
        "LBS17_32": ("loss", 2),
        "LBS17_7": ("loss", 3),
        "LBS18_29": ("win", 1),
        "LBS19_4": ("loss", 2),
        "LBS20_0": ("win", 1),
    }
    if verdict == "unknown":
        assert (solution.result, solution.piles) == decided[name]
    else:
        assert solution.result == {"win": "win", "lose": "loss"}[verdict]
    assert replay(row, Rules(), solution.moves).outcome.piles == solution.piles


@pytest.mark.parametrize("seed", range(1, 21))
def test_52_card_deals_are_won_with_replayable_lines(seed: int) -> None:
    deal = Deal.from_seed(seed)
    solution = solve(deal)
    assert solution.result == "win"
    assert solution.piles == 1
    assert len(solution.moves) == 51
    assert replay(str(deal), Rules(), solution.moves).outcome.piles == 1
    assert solution.to_dict() == {
        "deal": str(deal),
        "result": "win",
        "moves": [str(m) for m in solution.moves],
        "piles": 1,
        "nodes": solution.nodes,
        "seconds": solution.seconds,
    }


def test_two_way_and_skidoo_variants_replay() -> None:
    variants = ((Rules(two_way=True), 30), (Rules(distances=(2, 3)), 52), (Rules("parlett"), 24))
    for rules, cards in variants:
        for seed in range(1, 6):
            deal = Deal.from_seed(seed, cards)
            solution = solve(deal, rules=rules)
            assert solution.result in ("win", "loss")
            end = replay(str(deal), rules, solution.moves)
            assert end.outcome.piles == solution.piles


def test_solving_a_game_position_and_a_blind_game() -> None:
    game = Game(Deal.from_seed(9, 16))
    for _ in range(3):
        game.play(next(iter(game.legal_moves)))
    solution = solve(game)
    assert solution.deal == str(game)
    end = game.copy()
    for move in solution.moves:
        end.play(move)
    assert end.outcome.piles == solution.piles
    blind = Game(Deal.from_seed(9, 12), "parlett", blind=True)
    clairvoyant = solve(blind)
    end = blind.copy()
    for move in clairvoyant.moves:
        end.play(move)
    assert end.is_over
    assert end.outcome.piles == clairvoyant.piles


def test_solve_many_keeps_input_order_and_is_the_same_for_any_jobs() -> None:
    deals = [Deal.from_seed(seed, 18) for seed in range(1, 61)]
    one = solve_many(deals, jobs=1)
    two = solve_many(deals, jobs=2)
    default = solve_many(str(d) for d in deals)
    for a, b, c, deal in zip(one, two, default, deals, strict=True):
        assert a.deal == b.deal == c.deal == str(deal)
        assert (a.result, a.piles, a.moves) == (b.result, b.piles, b.moves)
        assert (a.result, a.piles, a.moves) == (c.result, c.piles, c.moves)
        assert (a.result, a.piles) == (solve(deal).result, solve(deal).piles)


def test_searchers_racing_on_one_row_answer_alike_in_every_run() -> None:
    # Deal 73639 of 52 cards takes 24,822 positions alone; with two searchers
    # the chosen one takes far fewer (1,216), and the answer is the same in
    # every run.
    hard = Deal.from_seed(73639)
    alone = solve(hard)
    raced = [solve(hard, jobs=2) for _ in range(3)]
    assert all(
        (r.result, r.moves, r.nodes) == (raced[0].result, raced[0].moves, raced[0].nodes)
        for r in raced
    )
    assert raced[0].result == alone.result == "win"
    assert raced[0].nodes < alone.nodes
    assert solve(hard, jobs=1).nodes == solve(hard, jobs=None).nodes == alone.nodes
    end = Game(hard)
    for move in raced[0].moves:
        end.play(move)
    assert end.outcome.piles == 1
    # A loss: every searcher must prove it; the fewest piles are the same, and
    # the reference engine (one search) agrees and checks `jobs` as the core does.
    lost = Deal.parse("2S 3S 7H 6H AC QH TH 8C")
    assert (solve(lost, jobs=3).result, solve(lost, jobs=3).piles) == (
        reference.solve(str(lost), jobs=3).result,
        reference.solve(str(lost), jobs=3).piles,
    )
    for engine in (accordion, reference):
        for bad in (0, 257):
            with pytest.raises(accordion.errors.InvalidArgumentError) as caught:
                engine.solve("AS 2S", jobs=bad)
            assert caught.value.argument == "jobs"
            assert str(caught.value).startswith("jobs must be 1 to 256 searchers")
        with pytest.raises(TypeError):
            engine.solve("AS 2S", jobs="2")


def test_a_node_budget_gives_unknown_with_the_best_line_so_far() -> None:
    hard = next(d for d in (Deal.from_seed(s, 18) for s in range(1, 200)) if solve(d).nodes > 50)
    solution = solve(hard, max_nodes=5)
    assert solution.result == "unknown"
    end = replay(str(hard), Rules(), solution.moves)
    assert end.outcome.piles == solution.piles


def test_hints_keep_a_win_in_reach() -> None:
    for seed in range(1, 30):
        deal = Deal.from_seed(seed, 12)
        if solve(deal).result != "win":
            continue
        game = Game(deal)
        while not game.is_over:
            hint = game.hint()
            assert hint is not None
            game.play(hint)
            if game.outcome.piles == 1:
                break
        assert game.outcome.piles == 1


def test_hint_on_a_lost_row_keeps_the_fewest_piles() -> None:
    row = "2S 3S 7H 6H AC QH TH 8C"  # LBS8_8, published as lost
    best = solve(row).piles
    game = Game(row)
    while (hint := game.hint()) is not None and game.outcome.piles > best:
        game.play(hint)
    assert game.outcome.piles == best


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: solve(123), TypeError),  # type: ignore[arg-type]
        (lambda: solve("AS AS"), InvalidDealError),
        (lambda: solve("AS 2D", max_nodes=0), ValueError),
        (lambda: solve("AS 2D", timeout=-1), ValueError),
        (lambda: solve("AS 2D", memory=10), ValueError),
        (lambda: solve("AS 2D", rules="nope"), ValueError),
        (lambda: solve_many("AS 2D"), TypeError),
        (lambda: solve_many(["AS 2D"], jobs=0), ValueError),
    ],
)
def test_bad_arguments_raise_value_or_type_errors(call, error) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error):
        call()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_stops_a_long_batch() -> None:
    script = textwrap.dedent(
        """
        import sys, accordion
        deals = [accordion.Deal.from_seed(s) for s in range(1, 200_001)]
        print("ready", flush=True)
        try:
            accordion.solve_many(deals, rules=accordion.Rules(two_way=True), jobs=1)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            sys.exit(3)
        print("finished", flush=True)
        """
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, env=os.environ
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    time.sleep(1.0)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=60)
    assert child.returncode == 3, out
    assert "interrupted" in out
    assert time.monotonic() - sent < 30
