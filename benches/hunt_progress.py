"""Summarise a hunt that is still running (or was stopped) from its checkpoint.

    python benches/hunt_progress.py hunt-1e7.ckpt [--json]

`accordion hunt --checkpoint F` appends one JSON line per finished chunk after a
header naming the command; this reads them (a torn last line is skipped, as the
hunt itself does), adds the chunks up with `accordion.hunt.Hunt.add` and prints
what `hunt --json` would print for the deals searched so far, plus which seeds
those are. docs/results.md quotes the hunt in progress from this.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from accordion.hunt import Hunt


def read(path: str) -> tuple[dict[str, Any], dict[int, dict[str, Any]]]:
    """The checkpoint's header and its chunk records by chunk number."""
    header: dict[str, Any] | None = None
    chunks: dict[int, dict[str, Any]] = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue  # a torn last line: the chunk is not finished
            if header is None:
                header = record
            else:
                chunks[record["chunk"]] = record["data"]
    if header is None or header.get("command") != "hunt":
        raise SystemExit(f"hunt_progress: {path} is not a hunt checkpoint")
    return header, chunks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkpoint")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args()
    header, chunks = read(args.checkpoint)
    arguments = header["arguments"]
    seed, size = arguments["seed"], arguments["chunk"]
    total = Hunt(seed=seed, cards=arguments["cards"], rules=arguments["rules"])
    for number in sorted(chunks):
        total.add(
            Hunt(seed=seed + number * size, cards=total.cards, rules=total.rules, **chunks[number])
        )
    prefix = 0
    while prefix in chunks:
        prefix += 1
    summary = total.to_dict()
    summary["chunks"] = len(chunks)
    summary["seeds"] = (
        f"{seed} - {seed + prefix * size - 1}" if prefix else "none contiguous from the first"
    )
    summary["chunks_beyond"] = sorted(n for n in chunks if n >= prefix)
    summary["count"] = arguments["count"]
    if args.json:
        json.dump(summary, sys.stdout, indent=1)
        print()
        return 0
    print(f"{header['command']} {arguments}")
    print(
        f"deals searched {total.deals:,} of {arguments['count']:,} in {len(chunks)} chunks "
        f"(seeds {summary['seeds']}, then chunks {summary['chunks_beyond'] or 'none'})"
    )
    print(f"won {total.wins:,}, lost {total.losses:,}, unknown {total.unknown:,}")
    print(f"95% upper bound on the unwinnable share: {total.p_unwinnable_upper95:.3g}")
    print(f"solving time {total.seconds:,.0f} s")
    for entry in total.non_wins:
        print("not won:", entry)
    for entry in total.hardest:
        print(
            f"hardest: seed {entry['seed']} nodes {entry['nodes']:,} seconds {entry['seconds']:.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
