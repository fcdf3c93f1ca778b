"""Deals other programs number: PySolFC game numbers, Solvitaire seeds, Knuth's seeds.

Each function returns the card indices of the row left to right (index
``4 * rank + suit``, suits C D H S), exactly as that program lays the row out;
``docs/numberings.md`` states the algorithms. Written from the programs' own
descriptions, independently of the Rust core (``rust/numbering/``).

>>> " ".join(str(Card.from_index(i)) for i in knuth(2390, 18))
'9S 7C 3C KD 7S 3H 2D 8C 6H JD 8S 2H 6S 4D 5S 4H TD QS'
"""

from __future__ import annotations

import random

from accordion.errors import InvalidRulesError, shown
from accordion.games import GAMES, Descriptor, spelled
from accordion.reference import _args, _tokens
from accordion.reference.cards import Card

# ---------------------------------------------------------------- PySolFC

#: The games PySolFC has, as the game registry gives them (the one table of names
#: and ids in Python; each game's descriptor says how PySolFC deals it).
PYSOL_GAMES: tuple[Descriptor, ...] = tuple(game for game in GAMES.values() if game.pysol_id)
FIRST_TWISTER_NUMBER = 32_000
NUMBER_LIMIT = 10**20
MS_MAX = 2**33 - 1
GAME_RANGE = "a PySolFC game number 1 to 10**20 - 1 (or ms1 to ms8589934591)"
SOLVITAIRE_RANGE = "a Solvitaire seed: a C int other than -1 (-2147483648 to 2147483647)"
KNUTH_RANGE = "a Knuth seed -2**31 to 2**31 - 1 (a C long taken mod 2**31)"

# PySolFC's suit numbers 0-3 are clubs, spades, hearts, diamonds; ours are C D H S.
_PYSOL_SUIT = (0, 3, 2, 1)
_QUEEN_OF_HEARTS = 4 * 11 + 2
_KING_OF_HEARTS = 4 * 12 + 2


def pysol_game(game: str | int) -> Descriptor:
    """The PySolFC game given by name, PySolFC title (any case), an alias or id."""
    if isinstance(game, bool) or not isinstance(game, (str, int)):
        raise TypeError(f"a PySolFC game is a name or an id, got {type(game).__name__}")
    # An int past i128 is no game's id (and may be too long for str()).
    given = shown(game) if isinstance(game, int) and abs(game) >= 2**127 else str(game)
    key = _tokens.unicode_lower(_tokens.strip(given))
    number = int(key) if key.isascii() and key.isdigit() and len(key) < 10 else None
    # Its words split at white space or hyphens alike, as the core reads a name.
    key = spelled(key)
    for found in PYSOL_GAMES:
        names = [spelled(name) for name in (found.name, found.title, *found.aliases)]
        if key in names or key == str(found.pysol_id) or number == found.pysol_id:
            return found
    known = ", ".join(f"{found.name} ({found.pysol_id})" for found in PYSOL_GAMES)
    for found in GAMES.values():
        called = [spelled(name) for name in (found.name, found.title, *found.aliases)]
        if not found.pysol_id and key in called:
            raise InvalidRulesError(
                f"{found.title} has no PySolFC numbering: PySolFC does not have the game "
                f"(PySolFC's games: {known})"
            )
    # The name as given, as the core echoes it.
    raise InvalidRulesError(f"unknown PySolFC game {shown(given)} (known: {known})")


def pysol_number(number: int | str) -> tuple[bool, int]:
    """``(ms, n)`` for a game number: an int, its text, or ``msN`` text (always the LCG)."""
    if isinstance(number, bool) or not isinstance(number, (int, str)):
        raise TypeError(f"a PySolFC game number is an int or str, got {type(number).__name__}")
    if isinstance(number, int):
        return False, _plain_number(number)
    text = _tokens.strip(number)
    if text.startswith("ms"):
        digits = text[2:]
        if not digits or not digits.isascii() or not digits.isdigit() or len(digits) > 30:
            raise _args.refuse("number", GAME_RANGE, shown(number))
        value = int(digits)
        if not 1 <= value <= MS_MAX:
            raise _args.refuse("number", GAME_RANGE, f"ms{value}")
        return True, value
    digits = _tokens.without(text.removeprefix("#"), ",_")
    if not digits or not digits.isascii() or not digits.isdigit():
        raise _args.refuse("number", GAME_RANGE, shown(number))
    if len(digits) > 30:  # int() of 4,300 digits and more is refused by Python itself
        raise _args.refuse("number", GAME_RANGE, shown(number))
    return False, _plain_number(int(digits))


def _plain_number(value: int) -> int:
    if not 1 <= value < NUMBER_LIMIT:
        raise _args.refuse("number", GAME_RANGE, shown(value))
    return value


class _Lcg31:
    """PySolFC's ``LCRandom31``: Microsoft's ``rand()``, extended for ``msN`` above 2**31."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.state = seed if seed < 2**32 else seed - 2**32

    def randint(self, n: int) -> int:
        """``randint(0, n)`` as ``LCRandom31`` draws it: ``rand() % (n + 1)``."""
        self.state = (self.state * 214013 + 2531011) & MS_MAX
        if self.seed < 2**31:
            value = (self.state >> 16) & 0x7FFF
        elif self.seed < 2**32:
            value = (self.state >> 16) & 0x7FFF | 0x8000
        else:
            value = ((self.state >> 16) & 0xFFFF) + 1
        return value % (n + 1)


class _Twister:
    """PySolFC's ``MTRandom``: Python's own ``random.Random``, with pysol_cards' ``randint``."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def randint(self, n: int) -> int:
        return int(self.random.random() * (n + 1))


def pysol(number: int | str, game: str | int = "accordion") -> tuple[list[int], int | None]:
    """The row of PySolFC game ``number`` of ``game`` and its goal card (Accordion's Revenge)."""
    ms, value = pysol_number(number)  # signature order, as the core checks
    return _laid_out(ms, value, pysol_game(game).dealing)


def _laid_out(ms: bool, value: int, dealing: str) -> tuple[list[int], int | None]:
    """The row of game ``value`` dealt as ``dealing`` (a descriptor's) and its goal card."""
    # PySolFC's cards: suit by suit (C S H D), ace to king.
    cards = [4 * rank + _PYSOL_SUIT[suit] for suit in range(4) for rank in range(13)]
    generator: _Lcg31 | _Twister
    if ms or value < FIRST_TWISTER_NUMBER:
        generator = _Lcg31(value)
        cards = sorted(cards)  # ms_rearrange: rank by rank, C D H S
    else:
        generator = _Twister(value)
    for n in range(51, 0, -1):
        j = generator.randint(n)
        cards[n], cards[j] = cards[j], cards[n]
    if dealing == "royal-pair":
        others = [c for c in cards if c not in (_QUEEN_OF_HEARTS, _KING_OF_HEARTS)]
        cards = [_KING_OF_HEARTS, *others, _QUEEN_OF_HEARTS]
    row = cards[::-1]  # the talon deals its top (the end of the list) onto pile 1
    goal = None
    if dealing == "goal-card":
        while goal is None or goal in row[:2]:
            suit = _PYSOL_SUIT[generator.randint(3)]  # choice(suits)
            rank = generator.randint(12)  # choice(ranks)
            goal = 4 * rank + suit
    return row, goal


def pysol_goal(number: int | str) -> Card:
    """The goal card of PySolFC's Accordion's Revenge game ``number`` (the goal card
    of every game dealt with one)."""
    _, goal = _laid_out(*pysol_number(number), "goal-card")
    assert goal is not None
    return Card.from_index(goal)


# ---------------------------------------------------------------- Solvitaire

SOLVITAIRE_GAMES = {
    "accordion": 52,
    "late-binding": 18,
    "late-binding-solitaire": 18,
    "accordion-knuth": 18,
}


def solvitaire_game(game: str) -> str:
    """``accordion`` or ``late-binding`` (Solvitaire's other names for it accepted)."""
    if not isinstance(game, str):
        raise _args.wrong_type("game", "a str", game)
    key = _tokens.ascii_lower(_tokens.strip(game))
    if key not in SOLVITAIRE_GAMES:
        raise InvalidRulesError(
            f"unknown Solvitaire game {shown(game)} (known: accordion, late-binding)"
        )
    return "accordion" if key == "accordion" else "late-binding"


def _mt19937(seed: int) -> random.Random:
    """``std::mt19937(seed)``: ``init_genrand`` written out, loaded into Python's twister."""
    state = [seed % 2**32]
    for i in range(1, 624):
        previous = state[-1]
        state.append((1812433253 * (previous ^ (previous >> 30)) + i) % 2**32)
    generator = random.Random()
    generator.setstate((3, (*state, 624), None))
    return generator


def solvitaire(seed: int, game: str = "accordion") -> list[int]:
    """The row ``solvitaire --type GAME --random SEED`` lays out."""
    cards = SOLVITAIRE_GAMES[solvitaire_game(game)]
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, got {type(seed).__name__}")
    if not -(2**31) <= seed < 2**31 or seed == -1:
        raise _args.refuse("seed", SOLVITAIRE_RANGE, shown(seed))
    # Rank by rank, in Solvitaire's suit order C H S D.
    deck = [4 * rank + suit for rank in range(13) for suit in (0, 2, 3, 1)]
    generator = _mt19937(seed)
    for i in range(51, 0, -1):
        # boost::random::uniform_int_distribution(0, i) on a 32-bit engine.
        bucket = 2**32 // (i + 1)
        while (j := generator.getrandbits(32) // bucket) > i:
            pass
        deck[i], deck[j] = deck[j], deck[i]
    return deck[::-1][:cards]  # dealt from the back of the deck


# ---------------------------------------------------------------- Knuth


class GbFlip:
    """The Stanford GraphBase ``gb_flip`` generator (``gb_init_rand``, ``gb_next_rand``)."""

    def __init__(self, seed: int) -> None:
        seed = prev = seed & 0x7FFFFFFF
        next_ = 1
        self.a = [-1] + [0] * 55
        self.a[55] = prev
        i = 21
        while i:
            self.a[i] = next_
            next_ = (prev - next_) & 0x7FFFFFFF
            seed = 0x40000000 + (seed >> 1) if seed & 1 else seed >> 1
            next_ = (next_ - seed) & 0x7FFFFFFF
            prev = self.a[i]
            i = (i + 21) % 55
        self.pointer = 0
        for _ in range(5):
            self._cycle()

    def _cycle(self) -> int:
        a = self.a
        for i in range(1, 25):
            a[i] = (a[i] - a[i + 31]) & 0x7FFFFFFF
        for i in range(25, 56):
            a[i] = (a[i] - a[i - 24]) & 0x7FFFFFFF
        self.pointer = 54
        return a[55]

    def next_rand(self) -> int:
        value = self.a[self.pointer]
        if value < 0:
            return self._cycle()
        self.pointer -= 1
        return value

    def unif_rand(self, m: int) -> int:
        limit = 2**31 - 2**31 % m
        while (r := self.next_rand()) >= limit:
            pass
        return r % m


def knuth(seed: int, cards: int = 18) -> list[int]:
    """The first ``cards`` cards of Knuth's Late Binding deal ``seed``."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, got {type(seed).__name__}")
    if not -(2**31) <= seed < 2**31:
        raise _args.refuse("seed", KNUTH_RANGE, shown(seed))
    cards = _args.cards(cards)
    # Suit by suit (C D H S), ace to king.
    deck = [4 * rank + suit for suit in range(4) for rank in range(13)]
    flip = GbFlip(seed)
    for j in range(cards):
        i = j + flip.unif_rand(52 - j)
        deck[j], deck[i] = deck[i], deck[j]
    return deck[:cards]
