"""The exceptions raised by both engines. Every one is a ``ValueError``."""


class AccordionError(ValueError):
    """Base class of every error about bad input (cards, deals, moves, rules)."""


class InvalidCardError(AccordionError):
    """Text that is not a card."""


class InvalidDealError(AccordionError):
    """A row that is empty, too long, has a duplicate card or a bad separator."""


class InvalidMoveError(AccordionError):
    """Text that is not a move in the notation of docs/rules.md (``7H>7S`` or ``deal``)."""


class IllegalMoveError(AccordionError):
    """A well-formed move that the rules do not allow in this position."""


class InvalidRulesError(AccordionError):
    """An unknown rule-set name or a bad variant (distances, two-way)."""


__all__ = [
    "AccordionError",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidMoveError",
    "InvalidRulesError",
]
