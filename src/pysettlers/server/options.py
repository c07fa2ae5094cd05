"""The server's options, declared once with the engine's
:class:`~pysettlers.engine.options.Option`: those of one game besides its rules
(:data:`GAME_OPTIONS`: the turn timer, the absence limit and the bot that stands in, real
dice, the bots' speed, a bot offer's time and the length bound) and the server's own fair
limits (:data:`LIMIT_OPTIONS`: connections in all, by address and by game, spectators, games
created a minute, an HTTP long-poll's longest wait) and the ``pysettlers serve`` command's own
(:data:`APP_OPTIONS`: ``create_app``'s arguments; :data:`LISTEN_OPTIONS`: the ASGI server's).

What this is for: ``protocol.GameIn``'s fields are made from the game options
(``protocol.game_field``; any declaration set as a model: ``protocol.request_model``),
``Hub.create`` stores them by these names, and ``GET /api/rules/schema`` serves them with the
rules' options (:func:`schema`) as the data the lobby draws its form from (``web/js/lobby.js``
holds no option list), in the form's groups (:data:`FORM_GROUPS`) and order
(``Option.order``). The limits are ``limits.Limits``'s fields (checked by their declarations)
and the ``pysettlers serve`` flags (``cli/serve.py``: each flag, its help, default and the
refusal naming it come from here; so do the command's other flags, and ``create_app``'s and
``Hub``'s defaults).

What this is not: what the options do (``session.py``, ``lifecycle.py``, ``limits.py``) and
no check of a stand-in bot's name beyond its length (the server checks it against the bots it
has, ``bad_bot``). It imports nothing of the server, so that the command line can read the
declarations without the ``web`` extra.
"""

from __future__ import annotations

from typing import Any

from pysettlers.bots import lobby_bot_names
from pysettlers.bots.options import bot_option_specs
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
            label="Public",
            note="listed in the lobby; its open seats joinable without an invite",
            group="server",
            order=10,
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
            note="seconds a person has per decision; then the stand-in bot decides",
            order=30,
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
            note="a player without a connection this long is played by the stand-in bot until back",
            order=50,
        ),
        Option(
            "stand_in",
            "choice",
            "medium",
            "the level or bot that stands in",
            registry=lobby_bot_names,
            high=64,
            applies=_SERVER,
            label="Stand-in bot",
            group="server",
            note="plays for an absent or timed-out player",
            order=60,
        ),
        Option(
            "manual_chance",
            "bool",
            False,
            "real dice and cards: humans send each chance outcome with their action",
            applies=_SERVER,
            label="Real dice and cards",
            note="a table with real dice: enter each roll and card drawn",
            group="server",
            order=40,
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
            order=20,
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
            order=70,
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

FORM_GROUPS: tuple[tuple[str, str], ...] = (
    ("table", "Players"),
    ("map", "Map"),
    ("rules", "Rules"),
    ("scenarios", "Scenarios and variants"),
    ("alternate", ""),  # (one folded list, titled by its option's label)
    ("server", "This game"),
)
"""The lobby form's groups of options (``Option.group``), in the form's order, with their
headings (none: the group needs none)."""

_SERVE: frozenset[Place] = frozenset({"serve"})

# The fair limits (``limits.py``, docs/protocol.md#limits): each a ``Limits`` field and a
# ``pysettlers serve`` flag; 0 refuses every one.
LIMIT_OPTIONS = Options(
    (
        Option(
            "connections",
            "int",
            2000,
            "connections open at once in all (WebSockets, event streams and waiting "
            "long-polls); more are refused with 'server_full', close 1013 (HTTP 503)",
            low=0,
            applies=_SERVE,
            flag="--max-connections",
        ),
        Option(
            "connections_per_address",
            "int",
            16,
            "connections open at once from one client address (an IPv6 /64): WebSockets, "
            "counted from the moment they connect, event streams and waiting long-polls; "
            "checked before --max-connections so one client cannot fill the server; more are "
            "refused with 'too_many_connections', close 4429 (HTTP 429)",
            low=0,
            applies=_SERVE,
        ),
        Option(
            "connections_per_game",
            "int",
            108,
            "seats and spectators connected to one game (it bounds the fan-out of a game's "
            "messages); a spectator beyond it is refused with 'full', close 4429 (seats are "
            "always let in: a seat's new connection replaces its previous one)",
            low=0,
            applies=_SERVE,
        ),
        Option(
            "spectators_per_game",
            "int",
            100,
            "spectators of one game; more are refused with 'full', close 4429",
            low=0,
            applies=_SERVE,
        ),
        Option(
            "games_per_minute",
            "int",
            10,
            "games one client address may create a minute (that many at once, then one every "
            "60/N s); more are refused with HTTP 429 'too_many_games' and a Retry-After header",
            low=0,
            applies=_SERVE,
        ),
        Option(
            "long_poll_wait",
            "number",
            30,
            "seconds an HTTP long-poll (GET /api/games/{id}/state?since=V&wait=S) waits at "
            "most for the next state or chat line, whatever S it asks for; 0 answers at once",
            low=0,
            high=600,
            applies=_SERVE,
            metavar="SECONDS",
        ),
        Option(
            "action_burst",
            "int",
            30,
            "accepted actions a person's seat may make at once, before --actions-per-second "
            "paces it; more are refused 'rate_limited' and change nothing",
            low=1,
            applies=_SERVE,
        ),
        Option(
            "actions_per_second",
            "number",
            10,
            "accepted actions a person's seat may make a second on average (bots and "
            "stand-ins are paced by the game)",
            low=0.1,
            applies=_SERVE,
        ),
    )
)
"""The server's fair limits, by the names of ``limits.Limits``'s fields."""


# ``pysettlers serve``'s own flags: the app's (``create_app``'s arguments, :data:`APP_OPTIONS`)
# and the ASGI server's (:data:`LISTEN_OPTIONS`, ``cli/serve.py``'s ``uvicorn_options``).
APP_OPTIONS = Options(
    (
        Option(
            "db",
            "text",
            "sqlite:///pysettlers.db",
            "database URL: sqlite:///PATH (relative to the working directory) or "
            "postgresql://USER@HOST/DB",
            applies=_SERVE,
            metavar="URL",
        ),
        Option(
            "bot_threads",
            "int",
            2,
            "threads for bots",
            low=1,
            applies=_SERVE,
        ),
        Option(
            "bot_ms",
            "int",
            2000,
            "the most milliseconds a lobby bot's search may take (its time budget): a lobby "
            "seat asking more, or more playouts or iterations than this server allows, is "
            "refused",
            low=100,
            high=60000,
            applies=_SERVE,
            metavar="MS",
        ),
        Option(
            "sqlite_sync",
            "choice",
            "full",
            "SQLite: 'full' commits survive a power cut (an fsync per commit); 'normal' "
            "survives a crash of the server but not of the machine, and is faster",
            choices=("full", "normal"),
            applies=_SERVE,
        ),
        Option(
            "park_after",
            "number",
            3600,
            "seconds a game with human seats may stand with nobody connected before it is "
            "parked (not rebuilt at start; a player's connection wakes it)",
            low=0,
            applies=_SERVE,
            metavar="SECONDS",
        ),
        Option(
            "max_bot_games",
            "int",
            8,
            "bots-only games in progress at once; more are refused",
            low=0,
            applies=_SERVE,
        ),
        Option(
            "llm_profiles",
            "text",
            "",
            "language-model bots the lobby offers: names of profiles in the operator's llm "
            "profiles file (PYSETTLERS_LLM_PROFILES or ~/.config/pysettlers/llm.toml), "
            "comma-separated; a game's seat picks one by name and nothing else (none: the "
            "lobby offers no llm bot)",
            applies=_SERVE,
            metavar="NAMES",
        ),
        Option(
            "admin_token",
            "text",
            None,
            "turn on the admin routes (pysettlers admin) with this secret "
            "(or PYSETTLERS_ADMIN_TOKEN)",
            optional=True,
            applies=_SERVE,
            metavar="SECRET",
        ),
    )
)
"""``create_app``'s arguments (``db``: its ``db_url``), each a ``pysettlers serve`` flag; their
defaults are ``create_app``'s and ``Hub``'s."""

LISTEN_OPTIONS = Options(
    (
        Option(
            "host",
            "text",
            "127.0.0.1",
            "address to bind (0.0.0.0 for a LAN)",
            applies=_SERVE,
        ),
        Option("port", "int", 8000, "port", low=0, high=65535, applies=_SERVE, metavar="PORT"),
        Option(
            "ws_compression",
            "bool",
            False,
            "compress WebSocket messages (permessage-deflate): fewer bytes, more CPU",
            applies=_SERVE,
        ),
        Option(
            "trusted_proxy",
            "text",
            None,
            "a reverse proxy whose X-Forwarded-For header gives the client's address "
            "(repeat for several); by default none is trusted and every limit counts the TCP "
            "peer's address",
            optional=True,
            applies=_SERVE,
            metavar="IP[/BITS]",
        ),
        Option(
            "log_level",
            "choice",
            "info",
            "how much the server logs",
            choices=("debug", "info", "warning", "error"),
            applies=_SERVE,
        ),
    )
)
"""The ASGI server's options, each a ``pysettlers serve`` flag (``--trusted-proxy`` may be
given several times: ``cli/serve.py`` says how its text is read)."""


def _in_form_order(options: Options, place: Place) -> list[dict[str, Any]]:
    """The options at ``place`` as data, by group (:data:`FORM_GROUPS`), then ``order``."""
    rank = {name: i for i, (name, _label) in enumerate(FORM_GROUPS)}
    at = sorted(options.where(place), key=lambda o: (rank.get(o.group, len(rank)), o.order))
    return [o.schema() for o in at]


def schema(
    rules: type[Rules] = Rules, game: Options = GAME_OPTIONS, place: Place = "lobby"
) -> dict[str, Any]:
    """``GET /api/rules/schema``: the options a form offers (``rules``: the engine's, each
    with its type, default, range or choices, help and group; ``game``: the server's) and,
    by number of players, what the rules allow (``by_players``: the ``choices`` each choice
    option may take, the ``defaults`` in force when none is chosen — the map —, and the
    ``placeholders`` of optional numbers: the discard limit the rules apply when none is
    given), so that the form offers only what the engine takes, with no rule written in
    JavaScript. Each list is in the form's order; ``groups`` are the form's groups in
    order, with their headings; ``bots`` each lobby bot's options (``OptionSpec``)."""
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
        "rules": _in_form_order(rules.options, place),
        "game": _in_form_order(game, place),
        "groups": [{"name": name, "label": label} for name, label in FORM_GROUPS],
        "by_players": by_players,
        # Each lobby bot's options as its parsing declares them (bots/options.py): the
        # lobby's panel of a bot seat is drawn from these, so no option is written twice.
        "bots": {name: [s.as_dict() for s in bot_option_specs(name)] for name in lobby_bot_names()},
    }
