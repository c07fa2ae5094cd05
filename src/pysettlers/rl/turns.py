"""The bots' half of a single-agent step: the opponents decide until the learner's turn.

What this is for: :func:`play_bots` is the loop ``SettlersEnv._play_bots`` runs after the
learner's action (and at a reset) — every decision of the other seats, discards and trade
answers included, up to the learner's next decision, the end of the game or the step limit.
A bot's choice is made on its lazy view (``observe(..., lazy=True)``; the random bot, which
reads only the turn, is given just that in a game without scenarios) and applied by the
engine; a policy's seat (``opponents.py``) is played by
the callback the environment passes, as a learner's action would be.

It is a module of its own so that ``make mypyc`` compiles it (the Makefile's
``RL_MODULES``): the environments cannot be compiled (Gymnasium's classes are their
bases), and interpreted, this loop called four compiled engine functions per decision from
Python (speed, issue 32). Compiled, the engine's ``legal_actions`` and ``apply`` and the
random bot's ``choose`` are native calls.

What this is not: a game's driver (``pysettlers.match``, the simulator's runner): it plays
only the other seats, and only until the learner must decide; nor a place for rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from pysettlers.bots.base import Bot
from pysettlers.bots.random_bot import RandomBot
from pysettlers.engine.flow import is_over, to_move
from pysettlers.engine.game import apply
from pysettlers.engine.legal import legal_actions
from pysettlers.engine.state import GameState
from pysettlers.engine.views import observe


def play_bots(
    s: GameState,
    learner: int,
    bots: Mapping[int, Bot],
    play_policy: Callable[[int], object],
    steps: int,
    max_steps: int,
) -> int:
    """Play the other seats' decisions in ``s`` until ``learner`` decides, the game ends or
    ``steps`` (actions played so far, all seats) reaches ``max_steps``; the new count.

    ``bots``: the bot of each seat a bot plays; any other seat is a policy's, played by
    ``play_policy(seat)`` (one action)."""
    # A game without scenarios gives every view an empty ``ext``: the random bot's choice
    # then needs only the turn, and no view is made for it (below).
    plain = not s.ruleset.scenarios
    while not is_over(s) and steps < max_steps:
        p = to_move(s)
        if p == learner:
            return steps
        bot = bots.get(p)
        if bot is None:  # a policy's seat: it acts as a learner would (opponents.py)
            play_policy(p)
            steps += 1
            continue
        legal = legal_actions(s, p)
        if plain and type(bot) is RandomBot:
            # (speed, issue 32) The random bot reads of its view only the turn and whether
            # a scenario has a part in it (``RandomBot.choose_at``): the same choice as
            # ``choose`` on the lazy view, without making one (about a sixth of a bot's
            # decision, pure). Narrowed to the class, a compiled build calls it natively.
            a = bot.choose_at(s.turn, legal)
        else:
            a = bot.choose(observe(s, p, lazy=True), legal)
        # A bot's choice is the engine's to apply (a bot may play a composite action, such
        # as a whole discard, that the layout's unit form does not number).
        apply(s, a)
        steps += 1
    return steps
