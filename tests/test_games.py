"""The game registry (accordion.games): every descriptor is whole, names are found
by name, alias and PySolFC id, and the layers above read it instead of testing names."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli

from accordion.errors import InvalidArgumentError, InvalidRulesError
from accordion.games import CAPABILITIES, GAMES, Descriptor, Variant, find_game, game_of, load

PACKAGE = Path(__file__).resolve().parent.parent / "python" / "accordion"
OWN = [game for game in GAMES.values() if game.engine == game.name]


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
@pytest.mark.parametrize("engine", ["core", "reference"])
def test_every_descriptor_loads_its_pieces_and_plays_a_numbered_deal(
    game: Descriptor, engine: str
) -> None:
    deal = game.numbered(engine)(3, 12)  # type: ignore[arg-type]
    played = game.game_class(engine)(deal)  # type: ignore[arg-type]
    assert game_of(played) is find_game(game.engine)
    solution = game.solver(engine)(deal)  # type: ignore[arg-type]
    assert solution.result in ("win", "loss")
    assert (solution.piles == game.won_at) == (solution.result == "win")
    for move in played.legal_moves:
        assert game.move_class(engine).parse(str(move)) == move  # type: ignore[arg-type]


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_names_aliases_and_pysol_ids_find_the_game(game: Descriptor) -> None:
    for name in (game.name, game.name.upper(), f" {game.name}\t", *game.aliases):
        assert find_game(name) is game
    if game.pysol_id is not None:
        assert find_game(str(game.pysol_id)) is game


def test_an_unknown_game_is_a_typed_error_listing_the_games() -> None:
    with pytest.raises(InvalidRulesError, match=r'unknown game "chess".*royal-marriage \(288\)'):
        find_game("chess")
    with pytest.raises(TypeError):
        find_game(288)  # type: ignore[arg-type]


def test_descriptors_are_consistent() -> None:
    for game in GAMES.values():
        assert set(game.refuses) <= set(CAPABILITIES)
        assert game.engine in GAMES and GAMES[game.engine].engine == game.engine
        assert game.solve_rules and set(game.solve_rules) <= set(game.rules)
        if game.supports("stats"):
            assert game.strategies or game.engine != game.name or game.core is not None
        for reason in game.refuses.values():
            assert reason and "\n" not in reason


@pytest.mark.parametrize(
    ("game", "capability"),
    [(game, cap) for game in GAMES.values() for cap in CAPABILITIES if not game.supports(cap)],
    ids=lambda value: value.name if isinstance(value, Descriptor) else value,
)
def test_a_refused_capability_names_the_game(game: Descriptor, capability: str) -> None:
    with pytest.raises(InvalidArgumentError, match=f"--game {game.name}: "):
        game.require(capability, "cmd")  # type: ignore[arg-type]


@pytest.mark.parametrize("game", OWN, ids=[game.name for game in OWN])
def test_the_cli_refuses_what_a_game_cannot_do_naming_the_game(game: Descriptor) -> None:
    commands = {
        "rate": ["rate", "--seed", "1"],
        "hunt": ["hunt", "--seed", "1", "--count", "1"],
        "stats": ["stats", "--rules", "modern", "--deals", "3"],
        "variant": ["solve", "--seed", "1", "--two-way"],
    }
    for capability, args in commands.items():
        if game.supports(capability):  # type: ignore[arg-type]
            continue
        result = run_cli(*args, "--game", game.name)
        assert result.returncode == 2, (capability, result.stdout)
        assert result.stderr.count("\n") == 1 and f"--game {game.name}" in result.stderr


def test_no_layer_above_the_registry_tests_a_games_name() -> None:
    """The command line, the table and the pictures ask the registry; a game's name
    compared as text (``args.game == "bayan"``) or a class name is the drift the
    registry replaced."""
    names = "|".join(re.escape(name) for name in GAMES)
    compared = re.compile(rf"""(==|!=|\bin)\s*\(?\s*["']({names})["']""")
    class_name = re.compile(r"__name__\b.*(Royal|Bayan)|\"(Royal|Bayan)Game\"\s*:")
    places = [
        PACKAGE / "svg.py",
        *sorted(PACKAGE.glob("play/**/*.py")),
        *sorted(PACKAGE.glob("cli/*.py")),
    ]
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for path in places
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if compared.search(line) or class_name.search(line)
    ]
    assert found == []


def test_the_old_module_paths_still_work_with_a_warning_naming_the_new_one() -> None:
    import importlib
    import sys

    from accordion._moved import MOVED

    for old, new in MOVED.items():
        sys.modules.pop(old, None)
        with pytest.warns(DeprecationWarning, match=f"{old} has moved: import {new[0]}"):
            module = importlib.import_module(old)
        first = importlib.import_module(new[0])
        public = [name for name in vars(first) if not name.startswith("_")]
        assert public and all(getattr(module, name) is getattr(first, name) for name in public)


def test_the_registry_states_each_games_facts_as_the_core_does() -> None:
    """A game's facts live in the core, in the game's own module (Accordion's and
    its PySolFC variants' in ``rust/game.rs``, each throw game's in its
    ``Throwing`` type): name, title, aliases, PySolFC id, rule sets, what it is won
    at, its stock, how PySolFC deals it, the cards a blind game starts with and
    the variant flags it fixes. The core lists them in ``_core.games()``, in the
    order it binds the games, and the registry (which must import without the
    core) says the same of every game."""
    from accordion._core import games

    core = games()
    assert [facts["name"] for facts in core] == list(GAMES)
    for facts, game in zip(core, GAMES.values(), strict=True):
        variant = game.variant or Variant()
        assert facts == {
            "name": game.name,
            "title": game.title,
            "aliases": list(game.aliases),
            "pysol_id": game.pysol_id,
            "rules": list(game.rules),
            "won_at": game.won_at,
            "stock": game.nouns.stock,
            "piece": game.nouns.piece,
            "min_cards": game.min_cards,
            "dealing": game.dealing,
            "blind_start": game.blind_start,
            "two_way": variant.two_way,
            "distances": [int(part) for part in variant.distances.split(",")],
            "win_piles": variant.win_piles,
        }, game.name
        assert variant.goal_from_pysol == (game.dealing == "goal-card"), game.name
        # The fewest cards of a numbered deal: that many plays, fewer is refused,
        # in both engines.
        for engine in ("core", "reference"):
            game.game_class(engine)(game.numbered(engine)(1, game.min_cards))  # type: ignore[arg-type]
            with pytest.raises(InvalidArgumentError, match="cards must be"):
                game.numbered(engine)(1, game.min_cards - 1)  # type: ignore[arg-type]


@pytest.mark.parametrize("engine", ["core", "reference"])
@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_a_badly_written_move_is_refused_naming_the_game_played(
    game: Descriptor, engine: str
) -> None:
    """Games that share a notation (Royal Marriage's throw is Push Pin's too) each
    name themselves when they refuse a move, never the other game."""
    from accordion.errors import InvalidMoveError

    deal = game.numbered(engine)(3, 12)  # type: ignore[arg-type]
    played = game.game_class(engine)(deal, game.make_rules(engine=engine))  # type: ignore[arg-type]
    for refuse in (game.move_class(engine).parse, played.play):  # type: ignore[arg-type]
        with pytest.raises(InvalidMoveError) as refused:
            refuse("out zz")
        named = re.search(r"not an? (\S.*?) move\b", str(refused.value))
        assert named is None or named.group(1) == game.title, str(refused.value)


def test_the_registrys_levels_are_the_cores() -> None:
    """``LEVELS`` (``deal --difficulty``'s choices, the web API's and the table's) are
    the levels the core rates deals at, in its order."""
    import accordion
    from accordion.games import LEVELS

    with pytest.raises(InvalidArgumentError) as refused:
        accordion.difficulty_deal("nope")
    assert f"{', '.join(LEVELS[:-1])} or {LEVELS[-1]}," in str(refused.value)


def test_the_sessions_name_no_rule_set() -> None:
    """The tables read which rule sets force play, which the table plays itself and
    which its best play follows the hint under from the registry (``forced_rules``,
    ``automatic_rules``, ``hinted_rules``, ``rules[0]``), not from names of rule sets
    written in the session."""
    from accordion.games import ALL_RULE_SETS

    names = "|".join(re.escape(name) for name in ALL_RULE_SETS)
    quoted = re.compile(rf"""["']({names})["']""")
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for path in sorted(PACKAGE.glob("play/**/*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if quoted.search(line)
    ]
    assert found == []


def _played_out(game: Descriptor, rules: str, seed: int, blind: bool, last: bool) -> Any:
    """A core game of ``game``'s numbered deal ``seed`` under ``rules``, played out
    by the first (or ``last``) legal action each time; the most actions ever legal."""
    played = game.game_class()(game.numbered()(seed, 12), game.batch_rules(rules), blind=blind)
    widest = 0
    while moves := list(played.legal_moves):
        widest = max(widest, len(moves))
        played.play(moves[-1] if last else moves[0])
    return played, widest


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_the_rule_sets_that_force_or_settle_play_are_the_cores(game: Descriptor) -> None:
    """``forced_rules``: the core never offers more than one action; the other rule
    sets do somewhere. ``automatic_rules``: those, and any under which a blind
    game ends alike whichever action is taken each time (first or last); under the
    others some blind deal ends otherwise. ``hinted_rules``: the game's hint
    followed to the end leaves what the solver says is fewest."""
    seeds = range(1, 41)
    assert set(game.forced_rules) <= set(game.automatic_rules) <= set(game.rules)
    assert set(game.hinted_rules) <= set(game.rules)
    for rules in game.rules:
        widest = max(
            _played_out(game, rules, seed, blind, False)[1]
            for seed in seeds[:10]
            for blind in (False, True)
        )
        assert (widest <= 1) == (rules in game.forced_rules), rules
        alike = all(
            _played_out(game, rules, seed, True, False)[0].outcome.piles
            == _played_out(game, rules, seed, True, True)[0].outcome.piles
            for seed in seeds
        )
        assert alike == (rules in game.automatic_rules), rules
    for rules in game.hinted_rules:
        for seed in seeds[:10]:
            played = game.game_class()(game.numbered()(seed, 12), game.batch_rules(rules))
            fewest = game.solver()(played).piles
            while (move := played.hint()) is not None:
                played.play(move)
            assert played.outcome.piles == fewest, (rules, seed)


def _spellings(name: str) -> list[str]:
    """``seventh-wonder`` as a person may type it: ``Seventh Wonder``, ``SEVENTH
    WONDER``, `` seventh  wonder ``, ``Seventh-Wonder``."""
    words = name.split("-")
    return [
        " ".join(word.capitalize() for word in words),
        " ".join(words).upper(),
        "  " + "  ".join(words) + " ",
        "-".join(word.capitalize() for word in words),
        "\t".join(words),
    ]


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_every_name_is_taken_spelled_with_spaces_or_hyphens_in_any_case(game: Descriptor) -> None:
    """``--game "Push Pin"`` (a title) was taken but ``"Seventh Wonder"`` and ``"Ten
    Twenty Thirty"`` (aliases) were not: every name, title and alias is read alike
    by the registry, by both engines' PySolFC readers and by ``game=``."""
    import accordion
    from accordion import reference
    from accordion.games import canonical_name

    for called in (game.name, game.title.lower(), *game.aliases):
        for spelling in _spellings(called):
            assert find_game(spelling) is game, spelling
            assert canonical_name(spelling) == game.name, spelling
            if game.pysol_id is None:
                continue
            for engine in (accordion, reference):
                deal = engine.Deal.from_pysol(7, game=spelling)
                assert str(deal) == str(engine.Deal.from_pysol(7, game=game.pysol_id)), spelling
            if game.pieces().plays is not None:
                for engine in ("core", "reference"):
                    cls = load(game.pieces(engine).game)  # type: ignore[arg-type]
                    played = cls(game.numbered(engine)(7, 8), game=spelling)  # type: ignore[arg-type]
                    assert played.game == game.name, (engine, spelling)


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_the_table_says_a_card_goes_alone_only_where_one_can(game: Descriptor) -> None:
    """The table's prompt said "a card lit itself goes alone" for Decade and Bayan,
    where every throw takes two cards: ``lone`` (which the prompt says) is held to
    the core's legal moves over numbered deals; Seven Up's is a 7."""
    alone: set[str] = set()
    for seed in range(1, 31):
        played = game.game_class()(game.numbered()(seed, 20), game.batch_rules())
        for move in played.legal_moves:
            cards = getattr(move, "cards", ())
            if len(cards) == 1:
                alone.add(str(cards[0])[0])
    assert bool(alone) == bool(game.lone), alone
    assert ("goes alone" in game.prompt) == bool(game.lone)
    if game.lone == "a 7":
        assert alone == {"7"}


@pytest.mark.parametrize("game", [g for g in GAMES.values() if g.supports("stats")], ids=str)
def test_a_statistics_repr_counts_what_is_left_in_the_game_s_own_pieces(game: Descriptor) -> None:
    stats = game.simulator()(deals=3, rules=game.rules[0])
    assert f", mean {game.nouns.piece}s " in repr(stats), repr(stats)
