"""The Dask path: a LocalCluster of two worker processes on loopback, started once.

Every run through the cluster must give what the local run gives (timings
aside), survive a worker killed mid-run, stop with one line when the scheduler
goes, and resume from its checkpoint. Kept to a few small batches: the whole
file runs in well under a minute.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

distributed = pytest.importorskip("distributed")
# One worker of pytest-xdist runs every test here (scripts/test.sh: --dist loadgroup),
# so that the module's cluster is started once, not once in each worker.
pytestmark = pytest.mark.xdist_group("cluster")

from _helpers import started_until_checkpointed  # noqa: E402
from conftest import run_cli  # noqa: E402
from test_batch import solve_lines, timeless  # noqa: E402

from accordion import batch  # noqa: E402
from accordion.batch.checkpoint import Checkpoint  # noqa: E402
from accordion.batch.hunt import hunt  # noqa: E402
from accordion.cli import main  # noqa: E402
from accordion.games import GAMES  # noqa: E402


def local_cluster(**options: Any) -> Any:
    return distributed.LocalCluster(
        host="127.0.0.1", protocol="tcp", dashboard_address=":0", **options
    )


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    with local_cluster(n_workers=2, threads_per_worker=1, processes=True) as running:
        yield running


@pytest.fixture(scope="module")
def client(cluster: Any) -> Iterator[Any]:
    with distributed.Client(cluster, set_as_default=False) as connected:
        yield connected


def cli_on(cluster: Any, *args: str) -> subprocess.CompletedProcess[str]:
    return run_cli(*args, "--scheduler", cluster.scheduler_address, "--jobs", "1")


def test_solve_on_the_cluster_is_the_local_run(cluster: Any) -> None:
    args = ["solve", "--seed", "20", "--count", "40", "--cards", "13", "--chunk", "6", "--json"]
    there = cli_on(cluster, *args)
    assert there.returncode == 0, there.stderr
    here = [timeless(s.to_dict()) for s in batch.solve_range(20, 40, cards=13)]
    assert solve_lines(there.stdout) == here
    text = cli_on(cluster, "solve", "7H 2C 3C 7C", "--seed", "1", "--count", "3", "--chunk", "2")
    assert text.stdout.count("\ndeal ") == 3 and text.stdout.startswith("deal 1/4: 7H 2C 3C 7C")


def test_stats_on_the_cluster_is_the_local_run(cluster: Any) -> None:
    args = ["stats", "--rules", "strict", "--deals", "300000", "--seed", "9", "--json"]
    here, there = run_cli(*args), cli_on(cluster, *args, "--chunk", "40000")
    assert there.returncode == 0, there.stderr
    assert timeless(json.loads(there.stdout)) == timeless(json.loads(here.stdout))


def test_hunt_on_the_cluster_is_the_local_run(cluster: Any, client: Any) -> None:
    args = ["hunt", "--seed", "5", "--count", "80", "--cards", "12", "--json"]
    here = run_cli(*args)
    env = {**os.environ, "ACCORDION_SCHEDULER": cluster.scheduler_address}
    there = subprocess.run(
        [sys.executable, "-m", "accordion", *args, "--chunk", "9"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert there.returncode == 0, there.stderr
    expected = timeless(json.loads(here.stdout))
    assert timeless(json.loads(there.stdout)) == expected
    found = hunt(5, 80, cards=12, chunk=11, client=client)
    assert timeless(found.to_dict()) == expected


def test_the_python_api_takes_a_client_or_an_address(cluster: Any, client: Any) -> None:
    local = [timeless(s.to_dict()) for s in batch.solve_range(100, 20, cards=14)]
    for target in (client, cluster.scheduler_address):
        got = batch.solve_range(100, 20, cards=14, chunk=3, client=target, jobs=1)
        assert [timeless(s.to_dict()) for s in got] == local
    stats = batch.simulate(rules="parlett", deals=40, seed=2, chunk=7, client=client)
    assert timeless(stats.to_dict()) == timeless(
        batch.simulate(rules="parlett", deals=40, seed=2).to_dict()
    )


def test_a_worker_killed_mid_run_changes_nothing(client: Any) -> None:
    expected = timeless(hunt(1, 160, chunk=160).to_dict())
    pids = list(client.run(os.getpid).values())
    chunks_done: list[int] = []

    def kill_once(done: int) -> None:
        chunks_done.append(done)
        if len(chunks_done) == 2:
            os.kill(pids[0], signal.SIGKILL)

    found = hunt(1, 160, chunk=8, client=client, jobs=1, progress=kill_once)
    assert timeless(found.to_dict()) == expected
    client.wait_for_workers(2, timeout=30)
    assert set(client.run(os.getpid).values()) != set(pids)


def test_scheduler_gone_is_one_line_and_the_checkpoint_resumes(tmp_path: Path) -> None:
    path = tmp_path / "lost.ckpt"
    args = [
        "hunt",
        "--seed",
        "1",
        "--count",
        "200",
        "--chunk",
        "8",
        "--json",
        "--checkpoint",
        str(path),
        "--jobs",
        "1",
    ]
    with local_cluster(n_workers=1, threads_per_worker=1, processes=False) as doomed:
        env = {**os.environ, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "2s"}
        process = started_until_checkpointed(
            *args, "--scheduler", doomed.scheduler_address, checkpoint=path, env=env
        )
        closing = threading.Thread(target=doomed.close)
        closing.start()
        out, err = process.communicate(timeout=60)
        closing.join()
    assert process.returncode == 1, err
    assert err.count("\n") == 1 and err.startswith("accordion: error: lost the Dask scheduler")
    assert "run the same command again" in err and out == ""
    kept = path.read_bytes().count(b"\n") - 1
    assert kept >= 2
    resumed = run_cli(*args)
    assert resumed.returncode == 0, resumed.stderr
    assert timeless(json.loads(resumed.stdout)) == timeless(hunt(1, 200, chunk=8).to_dict())


@pytest.mark.parametrize(
    ("address", "says"),
    [
        ("tcp://127.0.0.1:1", "connection refused"),
        ("garbage", "not a scheduler address"),
        ("tcp://127.0.0.1:99999", "not a scheduler address"),
        ("http://127.0.0.1:8786", "not a scheduler address"),
    ],
)
def test_bad_addresses_are_one_line_errors(
    address: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    started = time.monotonic()
    status = main(["stats", "--rules", "strict", "--deals", "10", "--scheduler", address])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("accordion: error: --scheduler"), err
    assert says in err, err
    assert time.monotonic() - started < 30


def test_without_the_extra_the_error_names_it() -> None:
    code = (
        "import sys; sys.modules['distributed'] = None\n"
        "from accordion.cli import main\n"
        "sys.exit(main(['hunt', '--seed', '1', '--count', '5', '--scheduler', 'tcp://127.0.0.1:1']))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 2
    assert out.stderr == (
        "accordion: error: running on a Dask cluster needs the 'distributed' extra: "
        "pip install 'accordion-patience[distributed]'\n"
    )


def test_ctrl_c_stops_a_cluster_run_promptly_with_its_checkpoint(
    cluster: Any, tmp_path: Path
) -> None:
    path = tmp_path / "stopped.ckpt"
    args = ["hunt", "--seed", "1", "--count", "3000", "--chunk", "20", "--json"]
    process = started_until_checkpointed(
        *args,
        *("--checkpoint", str(path), "--jobs", "1", "--scheduler", cluster.scheduler_address),
        checkpoint=path,
    )
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    # Under a second on an idle machine; CI machines are shared.
    assert time.monotonic() - sent < 30
    assert process.returncode == 130, err
    assert err == "accordion: interrupted\n" and out == ""
    kept = path.read_bytes()
    assert kept.endswith(b"\n") and kept.count(b"\n") >= 3
    # Every record is whole: the checkpoint opens and reads back.
    with Checkpoint(str(path), "hunt", json.loads(kept.splitlines()[0])["arguments"]) as book:
        assert all(book.read(index)["deals"] == 20 for index in book.finished)


@pytest.mark.parametrize(
    "game",
    [
        game.name
        for game in GAMES.values()
        if not game.plays_accordion and game.supports("hunt") and game.supports("stats-batch")
    ],
)
def test_a_throw_games_hunt_and_stats_on_the_cluster_are_the_local_runs(
    cluster: Any, client: Any, game: str
) -> None:
    hunted = ["hunt", "--game", game, "--seed", "2", "--count", "40", "--cards", "10", "--json"]
    here, there = run_cli(*hunted), cli_on(cluster, *hunted, "--chunk", "6")
    assert there.returncode == 0, there.stderr
    expected = timeless(json.loads(here.stdout))
    assert timeless(json.loads(there.stdout)) == expected and expected["game"] == game
    found = hunt(2, 40, cards=10, chunk=7, client=client, game=game)
    assert timeless(found.to_dict()) == expected
    counted = ["stats", "--game", game, "--rules", "modern", "--deals", "3000", "--json"]
    here, there = run_cli(*counted), cli_on(cluster, *counted, "--chunk", "700")
    assert there.returncode == 0, there.stderr
    assert timeless(json.loads(there.stdout)) == timeless(json.loads(here.stdout))
