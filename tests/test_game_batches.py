"""Every game through the one batch machinery (accordion.batch): ``stats`` and
``hunt`` for the throw games, resumable and deterministic, read from the registry.

The figures of a batch are checked against the game's own core calls over the
same numbered deals (one ``simulate_royal`` over the whole range, one solve a
deal), so chunking, checkpoints and threads change nothing but timings. The
Dask side of the same runs is in ``test_distributed.py``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, run_cli
from test_batch import timeless

from accordion import batch
from accordion.batch.hunt import hunt
from accordion.errors import InvalidArgumentError
from accordion.games import GAMES, Descriptor

#: The games with their own engine and no Accordion ``Rules``: the throw games.
THROW = [game for game in GAMES.values() if not game.plays_accordion]
#: Small numbered deals every exact solver decides at once (Accordian's exact
#: search proves some 16-card losses only after 10^5 positions).
CARDS = 10


def ids(games: list[Descriptor]) -> list[str]:
    return [game.name for game in games]


@pytest.mark.parametrize("game", THROW, ids=ids(THROW))
def test_stats_of_a_throw_game_is_its_simulation_whatever_the_chunks(game: Descriptor) -> None:
    for rules in game.rules:
        for strategy in game.strategies:
            if (game.name, rules, strategy) == ("accordian", "modern", "best"):
                continue  # the exact solver on every deal: seconds a deal, not milliseconds
            direct = game.simulator()(deals=700, rules=rules, strategy=strategy, seed=4)
            chunked = batch.simulate(
                rules=rules, strategy=strategy, deals=700, seed=4, chunk=160, game=game.name
            )
            assert type(chunked) is type(direct)
            assert timeless(chunked.to_dict()) == timeless(direct.to_dict())


@pytest.mark.parametrize("game", THROW, ids=ids(THROW))
def test_stats_cli_of_a_throw_game_resumes_from_its_checkpoint(
    game: Descriptor, tmp_path: Path
) -> None:
    path = tmp_path / "stats.ckpt"
    rules = game.rules[-1]
    args = ["stats", "--game", game.name, "--rules", rules, "--deals", "900", "--json"]
    whole = run_cli(*args)
    assert whole.returncode == 0, whole.stderr
    expected = timeless(json.loads(whole.stdout))
    assert expected["game"] == game.name and expected["deals"] == 900
    direct = game.simulator()(deals=900, rules=rules, seed=1)
    assert expected == timeless(direct.to_dict())
    first = run_cli(*args, "--chunk", "200", "--checkpoint", str(path))
    assert timeless(json.loads(first.stdout)) == expected
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + 5 and json.loads(lines[0])["arguments"]["game"] == game.name
    # A run stopped after two chunks: the rerun computes the other three.
    path.write_text("\n".join(lines[:3]) + "\n", encoding="utf-8")
    again = run_cli(*args, "--chunk", "200", "--checkpoint", str(path))
    assert again.returncode == 0, again.stderr
    assert timeless(json.loads(again.stdout)) == expected
    assert len(path.read_text(encoding="utf-8").splitlines()) == 1 + 5


def direct_hunt(game: Descriptor, seed: int, count: int) -> dict[str, Any]:
    """What a hunt must find, one solve a numbered deal, without the batch."""
    found: dict[str, Any] = {"wins": 0, "losses": 0, "unknown": 0, "non_wins": []}
    for number in range(seed, seed + count):
        solution = game.solver()(game.numbered()(number, CARDS))
        if solution.result == "win":
            found["wins"] += 1
            continue
        found["losses" if solution.result == "loss" else "unknown"] += 1
        found["non_wins"].append(timeless({"seed": number, **solution.to_dict()}))
    return found


@pytest.mark.parametrize("game", THROW, ids=ids(THROW))
def test_hunt_of_a_throw_game_counts_its_exact_solvers_verdicts(game: Descriptor) -> None:
    expected = direct_hunt(game, 3, 60)
    assert expected["losses"] and expected["wins"]  # both verdicts are exercised
    runs = [
        hunt(3, 60, cards=CARDS, chunk=chunk, jobs=jobs, game=game.name)
        for chunk, jobs in ((60, 1), (7, 2), (13, None))
    ]
    figures = [timeless(found.to_dict()) for found in runs]
    assert figures[0] == figures[1] == figures[2]
    got = figures[0]
    assert got["game"] == game.name and got["deals"] == 60 and got["unknown"] == 0
    assert {key: got[key] for key in expected} == expected
    assert [entry["seed"] for entry in got["hardest"]] == sorted(
        (entry["seed"] for entry in got["hardest"]),
        key=lambda seed: (-next(e["nodes"] for e in got["hardest"] if e["seed"] == seed), seed),
    )


@pytest.mark.parametrize("game", THROW, ids=ids(THROW))
def test_hunt_cli_of_a_throw_game_resumes_and_speaks_its_words(
    game: Descriptor, tmp_path: Path
) -> None:
    path = tmp_path / "hunt.ckpt"
    args = ["hunt", "--game", game.name, "--seed", "1", "--count", "30", "--cards", str(CARDS)]
    whole = run_cli(*args, "--json")
    assert whole.returncode == 0, whole.stderr
    expected = timeless(json.loads(whole.stdout))
    keys = {"deals", "wins", "losses", "unknown", "non_wins", "hardest", "p_unwinnable_upper95"}
    assert keys <= set(expected) and expected["game"] == game.name
    first = run_cli(*args, "--json", "--chunk", "8", "--jobs", "2", "--checkpoint", str(path))
    assert timeless(json.loads(first.stdout)) == expected
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(lines[:2]) + "\n", encoding="utf-8")
    again = run_cli(*args, "--json", "--chunk", "8", "--checkpoint", str(path))
    assert timeless(json.loads(again.stdout)) == expected
    other = run_cli(*args, "--json", "--chunk", "9", "--checkpoint", str(path))
    assert other.returncode == 2 and other.stderr.startswith("accordion: error: --checkpoint")
    text = run_cli(*args)
    assert f"open {game.title} deals of {CARDS} cards" in text.stdout
    assert f" {game.nouns.node}s" in text.stdout and f" {game.nouns.piece}s" in text.stdout


def test_a_hunt_of_a_throw_game_is_read_back_as_that_games_solutions(tmp_path: Path) -> None:
    """A Royal Marriage non-win written as an Accordion solution (or of another
    deal) is damage, not a result."""
    path = tmp_path / "royal.ckpt"
    found = hunt(1, 20, cards=CARDS, chunk=20, game="royal-marriage", checkpoint=str(path))
    assert found.losses
    header, record = path.read_text(encoding="utf-8").splitlines()
    data = json.loads(record)["data"]
    data["non_wins"][0]["game"] = "bayan"
    from accordion.batch.checkpoint import _checksum, _data_text

    text = _data_text(data)
    path.write_text(
        header + "\n" + json.dumps({"chunk": 0, "sha256": _checksum(0, text), "data": data}) + "\n",
        encoding="utf-8",
    )
    result = run_cli(
        "hunt", "--game", "royal-marriage", "--seed", "1", "--count", "20", "--cards", str(CARDS),
        "--chunk", "20", "--checkpoint", str(path),
    )  # fmt: skip
    assert result.returncode == 2 and "line 2 of" in result.stderr and "is damaged" in result.stderr


def test_accordian_stats_over_numbered_deals_is_the_judges_game() -> None:
    """Under ``uva`` every move is forced: the statistics are the judge's game of each deal."""
    from accordion import Deal, play_uva

    result = run_cli("stats", "--game", "uva-127", "--rules", "uva", "--deals", "50", "--json")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    piles = [len(play_uva(Deal.from_seed(seed))) for seed in range(1, 51)]
    histogram = {str(n): piles.count(n) for n in sorted(set(piles))}
    assert figures["piles_histogram"] == histogram and figures["wins"] == piles.count(1)


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_stats_and_hunt_either_run_or_refuse_naming_the_game(game: Descriptor) -> None:
    """Every game, every rule set: ``stats`` over numbered deals and ``hunt`` run, or
    say in one line which game cannot."""
    for rules in game.rules:
        args = ["stats", "--game", game.name, "--rules", rules, "--deals", "20", "--cards", "12"]
        result = run_cli(*args, "--json")
        if game.supports("stats"):
            assert result.returncode == 0, (rules, result.stderr)
            assert json.loads(result.stdout)["deals"] == 20
        else:
            assert result.returncode == 2 and result.stderr.count("\n") == 1
            assert result.stderr.startswith(f"accordion: error: stats --game {game.name}: ")
    args = ["hunt", "--game", game.name, "--seed", "1", "--count", "4", "--cards", "9"]
    result = run_cli(*args, "--json")
    if game.supports("hunt"):
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["deals"] == 4
    else:
        assert result.returncode == 2 and result.stderr.count("\n") == 1
        assert result.stderr.startswith(f"accordion: error: hunt --game {game.name}: ")


def test_the_batch_package_never_names_its_clusters_package() -> None:
    """Runners sit behind :data:`accordion.batch.RUNNERS`: the batch functions and the
    hunt load Dask's runner by name, only when given a client."""
    for name in ("__init__.py", "hunt.py", "checkpoint.py"):
        text = (ROOT / "python" / "accordion" / "batch" / name).read_text(encoding="utf-8")
        assert "distributed" not in text, name
    assert set(batch.RUNNERS) == {"dask"}


def test_a_client_no_runner_takes_is_a_typed_error_naming_client() -> None:
    with pytest.raises(InvalidArgumentError, match=r"client must be .* not int") as raised:
        batch.runner_for(5)
    assert raised.value.argument == "client"
    runner, release = batch.runner_for(None)
    assert isinstance(runner, batch.LocalRunner)
    release()


@pytest.mark.parametrize("game", [g for g in GAMES.values() if g.strategies], ids=lambda g: g.name)
def test_the_registrys_strategies_are_the_cores(game: Descriptor) -> None:
    """The core's error for an unknown strategy lists the ones it plays: the registry
    (and so ``stats --help``) names the same, in the same set."""
    with pytest.raises(ValueError, match=r"unknown (\w+ )*strategy") as raised:
        game.simulator()(deals=1, rules=game.rules[0], strategy="no-such-player")
    known = str(raised.value).split("known: ", 1)[1].rstrip(")")
    assert sorted(known.split(", ")) == sorted(game.strategies)


def test_the_api_page_lists_every_public_name() -> None:
    import accordion

    page = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^        - (\w+)$", page, re.MULTILINE))
    errors = {name for name in accordion.__all__ if name.endswith("Error")}
    # svg is on the page under its module (::: accordion.svg.svg), errors under accordion.errors.
    assert set(accordion.__all__) - listed - errors == {"__version__", "svg"}
    assert "::: accordion.svg.svg" in page and "::: accordion.errors" in page
