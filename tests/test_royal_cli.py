"""Royal Marriage on the command line: `solve --game royal-marriage` (real processes,
JSON lines replayed through the reference engine, one-line errors), the Royal
session of the text UI, and `play --game royal-marriage` through a pseudo-terminal."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pexpect  # type: ignore[import-untyped,unused-ignore]
import pytest
from _helpers import (
    finish,
    first_screen,
    hint_undo_solve,
    opening_screen,
    plain,
    played,
    screen_after,
    terminal,
)
from conftest import run_cli

import accordion
from accordion import Deal, RoyalGame, royal_deal, solve_royal
from accordion.play.royal import RoyalSession, best_line, status_line
from accordion.play.screen import render_screen
from accordion.play.session import describe_line
from accordion.reference import royal as reference

SMALL = "QH 5S 3C 5C 9D 6C JS KH"  # royal_deal(1, 8): won by out 9D, out 5C, out 3C 6C, out 5S JS
# royal_deal(1) begins QH 5S 3C 5C 9D 6C JS 6S 5H QS 3H ...


run = run_cli


# -- solve --game royal-marriage ------------------------------------------------------


@pytest.mark.parametrize("cards", [12, 52])
def test_solve_json_lines_replay_to_the_verdict(cards: int) -> None:
    result = run(
        "solve", "--game", "royal-marriage", "--seed", "1", "--count", "30",
        "--cards", str(cards), "--json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 30
    results = set()
    for seed, line in enumerate(lines, 1):
        answer = json.loads(line)
        assert set(answer) >= {"deal", "result", "moves", "piles", "nodes", "seconds"}
        assert answer["game"] == "royal-marriage"
        assert answer["deal"] == str(royal_deal(seed, cards))
        assert answer["piles"] == answer["cards"]
        end = played(reference.RoyalGame(answer["deal"]), answer["moves"])
        assert end.outcome.cards == answer["cards"]
        assert end.outcome.is_over
        results.add(answer["result"])
        if answer["result"] == "win":
            assert answer["cards"] == 2 and end.outcome.won
        else:
            assert answer["result"] == "loss" and answer["cards"] > 2
            if cards <= 12:  # the reference solver searches every row
                assert reference.solve_royal(answer["deal"]).cards == answer["cards"]
    # Short rows lose now and then; full deals nearly always win.
    assert results == ({"win"} if cards == 52 else {"win", "loss"})


def test_solve_reads_arguments_files_and_stdin_in_order(tmp_path: Path) -> None:
    rows = tmp_path / "rows.txt"
    rows.write_text("# a comment\n\nQH 2C KH\nqh 2c 3d kh\n", encoding="utf-8")
    result = run(
        "solve", "--game", "royal-marriage", "QH 3S 9C KH", "--file", str(rows),
        "--seed", "4", "--cards", "10", "--json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    deals = [json.loads(line)["deal"] for line in result.stdout.splitlines()]
    assert deals == ["QH 3S 9C KH", "QH 2C KH", "QH 2C 3D KH", str(royal_deal(4, 10))]
    piped = run("solve", "--game", "royal-marriage", "--file", "-", "--json", stdin="QH 2C KH\n")
    assert json.loads(piped.stdout)["moves"] == ["out 2C"]
    # The cards of one deal may also come as separate arguments.
    loose = run("solve", "--game", "royal-marriage", "QH", "2C", "KH", "--json")
    assert json.loads(loose.stdout)["deal"] == "QH 2C KH"


def test_solve_prints_a_readable_summary() -> None:
    result = run("solve", "--game", "royal-marriage", SMALL)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0] == f"deal: {SMALL}"
    assert re.fullmatch(r"  win in 4 throws \([\d,]+ intervals, [\d.]+ ms\)", lines[1])
    line = lines[2].removeprefix("  line: ").split(", ")
    assert played(reference.RoyalGame(SMALL), line).outcome.won

    many = run("solve", "--game", "royal-marriage", "--seed", "1", "--count", "8", "--cards", "12")
    out = many.stdout
    assert out.count("deal ") >= 8 and "deal 7/8: " in out
    assert "  loss: at best 8 cards left, proved (" in out  # deal 7 of 12 cards
    assert re.search(r"^8 deals: \d win, \d loss, 0 unknown; median ", out, re.M)


def test_a_budget_that_runs_out_says_unknown_with_the_greedy_line() -> None:
    result = run("solve", "--game", "royal-marriage", "--seed", "1", "--max-nodes", "5", "--json")
    answer = json.loads(result.stdout)
    assert answer["result"] == "unknown"
    greedy, cards = reference.greedy_line(reference.royal_deal(1).cards)
    assert answer["moves"] == [str(move) for move in greedy] and answer["cards"] == cards
    text = run("solve", "--game", "royal-marriage", "--seed", "1", "--max-nodes", "5").stdout
    assert "unknown: budget ran out; the best line found leaves" in text


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["QH 2C 2C KH"], "duplicate card 2C"),
        (["2C QH KH"], "starts with QH and ends with KH"),
        (["QH 2C KD"], "starts with QH and ends with KH"),
        (["QH ZZ KH"], "ZZ"),
        (["--seed", "1", "--rules", "strict"], "not strict"),
        (["--seed", "1", "--two-way"], "--two-way"),
        (["--seed", "1", "--distances", "2,3"], "--distances"),
        (["--seed", "1", "--cards", "1"], "2 to 52 cards"),
        ([], "give deals"),
    ],
)
def test_bad_input_gets_one_error_line_and_exit_2(args: list[str], names: str) -> None:
    result = run("solve", "--game", "royal-marriage", *args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("accordion: error: ")
    assert names in result.stderr
    assert "Traceback" not in result.stderr


def test_a_bad_row_in_a_file_names_its_line(tmp_path: Path) -> None:
    rows = tmp_path / "rows.txt"
    rows.write_text("QH 2C KH\nQH 3C KD\n", encoding="utf-8")
    result = run("solve", "--game", "royal-marriage", "--file", str(rows), "--json")
    # The rows before the bad one are solved and printed first.
    assert result.returncode == 2
    assert [json.loads(line)["deal"] for line in result.stdout.splitlines()] == ["QH 2C KH"]
    assert f"{rows}:2: " in result.stderr and result.stderr.count("\n") == 1


# -- the session -------------------------------------------------------------------


@pytest.mark.parametrize(
    "line", ["out 9D", "9d out", "x9D", "9D", "9♦", "between 5C 6C", "5C..6C", "5"]
)
def test_a_throw_by_notation_or_by_position(line: str) -> None:
    table = RoyalSession(Deal.parse(SMALL))
    reply = table.execute(line)
    assert reply.messages == ["threw out 9D (card 5, between 5C and 6C)"]
    assert reply.marks == (3, 4)  # 5C and 6C, side by side now
    assert [str(move) for move in table.game.history] == ["out 9D"]


@pytest.mark.parametrize("line", ["out 5C 9D", "5C 9D", "4 5", "4, 5", "between 3C 6C"])
def test_two_cards_by_notation_or_by_position(line: str) -> None:
    table = RoyalSession(Deal.parse(SMALL))
    assert table.execute(line).messages == ["threw out 5C 9D (cards 4 and 5, between 3C and 6C)"]


def test_hint_undo_and_solve() -> None:
    table = RoyalSession(Deal.parse(SMALL))
    reply = table.execute("hint")
    assert reply.messages[0].startswith("hint: out ")
    assert reply.messages[0].endswith("Still winnable.")
    assert table.game.history == []  # a hint plays nothing
    table.execute("out 3C")
    assert table.execute("undo").messages == ["took back out 3C"]
    assert table.execute("undo").messages == ["nothing to undo"]
    head, line = table.execute("solve").messages
    assert head == "solve: a win from here in 4 moves:"
    for move in line.strip().split(", "):
        table.execute(move)
    assert table.game.outcome.won
    assert status_line(table.game) == "cards left 2 · moves 4 · WON"
    assert table.execute("hint").messages == ["no legal action left (undo, restart or new)"]


def test_a_lost_game_says_whether_the_deal_could_have_been_won() -> None:
    table = RoyalSession(royal_deal(7, 12), seed=7)
    head, line = table.execute("solve").messages
    assert head == "solve: no win from here; the fewest cards reachable is 8, by:"
    assert played(reference.RoyalGame(str(table.deal)), line.strip().split(", ")).outcome.cards == 8
    assert (
        table.execute("hint")
        .messages[0]
        .endswith("No longer winnable: the best reachable is 8 cards.")
    )
    messages: list[str] = []
    while (move := table.game.hint()) is not None:
        messages = table.execute(str(move)).messages
    assert messages[-1] == (
        "Game over: 8 cards left, not won. From the start this deal could not be won: "
        "the best possible is 8 cards. (new, restart, undo or quit)"
    )
    assert table.execute("restart").messages == ["deal 7 from the start"]
    assert table.game.history == []


def test_blind_games_deal_and_best_play_deals_everything_first_under_modern() -> None:
    table = RoyalSession(Deal.parse(SMALL), blind=True)
    assert status_line(table.game) == "cards left 8 · stock 8 · moves 0 · 1 legal action"
    assert table.execute("deal").messages == ["dealt QH"]
    assert table.execute("3").messages == ["no card 3: the row has cards 1 to 1"]
    head, line = table.execute("solve").messages
    assert head == "solve: a win from here (the solver peeks at the stock) in 11 actions:"
    assert line.startswith("  deal ×7, out ")
    assert describe_line([accordion.RoyalMove.deal()]) == "deal"


def test_parlett_blind_play_must_throw_before_dealing() -> None:
    table = RoyalSession(Deal.parse(SMALL), "parlett", blind=True)
    for _ in range(4):
        table.execute("deal")
    assert table.execute("deal").messages[0].startswith("deal not allowed: a throw exists")
    assert table.execute("hint").messages[0].startswith("hint: out 3C")


def test_new_deals_a_numbered_deal_of_the_same_size() -> None:
    table = RoyalSession(Deal.parse(SMALL))
    reply = table.execute("new")
    assert table.seed is not None
    assert table.deal == royal_deal(table.seed, 8)
    assert reply.messages == [
        f"new deal {table.seed}; to replay it later: accordion play --game royal-marriage "
        f'--deal "{table.deal}"'
    ]


def test_the_screen_fits_80_by_24_with_help_on_a_full_deal() -> None:
    table = RoyalSession(royal_deal(1), seed=1)
    reply = table.execute("help")
    screen = render_screen(
        table.game, title=table.title, messages=reply.messages, status=table.status(), colour=True
    )
    lines = plain(screen).splitlines()
    assert len(lines) <= 23 and all(len(line) <= 80 for line in lines)
    assert lines[-1].startswith("deal   turn the next card")  # help is not cut
    assert "\x1b[1;31m QH \x1b[0m" in screen and "\x1b[1;31m 5S " not in screen


def test_best_line_matches_the_solver_in_open_play() -> None:
    for seed in range(1, 30):
        line, end = best_line(RoyalGame(royal_deal(seed, 20)))
        assert end.outcome.cards == solve_royal(royal_deal(seed, 20)).cards
        twin = played(reference.RoyalGame(str(royal_deal(seed, 20))), line).outcome
        assert (twin.cards, twin.won, twin.is_over) == (end.outcome.cards, end.outcome.won, True)


# -- pictures ----------------------------------------------------------------------


def test_royal_games_draw_as_a_row_of_cards_on_both_engines() -> None:
    game = RoyalGame(SMALL, blind=True)
    for _ in range(3):
        game.deal()
    picture = game._repr_svg_()
    assert picture == accordion.svg(game)
    assert "<title>Royal Marriage row of 3 cards, 5 cards in the stock</title>" in picture
    assert picture.count('class="card"') == 3 and "card 2: 5S" in picture
    twin = reference.RoyalGame(SMALL)
    assert twin._repr_svg_() == accordion.svg(RoyalGame(SMALL))


# -- play --game royal-marriage through a pseudo-terminal ---------------------------


def spawn(*args: str) -> pexpect.spawn:
    return terminal("play", "--plain", "--game", "royal-marriage", *args)


def test_play_royal_marriage_in_a_terminal() -> None:
    child = spawn("--seed", "1")
    opening_screen(
        child,
        "Royal Marriage · deal 1 · modern rules · open",
        "cards left 52 · moves 0 · ",
        " QH   5S   3C   5C   9D ",
    )

    screen = screen_after(child, "out 9D")
    assert "threw out 9D (card 5, between 5C and 6C)" in screen
    assert "[5C] [6C]" in screen and "cards left 51 · moves 1" in screen
    screen = screen_after(child, "3")
    assert "threw out 3C (card 3, between 5S and 5C)" in screen
    screen = screen_after(child, "3 4")
    assert "threw out 5C 6C (cards 3 and 4, between 5S and JS)" in screen
    assert "cards left 48 · moves 3" in screen

    screen = screen_after(child, "out 5S JS")
    # One line, right above the prompt.
    assert screen.endswith(
        "\r\nillegal move out 5S JS: QH and 6S on either side share neither suit nor rank"
    )
    assert "cards left 48 · moves 3" in screen

    hint_undo_solve(child, "out ", "out 5C 6C", "cards left 50 · moves 2")
    screen = screen_after(child, "help")
    assert "7, 7 8           throw out card 7 alone" in screen

    child.sendline("quit")
    tail = finish(child)
    assert "deal 1: 50 cards left, not won." in tail
    assert "accordion play --game royal-marriage --seed 1" in tail
    assert "Traceback" not in tail


def test_a_won_game_in_a_terminal() -> None:
    child = spawn("--deal", SMALL)
    assert "Royal Marriage · your deal · modern rules · open" in first_screen(child)
    for line in ("5", "out 5C", "out 3C 6C"):
        screen_after(child, line)
    screen = screen_after(child, "2 3")
    assert "cards left 2 · moves 4 · WON" in screen
    assert "You won: only the queen and the king of hearts are left." in screen
    child.sendline("q")
    assert "your deal: 2 cards left, won." in finish(child)


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["--deal", "QH 2C 2C KH"], "duplicate card 2C"),
        (["--deal", "2C 3C KH"], "starts with QH"),
        (["--seed", "1", "--rules", "strict"], "modern or parlett"),
        (["--seed", "1", "--two-way"], "--two-way"),
    ],
)
def test_bad_play_arguments_get_one_line(args: list[str], names: str) -> None:
    result = run("play", "--game", "royal-marriage", *args)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and names in result.stderr


def test_solve_batches_of_royal_marriage_resume_from_a_checkpoint(tmp_path: Path) -> None:
    """Royal Marriage's solves run through the batch layer as Accordion's do: a
    checkpointed run gives the uninterrupted output, and a rerun reads it back."""
    path = tmp_path / "royal.ckpt"
    args = ("solve", "--game", "royal-marriage", "--seed", "3", "--count", "7", "--chunk", "3")
    plain = run(*args, "--json").stdout
    first = run(*args, "--json", "--checkpoint", str(path))
    again = run(*args, "--json", "--checkpoint", str(path))
    strip = [
        [{k: v for k, v in json.loads(line).items() if k != "seconds"} for line in out.splitlines()]
        for out in (plain, first.stdout, again.stdout)
    ]
    assert first.returncode == again.returncode == 0, first.stderr + again.stderr
    assert strip[0] == strip[1] == strip[2] and len(strip[0]) == 7
    assert all(line["game"] == "royal-marriage" for line in strip[0])
    parlett = run(
        "solve", "--game", "royal-marriage", "--seed", "3", "--rules", "parlett", "--json"
    )
    # docs/royal-marriage.md: only open rows under modern are solved.
    assert parlett.returncode == 2 and "under modern only" in parlett.stderr
