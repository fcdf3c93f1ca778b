"""Summarise a hunt made of one or more runs over consecutive seed ranges.

    python benches/hunt_progress.py PART... [--json]

Each PART is the checkpoint of a hunt that is running or was stopped
(`accordion hunt --checkpoint F`: a header naming the command, then one JSON
line per finished chunk), or the `hunt --json` output of a finished run. A
checkpoint contributes its chunks contiguous from its first seed (a torn last
line is skipped, as the hunt itself does); the parts, sorted by first seed, must
cover one range without gap or overlap up to the last one's end. They are added
with `accordion.batch.hunt.Hunt.add`, and the summary is what `hunt --json` would print
for all the deals searched, plus which seeds those are. docs/results.md quotes the
hunt over 10^7 deals from the parts kept in benches/hunt/ (see its README).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from typing import Any

from accordion.batch.hunt import Hunt


@dataclass
class Part:
    """The deals one file accounts for: seeds ``first`` to ``first + deals - 1``."""

    path: str
    first: int
    hunt: Hunt
    #: Deals the run was asked for (its ``--count``), if the file says.
    count: int | None
    #: Chunks finished past the first gap (checkpoints only): not counted yet.
    beyond: list[int]


def read_checkpoint(path: str, header: dict[str, Any], lines: list[str]) -> Part:
    """The contiguous finished chunks of a hunt checkpoint."""
    if header.get("command") != "hunt":
        raise SystemExit(f"hunt_progress: {path} is not a hunt checkpoint")
    arguments = header["arguments"]
    seed, size = arguments["seed"], arguments["chunk"]
    chunks: dict[int, dict[str, Any]] = {}
    for line in lines:
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue  # a torn last line: the chunk is not finished
        chunks[record["chunk"]] = record["data"]
    # The header keeps the rules' repr ("Rules('modern')"), a summary their name.
    rules = re.sub(r"^Rules\('([\w-]+)'\)$", r"\1", arguments["rules"])
    total = Hunt(seed=seed, cards=arguments["cards"], rules=rules)
    prefix = 0
    while prefix in chunks:
        total.add(
            Hunt(seed=seed + prefix * size, cards=total.cards, rules=total.rules, **chunks[prefix])
        )
        prefix += 1
    beyond = sorted(n for n in chunks if n >= prefix)
    return Part(path, seed, total, arguments["count"], beyond)


def read_summary(path: str, summary: dict[str, Any]) -> Part:
    """A finished run's ``hunt --json`` object."""
    fields = ("deals", "wins", "losses", "unknown", "non_wins", "hardest", "seconds")
    try:
        hunt = Hunt(
            seed=summary["seed"],
            cards=summary["cards"],
            rules=summary["rules"],
            **{name: summary[name] for name in fields},
        )
    except (KeyError, TypeError) as error:
        raise SystemExit(f"hunt_progress: {path} is not a hunt --json summary ({error})") from None
    return Part(path, hunt.seed, hunt, hunt.deals, [])


def read(path: str) -> Part:
    with open(path, encoding="utf-8") as file:
        lines = file.read().splitlines()
    try:
        first = json.loads(lines[0]) if lines else None
    except json.JSONDecodeError:
        first = None
    if not isinstance(first, dict):
        raise SystemExit(f"hunt_progress: {path} is neither a hunt checkpoint nor a summary")
    if first.get("accordion") == "checkpoint":
        return read_checkpoint(path, first, lines[1:])
    return read_summary(path, first)


def combine(parts: list[Part]) -> dict[str, Any]:
    """The summary of parts over consecutive seeds (refused: gaps, overlaps, mixed rows)."""
    parts = sorted(parts, key=lambda part: part.first)
    head = parts[0].hunt
    total = Hunt(seed=head.seed, cards=head.cards, rules=head.rules)
    for index, part in enumerate(parts):
        if (part.hunt.cards, part.hunt.rules) != (total.cards, total.rules):
            raise SystemExit(f"hunt_progress: {part.path} hunts other rows or rules")
        if part.first != total.seed + total.deals:
            raise SystemExit(
                f"hunt_progress: {part.path} starts at seed {part.first}, "
                f"but the parts before end at {total.seed + total.deals - 1}"
            )
        if index < len(parts) - 1 and part.count is not None and part.hunt.deals != part.count:
            raise SystemExit(f"hunt_progress: {part.path} is unfinished but not the last part")
        total.add(part.hunt)
    summary = total.to_dict()
    summary["seeds"] = f"{total.seed} - {total.seed + total.deals - 1}"
    summary["parts"] = [
        {"file": p.path, "first": p.first, "deals": p.hunt.deals, "of": p.count} for p in parts
    ]
    summary["chunks_beyond"] = parts[-1].beyond
    return summary


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("parts", nargs="+", metavar="PART")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args()
    summary = combine([read(path) for path in args.parts])
    if args.json:
        json.dump(summary, sys.stdout, indent=1)
        print()
        return 0
    for part in summary["parts"]:
        of = "" if part["of"] is None else f" of {part['of']:,}"
        print(f"{part['file']}: seeds from {part['first']:,}, {part['deals']:,}{of} deals")
    print(f"deals searched {summary['deals']:,} (seeds {summary['seeds']})")
    if summary["chunks_beyond"]:
        print(f"finished beyond the first gap (not counted): chunks {summary['chunks_beyond']}")
    print(f"won {summary['wins']:,}, lost {summary['losses']:,}, unknown {summary['unknown']:,}")
    print(f"95% upper bound on the unwinnable share: {summary['p_unwinnable_upper95']:.3g}")
    print(f"solving time {summary['seconds']:,.0f} s")
    for entry in summary["non_wins"]:
        print("not won:", entry)
    for entry in summary["hardest"]:
        print(
            f"hardest: seed {entry['seed']} nodes {entry['nodes']:,} seconds {entry['seconds']:.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
