"""Load on `accordion serve`: concurrent clients solving deals and asking hints on
127.0.0.1 for a while; calls per second, latency (p50, p99), errors, and the
server's memory (RSS) before and after.

    python benches/web_load.py [--clients 64] [--seconds 60] [--seed 0]

Each client loops over numbered 52-card deals (its own sequence, from --seed):
``POST /api/solve {"seed": N}``, then ``POST /api/hint {"seed": N, "moves": [...]}``
with the first two moves of the solver's line played. Every answer must be a
200 with the expected fields; anything else counts as an error. The server is a
fresh ``python -m accordion serve`` on a free port; its RSS is read from
``/proc/PID/status`` (Linux) after a warm-up of one call per client, every 10 s
and at the end. Figures: benches/web-results.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import aiohttp


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def rss(pid: int) -> int:
    """The process's resident memory, bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS")


async def client(
    http: aiohttp.ClientSession,
    base: str,
    number: int,
    stop: float,
    seed: int,
    latencies: list[float],
    errors: list[str],
) -> None:
    deal = seed + number * 1_000_003
    while time.monotonic() < stop:
        deal += 1
        began = time.monotonic()
        try:
            async with http.post(f"{base}/api/solve", json={"seed": deal % 2**32}) as response:
                solved = await response.json()
                if response.status != 200 or solved.get("result") not in ("win", "loss", "unknown"):
                    errors.append(f"solve {response.status}: {str(solved)[:200]}")
                    continue
            latencies.append(time.monotonic() - began)
            began = time.monotonic()
            moves = solved["moves"][:2]
            body = {"seed": deal % 2**32, "moves": moves}
            async with http.post(f"{base}/api/hint", json=body) as response:
                hinted = await response.json()
                if response.status != 200 or "verdict" not in hinted:
                    errors.append(f"hint {response.status}: {str(hinted)[:200]}")
                    continue
            latencies.append(time.monotonic() - began)
        except (aiohttp.ClientError, asyncio.TimeoutError) as error:
            errors.append(f"{type(error).__name__}: {error}")


async def load(base: str, clients: int, seconds: float, seed: int, pid: int) -> dict[str, object]:
    connector = aiohttp.TCPConnector(limit=clients)
    timeout = aiohttp.ClientTimeout(total=60)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:
        warm: list[float] = []
        warm_errors: list[str] = []
        await asyncio.gather(
            *(
                client(http, base, n, time.monotonic() + 0.01, seed, warm, warm_errors)
                for n in range(clients)
            )
        )
        before = rss(pid)
        latencies: list[float] = []
        errors: list[str] = []
        began = time.monotonic()
        stop = began + seconds
        samples: list[float] = []

        async def sample() -> None:
            while time.monotonic() < stop:
                await asyncio.sleep(min(10.0, max(stop - time.monotonic(), 0)))
                samples.append(round(rss(pid) / 2**20, 1))

        await asyncio.gather(
            sample(),
            *(client(http, base, n, stop, seed, latencies, errors) for n in range(clients)),
        )
        took = time.monotonic() - began
    after = rss(pid)
    ordered = sorted(latencies)
    return {
        "clients": clients,
        "seconds": round(took, 1),
        "calls": len(latencies),
        "calls_per_second": round(len(latencies) / took, 1),
        "p50_ms": round(1000 * statistics.median(ordered), 1) if ordered else None,
        "p99_ms": round(1000 * ordered[int(0.99 * (len(ordered) - 1))], 1) if ordered else None,
        "errors": len(errors) + len(warm_errors),
        "first_errors": (warm_errors + errors)[:3],
        "rss_before_mb": round(before / 2**20, 1),
        "rss_after_mb": round(after / 2**20, 1),
        "rss_every_10_s_mb": samples,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "accordion", "serve", "--port", str(port)],
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if time.monotonic() > deadline:
                raise SystemExit("the server did not start")
            time.sleep(0.1)
        result = asyncio.run(
            load(f"http://127.0.0.1:{port}", args.clients, args.seconds, args.seed, server.pid)
        )
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(30)
    result["machine"] = f"{platform.machine()}, {platform.python_version()}"
    print(json.dumps(result, indent=1))
    return 0 if result["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
