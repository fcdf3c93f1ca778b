"""The one tokeniser of the reference engine: every parser of input text (cards,
rows, moves, rule names, game names and numbers) splits, trims and folds case
here, exactly as the core's parsers do, and nowhere else (``tests/test_tokens.py``
bans ``str.split``, ``strip``, ``lower`` … on input text in the other modules).

Why it matters: Python's ``str`` methods and Rust's disagree at the edges.
``str.isspace`` (and so ``str.split()``, ``str.strip()`` and regular expressions'
``\\s``) counts the information separators U+001C to U+001F as white space; Rust's
``char::is_whitespace`` does not. ``str.upper`` turns ``ſ`` (long s) into ``S``;
Rust's ``to_ascii_uppercase`` keeps it. So ``RoyalMove.parse("deal\\x1c")`` was a
deal here and an error in the core.

>>> split("7H\\x1c 7S\\x85 8S")
['7H\\x1c', '7S', '8S']
>>> words("QH, 5C 9H,KH")
['QH', '5C', '9H', 'KH']
>>> ascii_upper("aſ")
'Aſ'
"""

from __future__ import annotations

#: Python's ``str.isspace`` also counts the separators U+001C to U+001F as white
#: space; the core's parsers (Rust's ``char::is_whitespace``) do not.
_NOT_RUST_SPACE = frozenset("\x1c\x1d\x1e\x1f")


def is_space(char: str) -> bool:
    """White space as the core's parsers see it (Rust's ``char::is_whitespace``)."""
    return char.isspace() and char not in _NOT_RUST_SPACE


def strip(text: str) -> str:
    """``text`` without leading and trailing white space (Rust's ``str::trim``)."""
    start, end = 0, len(text)
    while start < end and is_space(text[start]):
        start += 1
    while end > start and is_space(text[end - 1]):
        end -= 1
    return text[start:end]


def split(text: str) -> list[str]:
    """The words of ``text`` between runs of white space (``split_whitespace``)."""
    found: list[str] = []
    word: list[str] = []
    for char in text:
        if is_space(char):
            if word:
                found.append("".join(word))
                word = []
        else:
            word.append(char)
    if word:
        found.append("".join(word))
    return found


def fields(text: str, separator: str = ",") -> list[str]:
    """``text`` cut at every ``separator`` (Rust's ``str::split`` on a character),
    empty fields kept."""
    return text.split(separator)


def words(text: str) -> list[str]:
    """The words of ``text`` separated by commas and/or white space, empty ones dropped."""
    return [word for field in fields(text) for word in split(field)]


def split_once(text: str, separator: str) -> tuple[str, str] | None:
    """``text`` cut at the first ``separator``, or ``None`` without one (``split_once``)."""
    head, found, tail = text.partition(separator)
    return (head, tail) if found else None


def split_at_first(text: str, separators: str) -> tuple[str, str] | None:
    """``text`` cut at the first of the characters ``separators``, or ``None``
    without any (Rust's ``split_once`` on a set of characters)."""
    for index, char in enumerate(text):
        if char in separators:
            return text[:index], text[index + 1 :]
    return None


def find(text: str, word: str) -> int:
    """Where ``word`` first stands in ``text``, or -1 (Rust's ``str::find``)."""
    return text.find(word)


def without(text: str, removed: str) -> str:
    """``text`` without the characters of ``removed`` and without white space."""
    return "".join(char for char in text if char not in removed and not is_space(char))


def ascii_lower(text: str) -> str:
    """``text`` with A-Z lowered and every other character kept (``to_ascii_lowercase``)."""
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in text)


def ascii_upper(text: str) -> str:
    """``text`` with a-z raised and every other character kept (``to_ascii_uppercase``)."""
    return "".join(chr(ord(c) - 32) if "a" <= c <= "z" else c for c in text)


def unicode_lower(text: str) -> str:
    """``text`` lowered by Unicode's default case mapping (Rust's ``str::to_lowercase``,
    which the core uses for PySolFC's game titles)."""
    return text.lower()
