"""MkDocs hooks for the documentation site (mkdocs.yml ``hooks:``).

``docs/cli.md`` holds the marker ``<!-- accordion-cli -->``; at build time it is
replaced by the help of ``accordion`` and of each subcommand, printed by the very
argparse parsers the program uses (``accordion.cli.build_parser``), so the page
cannot fall out of step with the code. The marker ``<!-- accordion-games -->``
is replaced by the table of games and their capabilities that the game registry
(``accordion.games.markdown_table``) writes. A page that still shows a raw Sphinx
role (``:class:`Deal```: a docstring role the API pages' griffe extension did not
turn into Markdown) fails the build.
"""

from __future__ import annotations

import argparse
import os
import re
from typing import Any

MARKER = "<!-- accordion-cli -->"
GAMES_MARKER = "<!-- accordion-games -->"
WIDTH = "82"  # 80 columns: the code blocks of a page 1,280 pixels wide hold them


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:  # argparse keeps its subparsers here, and nowhere else
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def cli_reference() -> str:
    """The help of ``accordion`` and of every subcommand, as Markdown."""
    from accordion.cli import build_parser

    previous = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = WIDTH  # argparse wraps to the terminal; make it fixed
    try:
        parser = build_parser()
        parts = ["## accordion", "", "```text", parser.format_help().rstrip(), "```", ""]
        for name, subparser in _subcommands(parser).items():
            parts += [f"## accordion {name}", "", "```text", subparser.format_help().rstrip()]
            parts += ["```", ""]
    finally:
        if previous is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = previous
    return "\n".join(parts)


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    """Fill the CLI reference page and the tables of games."""
    if MARKER in markdown:
        markdown = markdown.replace(MARKER, cli_reference())
    if GAMES_MARKER in markdown:
        from accordion.games import markdown_table

        markdown = markdown.replace(GAMES_MARKER, markdown_table())
    return markdown


#: A Sphinx role left in a page's HTML.
RAW_ROLE = re.compile(r":(?:class|func|meth|data|mod|attr|exc|obj):(?:`|<code>)")


def on_post_page(output: str, page: Any, **_: Any) -> str:
    """Refuse a page that shows a raw reST role."""
    found = RAW_ROLE.search(output)
    if found is not None:
        start = max(0, found.start() - 60)
        raise ValueError(
            f"{page.file.src_path}: a raw reST role: …{output[start : found.end() + 40]}…"
        )
    return output
