"""The `accordion` command. Each subcommand lives in its own module and
registers itself with :func:`build_parser`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from accordion.cli import deal, hunt, play, rate, solve, stats
from accordion.cli.common import CliError, Parser
from accordion.errors import AccordionError, ClusterError, MissingExtraError

COMMANDS = (deal, solve, stats, hunt, play, rate)

DESCRIPTION = """\
Accordion (Idle Year, Tower of Babel, Leapfrog): solve deals, measure win rates,
play in the terminal. Cards are written AS TD 7H; a deal is a row of cards."""


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="accordion", description=DESCRIPTION)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for command in COMMANDS:
        command.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 1 interrupted, 2 bad input)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return 2
        status: int = args.run(args)
        return status
    except (AccordionError, CliError, MissingExtraError) as error:
        print(f"accordion: error: {error}", file=sys.stderr)
        return 2
    except ClusterError as error:
        print(f"accordion: error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("accordion: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
