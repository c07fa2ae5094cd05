"""What a bot seat created through the server may cost: the server's caps on bot options.

What this is for: the library's option ranges (``bots/options.py``'s ``OptionSpec``) are
for experiments, where a decision may take minutes; a server facing strangers bounds the
work of one decision. A lobby seat's option beyond :data:`LOBBY_LIMITS`, or a time budget
(``ms``, ``setup_ms``) beyond the server's ``--bot-ms``, is refused by name (422
``bad_bot``); and a search bot's set-up search gets ``--bot-ms`` as its time budget when
the seat names none (``setup_ms``: a cap, its ``playouts`` stay the most it plays).

What this is not: the check that the bot and its options exist (``hub._check_bot``), or
the fairness of the bot threads between games (``botpool.py``).
"""

from __future__ import annotations

from typing import Any

from pysettlers.bots.options import bot_option_specs

from .errors import LobbyError

# The most a lobby seat may ask of a count option, whatever the bot (the library allows
# far more: bots/expert.py). Each, at the others' defaults, keeps a decision to seconds.
LOBBY_LIMITS: dict[str, float] = {
    "iterations": 30,
    "playouts": 2000,
    "roads": 500,
    "deep": 200,
    "deep_turns": 40,
    "setup_turns": 40,
}
TIME_KEYS = ("ms", "setup_ms")  # time budgets in milliseconds: at most ``--bot-ms``


def lobby_limits(bot_ms: float) -> dict[str, float]:
    """The server's caps on lobby bots' options, by option key."""
    return {**LOBBY_LIMITS, **{k: bot_ms for k in TIME_KEYS}}


def check_costs(bot: str, options: dict[str, Any], where: str, bot_ms: float) -> None:
    """Refuse a lobby seat's option the server caps below the library's range."""
    limits = lobby_limits(bot_ms)
    for key, value in options.items():
        cap = limits.get(key)
        if cap is None or isinstance(value, bool):
            continue
        try:
            value = float(value)
        except (TypeError, ValueError):
            continue  # (not a number: the bot's own parsing refuses it by name)
        if value > cap:
            raise LobbyError(
                422,
                "bad_bot",
                f"{where}.options.{key}: this server allows a lobby bot at most {cap:g} "
                f"(got {value:g}); its decisions must stay short for every table",
                f"{where}.options.{key}",
            )


def budgeted(bot: str, options: dict[str, Any], bot_ms: float) -> dict[str, Any]:
    """``options`` with the server's time budget for a set-up search the seat left unset."""
    keys = {s.key for s in bot_option_specs(bot)}
    out = dict(options)
    if "setup_ms" in keys and not out.get("setup_ms") and not out.get("ms"):
        out["setup_ms"] = bot_ms
    return out


def capped_schema(bots: dict[str, list[dict[str, Any]]], bot_ms: float) -> dict[str, Any]:
    """The rules schema's ``bots`` (each lobby bot's ``OptionSpec.as_dict``) with this
    server's caps as their ``hi``, so that the lobby offers only what the server takes."""
    limits = lobby_limits(bot_ms)
    out: dict[str, Any] = {}
    for name, specs in bots.items():
        out[name] = [
            {**s, "hi": min(s["hi"], limits[s["key"]])}
            if s["key"] in limits and s["hi"] is not None
            else s
            for s in specs
        ]
    return out
