"""Small defects a review found: each test here fails without its fix."""

from __future__ import annotations

from typing import Any

import pytest

from accordion.games import GAMES, Descriptor, Engines

ENGINES: tuple[Engines, ...] = ("core", "reference")

#: The games won with every card out, a position to play out, and its last throw.
EMPTIED = {
    "seven-up": ("7C", "out 7C"),
    "decade": ("5D 5C", "out 5D 5C"),
    "bayan": ("3C 4C", "out 3C 4C"),
}


def _emptied(game: Descriptor, engine: Engines, blind: bool) -> Any:
    row, throw = EMPTIED[game.name]
    played = game.game_class(engine)(row, blind=blind)
    while "deal" in [str(move) for move in played.legal_moves]:
        played.play("deal")
    played.play(throw)
    return played


@pytest.mark.parametrize("blind", [False, True], ids=["open", "blind"])
@pytest.mark.parametrize("name", sorted(EMPTIED))
def test_a_won_game_solves_as_a_win_in_both_engines(name: str, blind: bool) -> None:
    """A game played to its win (the row empty) is valid input: both engines
    answer the win, no moves, no cards; the core's solution goes through its dict."""
    game = GAMES[name]
    assert game.won_at == 0
    answers = []
    for engine in ENGINES:
        solution = game.solver(engine)(_emptied(game, engine, blind))
        answers.append((solution.result, tuple(solution.moves), solution.cards, solution.deal))
    assert answers == [("win", (), 0, "")] * 2
    solution = game.solver("core")(_emptied(game, "core", blind))
    data = solution.to_dict()
    assert data["deal"] == "" and data["result"] == "win"
    assert type(solution).from_dict(data) == solution


@pytest.mark.parametrize("name", sorted(EMPTIED))
def test_empty_text_is_still_no_row(name: str) -> None:
    """An empty row given as text stays refused in both engines (docs/rules.md:
    a row is 1 to 52 cards), and a dict of no cards holds no moves and a win."""
    from accordion.errors import InvalidArgumentError, InvalidDealError

    game = GAMES[name]
    for engine in ENGINES:
        with pytest.raises(InvalidDealError, match="at least one card"):
            game.solver(engine)("")
    solution = game.solver("core")(_emptied(game, "core", False))
    cls = type(solution)
    data = solution.to_dict()
    with pytest.raises(InvalidArgumentError, match="no cards has no moves, got 1"):
        cls.from_dict({**data, "moves": [EMPTIED[name][1]]})
    with pytest.raises(InvalidArgumentError, match='leave 0 cards is a win, not "loss"'):
        cls.from_dict({**data, "result": "loss"})
    with pytest.raises(InvalidArgumentError, match="cards"):
        cls.from_dict({**data, "cards": 1, "piles": 1})


def test_accordion_solution_of_no_deal_is_still_refused() -> None:
    """Accordion always ends with a pile: its dict of ``deal ""`` stays refused."""
    from accordion import Solution
    from accordion.errors import InvalidDealError

    data = {"deal": "", "result": "win", "moves": [], "piles": 1, "nodes": 0, "seconds": 0.0}
    with pytest.raises(InvalidDealError, match="at least one card"):
        Solution.from_dict(data)


# The web API's bodies are strict ---------------------------------------------------

#: Per endpoint, a body it answers, and each field with values of a wrong JSON type.
WRONG_TYPES: dict[str, list[object]] = {
    "seed": [True, False, "3", 1.0, [1], None],
    "cards": [True, "10", 10.0],
    "pysol": [True, "5", 5.0],
    "deal": [1, True, ["7H"]],
    "game": [1, True],
    "rules": [1, True],
    "two_way": [1, 0, "yes", "true"],
    "distances": [[True], ["1"], "1,3", [1.0]],
    "time_limit": [True, "1", [1]],
    "max_nodes": [True, "10", 10.0],
    "blind": [1, 0, "yes", "true"],
    "moves": ["deal", [1], [True]],
}

#: The fields each body has, and a body each endpoint answers (200).
ENDPOINTS: dict[str, tuple[set[str], dict[str, object]]] = {
    "/api/solve": (
        {"seed", "cards", "pysol", "deal", "game", "rules", "two_way", "distances"}
        | {"time_limit", "max_nodes"},
        {"seed": 3, "cards": 8},
    ),
    "/api/hint": (
        {"seed", "cards", "pysol", "deal", "game", "rules", "two_way", "distances"}
        | {"time_limit", "blind", "moves"},
        {"seed": 3, "cards": 8},
    ),
    "/api/rate": (
        {"seed", "cards", "pysol", "deal", "game", "rules", "two_way", "distances"},
        {"seed": 3, "cards": 8},
    ),
    "/api/moves": (
        {"seed", "cards", "pysol", "deal", "game", "rules", "two_way", "distances"}
        | {"blind", "moves"},
        {"seed": 3, "cards": 8},
    ),
}


def _wrong_bodies() -> list[tuple[str, str, object]]:
    return [
        (path, field, value)
        for path, (fields, _) in ENDPOINTS.items()
        for field in sorted(fields)
        for value in WRONG_TYPES[field]
        if not (field == "seed" and value is None)
    ]


@pytest.fixture(scope="module")
def web() -> Any:
    pytest.importorskip("fastapi", reason="the web extra is not installed")
    pytest.importorskip("httpx", reason="the test client needs httpx")
    from _helpers import web_client

    from accordion.web.app import create_app

    with web_client(create_app()) as client:
        yield client


@pytest.mark.parametrize("path", sorted(ENDPOINTS))
def test_web_bodies_of_the_right_types_are_answered(web: Any, path: str) -> None:
    response = web.post(path, json=ENDPOINTS[path][1])
    assert response.status_code == 200, response.text
    # A whole number of seconds is a number of seconds.
    if "time_limit" in ENDPOINTS[path][0]:
        response = web.post(path, json={**ENDPOINTS[path][1], "time_limit": 2})
        assert response.status_code == 200, response.text


@pytest.mark.parametrize(("path", "field", "value"), _wrong_bodies())
def test_web_bodies_of_wrong_types_are_422(web: Any, path: str, field: str, value: object) -> None:
    """docs/web.md: a wrong type is a 422 naming the field; a bool is never a
    number, nor a number a bool, nor a number's text a number (docs/errors.md)."""
    body = {**ENDPOINTS[path][1], field: value}
    response = web.post(path, json=body)
    assert response.status_code == 422, (body, response.text)
    answer = response.json()
    assert answer["kind"] == "InvalidArgumentError"
    assert answer["error"].startswith(field), answer


def test_web_table_actions_are_strict(web: Any) -> None:
    """A table's actions: ``from``, ``to`` and ``time_limit`` are numbers, not bools."""
    opened = web.post("/api/table", json={"seed": 3, "cards": 8})
    assert opened.status_code == 200, opened.text
    ident = opened.json()["id"]
    for body in (
        {"action": "move", "from": True, "to": 0},
        {"action": "move", "from": 1, "to": False},
        {"action": "move", "from": "1", "to": 0},
        {"action": "hint", "time_limit": True},
        {"action": True},
        {"action": "play", "spec": 3},
    ):
        response = web.post(f"/api/table/{ident}", json=body)
        assert response.status_code == 422, (body, response.text)
    assert web.post(f"/api/table/{ident}", json={"action": "state"}).status_code == 200


# The 95 % interval's ends ---------------------------------------------------------


def _histogram_runs() -> list[tuple[str, Any, dict[str, Any]]]:
    """Every game's statistics class, with the arguments of a simulation of it."""
    from accordion.games import load

    runs = []
    for name, game in sorted(GAMES.items()):
        # Accordion's variants share its `simulate` and `Stats`: Accordion's stand for them.
        core = game.core
        if core is None or core.simulate is None or (game.plays_accordion and name != "accordion"):
            continue
        run = load(core.simulate)(deals=1)
        arguments = {
            "rules": run.rules,
            "strategy": run.strategy,
            "blind": run.blind,
            "cards": run.cards,
            "seed": 1,
        }
        runs.append((name, type(run), arguments))
    return runs


HISTOGRAM_RUNS = _histogram_runs()


@pytest.mark.parametrize(
    ("name", "stats", "arguments"), HISTOGRAM_RUNS, ids=[run[0] for run in HISTOGRAM_RUNS]
)
def test_interval_is_exactly_0_or_1_at_the_ends(
    name: str, stats: Any, arguments: dict[str, Any]
) -> None:
    """0 wins of n: the lower end is exactly 0; n of n: the upper end exactly 1
    (rounding left 5.55e-17 and 0.9999999999999999), for every n to 500."""
    won = GAMES[name].won_at
    lost = won + 2  # a number of cards or piles every game can end with
    assert stats.from_histogram({won: 1, lost: 1}, **arguments).wins == 1
    for n in range(1, 501):
        lo, hi = stats.from_histogram({lost: n}, **arguments).ci95
        assert lo == 0.0 and 0.0 < hi < 1.0, (n, lo, hi)
        lo, hi = stats.from_histogram({won: n}, **arguments).ci95
        assert hi == 1.0 and 0.0 < lo < 1.0, (n, lo, hi)


def test_interval_of_a_run_without_a_win_starts_at_0() -> None:
    from accordion import simulate_accordian

    assert simulate_accordian(deals=3, rules="uva").ci95[0] == 0.0


# A solution's dict: moves is a list ------------------------------------------------


def _solutions() -> list[tuple[str, Any]]:
    import accordion

    answers = [("accordion", accordion.solve("7H 2C 7S 7C"))]
    for name, row in (("decade", "5D 5C 3H 7H"), ("seven-up", "3C 4C"), ("bayan", "3C 4C")):
        answers.append((name, GAMES[name].solver("core")(row)))
    return answers


@pytest.mark.parametrize(("name", "solution"), _solutions(), ids=lambda value: str(value)[:20])
def test_solution_dict_moves_must_be_a_list(name: str, solution: Any) -> None:
    """A str of moves is not read letter by letter (``not a Decade move: "o"``):
    a TypeError names ``moves``; a list or a tuple of the moves reads back."""
    data = solution.to_dict()
    cls = type(solution)
    text = " ".join(data["moves"])
    for wrong, kind in ((text, "str"), (text.encode(), "bytes"), (5, "int"), (None, "NoneType")):
        with pytest.raises(TypeError, match=rf"^moves must be a list of moves, not {kind}$"):
            cls.from_dict({**data, "moves": wrong})
    assert cls.from_dict({**data, "moves": tuple(data["moves"])}) == solution
    assert cls.from_dict(data) == solution


# A long value echoed: its own length, the quote closed ------------------------------

LONG = "x" * 1000


def _message(call: Any) -> str:
    with pytest.raises(ValueError) as caught:
        call()
    return str(caught.value)


def test_long_str_echoes_alike_on_both_sides() -> None:
    """The Python side (``find_game``), the binding (a solution's ``result``) and
    the core (``Rules``) echo the same long value alike: its first 60 characters
    quoted as the core quotes text, ``…`` inside the closing quote, and the value's
    1000 characters (the Python side counted its repr, 1002, and left the quote open)."""
    import accordion
    from accordion.errors import shown
    from accordion.games import find_game

    head = "x" * 60
    python = _message(lambda: find_game(LONG))
    binding = _message(
        lambda: accordion.Solution.from_dict({**accordion.solve("7H 7C").to_dict(), "result": LONG})
    )
    core = _message(lambda: accordion.Rules(LONG))
    assert f'"{head}…" (1000 characters)' in python
    assert f'"{head}…" (1000 characters)' in binding
    assert f'"{head}…" (1000 characters)' in core
    # The escapes of non-printables are kept, the value's characters counted.
    escaped = "é\\n" * 30
    assert shown("é\n" * 500) == f'"{escaped}…" (1000 characters)'
    assert shown("x" * 60) == f'"{head}"'
    assert shown("x" * 61) == f'"{head}…" (61 characters)'
    cut = _message(
        lambda: accordion.Solution.from_dict(
            {**accordion.solve("7H 7C").to_dict(), "result": "é\n" * 500}
        )
    )
    assert shown("é\n" * 500) in cut
    whole = _message(
        lambda: accordion.Solution.from_dict({**accordion.solve("7H 7C").to_dict(), "result": head})
    )
    assert whole.endswith(f'got "{head}"')


def test_long_game_name_on_the_command_line() -> None:
    from conftest import run_cli

    result = run_cli("solve", "--game", LONG, "3C")
    assert result.returncode == 2
    line = result.stderr.strip()
    assert "\n" not in line and "1002" not in line
    assert f'unknown game "{"x" * 60}…" (1000 characters) (known: ' in line


# Grammar: one card, one node, one move ---------------------------------------------


def test_one_card_left_is_singular() -> None:
    """``a solution whose moves leave 1 cards`` read ``1 card``."""
    import accordion
    from accordion.errors import InvalidArgumentError

    solution = accordion.solve_decade("5D 5C 3H")
    data = solution.to_dict()
    assert (data["result"], data["cards"]) == ("loss", 1)
    with pytest.raises(InvalidArgumentError) as caught:
        accordion.DecadeSolution.from_dict({**data, "result": "win"})
    assert str(caught.value) == "a solution whose moves leave 1 card is not a win (won at 0)"
    won = accordion.solve_royal("QH 5C KH", game="royal-marriage")
    with pytest.raises(InvalidArgumentError) as caught:
        type(won).from_dict({**won.to_dict(), "result": "loss"})
    assert str(caught.value) == 'a solution whose moves leave 2 cards is a win, not "loss"'


@pytest.mark.parametrize(
    ("state", "shown"),
    [
        (("loss", 0, 0, 1, None, None), "<Rating loss: 1 node>"),
        (("loss", 0, 0, 2, None, None), "<Rating loss: 2 nodes>"),
        (("win", 1, 0, 5, 0.0, "easy"), "<Rating easy: difficulty 0.000, 0 of 1 move losing>"),
        (("win", 2, 1, 5, 0.5, "hard"), "<Rating hard: difficulty 0.500, 1 of 2 moves losing>"),
    ],
)
def test_rating_repr_counts_in_the_singular_too(state: tuple[Any, ...], shown: str) -> None:
    import accordion

    reduced: Any = accordion.rate("7H 2C").__reduce__()
    restore, (kind, _) = reduced
    assert repr(restore(kind, state)) == shown


# A node budget of N stops at N, in every game --------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
def test_node_budget_stops_at_n_in_every_game(name: str) -> None:
    """Push Pin asked its budget once per interval length (``max_nodes=1``
    examined 50 intervals); Decade, Bayan, Seven Up and Accordian said N + 1.
    Now, as Accordion's search: N nodes at most, ``unknown`` with N; a budget
    of exactly what the search needs gives its verdict."""
    game = GAMES[name]
    solve = game.solver("core")
    deal = game.numbered("core")(5, 52)
    for budget in (1, 2, 10):
        solution = solve(deal, max_nodes=budget)
        assert (solution.result, solution.nodes) == ("unknown", budget)
    for seed in (5, 6):
        deal = game.numbered("core")(seed, 20)
        full = solve(deal)
        assert full.result != "unknown"
        exact = solve(deal, max_nodes=full.nodes)
        assert (exact.result, exact.nodes) == (full.result, full.nodes)
        if full.nodes > 1:
            short = solve(deal, max_nodes=full.nodes - 1)
            assert (short.result, short.nodes) == ("unknown", full.nodes - 1)


def test_node_budget_of_a_blind_royal_marriage_play_out() -> None:
    """Royal Marriage's older rules solve a blind game by playing it out: one
    node per action, the budget asked before each."""
    import accordion

    game = accordion.RoyalGame(
        GAMES["royal-marriage"].numbered("core")(5, 52), "parlett", blind=True
    )
    full = accordion.solve_royal(game)
    for budget in (1, 5, full.nodes - 1):
        solution = accordion.solve_royal(game, max_nodes=budget)
        assert (solution.result, solution.nodes) == ("unknown", budget)
    assert accordion.solve_royal(game, max_nodes=full.nodes).result == full.result == "loss"


# stats --each: the game's nouns, no trailing space ---------------------------------


def test_each_line_says_the_games_nouns(tmp_path: Any) -> None:
    """``0 piles remaining: `` (a trailing space, and piles for a game of cards)
    read ``0 cards remaining``; Accordion keeps the judge's line."""
    from conftest import run_cli

    rows = tmp_path / "rows.txt"
    rows.write_text("7C\nKC 5D 5H\n7H 2C 7S 7C\n")
    done = run_cli("stats", "--game", "seven-up", "--file", str(rows), "--each")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:2] == ["0 cards remaining", "3 cards remaining: 1 1 1"]
    rows.write_text("7H 2C 7S 7C\n7C\n")
    done = run_cli("stats", "--file", str(rows), "--each")
    assert done.stdout.splitlines() == ["1 pile remaining: 4", "1 pile remaining: 1"]


# One reader of game names; a game PySolFC lacks; Royal Marriage solves under modern --


@pytest.mark.parametrize(
    "given",
    ["Push Pin", "push pin", "Royal Marriage", "Seven Up", "Accordion's Revenge", "Bayan", "772"],
)
def test_find_game_reads_what_from_pysol_reads(given: str) -> None:
    """``find_game("Push Pin")`` failed while ``Deal.from_pysol(5, "Push Pin")``
    took it: both read a game's name, title, alias or id alike."""
    import accordion
    from accordion.games import find_game

    game = find_game(given)
    assert accordion.Deal.from_pysol(5, given) == accordion.Deal.from_pysol(5, game.name)


@pytest.mark.parametrize("given", ["accordian", "Accordian Patience", " ACCORDIAN "])
def test_a_game_pysol_lacks_is_named_as_such(given: str) -> None:
    import accordion
    import accordion.reference as reference
    from accordion.errors import InvalidRulesError

    messages = []
    for deal in (accordion.Deal, reference.Deal):
        with pytest.raises(InvalidRulesError) as caught:
            deal.from_pysol(5, given)
        messages.append(str(caught.value))
    assert messages[0] == messages[1]
    assert messages[0].startswith("Accordian Patience has no PySolFC numbering: ")
    assert "unknown" not in messages[0]


def test_cli_pysol_of_a_game_pysol_lacks() -> None:
    from conftest import run_cli

    done = run_cli("solve", "--game", "accordian", "--pysol", "5")
    assert done.returncode == 2
    assert done.stderr.startswith(
        "accordion: error: Accordian Patience has no PySolFC numbering"
    ), done.stderr


def test_cli_solves_royal_marriage_under_modern_only() -> None:
    """docs/royal-marriage.md and ``solve --help``: only open rows under modern
    are solved; ``--rules parlett`` exited 0."""
    from conftest import run_cli

    done = run_cli("solve", "--game", "royal-marriage", "--rules", "parlett", "QH 5C KH")
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "accordion: error: solve --game royal-marriage: Royal Marriage solves open rows "
        "under modern only, not parlett (a rule set for play and stats)"
    )
    assert GAMES["royal-marriage"].solve_rules == ("modern",)
    done = run_cli("solve", "--game", "royal-marriage", "--rules", "modern", "QH 5C KH")
    assert done.returncode == 0 and "win" in done.stdout


# from_histogram refuses what a simulation could never give -------------------------


@pytest.mark.parametrize(
    ("name", "stats", "arguments"), HISTOGRAM_RUNS, ids=[run[0] for run in HISTOGRAM_RUNS]
)
def test_histogram_of_no_deal_is_refused(name: str, stats: Any, arguments: dict[str, Any]) -> None:
    """``simulate`` refuses ``deals=0``, so no statistics have 0 deals:
    ``RoyalStats.from_histogram({}, …)`` made some."""
    from accordion.errors import InvalidArgumentError

    for empty in ({}, {GAMES[name].won_at + 2: 0}):
        with pytest.raises(
            InvalidArgumentError, match=r"^histogram must be the counts of 1 deal"
        ) as caught:
            stats.from_histogram(empty, **arguments)
        assert caught.value.argument == "histogram"
    assert stats.from_histogram({GAMES[name].won_at + 2: 1}, **arguments).deals == 1


def test_bayan_histogram_keeps_the_deals_parity() -> None:
    """A Bayan throw is a pair: a 52-card deal ends with an even number of cards,
    a 51-card one with an odd number."""
    from accordion import BayanStats
    from accordion.errors import InvalidArgumentError

    for cards, wrong, right in ((52, 1, 2), (52, 51, 0), (51, 2, 1), (51, 0, 51)):
        with pytest.raises(InvalidArgumentError) as caught:
            BayanStats.from_histogram({right: 2, wrong: 3}, "modern", "greedy", True, cards, 1)
        parity = "an even" if cards % 2 == 0 else "an odd"
        assert str(caught.value) == (
            f"histogram must be {parity} number of cards (a Bayan deal of {cards} cards "
            f"loses its cards in pairs), got {wrong}"
        )
        made = BayanStats.from_histogram({right: 2}, "modern", "greedy", True, cards, 1)
        assert made.deals == 2
    # The other throw games take any number of cards left.
    from accordion import DecadeStats

    assert DecadeStats.from_histogram({1: 3}, "modern", "greedy", True, 52, 1).deals == 3


# A blind game's empty row: no leading space ----------------------------------------

#: Per game, a deal whose blind game starts with its row empty.
EMPTY_START = {
    "royal-marriage": ("QH 5C KH", "| stock 3", "QH | stock 2"),
    "accordian": ("7C 3H", "| stock 2", "7C | stock 1"),
    "accordion": ("7C 3H", "| stock 2", "7C | stock 1"),
}


@pytest.mark.parametrize("name", sorted(EMPTY_START))
def test_blind_game_with_an_empty_row_prints_no_leading_space(name: str) -> None:
    """``' | talon 2'``: a blind game's empty row printed a space before the bar,
    unlike Accordion's game; now none, in both engines."""
    game = GAMES[name]
    row, empty, dealt = EMPTY_START[name]
    for engine in ENGINES:
        deal = game.parse_row(row, engine)
        played = game.game_class(engine)(deal, blind=True)
        assert str(played) == empty, engine
        played.play("deal")
        assert str(played) == dealt, engine


def test_blind_talon_game_emptied_mid_deal_prints_no_leading_space() -> None:
    game = GAMES["seven-up"]
    for engine in ENGINES:
        played = game.game_class(engine)("7C 7D 7H 2S", blind=True)
        for throw in ("out 7C", "out 7D", "out 7H"):
            played.play(throw)
        assert str(played) == "| talon 1", engine
