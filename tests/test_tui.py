"""The text UI: the screen renderer, the command interpreter, and `accordion play`
end to end through a pseudo-terminal."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator

import pexpect  # type: ignore[import-untyped,unused-ignore]
import pytest
from _helpers import (
    finish,
    first_screen,
    hint_undo_solve,
    opening_screen,
    plain,
    screen_after,
    terminal,
)

from accordion import Deal, Game, Move, Rules
from accordion.games import GAMES
from accordion.play.accordion import Session, forced_move, position_of, status_line
from accordion.play.screen import RED, per_band, render_row, render_screen

DEAL_1 = Deal.from_seed(1)
# Deal 1 begins 5S 3C 5C 9D 6C JS 6S 5H QS 3H 5D 7D AH 4H TC ...


# -- the renderer ------------------------------------------------------------------


@pytest.mark.parametrize(("width", "across"), [(40, 7), (80, 15), (120, 23)])
def test_the_row_wraps_into_bands_at_the_width(width: int, across: int) -> None:
    assert per_band(width) == across
    lines = render_row(Game(DEAL_1).piles, width=width)
    bands = [lines[i : i + 3] for i in range(0, len(lines), 3)]
    assert len(bands) == -(-52 // across)
    assert all(len(line) <= width for line in lines)
    numbers = [int(n) for band in bands for n in band[0].split()]
    cards = [word for band in bands for word in band[1].split() if word != "→"]
    assert numbers == list(range(1, 53))
    assert cards == [str(card) for card in DEAL_1]
    # Every band but the last says that the row reads on into the next one.
    assert [band[1].endswith("→") for band in bands] == [True] * (len(bands) - 1) + [False]


def test_numbers_cards_and_heights_line_up_in_columns() -> None:
    game = Game(DEAL_1)
    game.play("6C>3C")
    game.play("5C>6C")  # pile 2 now holds 3C 6C 5C
    number_line, card_line, height_line = render_row(game.piles, width=80)[:3]
    column = number_line.index(" 2 ") + 1
    assert card_line[column - 1 : column + 1] == "5C"
    assert height_line[column - 1 : column + 1] == "×3"
    assert height_line.count("×") == 1  # heights of one card are left out


def test_red_suits_are_coloured_only_when_asked() -> None:
    coloured = render_row(Game("9D 6C").piles, colour=True)[1]
    assert f"{RED} 9D " in coloured
    assert f"{RED} 6C " not in coloured
    assert "\x1b" not in "".join(render_row(Game("9D 6C").piles, colour=False))


def test_marked_piles_are_bracketed() -> None:
    card_line = render_row(Game("9D 6C 7H").piles, marks={1})[1]
    assert "[6C]" in card_line and "[9D]" not in card_line


def test_the_screen_fits_80_by_24_even_with_a_long_message() -> None:
    game = Game(DEAL_1)
    long_line = " ".join(["7H>7S"] * 51)
    screen = render_screen(
        game, title="Accordion · deal 1", messages=["solve: a win", long_line, "x"], colour=True
    )
    lines = plain(screen).splitlines()
    assert len(lines) <= 23  # and the prompt makes 24
    assert all(len(line) <= 80 for line in lines)
    assert lines[0] == "Accordion · deal 1"
    assert "piles 52 · moves 0 · 27 legal actions" in lines


def test_no_grade_before_the_game_is_over() -> None:
    game = Game(Deal.parse("7H 2C 3C 7C"))  # winnable
    assert "grade" not in status_line(game)
    game.play("7C>7H")  # four piles to three: no "strong" while the win is still there
    assert "grade" not in status_line(game)
    game.play("3C>2C")
    game.play("3C>7C")
    assert status_line(game).startswith("piles 1 · moves 3 · grade: win")


def test_the_status_line_counts_piles_stock_moves_and_grade() -> None:
    game = Game(Deal.parse("7H 7S 7D 7C 2S"), blind=True)
    assert status_line(game) == "piles 0 · stock 5 · moves 0 · 1 legal action"
    for _ in range(4):
        game.deal()
    game.play("7C>7H")
    game.play("7D>7S")
    game.play("7D>7C")
    assert status_line(game) == "piles 1 · stock 1 · moves 3 · 1 legal action"
    game.deal()
    assert status_line(game) == "piles 2 · stock 0 · moves 3 · grade: strong · GAME OVER"


def test_the_status_line_names_the_goal_card() -> None:
    game = Game(Deal.parse("7H 7S 8S 7C"), Rules("modern", goal="7S"))
    assert "goal 7S (must end on top)" in status_line(game)
    assert "goal" not in status_line(Game(Deal.parse("7H 7S 8S 7C")))


def test_an_empty_table_says_how_to_begin() -> None:
    screen = render_screen(Game(DEAL_1, blind=True))
    assert "type deal" in screen and "stock 52" in screen


def test_a_screen_without_title_or_status_reads_them_from_the_game_s_session() -> None:
    # Every game's, not Accordion's alone: the registry names the title and the session.
    for entry in GAMES.values():
        if entry.engine != entry.name or not entry.supports("play"):
            continue  # a variant is played with its engine's classes
        game = entry.game_class()(entry.numbered()(1, 12))
        lines = plain(render_screen(game)).splitlines()
        assert lines[0] == entry.title
        assert lines[-1] == entry.session_class().status_of(game), entry.name
    with pytest.raises(TypeError, match="give its status"):
        render_screen(Deal.parse("7H 7S"))  # not a game


# -- the interpreter ---------------------------------------------------------------


def session(seed: int = 1, rules: str = "modern", *, blind: bool = False) -> Session:
    return Session(Deal.from_seed(seed), Rules(rules), blind=blind)


@pytest.mark.parametrize("line", ["5C 3C", "5C>3C", "5c-3c", "5C on 3C", "3 1", "3"])
def test_a_move_by_cards_or_by_pile_number(line: str) -> None:
    table = session()
    reply = table.execute(line)
    assert reply.messages == ["played 5C>3C (pile 3 slides onto pile 2)"]
    assert table.game.history == [Move("5C", "3C")]
    assert reply.marks == (1,)  # the merged pile


def test_a_leap_by_pile_number() -> None:
    table = session()
    assert table.execute("5 3").messages == ["played 6C>3C (pile 5 leaps onto pile 2)"]


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("4 1", "illegal move 9D>5C: 9D and 5C share neither suit nor rank"),
        ("9D 5C", "illegal move 9D>5C: 9D and 5C share neither suit nor rank"),
        ("2", "pile 2 (3C) cannot move: it agrees in neither suit nor rank with pile 1 (5S)"),
        ("2 3", "pile 2 cannot move 3 places left: there is no pile 3 places to its left"),
        ("60 1", "no pile 60: the row has piles 1 to 52"),
        ("4 2", "illegal move 9D>3C: 9D and 3C are 2 piles apart; moves go 1 or 3 places"),
        ("4 -1", "illegal move 9D>6C: 9D would move rightwards; piles move only leftwards"),
        ("4 0", "a move goes at least one place (12 1 slides, 12 3 leaps)"),
        ("7X 7S", 'unknown card "7X"'),
        ("fly me", 'not a move or a command: "fly me" (moves look like 7H 7S or 12 3; type help)'),
    ],
)
def test_illegal_input_gets_a_one_line_reason(line: str, reason: str) -> None:
    table = session()
    reply = table.execute(line)
    assert reply.messages == [reason]
    assert table.game.history == []


def test_a_pile_with_two_moves_asks_which() -> None:
    table = session()
    game = table.game
    moves = [
        m for m in game.legal_moves if m.mover is not None and position_of(game, m.mover) == 44
    ]
    assert len(moves) == 2
    reply = table.execute("45")
    assert reply.messages == [f"pile 45 ({game.tops[44]}) has 2 moves: type 45 1 or 45 3"]
    assert table.game.history == []


def test_the_strict_rules_say_which_move_they_force() -> None:
    table = session(rules="strict")
    assert table.execute("5 3").messages == ["illegal move 6C>3C: the strict rules force 5C>3C"]
    assert table.execute("5").messages == ["illegal move 6C>3C: the strict rules force 5C>3C"]
    # Under the strict rules an empty line plays the one forced move.
    assert table.execute("").messages == ["played 5C>3C (pile 3 slides onto pile 2)"]


def test_undo_restart_and_new() -> None:
    table = session()
    assert table.execute("undo").messages == ["nothing to undo"]
    table.execute("3")
    table.execute("12 3")
    assert table.execute("undo").messages == ["took back AH>3H"]
    assert len(table.game.history) == 1
    assert table.execute("restart").messages == ["deal 1 from the start"]
    assert table.game.history == [] and table.game.starting_deal == DEAL_1
    reply = table.execute("new")
    seed = table.game.starting_deal.seed
    assert seed is not None and table.deal_name == f"deal {seed}"
    assert reply.messages == [f"new deal {seed}; to replay it later: accordion play --seed {seed}"]


def test_dealing_in_blind_and_open_games() -> None:
    table = session(blind=True)
    assert table.execute("deal").messages == ["dealt 5S"]
    assert table.execute("d").messages == ["dealt 3C"]
    assert table.game.stock_size == 50
    assert table.execute("undo").messages == ["took back deal"]
    assert session().execute("deal").messages == [
        "this is an open game: every card is already in the row"
    ]


def test_help_moves_and_quit() -> None:
    table = session()
    assert any("hint" in line for line in table.execute("help").messages)
    listed = table.execute("moves").messages
    assert listed[0].startswith("legal (27): 5C>3C (3 1), 6C>3C (5 3), 6S>JS (7 1)")
    assert table.execute("quit").quit
    assert table.execute("Q").quit
    assert not table.execute("undo").quit


def test_replay_hint_names_every_flag() -> None:
    rules = Rules("parlett", two_way=True, distances=(2, 3))
    table = Session(Deal.parse("7H 7S 8S KS"), rules, blind=True)
    assert table.title == "Accordion · your deal · parlett rules, two-way, distances 2,3 · blind"
    assert table.replay_hint() == (
        'accordion play --deal "7H 7S 8S KS" --rules parlett --blind --two-way --distances 2,3'
    )


def forced_line(game: Game, rules: str) -> Iterator[Move]:
    while (move := forced_move(game, rules)) is not None:
        yield move
        game.play(move)


@pytest.mark.parametrize("strict", ["strict", "strict-leap"])
@pytest.mark.parametrize("two_way", [False, True])
@pytest.mark.parametrize("blind", [False, True])
def test_forced_move_is_the_move_the_strict_rules_force(
    strict: str, two_way: bool, blind: bool
) -> None:
    for seed in range(1, 13):
        deal = Deal.from_seed(seed)
        free = Game(deal, Rules("modern", two_way=two_way), blind=blind)
        forced = Game(deal, Rules(strict, two_way=two_way), blind=blind)
        for move in forced_line(free, strict):
            assert list(forced.legal_moves) == [move]
            forced.play(move)
        assert forced.is_over


def test_forced_move_defaults_to_the_games_own_forced_rules() -> None:
    assert forced_move(Game(DEAL_1)) == Move("5C", "3C")
    assert forced_move(Game(DEAL_1, "parlett")) == Move("5C", "3C")
    leap = Game(DEAL_1, "strict-leap")
    assert forced_move(leap) == next(iter(leap.legal_moves))
    assert forced_move(Game(DEAL_1, blind=True)) == Move.deal()
    assert forced_move(Game("AC 2D")) is None


def test_auto_plays_the_strict_rules_out() -> None:
    table = session()
    table.execute("3")
    strict = Game(DEAL_1, "strict")
    strict.play("5C>3C")
    while strict.legal_moves:
        strict.play(next(iter(strict.legal_moves)))
    reply = table.execute("auto")
    played = len(strict.history) - 1
    assert reply.messages[0].startswith(f"auto (strict rules) played {played} actions: ")
    assert table.game.history == strict.history
    assert table.game.is_over
    assert reply.messages[1].startswith(f"Game over: {strict.outcome.piles} piles left")
    assert table.execute("auto").messages[0] == "no legal action left"


def test_hint_names_a_move_and_whether_the_deal_can_still_be_won() -> None:
    table = session()
    reply = table.execute("hint")
    assert len(reply.messages) == 1
    message = reply.messages[0]
    assert message.startswith("hint: ")
    assert "Still winnable." in message or "No longer winnable: " in message
    assert "peeks" not in message
    hinted = Move.parse(message.removeprefix("hint: ").split()[0])
    assert hinted in table.game.legal_moves
    assert table.game.history == []  # a hint plays nothing
    assert len(reply.marks) == 2


def test_solve_shows_a_line_that_plays() -> None:
    table = session()
    reply = table.execute("solve")
    head, line = reply.messages
    assert head.startswith(("solve: a win from here in", "solve: no win from here"))
    game = table.game.copy()
    for move in line.split():
        game.play(move)
    assert table.game.history == []
    if "a win" in head:
        assert game.outcome.piles == 1


def test_in_a_blind_game_hint_and_solve_say_that_they_peek_at_the_stock() -> None:
    table = session(seed=5, blind=True)
    for _ in range(6):
        table.execute("deal")
    hint = table.execute("hint").messages
    assert len(hint) == 1 and "(the solver peeks at the stock)" in hint[0]
    head, line = table.execute("solve").messages
    assert "(the solver peeks at the stock)" in head
    game = table.game.copy()
    for move in line.split():
        game.play(move)
    if head.startswith("solve: a win"):
        assert game.outcome.piles == 1 and game.stock_size == 0


def test_the_end_says_whether_the_deal_could_have_been_won() -> None:
    table = Session(Deal.parse("AC 2D 3H 4S 5C 6D 7H"))
    reply = table.execute("auto")
    assert reply.messages == [
        "no legal action left",
        "Game over: 7 piles left, grade loss. From the start this deal could not be won: "
        "the best possible is 7 piles. (new, restart, undo or quit)",
    ]


#: A throw game's open row and lines its session cannot play, with the reason it gives.
UNPLAYABLE: dict[str, tuple[str, dict[str, str]]] = {
    "bayan": (
        "5C 9H 2D 5S 9D 2H",
        {
            "1 2": "illegal move out 5C 9H: 5C and 9H share neither suit nor rank",
            "1 3": "2 places apart",
            "1 9": "no card 9: the row has cards 1 to 6",
            "out AS 5C": "AS is not in the row",
            "fly me to the moon": 'not a move or a command: "fly me to the moon"',
            "deal": "this is an open game",
        },
    ),
    "royal-marriage": (
        "QH 5S 3C 5C 9D 6C JS KH",
        {
            "1": "illegal move out QH: QH is the left end of the row",
            "2": "illegal move out 5S: QH and 3C on either side share neither suit nor rank",
            "4 6": "not next to each other",
            "9": "no card 9: the row has cards 1 to 8",
            "0": "no card 0: the row has cards 1 to 8",
            "out 2D": "2D",
            "between QH KH": "between",
            "fly me to the moon": 'not a move or a command: "fly me to the moon"',
            "deal": "this is an open game",
        },
    ),
}


@pytest.mark.parametrize(
    ("name", "line", "why"),
    [(name, line, why) for name, (_, lines) in UNPLAYABLE.items() for line, why in lines.items()],
)
def test_what_a_throw_game_cannot_play_gets_one_line_with_the_reason(
    name: str, line: str, why: str
) -> None:
    table = GAMES[name].session_class()(Deal.parse(UNPLAYABLE[name][0]))
    reply = table.execute(line)
    assert len(reply.messages) == 1 and why in reply.messages[0], reply.messages
    assert table.game.history == []


# -- end to end, through a pseudo-terminal -------------------------------------------


def spawn(*args: str, colour: bool = False, columns: int = 80) -> pexpect.spawn:
    return terminal("play", "--plain", *args, colour=colour, columns=columns)


def test_a_40_column_terminal_keeps_the_title_and_whole_messages() -> None:
    # At 40 columns the banded row of a full deal is 24 lines: taller than the
    # terminal, it pushed the title off the top and cut every message to a line.
    child = spawn("--seed", "1", columns=40)

    def last_screen() -> list[str]:
        child.expect_exact("\r\n> ")
        return plain((child.before or "").split("\x1b[2J")[-1]).splitlines()

    lines = last_screen()
    assert lines[0].startswith("Accordion · deal 1")
    assert len(lines) <= 23 and all(len(line) <= 40 for line in lines)
    assert " 1│5S 3C 5C 9D 6C JS 6S 5H QS 3H 5D 7D" in lines
    child.sendline("9D>5S")
    lines = last_screen()
    assert lines[0].startswith("Accordion · deal 1")
    said = " ".join(line.strip() for line in lines)
    assert "illegal move 9D>5S: 9D and 5S share neither suit nor rank" in said
    assert "…" not in said
    child.sendline("quit")
    finish(child)


def test_play_a_game_in_a_terminal() -> None:
    child = spawn("--seed", "1")
    opening_screen(
        child,
        "Accordion · deal 1 · modern rules · open",
        "piles 52 · moves 0 · 27 legal actions",
        " 5S   3C   5C   9D ",
    )

    screen = screen_after(child, "5C 3C")
    assert "played 5C>3C (pile 3 slides onto pile 2)" in screen
    assert "piles 51 · moves 1" in screen
    screen = screen_after(child, "12 3")
    assert "played AH>3H (pile 12 leaps onto pile 9)" in screen
    assert "[AH]" in screen

    screen = screen_after(child, "3 1")
    assert "\r\nillegal move 9D>5C: 9D and 5C share neither suit nor rank" in screen
    assert "piles 50 · moves 2" in screen

    hint_undo_solve(child, "", "AH>3H", "piles 51 · moves 1")

    screen = screen_after(child, "auto")
    assert "auto (strict rules) played" in screen
    assert "GAME OVER" in screen and "Game over:" in screen
    assert "From the start this deal could" in re.sub(r"\s+", " ", screen)

    child.sendline("quit")
    tail = finish(child)
    assert "deal 1:" in tail and "accordion play --seed 1" in tail
    assert "Traceback" not in tail


@pytest.mark.parametrize(
    ("game", "left", "dealt", "ended"),
    [
        (
            "accordion",
            "piles 0 · stock 52",
            [("dealt 5S", "piles 1 · stock 51"), ("dealt 3C", " 5S  [3C]")],
            "deal 1: 2 piles left, not finished.",
        ),
        (
            "royal-marriage",
            "cards left 52 · stock 52",
            [("dealt QH", "stock 51"), ("dealt 5S", " QH  [5S]")],
            "deal 1: 52 cards left, not won.",
        ),
    ],
)
def test_blind_play_deals_and_end_of_input_leaves_cleanly(
    game: str, left: str, dealt: list[tuple[str, str]], ended: str
) -> None:
    child = spawn("--game", game, "--seed", "1", "--blind", "--rules", "parlett")
    screen = first_screen(child)
    assert f"{GAMES[game].title} · deal 1 · parlett rules · blind" in screen
    assert "(no cards on the table yet: type deal)" in screen
    assert f"{left} · moves 0" in screen
    for said in dealt:
        screen = screen_after(child, "deal")
        assert all(text in screen for text in said), said
    child.sendeof()
    tail = finish(child)
    assert ended in tail
    assert "--seed 1 --rules parlett --blind" in tail and "Traceback" not in tail


def test_ctrl_c_leaves_cleanly() -> None:
    child = spawn("--deal", "7H 7S 8S KS", "--rules", "strict", "--two-way")
    screen = first_screen(child)
    assert "Accordion · your deal · strict rules, two-way · open" in screen
    child.sendintr()
    # Ctrl-C at the prompt ends the game with the farewell, and exit status 130
    # (the contract's status for Ctrl-C, docs/contract.md).
    tail = finish(child, 130)
    assert "your deal: 4 piles left" in tail
    assert "Traceback" not in tail and "interrupted" not in tail


def test_red_suits_are_red_on_a_colour_terminal() -> None:
    child = spawn("--seed", "1", colour=True)
    child.expect_exact("\r\n> ")
    raw = child.before or ""
    assert f"{RED} 9D \x1b[0m" in raw
    assert f"{RED} 5S " not in raw
    child.sendline("q")
    finish(child)


def test_bad_arguments_get_one_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "accordion", "play", "--deal", "7H 7H"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "7H" in result.stderr


def _first_action(name: str) -> tuple[list[str], str, str]:
    """``play --game NAME --seed 1``'s flags, the first legal move of its deal as
    the game writes it, and the start of the table's reply to it."""
    entry = GAMES[name]
    game = entry.game_class()(entry.numbered()(1, 52), entry.batch_rules())
    move = next(move for move in game.legal_moves if not move.is_deal)
    verb = "played" if entry.plays_accordion else {"throw": "threw"}.get(entry.nouns.move, "moved")
    flags = [] if entry.unnamed else ["--game", name]
    return flags, str(move), f"{verb} {move}"


# Every game the table plays from a numbered deal (Accordion's Revenge takes --pysol).
PLAIN = [
    name for name, game in GAMES.items() if game.supports("play") and game.dealing != "goal-card"
]


@pytest.mark.parametrize("name", PLAIN)
def test_plain_text_when_not_a_terminal(name: str) -> None:
    game, line, said = _first_action(name)
    result = subprocess.run(
        [sys.executable, "-m", "accordion", "play", *game, "--seed", "1"],
        input=f"{line}\nquit\n",
        capture_output=True,
        text=True,
        check=False,
        env={k: v for k, v in os.environ.items() if k != "NO_COLOR"},
    )
    assert result.returncode == 0
    assert "\x1b" not in result.stdout
    assert said in result.stdout
    again = " ".join(["accordion play", *game, "--seed 1"])
    assert result.stdout.rstrip().endswith(f"Play it again: {again}")
