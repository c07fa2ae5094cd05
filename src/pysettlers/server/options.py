"""The options of a game on the server (besides its rules), declared once with the engine's
:class:`~pysettlers.engine.options.Option`: the turn timer, the absence limit and the bot
that stands in, real dice, the bots' speed, a bot offer's time and the length bound.

What this is for: ``protocol.GameIn``'s fields are made from these declarations
(``protocol.game_field``; any declaration set as a model: ``protocol.request_model``), and
``GET /api/rules/schema`` serves them with the rules' options (:func:`schema`) as the data
the lobby draws its form from (``web/js/lobby.js`` holds no option list).

What this is not: what the options do (``session.py``, ``lifecycle.py``) and no check of a
stand-in bot's name beyond its length (the server checks it against the bots it has,
``bad_bot``).
"""

from __future__ import annotations

from typing import Any

from pysettlers.bots import bot_names
from pysettlers.engine import Rules
from pysettlers.engine.config import default_map_kind
from pysettlers.engine.options import Option, Options, Place

_SERVER: frozenset[Place] = frozenset({"lobby", "server"})

GAME_OPTIONS = Options(
    (
        Option(
            "public",
            "bool",
            True,
            "listed in the lobby, and its open seats joinable without an invite",
            applies=_SERVER,
            label="Public (listed, open seats joinable)",
            group="server",
        ),
        Option(
            "turn_timer",
            "number",
            None,
            "seconds a human has per decision; then a bot decides",
            low=2,
            high=3600,
            optional=True,
            applies=_SERVER,
            label="Turn timer (s)",
            placeholder="none",
            group="server",
            note="then a bot makes the decision",
        ),
        Option(
            "absent_limit",
            "number",
            60,
            "seconds a human seat may be unconnected before a bot plays it (until the human "
            "reconnects)",
            low=1,
            high=86400,
            applies=_SERVER,
            label="Away after (s)",
            placeholder="60",
            group="server",
            note="a player without a connection this long is played by a bot until back",
        ),
        Option(
            "stand_in",
            "choice",
            "medium",
            "the level or bot that stands in",
            registry=bot_names,
            high=64,
            applies=_SERVER,
            label="Stand-in bot",
            group="server",
            note="plays for an absent or timed-out player",
        ),
        Option(
            "manual_chance",
            "bool",
            False,
            "real dice and cards: humans send each chance outcome with their action",
            applies=_SERVER,
            label="Real dice and cards (enter what the table rolls)",
            group="server",
        ),
        Option(
            "bot_speed",
            "choice",
            "normal",
            "how fast bots act while a person plays or watches: instant, fast (0.35 s an "
            "action), normal (0.8 s) or slow (1.6 s); unwatched games never wait",
            choices=("instant", "fast", "normal", "slow"),  # session.BOT_SPEEDS
            choice_labels=("Instant", "Fast", "Normal", "Slow"),
            applies=_SERVER,
            label="Bot speed",
            group="server",
            note="how fast bots act while a person plays or watches",
        ),
        Option(
            "offer_time",
            "number",
            30,
            "seconds a bot's domestic offer waits for the people it was made to before the "
            "bot withdraws it",
            low=5,
            high=300,
            step=1,
            applies=_SERVER,
            label="Offer time (s)",
            group="server",
            note="how long a bot's trade offer waits for people's answers",
        ),
        Option(
            "turn_limit",
            "int",
            500,
            "turns the game may last (or 200 times as many actions); then it ends without a "
            "winner, as `ended: turn_limit`",
            low=20,
            high=2000,
            applies=frozenset({"server"}),
            label="Turn limit",
            group="server",
        ),
    )
)
"""The server's options of one game (``POST /api/games``), by name, as the protocol has them."""


def schema(
    rules: type[Rules] = Rules, game: Options = GAME_OPTIONS, place: Place = "lobby"
) -> dict[str, Any]:
    """``GET /api/rules/schema``: the options a form offers (``rules``: the engine's, each
    with its type, default, range or choices, help and group; ``game``: the server's) and,
    by number of players, what the rules allow (``by_players``: the ``choices`` each choice
    option may take, the ``defaults`` in force when none is chosen — the map —, and the
    ``placeholders`` of optional numbers: the discard limit the rules apply when none is
    given), so that the form offers only what the engine takes, with no rule written in
    JavaScript."""
    by_players: dict[str, Any] = {}
    players = rules.options["players"]
    maps = rules.options["map_kind"]
    for n in range(int(players.low or 2), int(players.high or 8) + 1):
        allowed = []
        for kind in maps.offered:
            try:
                rules(players=n, map_kind=kind)  # type: ignore[arg-type]
            except ValueError:
                continue
            allowed.append(kind)
        default = default_map_kind(n)
        by_players[str(n)] = {
            "choices": {maps.name: allowed},
            "defaults": {maps.name: default},
            "placeholders": {"discard_limit": str(rules(players=n, map_kind=default).discard_max)},
        }
    return {
        "rules": rules.options.schema(place),
        "game": game.schema(place),
        "by_players": by_players,
    }
