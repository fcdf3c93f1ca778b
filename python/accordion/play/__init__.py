"""`accordion play`, the table in the terminal, in layers: :mod:`~accordion.play.screen`
draws the screen from a game as text (pure functions), :mod:`~accordion.play.session`
holds what every game's session shares (the commands, :class:`~accordion.play.session.Reply`),
one module per game holds its session (:mod:`~accordion.play.accordion`,
:mod:`~accordion.play.royal`, :mod:`~accordion.play.bayan`; the game registry
:mod:`accordion.games` names each game's), and :mod:`~accordion.play.loop` is the
thin loop that reads lines and writes screens. Everything but the loop is testable
without a terminal.

:mod:`~accordion.play.table` is the full-screen table (Textual, the ``play`` extra)
on the same sessions: keys and mouse, the solver in a worker, the player's record,
and ``--serve`` to a browser. ``accordion play`` opens it in a terminal; the line
prompt above is ``accordion play --plain``.
"""
