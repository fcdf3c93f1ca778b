"""Bayan (PySolFC's game 656) on the command line: `deal`, `solve` and `play` with
`--game bayan` (real processes, JSON lines replayed through the reference engine,
one-line errors), the Bayan session of the text UI, and `play --game bayan` through
a pseudo-terminal."""

from __future__ import annotations

import json

import pexpect  # type: ignore[import-untyped,unused-ignore]
import pytest
from _helpers import fits_a_terminal, plain, played, terminal
from conftest import run_cli

import accordion
from accordion import BayanGame, Deal
from accordion.play.bayan import BayanSession, best_line, status_line
from accordion.play.session import describe_line
from accordion.reference import bayan as reference

SMALL = "5C 9H 2D 5S 9D 2H"  # won by out 5C 5S, out 2D 9D, out 9H 2H
run = run_cli


# -- deal and solve -------------------------------------------------------------------


def test_deal_prints_pysolfcs_row_and_numbered_deals() -> None:
    result = run("deal", "--game", "bayan", "--pysol", "12345")
    assert result.returncode == 0
    assert result.stdout.strip() == str(Deal.from_pysol(12345, "bayan"))
    assert run("deal", "--game", "656", "--seed", "7").stdout.strip() == str(Deal.from_seed(7))


def test_solve_json_lines_replay_to_the_verdict_in_the_reference_engine() -> None:
    result = run("solve", "--game", "bayan", "--pysol", "30", "--count", "25", "--json")
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["deal"] for line in lines] == [
        str(Deal.from_pysol(n, "bayan")) for n in range(30, 55)
    ]
    for line in lines:
        assert (line["game"], line["result"], line["cards"]) == ("bayan", "win", 0)
        assert played(reference.BayanGame(line["deal"]), line["moves"]).outcome.won


def test_solve_says_win_loss_or_unknown_and_totals() -> None:
    result = run("solve", "--game", "bayan", SMALL, "5C 9H 7D", "--pysol", "1")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "deal 1/3: 5C 9H 2D 5S 9D 2H\n  win in 3 throws: every card out (" in out
    assert "  line: out 5C 5S, out 9H 2H, out 2D 9D\n" in out
    assert "deal 2/3: 5C 9H 7D\n  loss: at best 3 cards left, proved (" in out
    assert out.rstrip().splitlines()[-1].startswith("3 deals: 2 win, 1 loss, 0 unknown;")
    cut = run("solve", "--game", "bayan", "--pysol", "537", "--max-nodes", "2", "--json")
    line = json.loads(cut.stdout)
    assert line["result"] == "unknown" and line["cards"] > 0
    assert len(played(reference.BayanGame(line["deal"]), line["moves"]).cards) == line["cards"]


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["solve", "--game", "bayan", "--seed", "1", "--rules", "parlett"], "not parlett"),
        (["solve", "--game", "bayan", "--seed", "1", "--two-way"], "--two-way"),
        (["solve", "--game", "bayan", "5C 5C"], "duplicate card 5C"),
        (["solve", "--game", "bayan", "--pysol", "0"], "PySolFC game number"),
        (["solve", "--game", "bayan", "--pysol", "1", "--max-nodes", "0"], "--max-nodes"),
        (["solve", "--game", "bayan", "--knuth", "5"], "--knuth --game bayan"),
        (["stats", "--game", "bayan", "--rules", "strict", "--deals", "5"], "not strict"),
        (
            [
                "stats",
                "--game",
                "bayan",
                "--rules",
                "modern",
                "--deals",
                "5",
                "--checkpoint",
                "/-/x",
            ],
            "--checkpoint /-/x: there is no folder",
        ),
        (["rate", "--game", "bayan", "--rules", "parlett", "--seed", "1"], "not --rules parlett"),
        (
            ["deal", "--game", "bayan", "--difficulty", "hard", "--cards", "20"],
            "--cards must be 52",
        ),
        (["deal", "--game", "bayan", "--winnable", "--rules", "parlett"], "not parlett"),
        (["play", "--game", "bayan", "--seed", "1", "--rules", "strict"], "not --rules strict"),
        (["play", "--game", "bayan", "--deal", "5C ZZ"], "ZZ"),
        (["solve", "--game", "bayan", "--seed", "1", "--scheduler", "x:1"], "--scheduler"),
    ],
)
def test_bad_input_gets_one_error_line_and_exit_2(args: list[str], names: str) -> None:
    result = run(*args)
    assert result.returncode == 2, result.stdout
    assert result.stderr.startswith("accordion: error: ")
    assert result.stderr.count("\n") == 1 and names in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


# -- the session ----------------------------------------------------------------------


@pytest.mark.parametrize("line", ["out 5C 5S", "5S 5C", "x5C,5S", "5♣ 5♠", "1 4", "4, 1"])
def test_a_pair_by_notation_or_by_position(line: str) -> None:
    table = BayanSession(Deal.parse(SMALL))
    reply = table.execute(line)
    assert reply.messages == ["threw out 5C 5S (cards 1 and 4)"]
    assert [str(move) for move in table.game.history] == ["out 5C 5S"]
    assert str(table.game) == "9H 2D 9D 2H"


def test_hint_undo_solve_and_a_win() -> None:
    table = BayanSession(Deal.parse(SMALL))
    reply = table.execute("hint")
    assert reply.messages == ["hint: out 5C 5S (cards 1 and 4). Still winnable."]
    assert table.game.history == []
    table.execute("out 2D 2H")
    assert table.execute("undo").messages == ["took back out 2D 2H"]
    head, line = table.execute("solve").messages
    assert head == "solve: a win from here in 3 moves:"
    for move in line.strip().split(", "):
        reply = table.execute(move)
    assert reply.messages[-1] == "You won: every card is out. (new or quit)"
    assert status_line(table.game) == "cards left 0 · moves 3 · WON"
    assert table.execute("hint").messages == ["no legal action left (undo, restart or new)"]


def test_a_lost_game_says_whether_the_deal_could_have_been_won() -> None:
    table = BayanSession(Deal.parse(SMALL))
    reply = table.execute("out 2D 2H")
    assert reply.messages[-1] == (
        "Game over: 4 cards left, not won. From the start this deal could be won. "
        "(new, restart, undo or quit)"
    )
    lost = BayanSession(Deal.parse("5C 9H 7S 5S 2D"))
    assert (
        lost.execute("out 5C 5S")
        .messages[-1]
        .startswith(
            "Game over: 3 cards left, not won. From the start this deal could not be won: "
            "the best possible is 3 cards."
        )
    )


def test_blind_play_deals_first_and_the_solver_says_it_peeks() -> None:
    table = BayanSession(Deal.parse(SMALL), blind=True, seed=None)
    assert status_line(table.game) == "cards left 6 · talon 3 · moves 0 · 1 legal action"
    assert table.execute("hint").messages[0].startswith("hint: deal. Still winnable (the solver")
    line, end = best_line(table.game)
    assert end.outcome.won and describe_line(line).startswith("deal ×3, out ")
    assert table.execute("deal").messages == ["dealt 5S"]
    assert table.execute("1 4").messages == ["threw out 5C 5S (cards 1 and 4)"]


def test_bayan_games_draw_as_a_row_of_cards_on_both_engines() -> None:
    game = BayanGame(SMALL, blind=True)
    picture = game._repr_svg_()
    assert picture == accordion.svg(game)
    assert "<title>Bayan row of 3 cards, 3 cards in the talon</title>" in picture
    assert reference.BayanGame(SMALL)._repr_svg_() == accordion.svg(BayanGame(SMALL))


# -- play --game bayan in a terminal --------------------------------------------------


def test_play_bayan_in_a_terminal() -> None:
    child = terminal("play", "--plain", "--game", "bayan", "--pysol", "1")

    def screen_after(line: str | None) -> str:
        if line is not None:
            child.sendline(line)
        child.expect_exact("\r\n> ")
        return plain(child.before or "")

    screen = screen_after(None)
    assert "Bayan · your deal · PySolFC rules · open" in screen
    assert "cards left 52 · moves 0 · " in screen
    fits_a_terminal(screen)
    screen = screen_after("out JD 2D")  # PySolFC's game 1 starts JD 2D 9H ...
    assert "threw out JD 2D (cards 1 and 2)" in screen and "cards left 50 · moves 1" in screen
    screen = screen_after("hint")
    assert "hint: out " in screen and "winnable" in screen
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    tail = plain(child.before or "")
    assert child.exitstatus == 0
    assert "your deal: 50 cards left, not won." in tail and "Traceback" not in tail
    # The deal came from PySolFC's number: the replay names it so.
    assert "accordion play --game bayan --pysol 1" in tail


def test_plain_text_when_not_a_terminal() -> None:
    result = run("play", "--game", "bayan", "--seed", "3", "--blind", stdin="deal\nquit\n")
    assert result.returncode == 0
    assert "\x1b" not in result.stdout and "dealt " in result.stdout
    assert result.stdout.rstrip().endswith(
        "Play it again: accordion play --game bayan --seed 3 --blind"
    )


def test_stats_simulates_bayan_as_simulate_bayan_does() -> None:
    import json

    import accordion

    done = run("stats", "--game", "bayan", "--rules", "modern", "--deals", "300", "--json")
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    expected = accordion.simulate_bayan(deals=300, seed=1).to_dict()
    del figures["seconds"], expected["seconds"]
    assert figures == expected and figures["game"] == "bayan"
    text = run("stats", "--game", "bayan", "--rules", "modern", "--deals", "300").stdout
    assert "300 open Bayan deals of 52 cards" in text and "mean cards:" in text
