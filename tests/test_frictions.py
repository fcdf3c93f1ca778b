"""The small frictions a newcomer met, each pinned: did-you-mean for a game,
numbers in e-notation, per cent everywhere, plots that say what they show, an
interrupted resumable run that says how to go on, grades only at the end, games
compared by value, typed errors."""

from __future__ import annotations

import json
import pickle
import signal
import subprocess
import time
from pathlib import Path
from types import ModuleType

import pytest
from _helpers import start_cli

import accordion
from accordion import reference
from accordion.cli import main
from accordion.cli.common import whole_number
from accordion.cli.progress import Progress
from accordion.errors import InvalidArgumentError, InvalidRulesError
from accordion.games import GAMES, find_game

ENGINES = [accordion, reference]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


# --- the command line ---------------------------------------------------------


def test_a_misspelt_game_gets_did_you_mean(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["solve", "--game", "acordion", "7H 2C"], capsys)
    assert status == 2
    assert 'unknown game "acordion"; did you mean accordion?' in err
    status, _, err = run(["solve", "--game", "royal", "7H 2C"], capsys)
    assert "did you mean royal-marriage?" in err


def test_find_game_suggests_too() -> None:
    with pytest.raises(InvalidRulesError, match="did you mean bayan"):
        find_game("bayn")


@pytest.mark.parametrize(
    ("text", "value"),
    [("1e6", 10**6), ("1E6", 10**6), ("2.5e3", 2500), ("1_000_000", 10**6), ("42", 42)],
)
def test_whole_numbers_in_e_notation_or_with_underscores(text: str, value: int) -> None:
    assert whole_number(text) == value


@pytest.mark.parametrize("text", ["1.5", "1e-3", "1.5e0", "nan", "inf", "1e999999999", "e6", ""])
def test_numbers_that_are_not_exactly_whole_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        whole_number(text)


def test_deals_in_e_notation(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["stats", "--deals", "1e3", "--seed", "1_000", "--json"], capsys)
    assert status == 0
    figures = json.loads(out)
    assert (figures["deals"], figures["seed"]) == (1000, 1000)
    status, _, err = run(["stats", "--deals", "1.5"], capsys)
    assert status == 2
    assert "--deals" in err


def test_stats_defaults_to_the_games_first_rule_set(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["stats", "--deals", "200", "--json"], capsys)
    assert status == 0
    assert json.loads(out)["rules"] == "modern"
    status, out, _ = run(["stats", "--game", "royal-marriage", "--deals", "50", "--json"], capsys)
    assert status == 0
    assert json.loads(out)["rules"] == find_game("royal-marriage").rules[0]


def test_hunt_defaults_to_seed_1(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["hunt", "--count", "3", "--cards", "10", "--json"], capsys)
    assert status == 0
    assert json.loads(out)["seed"] == 1


def test_stats_writes_the_win_rate_in_per_cent(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["stats", "--deals", "3000", "--open"], capsys)
    assert status == 0
    wins = next(line for line in out.splitlines() if line.startswith("wins:"))
    assert wins == "wins: 1 of 3,000 = 0.0333 % (95% CI 0.0059 % … 0.1886 %)", wins


def test_the_plot_title_has_the_interval_and_the_seed_and_whole_pile_ticks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "piles.svg"
    argv = ["stats", "--game", "bayan", "--deals", "40", "--seed", "7", "--plot", str(target)]
    status, _, _ = run(argv, capsys)
    assert status == 0
    picture = target.read_text()
    assert "from seed 7" in picture
    assert "95% CI" in picture
    # Matplotlib writes each tick label as a comment in the SVG.
    ticks = [part.split("-->")[0].strip() for part in picture.split("<!-- ")[1:]]
    assert ticks, "no labels found"
    assert not any(tick.endswith(".5") for tick in ticks), ticks


def test_timeout_zero_does_not_speak_of_none(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["solve", "7H 2C", "--timeout", "0"], ["solve", "7H 2C", "--timeout", "nan"]):
        status, _, err = run(argv, capsys)
        assert status == 2
        assert "None" not in err
        assert "--timeout" in err


@pytest.mark.parametrize(
    ("argv", "flag"),
    [
        (["solve", "7H 2C", "--timeout", "\u0661\u0662"], "--timeout"),  # Arabic-Indic 12
        (["solve", "7H 2C", "--timeout", "\uff11"], "--timeout"),  # a fullwidth 1
        (["stats", "--each", "--timeout", "\u0967"], "--timeout"),  # a Devanagari 1
        (["hunt", "--timeout", "\u0661"], "--timeout"),
        (["solve", "--solvitaire", "\u0661\u0662"], "--solvitaire"),
        (["solve", "--knuth", "\u0661\u0662"], "--knuth"),
        (["solve", "--pysol", "\u0661\u0662"], "--pysol"),
        (["solve", "7H 2C", "--distances", "\u0661,\u0663"], "--distances"),
        (["serve", "--port", "\u0668\u0660\u0668\u0660"], "--port"),
    ],
)
def test_numbers_are_written_in_ascii_digits(
    argv: list[str], flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """int() and float() read other scripts' digits: every number on the command
    line is refused unless written in ASCII, as whole numbers are, with one line
    naming the option."""
    status, out, err = run(argv, capsys)
    assert (status, out) == (2, "")
    assert err.startswith("accordion: error: ") and err.count("\n") == 1
    assert flag in err


def test_a_timeout_in_ascii_is_read() -> None:
    from accordion.cli.common import seconds

    assert [seconds(text) for text in ("2", " 0.5 ", "1e3", "1_0")] == [2.0, 0.5, 1000.0, 10.0]


def test_jobs_out_of_range_does_not_speak_of_none(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["solve", "7H 2C", "--jobs", "100000"], capsys)
    assert status == 2
    assert "None" not in err


def test_an_interrupted_hunt_says_where_its_work_is_kept_and_how_to_go_on(
    tmp_path: Path,
) -> None:
    checkpoint = tmp_path / "hunt.ckpt"
    argv = ["hunt", "--count", "100000", "--cards", "30", "--chunk", "200", "--jobs", "1"]
    argv += ["--checkpoint", str(checkpoint)]
    child = start_cli(*argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        # Once the checkpoint holds a finished chunk or two (its header comes first).
        while time.monotonic() < deadline and _size(checkpoint) < 2000:
            time.sleep(0.1)
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=60)
    finally:
        child.kill()
    assert child.returncode == 130
    assert err.count("\n") == 1, err
    assert f"accordion: interrupted: the finished chunks are kept in {checkpoint}" in err
    assert f"run the same command again: accordion {' '.join(argv)}" in err


def _size(path: Path) -> int:
    return path.stat().st_size if path.exists() else 0


def test_the_time_left_after_resuming_counts_only_new_deals() -> None:
    progress = Progress(1000, "hunting")
    progress.resume(900)
    # 900 read back at once, then 10 new deals in 10 s: 1 deal a second, 90 s left.
    line = progress.line(910, elapsed=10.0, working=10.0)
    assert "1 deals/s, 1 min 30 s left" in line, line
    fresh = Progress(1000, "hunting")
    assert "91 deals/s" in fresh.line(910, elapsed=10.0)


# --- the API, both engines ----------------------------------------------------


@pytest.mark.parametrize("engine", ENGINES, ids=["core", "reference"])
def test_no_grade_until_the_game_is_over(engine: ModuleType) -> None:
    game = engine.Game(engine.Deal.parse("7H 2C 3C 7C"))  # winnable
    game.play("7C>7H")
    outcome = game.outcome
    assert (outcome.piles, outcome.grade, outcome.is_over) == (3, None, False)
    assert repr(outcome) == "Outcome(piles=3, grade=None, is_over=False)"
    assert engine.Outcome(piles=3, grade=None, is_over=False) == outcome
    assert pickle.loads(pickle.dumps(outcome)) == outcome
    game.play("3C>2C")
    game.play("3C>7C")
    assert (game.outcome.grade, game.outcome.is_over) == ("win", True)
    with pytest.raises(InvalidArgumentError, match="grade"):
        engine.Outcome(piles=3, grade="strong", is_over=False)
    with pytest.raises(InvalidArgumentError, match="grade"):
        engine.Outcome(piles=3, grade=None, is_over=True)


@pytest.mark.parametrize("engine", ENGINES, ids=["core", "reference"])
@pytest.mark.parametrize("name", list(GAMES))
def test_a_game_equals_its_copy(engine: ModuleType, name: str) -> None:
    entry = find_game(name)
    side = "core" if engine is accordion else "reference"
    game_class = entry.game_class(side)
    deal = entry.numbered(side)(3, 20)
    game = game_class(deal)
    twin = game.copy()
    assert game == twin
    assert (game != twin) is False
    move = next(iter(twin.legal_moves))
    twin.play(move)
    assert game != twin
    twin.undo()
    assert game == twin
    with pytest.raises(TypeError):
        hash(game)
    for rules in entry.rules[1:]:  # another rule set, another game
        assert game != game_class(deal, rules)
    assert game != game_class(deal, blind=True)


@pytest.mark.parametrize("name", list(GAMES))
def test_an_outcome_has_no_grade_until_over(name: str) -> None:
    for engine in ("core", "reference"):
        game = find_game(name).game_class(engine)(find_game(name).numbered(engine)(1, 20))
        assert not game.is_over
        assert game.outcome.grade is None


def test_a_solution_repr_counts_in_the_singular() -> None:
    solution = accordion.solve(accordion.Deal.parse("7H 2C 3C 7C"))
    assert repr(solution) == "<Solution win in 3 moves, 1 pile, 4 nodes: 7H 2C 3C 7C>"


def test_an_unknown_difficulty_names_the_level() -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        accordion.difficulty_deal("expert")
    assert caught.value.argument == "level"
    assert not isinstance(caught.value, InvalidRulesError)
    assert "difficulty" in str(caught.value) and "'expert'" in str(caught.value).replace('"', "'")
