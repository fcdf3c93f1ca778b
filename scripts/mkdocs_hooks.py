"""MkDocs hooks for the documentation site (mkdocs.yml ``hooks:``).

``docs/cli.md`` holds the marker ``<!-- accordion-cli -->``; at build time it is
replaced by the help of ``accordion`` and of each subcommand, printed by the very
argparse parsers the program uses (``accordion.cli.build_parser``), so the page
cannot fall out of step with the code. The marker ``<!-- accordion-games -->``
is replaced by the table of games and their capabilities that the game registry
(``accordion.games.markdown_table``) writes. The nav's ``Games`` section is filled
from the registry too (:func:`on_config`): each game's own page, titled as the
registry titles it, so a game added to the registry needs no line of the nav. A
page that still shows a raw Sphinx role (``:class:`Deal```: a docstring role the
API pages' griffe extension did not turn into Markdown) fails the build.
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


GAMES_SECTION = "Games"


def on_config(config: Any, **_: Any) -> Any:
    """Fill the nav's ``Games`` section with every game of the registry that has a
    page of its own (one the nav lists nowhere else), in the registry's order."""
    from accordion.games import GAMES

    nav = config["nav"]
    listed = set(_pages(nav))
    games: list[dict[str, str]] = []
    for game in GAMES.values():
        page = game.docs.removeprefix("docs/")
        if page not in listed:
            listed.add(page)
            games.append({game.title: page})
    sections = [item for item in nav if isinstance(item, dict) and GAMES_SECTION in item]
    if len(sections) != 1:
        raise ValueError(f"mkdocs.yml: the nav needs one {GAMES_SECTION!r} section")
    sections[0][GAMES_SECTION] = games
    return config


def _pages(nav: Any) -> list[str]:
    """Every page the nav lists (a nested list of ``{title: page or section}``)."""
    if isinstance(nav, str):
        return [nav]
    if isinstance(nav, list):
        return [page for item in nav for page in _pages(item)]
    if isinstance(nav, dict):
        return [page for item in nav.values() for page in _pages(item)]
    return []


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
