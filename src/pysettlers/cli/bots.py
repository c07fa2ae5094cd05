"""Bots on the command line: the ``--bot`` flag of ``demo`` and ``play``, and the bot names
the help texts list.

What this is for: :func:`add_bot_argument` gives a sub-command a ``--bot SPEC`` that takes
what ``sim --players`` and ``arena`` take for one bot — a registered name with options
(``easy:noise=5``, ``llm:model=NAME``) or ``LABEL:module.Class[:key=value]`` — and
:func:`bot_spec` checks it before any game, with the simulator's parsing and errors
(``sim/runner.py``: the part of the spec that is wrong, the bot's own refusal of an option).
:func:`known_bots` is the registry's list of names for a help text, so that it cannot go
stale when a bot is added.

What this is not: the bots (``pysettlers.bots``) or the spec syntax (``sim/runner.py``).
"""

from __future__ import annotations

import argparse

from pysettlers.bots import bot_names
from pysettlers.sim.runner import BotSpec, check_specs, labelled_specs

SPEC_HELP = (
    "NAME[:key=value...] for a registered bot, LABEL:module.Class[:key=value...] for your own "
    "class (built as Class(rng, **options))"
)
"""How a bot spec is written, for help texts."""


def known_bots() -> str:
    """The registered bot names, for a help text: ``easy, expert, greedy, ...``."""
    return ", ".join(bot_names())


def add_bot_argument(p: argparse.ArgumentParser, *, default: str | None, what: str) -> None:
    """``--bot SPEC``: ``what`` says which seats it plays and the default."""
    p.add_argument(
        "--bot",
        metavar="SPEC",
        default=default,
        help=f"{what}: {SPEC_HELP}; bots: {known_bots()}",
    )


def bot_spec(text: str) -> BotSpec:
    """``--bot``'s spec, parsed and its bot built once (so that an unknown bot, a bad
    option or a missing extra is refused before the game); ``ValueError`` names the flag."""
    try:
        spec = labelled_specs([text])[0]
        check_specs([spec])
    except ValueError as err:
        raise ValueError(f"--bot: {err}") from None
    return spec
