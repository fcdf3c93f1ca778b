"""Streamed, chunked and resumable batches on this machine (accordion.batch,
accordion.batch.checkpoint, accordion.batch.hunt); the Dask path is in test_distributed.py."""

from __future__ import annotations

import json
import math
import pickle
import re
import signal
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from _helpers import started_until_checkpointed, wait_for_usage
from conftest import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

import accordion
from accordion import Deal, Rules, Solution, Stats, batch
from accordion.batch.checkpoint import Checkpoint
from accordion.batch.hunt import Hunt, hunt
from accordion.cli.tally import Tally
from accordion.errors import CheckpointError, InvalidArgumentError
from accordion.games import GAMES
from accordion.intervals import clopper_pearson_upper


def timeless(figures: Any) -> Any:
    """A result with every timing removed (the only thing allowed to differ)."""
    if isinstance(figures, dict):
        return {k: timeless(v) for k, v in figures.items() if k != "seconds"}
    if isinstance(figures, list):
        return [timeless(v) for v in figures]
    return figures


def solve_lines(stdout: str) -> list[Any]:
    return [timeless(json.loads(line)) for line in stdout.splitlines()]


# Values cross processes -------------------------------------------------------------


def test_values_pickle_as_themselves() -> None:
    numbered = Deal.from_seed(7, cards=12)
    assert pickle.loads(pickle.dumps(numbered)).seed == 7
    assert pickle.loads(pickle.dumps(numbered)) == numbered
    parsed = Deal.parse("7H 2C 3C 7C")
    assert pickle.loads(pickle.dumps(parsed)) == parsed
    for rules in (
        Rules("parlett", two_way=True, distances=(2, 3)),
        Rules("modern", win_piles=2),
        Rules("modern", goal="QS"),
    ):
        assert pickle.loads(pickle.dumps(rules)) == rules
    solution = accordion.solve("2S 3S 7H 6H AC QH TH 8C")
    again = pickle.loads(pickle.dumps(solution))
    assert again.to_dict() == solution.to_dict()
    assert again.moves == solution.moves
    stats = accordion.simulate(rules="strict", deals=5000, seed=3)
    assert pickle.loads(pickle.dumps(stats)).to_dict() == stats.to_dict()


def test_solution_from_dict_refuses_bad_records() -> None:
    good = accordion.solve("7H 2C 3C 7C").to_dict()
    assert Solution.from_dict(good).to_dict() == good
    for key, value in [("result", "draw"), ("moves", ["7C>XX"]), ("piles", 9), ("deal", "7H 7H")]:
        with pytest.raises(ValueError, match=key if key != "moves" else "XX"):
            Solution.from_dict({**good, key: value})
    with pytest.raises(ValueError, match="nodes"):
        Solution.from_dict({k: v for k, v in good.items() if k != "nodes"})


def test_stats_from_histogram_is_what_simulate_computes() -> None:
    whole = accordion.simulate(rules="strict", deals=30_000, seed=11)
    rebuilt = Stats.from_histogram(
        whole.histogram, whole.rules, whole.strategy, whole.blind, whole.cards, whole.seed
    )
    assert timeless(rebuilt.to_dict()) == timeless(whole.to_dict())
    with pytest.raises(ValueError, match="piles"):
        Stats.from_histogram({53: 1}, "strict", "forced", True, 52, 1)
    with pytest.raises(ValueError):
        Stats.from_histogram({1: 1}, "strict", "sweepers", True, 52, 1)


# Chunked runs equal one run ------------------------------------------------------------


@settings(max_examples=10)
@given(chunk=st.integers(1, 40), seed=st.integers(0, 2**64 - 60))
def test_solve_range_is_solve_many_whatever_the_chunk(chunk: int, seed: int) -> None:
    deals = [Deal.from_seed(seed + i, 10) for i in range(30)]
    expected = [timeless(s.to_dict()) for s in accordion.solve_many(deals)]
    got = [timeless(s.to_dict()) for s in batch.solve_range(seed, 30, cards=10, chunk=chunk)]
    assert got == expected


@settings(max_examples=10)
@given(chunk=st.integers(1, 5000), rules=st.sampled_from(["strict", "strict-leap", "parlett"]))
def test_simulate_in_chunks_is_one_simulation(chunk: int, rules: str) -> None:
    deals = 4000 if rules != "parlett" else 60
    whole = accordion.simulate(rules=rules, deals=deals, seed=5)
    chunked = batch.simulate(rules=rules, deals=deals, seed=5, chunk=chunk)
    assert timeless(chunked.to_dict()) == timeless(whole.to_dict())


@pytest.mark.parametrize(
    ("strategy", "chunk"),
    [
        ("slide-first", 100_000),
        ("forced", 100_000),
        ("solver", 100_000),
        ("parlett-agent", 10_000),
        ("parlett-sampler", 1_000),
        ("clairvoyant", 1_000),
        ("sweepers", 1_000),
        ("lookahead:10", 100_000),
        ("lookahead:30", 10_000),
        ("planner:300", 1_000),
        ("depth-first:1000", 1_000),
        ("deep-planner:10000", 100),
        ("lookahead:1000000", 1),
    ],
)
def test_the_default_chunk_follows_what_a_deal_costs(strategy: str, chunk: int) -> None:
    assert batch.simulate_chunk_for(strategy) == chunk
    assert batch.simulate_chunk_for(strategy, game="royal-marriage") == batch.SIMULATE_CHUNK


def test_a_searching_player_checkpoints_before_the_end(tmp_path: Path) -> None:
    # With the old fixed default (100,000 deals a chunk) a 10^5-deal run of
    # parlett-sampler wrote its first record after a quarter of an hour.
    book = tmp_path / "sampler.ckpt"
    done = run_cli(
        "stats", "--rules", "parlett", "--strategy", "parlett-sampler", "--deals", "1001",
        "--cards", "12", "--jobs", "1", "--json", "--checkpoint", str(book),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    header, *records = book.read_text().splitlines()
    assert json.loads(header)["arguments"]["chunk"] == 1_000
    assert len(records) == 2
    # The figures are those of one simulation whatever the chunk.
    whole = accordion.simulate(rules="parlett", strategy="parlett-sampler", deals=1001, cards=12)
    chunked = batch.simulate(rules="parlett", strategy="parlett-sampler", deals=1001, cards=12)
    assert timeless(chunked.to_dict()) == timeless(whole.to_dict())


def test_solve_rows_keeps_input_order() -> None:
    rows = ["2S 3S 7H 6H AC QH TH 8C", "7H 2C 3C 7C", Deal.from_seed(3, cards=9)]
    got = [s.deal for s in batch.solve_rows(rows, chunk=2)]
    assert got == ["2S 3S 7H 6H AC QH TH 8C", "7H 2C 3C 7C", str(rows[2])]


def test_seed_ranges_cover_the_range_exactly() -> None:
    ranges = batch.SeedRanges(2**64 - 10, 10, 3)
    assert [(r.start, r.count) for r in ranges] == [
        (2**64 - 10, 3),
        (2**64 - 7, 3),
        (2**64 - 4, 3),
        (2**64 - 1, 1),
    ]
    with pytest.raises(InvalidArgumentError, match="2\\*\\*64"):
        batch.SeedRanges(2**64 - 10, 11, 3)
    with pytest.raises(InvalidArgumentError, match="numbering"):
        batch.SeedRanges(1, 10, 3, numbering="nope")


# Hunt ----------------------------------------------------------------------------------


def test_hunt_reports_every_non_win_and_the_hardest() -> None:
    found = hunt(40, 120, cards=9, chunk=25)
    solutions = accordion.solve_many([Deal.from_seed(40 + i, 9) for i in range(120)])
    lost = [(40 + i, s) for i, s in enumerate(solutions) if s.result != "win"]
    assert (found.deals, found.wins, found.losses, found.unknown) == (
        120,
        120 - len(lost),
        len(lost),
        0,
    )
    assert [e["seed"] for e in found.non_wins] == [seed for seed, _ in lost]
    assert all(
        e["piles"] == s.piles and e["moves"] == [str(m) for m in s.moves]
        for e, (_, s) in zip(found.non_wins, lost, strict=True)
    )
    ranked = sorted(((-s.nodes, 40 + i) for i, s in enumerate(solutions)))[:10]
    assert [(e["nodes"], e["seed"]) for e in found.hardest] == [(-n, seed) for n, seed in ranked]
    assert found.p_unwinnable_upper95 == clopper_pearson_upper(len(lost), 120)


def test_hunt_budget_leaves_unknowns_counted_as_non_wins() -> None:
    found = hunt(1, 30, cards=52, chunk=10, max_nodes=50)
    assert found.unknown > 0 and found.losses == 0
    assert len(found.non_wins) == found.unknown
    assert {e["result"] for e in found.non_wins} == {"unknown"}


def binomial_cdf(k: int, n: int, p: Fraction) -> Fraction:
    return sum((math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k + 1)), Fraction(0))


@pytest.mark.parametrize(
    ("k", "n"), [(0, 1), (0, 37), (1, 10), (3, 100), (9, 20), (19, 20), (5, 400)]
)
def test_clopper_pearson_upper_is_the_binomial_root(k: int, n: int) -> None:
    upper = clopper_pearson_upper(k, n)
    # The tail at the bound is 2.5%, and the bound is the root to within 1e-12.
    assert binomial_cdf(k, n, Fraction(upper)) == pytest.approx(0.025, rel=1e-9)
    assert (
        binomial_cdf(k, n, Fraction(upper - 1e-12 * upper))
        > 0.025
        > binomial_cdf(k, n, Fraction(upper + 1e-12 * upper))
    )


def test_clopper_pearson_closed_forms() -> None:
    for n in (1, 1000, 10_000_000):
        assert clopper_pearson_upper(0, n) == pytest.approx(1 - 0.025 ** (1 / n), rel=1e-12)
    assert clopper_pearson_upper(7, 7) == 1.0
    assert clopper_pearson_upper(0, 10_000_000) * 10_000_000 == pytest.approx(3.689, abs=1e-3)
    # Large counts through the continued fraction: near the normal approximation.
    k, n = 500_000, 1_000_000
    approx = 0.5 + 1.959964 * math.sqrt(0.25 / n)
    assert clopper_pearson_upper(k, n) == pytest.approx(approx, abs=2e-6)
    with pytest.raises(ValueError):
        clopper_pearson_upper(3, 2)


def test_hunt_cli_text_and_json() -> None:
    text = run_cli("hunt", "--seed", "1", "--count", "40", "--cards", "10", "--chunk", "15")
    assert text.returncode == 0, text.stderr
    assert "not won:" in text.stdout and "seed 1: loss, at best" in text.stdout
    assert "95% Clopper–Pearson upper bound" in text.stdout
    out = run_cli("hunt", "--seed", "1", "--count", "40", "--cards", "10", "--json")
    figures = json.loads(out.stdout)
    for key in (
        "deals",
        "wins",
        "losses",
        "unknown",
        "non_wins",
        "hardest",
        "p_unwinnable_upper95",
    ):
        assert key in figures
    assert figures["deals"] == 40 == figures["wins"] + figures["losses"] + figures["unknown"]
    assert len(figures["hardest"]) == 10
    assert set(figures["hardest"][0]) == {"seed", "nodes", "seconds"}
    assert {"seed", "result", "piles", "moves", "deal"} <= set(figures["non_wins"][0])


# Checkpoints ------------------------------------------------------------------------------


def hunt_args(path: Path, *extra: str) -> list[str]:
    return [
        "hunt",
        "--seed",
        "3",
        "--count",
        "60",
        "--cards",
        "11",
        "--chunk",
        "7",
        "--checkpoint",
        str(path),
        "--json",
        *extra,
    ]


HUNT = {"cards": 11, "chunk": 7}


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, bytes]:
    """A hunt's figures and its complete checkpoint."""
    path = tmp_path_factory.mktemp("hunt") / "whole.ckpt"
    found = hunt(3, 60, checkpoint=str(path), **HUNT)
    return timeless(found.to_dict()), path.read_bytes()


@settings(max_examples=25)
@given(cut=st.floats(0, 1))
def test_resume_after_a_crash_at_any_byte(
    uninterrupted: tuple[Any, bytes], tmp_path_factory: pytest.TempPathFactory, cut: float
) -> None:
    """A run killed anywhere leaves a prefix of its checkpoint (records are written
    whole, in one write each): a rerun ends with the uninterrupted figures, and
    computes only the chunks that were not finished."""
    expected, complete = uninterrupted
    path = tmp_path_factory.mktemp("cut") / "hunt.ckpt"
    kept = complete[: round(cut * len(complete))]
    path.write_bytes(kept)
    found = hunt(3, 60, checkpoint=str(path), **HUNT)
    assert timeless(found.to_dict()) == expected
    # Every chunk recorded exactly once: the kept ones were not run again.
    after = path.read_bytes()
    assert after.count(b"\n") == complete.count(b"\n")
    assert after.startswith(kept[: kept.rfind(b"\n") + 1])


def test_resume_after_sigkill_and_sigint(uninterrupted: tuple[Any, bytes], tmp_path: Path) -> None:
    expected, _ = uninterrupted
    path = tmp_path / "hunt.ckpt"
    for stop in (signal.SIGKILL, signal.SIGINT):
        path.unlink(missing_ok=True)
        args = hunt_args(path, "--jobs", "1")
        # Long enough to be stopped midway: 600 deals of 11 cards ran out in about
        # 50 ms after the third chunk, and a quiet machine finished the run before
        # the signal came; of 18 cards, some 0.7 s.
        args[args.index("60")] = "600"
        args[args.index("11")] = "18"
        process = started_until_checkpointed(*args, checkpoint=path)
        sent = time.monotonic()
        process.send_signal(stop)
        _, err = process.communicate(timeout=30)
        assert time.monotonic() - sent < 5
        if stop == signal.SIGINT:
            assert process.returncode == 130
            # One line, saying where the work is kept and how to go on from it.
            assert err.count("\n") == 1
            assert err.startswith(f"accordion: interrupted: the finished chunks are kept in {path}")
        kept = path.read_bytes()
        assert 3 <= kept.count(b"\n") < 600 // 7 + 2
        assert kept.endswith(b"\n") or kept.count(b"\n") >= 3
        out = run_cli(*args)
        whole = run_cli(
            *[a if a != str(path) else str(tmp_path / f"fresh-{stop}.ckpt") for a in args]
        )
        assert out.returncode == 0 == whole.returncode, out.stderr
        assert timeless(json.loads(out.stdout)) == timeless(json.loads(whole.stdout))
    assert expected["deals"] == 60


def test_checkpoint_of_another_run_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "run.ckpt"
    assert run_cli(*hunt_args(path)).returncode == 0
    other_seed = hunt_args(path)
    other_seed[other_seed.index("3")] = "4"
    for args, word in [
        (other_seed, "seed 3"),
        (hunt_args(path, "--two-way"), "rules"),
        (
            ["stats", "--rules", "strict", "--deals", "10", "--checkpoint", str(path)],
            "accordion hunt",
        ),
        (["solve", "--seed", "3", "--count", "5", "--checkpoint", str(path)], "accordion hunt"),
    ]:
        out = run_cli(*args)
        assert out.returncode == 2
        assert out.stderr.count("\n") == 1 and out.stderr.startswith(
            "accordion: error: --checkpoint"
        )
        assert word in out.stderr, out.stderr
    text = tmp_path / "notes.txt"
    text.write_text("my notes\n")
    out = run_cli(*hunt_args(text))
    assert out.returncode == 2 and "not an accordion checkpoint" in out.stderr
    assert text.read_text() == "my notes\n"


def test_checkpoint_records_are_whole_lines_and_torn_tails_are_dropped(tmp_path: Path) -> None:
    path = tmp_path / "c.ckpt"
    with Checkpoint(str(path), "test", {"a": 1}) as book:
        book.append(2, {"x": [1, 2]})
        book.append(0, "zero")
    path.write_bytes(path.read_bytes() + b'{"chunk":1,"data":"tor')
    with Checkpoint(str(path), "test", {"a": 1}) as book:
        assert sorted(book.finished) == [0, 2]
        assert book.read(2) == {"x": [1, 2]} and book.read(0) == "zero"
        book.append(1, "one")
    lines = path.read_bytes().splitlines(keepends=True)
    assert len(lines) == 4 and all(line.endswith(b"\n") for line in lines)
    with (
        Checkpoint(str(path), "test", {"a": 1}) as book,
        pytest.raises(CheckpointError, match="another run"),
    ):
        Checkpoint(str(path), "test", {"a": 1})
    with pytest.raises(CheckpointError, match="a 1, this run has 2"):
        Checkpoint(str(path), "test", {"a": 2})


def test_solve_and_stats_resume_to_the_same_output(tmp_path: Path) -> None:
    path = tmp_path / "solve.ckpt"
    solve = ["solve", "--seed", "5", "--count", "30", "--cards", "10", "--chunk", "4", "--json"]
    whole = run_cli(*solve)
    assert run_cli(*solve, "--checkpoint", str(path)).returncode == 0
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:4]) + lines[4][:9])
    again = run_cli(*solve, "--checkpoint", str(path))
    assert solve_lines(again.stdout) == solve_lines(whole.stdout)
    stats = ["stats", "--rules", "strict", "--deals", "50000", "--chunk", "6000", "--json"]
    path = tmp_path / "stats.ckpt"
    whole = run_cli(*stats)
    assert run_cli(*stats, "--checkpoint", str(path)).returncode == 0
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:5]))
    again = run_cli(*stats, "--checkpoint", str(path))
    assert timeless(json.loads(again.stdout)) == timeless(json.loads(whole.stdout))


# Streaming ---------------------------------------------------------------------------------


def test_solve_streams_a_huge_range_in_flat_memory() -> None:
    """`solve --seed 1 --count 100000000 | head`: output comes at once and memory
    stays small (the deals are made chunk by chunk, never all at once)."""
    started = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-m", "accordion", "solve", "--seed", "1", "--count", "100000000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert process.stdout is not None
    first = process.stdout.readline()
    waited = time.monotonic() - started
    for _ in range(30):
        process.stdout.readline()
    # The child's own peak (VmHWM: its memory since its exec). Its rusage would not
    # do: on Linux a child's ru_maxrss also counts the image it was forked from, this
    # test worker's, which grows with whatever tests ran in it before.
    status = Path(f"/proc/{process.pid}/status")
    found = re.search(r"^VmHWM:\s+(\d+) kB", status.read_text(), re.M) if status.exists() else None
    process.stdout.close()
    usage = wait_for_usage(process, timeout=60)  # it ends of the broken pipe
    peak = int(found.group(1)) * 1024 if found else usage.ru_maxrss * 1024
    assert first.startswith("deal 1/100000000: 5S 3C 5C")
    assert waited < 20  # about a second on an idle machine; CI machines are shared
    assert peak < 200 * 2**20


def test_tally_median_is_exact_then_binned() -> None:
    class Fake:
        def __init__(self, ms: float) -> None:
            self.result, self.seconds = "win", ms / 1000

    tally = Tally()
    for ms in (3.0, 1.0, 2.0):
        tally.add(Fake(ms))  # type: ignore[arg-type]
    assert tally.median() == (2.0, True)
    assert tally.line() == "3 deals: 3 win, 0 loss, 0 unknown; median 2.00 ms, max 3.00 ms"
    big = Tally()
    for i in range(1, (1 << 20) + 2):
        big.add(Fake(i / 1000))  # type: ignore[arg-type]
    median, exact = big.median()
    assert not exact and median == pytest.approx(((1 << 20) + 2) / 2000, rel=1e-3)
    assert "median ≈" in big.line()


def test_hunt_to_dict_round_trip() -> None:
    part = Hunt(seed=1, cards=52, rules="modern", deals=2, wins=2)
    assert part.to_dict()["p_unwinnable_upper95"] == clopper_pearson_upper(0, 2)


def test_a_checkpoint_of_another_solver_is_refused(tmp_path: Path) -> None:
    """Node counts (and so the hardest deals) change with the search even when the
    version does not: the header's fingerprint of the solver tells."""
    path = tmp_path / "old.ckpt"
    hunt(1, 6, cards=10, chunk=3, checkpoint=str(path))
    header, *records = path.read_text().splitlines(keepends=True)
    fields = json.loads(header)
    assert len(fields["arguments"]["solver"]) == 16
    fields["arguments"]["solver"] = "0" * 16
    path.write_text(json.dumps(fields) + "\n" + "".join(records))
    with pytest.raises(CheckpointError, match="solver"):
        hunt(1, 6, cards=10, chunk=3, checkpoint=str(path))


# Checkpoint headers: one shape for every command ----------------------------------------


def _batch_run(command: str, path: Path, game: str = "accordion") -> Any:
    """A small run of ``command`` (one of the batch commands) kept in ``path``."""
    kept = {"checkpoint": str(path), "game": game, "cards": 10, "chunk": 2}
    if command == "solve":
        return [s.to_dict() for s in batch.solve_range(1, 4, **kept)]  # type: ignore[arg-type]
    if command == "stats":
        return batch.simulate(rules="modern", deals=4, **kept).to_dict()  # type: ignore[arg-type]
    return hunt(1, 4, **kept).to_dict()  # type: ignore[arg-type]


@pytest.mark.parametrize("game", [game.name for game in GAMES.values() if game.engine == game.name])
@pytest.mark.parametrize("command", ["solve", "stats", "hunt"])
def test_every_batch_command_names_its_game_in_its_checkpoint(
    tmp_path: Path, command: str, game: str
) -> None:
    path = tmp_path / "run.ckpt"
    _batch_run(command, path, game)
    fields = json.loads(path.read_text().splitlines()[0])
    assert fields["command"] == command
    assert fields["arguments"]["game"] == game


@pytest.mark.parametrize("command", ["stats", "hunt"])
def test_a_checkpoint_whose_header_names_no_game_resumes_as_accordion(
    tmp_path: Path, command: str
) -> None:
    """``stats`` and ``hunt`` once left Accordion's name out of their headers: such a
    file still resumes, its chunks read back, and another game's run refuses it."""
    path = tmp_path / "old.ckpt"
    first = _batch_run(command, path)
    header, *records = path.read_text().splitlines(keepends=True)
    fields = json.loads(header)
    del fields["arguments"]["game"]
    old = json.dumps(fields, sort_keys=True) + "\n" + "".join(records)
    path.write_text(old)
    assert timeless(_batch_run(command, path)) == timeless(first)
    assert path.read_text() == old  # every chunk read back, none computed again
    with pytest.raises(CheckpointError, match='written with game "accordion"'):
        _batch_run(command, path, "royal-marriage")


def test_a_header_names_the_game_once() -> None:
    from accordion.batch.checkpoint import header

    assert header("hunt", {"seed": 1}, game="bayan")["arguments"] == {"game": "bayan", "seed": 1}
    with pytest.raises(ValueError, match="once"):
        header("hunt", {"game": "bayan"}, game="bayan")


# Batches ask the registry, not a game's name ---------------------------------------------


def test_a_variant_of_accordion_gets_the_chunk_of_accordions_searching_players() -> None:
    """The searching players are those of Accordion's engine, whichever game it plays."""
    for game in GAMES.values():
        chunk = batch.simulate_chunk_for("lookahead:300", game=game.name)
        searching = chunk < batch.SIMULATE_CHUNK
        assert searching == game.plays_accordion, game.name


def test_only_the_default_game_goes_unnamed_in_a_hunt() -> None:
    from accordion.games import DEFAULT_GAME

    assert [game.name for game in GAMES.values() if game.unnamed] == [DEFAULT_GAME]
    for game in GAMES.values():
        found = Hunt(seed=1, cards=10, rules="modern", game=game.name, deals=1, wins=1).to_dict()
        assert found.get("game") == (None if game.unnamed else game.name)


def test_numberings_read_the_same_in_every_run() -> None:
    """The API page shows NUMBERINGS by its repr: no memory address, and the seed numbering
    is Deal.from_seed itself."""
    assert repr(batch.NUMBERINGS) == "{'seed': Deal.from_seed}"
    assert batch.deal_maker("seed")(7, 12) == Deal.from_seed(7, 12)


def test_the_overloads_accordion_games_are_the_registrys() -> None:
    """``simulate``'s overload types ``game=`` of Accordion's engine as ``AccordionGames``
    (its batches give Accordion's ``Stats``): exactly the registry's games played by
    Accordion's engine, so a new variant gets the right type or this fails."""
    from typing import get_args

    assert get_args(batch.AccordionGames) == tuple(
        game.name for game in GAMES.values() if game.engine == "accordion"
    )


@pytest.mark.parametrize("chunk", [0, 100_001, 10**30])
def test_a_solve_chunk_is_bounded(chunk: int) -> None:
    # A chunk's solutions are held until it is done: the chunk bounds the memory.
    from accordion.batch import solve_range, solve_rows
    from accordion.errors import InvalidArgumentError

    for call in (
        lambda: solve_range(1, 3, chunk=chunk),
        lambda: solve_rows(["7H 7S"], chunk=chunk),
    ):
        with pytest.raises(
            InvalidArgumentError, match="chunk must be 1 to 100,000 deals"
        ) as raised:
            call()
        assert raised.value.argument == "chunk"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "accordion",
            "solve",
            "--seed",
            "1",
            "--count",
            "3",
            "--chunk",
            str(chunk),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("accordion: error: ") and result.stderr.count("\n") == 1
    assert "--chunk" in result.stderr
