"""The bot interface and the registry of bot kinds.

What this is for: a bot is anything with ``choose(view, legal) -> action``. It sees only
what its seat may know (an engine :class:`~pysettlers.engine.View` from ``observe``) and the
list of legal actions the engine computed; it never receives a game state, so it can neither
peek at hidden cards nor change the game. Bots are built with a seeded ``random.Random``
that the caller derives from the game seed (:func:`bot_rng`), so a seeded game with bots is
reproducible. The registry maps names (``random``; later ``weighted``, ``greedy`` …) to
factories so that the CLI and the simulator can pick bots by name.

What this is not: no game loop (the caller drives the game and applies the actions) and no
rule logic: a bot picks from what the engine says is legal. The one exception is domestic
trade, which the engine lists in its one-for-one unit form only: a bot may propose or
counter with another bundle (``trading.py``), and the caller checks it like any action not
taken from the list (``sim.runner.play_game``, the server's parsing of submitted text).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from pysettlers.engine import Action, View


@runtime_checkable
class Bot(Protocol):
    """A player: picks one of ``legal`` given what ``view`` shows of the game."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action: ...


BotFactory = Callable[..., Bot]
"""Builds a bot from its own seeded generator and keyword options: ``factory(rng, **options)``."""

_REGISTRY: dict[str, BotFactory] = {}
_NOT_IN_LOBBY: set[str] = set()


def register_bot(name: str, factory: BotFactory, *, lobby: bool = True) -> None:
    """Make a bot kind available to :func:`make_bot` under ``name``.

    ``lobby=False``: a bot a game server must not build from a stranger's request — one
    whose options reach outside the game (the ``llm`` bot's endpoint, key and files); the
    server offers it only as its operator configures it."""
    if name in _REGISTRY and _REGISTRY[name] is not factory:
        raise ValueError(f"a bot named {name!r} is already registered")
    _REGISTRY[name] = factory
    if not lobby:
        _NOT_IN_LOBBY.add(name)


def bot_names() -> tuple[str, ...]:
    """The registered bot kinds, sorted."""
    return tuple(sorted(_REGISTRY))


def lobby_bot_names() -> tuple[str, ...]:
    """The registered bot kinds a server may build from any request (options and all),
    sorted: every kind not registered with ``lobby=False``."""
    return tuple(sorted(set(_REGISTRY) - _NOT_IN_LOBBY))


def make_bot(name: str, rng: random.Random, **options: object) -> Bot:
    """A new bot of kind ``name`` drawing its choices from ``rng``, with its ``options``."""
    try:
        factory = _REGISTRY[name]
    except KeyError:
        known = ", ".join(bot_names()) or "none"
        raise ValueError(f"unknown bot {name!r} (known: {known})") from None
    return factory(rng, **options)


def bot_rng(seed: int, seat: int) -> random.Random:
    """The generator of the bot in ``seat`` of the game seeded ``seed``.

    Seeded from a string, which ``random`` hashes the same way on every run and platform, so
    each seat gets its own stream, independent of the game's own chance.
    """
    return random.Random(f"pysettlers-bot/{seed}/{seat}")
