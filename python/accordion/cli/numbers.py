"""Numbers on the command line, written in ASCII: ``int()`` and ``float()`` also
read other scripts' digits (``١٢``), which no option means. Below the other CLI
modules, which all read numbers."""

from __future__ import annotations

from accordion.errors import shown

#: A whole number on the command line: ASCII digits with a sign at most.
_WHOLE = r"[+-]?[0-9]+(?:_[0-9]+)*"
#: A number in e-notation (``1e6``, ``2.5e3``), whole only if its value is.
_EXACT = r"[+-]?[0-9]+(?:\.[0-9]+)?[eE][+-]?[0-9]+"


#: The largest power of ten :func:`whole_number` reads in e-notation (every bound
#: of the command line, 2**64 - 1 deal numbers, is below it).
MAX_EXPONENT = 30


def whole_number(text: str) -> int:
    """``text`` as a whole number: digits, with underscores between them if you like
    (``1000000``, ``1_000_000``), or e-notation that names one exactly (``1e6``,
    ``2.5e3``). ``1.5`` or ``1e-3`` are no whole number (``ValueError``), nor is
    e-notation past 10**30 (no bound of the command line is that large)."""
    text = text.strip()
    if text.isascii() and text.isdigit():  # the usual case, read without `re`
        return int(text)
    import re

    # ASCII digits only: int() also reads other scripts' digits (١٢) and
    # superscripts are refused before it sees them.
    if re.fullmatch(_WHOLE, text):
        return int(text)
    if not re.fullmatch(_EXACT, text):
        raise ValueError(text)
    from decimal import Decimal, InvalidOperation

    try:
        number = Decimal(text)
    except InvalidOperation:
        raise ValueError(text) from None
    if not number.is_finite() or number.adjusted() > MAX_EXPONENT:
        raise ValueError(text)
    if number != number.to_integral_value():
        raise ValueError(text)
    return int(number)


def seconds(text: str) -> float:
    """An argparse type for --timeout: a number of seconds written in ASCII (``2``,
    ``0.5``, ``1e3``; ``float()`` also reads other scripts' digits, ``١٢``). Its
    range is the API's to check, which names --timeout."""
    try:
        if not text.isascii():
            raise ValueError(text)
        return float(text)
    except ValueError:
        from argparse import ArgumentTypeError

        raise ArgumentTypeError(f"not a number of seconds: {shown(text)}") from None
