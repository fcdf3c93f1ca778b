"""The command line's own error: below every other CLI module, so that each can
raise it without importing the modules that use it."""

from __future__ import annotations

from accordion.errors import InvalidArgumentError


class CliError(InvalidArgumentError):
    """A command-line mistake (a flag that does not fit the others), reported on one line."""
