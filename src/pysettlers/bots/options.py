"""Bot options given as ``name:key=value`` strings: parsing and validation.

What this is for: turning the option values of a bot spec (strings, numbers, booleans) into
typed settings with clear errors, and the options the weighted and greedy bots share.

What this is not: the bots' behaviour, or the parsing of the spec itself (``sim/runner.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def option_bool(bot: str, key: str, value: object) -> bool:
    """``value`` (a bool, 0/1, or a string such as ``on``/``off``) as a bool."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    raise ValueError(f"{bot}: option {key!r} must be a boolean (0/1, on/off), got {value!r}")


def option_float(bot: str, key: str, value: object, lo: float, hi: float) -> float:
    """``value`` (a number or numeric string) as a float within ``[lo, hi]``."""
    bad = ValueError(f"{bot}: option {key!r} must be a number, got {value!r}")
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise bad
    try:
        x = float(value)
    except ValueError:
        raise bad from None
    if not lo <= x <= hi:
        raise ValueError(f"{bot}: option {key!r} must be between {lo} and {hi}, got {x}")
    return x


def option_choice(bot: str, key: str, value: object, choices: Sequence[str]) -> str:
    """``value`` as one of ``choices`` (exact names)."""
    x = str(value)
    if x not in choices:
        raise ValueError(
            f"{bot}: option {key!r} must be one of {', '.join(choices)}, got {value!r}"
        )
    return x


def check_options(bot: str, options: Mapping[str, object], known: Sequence[str]) -> None:
    """Reject option names the bot does not know, listing those it does."""
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ValueError(
            f"{bot}: unknown option(s) {', '.join(unknown)} (known: {', '.join(known)})"
        )


class HeuristicOptions(NamedTuple):
    """The options of the weighted and greedy bots (defaults differ per bot)."""

    trade: bool  # make maritime and domestic trades
    helpers: bool  # use the Helpers of CATAN advantages
    sbp: bool  # build in the Special Building Phase (else always pass)
    offers: float  # chance of proposing a domestic offer when it would help
    noise: float  # size of the random tie-break
    style: str = "plain"  # a strategy bias (``STYLES``), weights of the bot's own scoring


STYLES = ("plain", "roads", "cards", "cities", "harbors", "robber")
"""The strategy biases of the weighted and greedy bots (option ``style``), each a change of
weights in the bot's own scoring (its module docstring says which): ``roads`` Longest Road
and expansion, ``cards`` development cards and Largest Army, ``cities`` cities on ore and
grain, ``harbors`` settling on harbors and trading at them, ``robber`` an aggressive robber
(the leader's best hex, the richest hand); ``plain`` none. They make the field of opponents
that play differently (``sim/field.py``), not stronger bots."""

HEURISTIC_KEYS = HeuristicOptions._fields


def heuristic_options(
    bot: str, options: Mapping[str, object], *, offers: float, noise: float
) -> HeuristicOptions:
    """Validate ``options`` of the weighted or greedy bot; ``offers``/``noise`` are defaults."""
    check_options(bot, options, HEURISTIC_KEYS)
    return HeuristicOptions(
        trade=option_bool(bot, "trade", options.get("trade", True)),
        helpers=option_bool(bot, "helpers", options.get("helpers", True)),
        sbp=option_bool(bot, "sbp", options.get("sbp", True)),
        offers=option_float(bot, "offers", options.get("offers", offers), 0, 1),
        noise=option_float(bot, "noise", options.get("noise", noise), 0, 100),
        style=option_choice(bot, "style", options.get("style", "plain"), STYLES),
    )
