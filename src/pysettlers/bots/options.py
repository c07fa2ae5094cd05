"""Bot options given as ``name:key=value`` strings: parsing and validation.

What this is for: turning the option values of a bot spec (strings, numbers, booleans) into
typed settings with clear errors, and the options the weighted and greedy bots share; each
bot option declared once (``OptionSpec``), which both its bot's parsing and the lobby's
panel (the rules schema's ``bots``) read.

What this is not: the bots' behaviour, or the parsing of the spec itself (``sim/runner.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, NamedTuple

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


class OptionSpec(NamedTuple):
    """One bot option, declared once: what its bot's parsing validates against and what the
    lobby draws (``GET /api/rules/schema``'s ``bots``): a checkbox for ``bool``, a number
    input within ``lo``..``hi`` by ``step`` for ``number`` (``integer``: a whole number), a
    list of ``choices`` for ``choice``."""

    key: str
    label: str  # the lobby's words for it
    kind: Literal["bool", "number", "choice"]
    default: bool | float | str
    lo: float | None = None
    hi: float | None = None
    step: float | None = None
    choices: tuple[str, ...] = ()
    integer: bool = False

    def parse(self, bot: str, value: object) -> Any:
        """``value`` validated as this option of ``bot`` (errors name both)."""
        if self.kind == "bool":
            return option_bool(bot, self.key, value)
        if self.kind == "choice":
            return option_choice(bot, self.key, value, self.choices)
        assert self.lo is not None and self.hi is not None
        x = option_float(bot, self.key, value, self.lo, self.hi)
        return int(x) if self.integer else x

    def as_dict(self) -> dict[str, Any]:
        """The spec as data for the lobby's page."""
        return {
            "key": self.key,
            "label": self.label,
            "kind": self.kind,
            "default": self.default,
            "lo": self.lo,
            "hi": self.hi,
            "step": self.step,
            "choices": list(self.choices),
            "integer": self.integer,
        }


def parse_options(
    bot: str,
    options: Mapping[str, object],
    specs: Sequence[OptionSpec],
    known: Sequence[str] | None = None,
) -> dict[str, Any]:
    """``options`` of ``bot`` validated by ``specs``, each missing one at its default, by key;
    names not in ``known`` (default: the specs' keys) are refused."""
    check_options(bot, options, [s.key for s in specs] if known is None else known)
    return {s.key: s.parse(bot, options.get(s.key, s.default)) for s in specs}


def with_defaults(specs: Sequence[OptionSpec], **defaults: object) -> tuple[OptionSpec, ...]:
    """``specs`` with some defaults changed (a level's settings of its bot's options)."""
    unknown = set(defaults) - {s.key for s in specs}
    if unknown:
        raise ValueError(f"no such option(s): {', '.join(sorted(unknown))}")
    return tuple(s._replace(default=defaults.get(s.key, s.default)) for s in specs)  # type: ignore[arg-type]


def heuristic_specs(*, offers: float, noise: float) -> tuple[OptionSpec, ...]:
    """The weighted and greedy bots' options; ``offers``/``noise``: the bot's defaults."""
    return (
        OptionSpec("trade", "trades with the bank and players", "bool", True),
        OptionSpec("helpers", "uses its helper", "bool", True),
        OptionSpec("sbp", "builds in the Special Building Phase", "bool", True),
        OptionSpec("offers", "chance of making an offer", "number", offers, 0, 1, 0.05),
        OptionSpec("noise", "randomness of its choices", "number", noise, 0, 100, 0.001),
        OptionSpec("style", "strategy bias", "choice", "plain", choices=STYLES),
    )


WEIGHTED_SPECS = heuristic_specs(offers=0.3, noise=0.01)
GREEDY_SPECS = heuristic_specs(offers=0.5, noise=0.001)
HEURISTIC_KEYS = tuple(s.key for s in WEIGHTED_SPECS)
assert HeuristicOptions._fields == HEURISTIC_KEYS  # the specs name its fields

_SPECS: dict[str, tuple[OptionSpec, ...]] = {"weighted": WEIGHTED_SPECS, "greedy": GREEDY_SPECS}


def register_option_specs(bot: str, specs: Sequence[OptionSpec]) -> None:
    """Declare the options bot kind ``bot`` takes (beside its ``register_bot``)."""
    _SPECS[bot] = tuple(specs)


def bot_option_specs(bot: str) -> tuple[OptionSpec, ...]:
    """The options bot kind ``bot`` takes (none declared: empty)."""
    return _SPECS.get(bot, ())


def heuristic_options(
    bot: str, options: Mapping[str, object], specs: Sequence[OptionSpec]
) -> HeuristicOptions:
    """Validate ``options`` of the weighted or greedy bot by its ``specs`` (defaults in them)."""
    return HeuristicOptions(**parse_options(bot, options, specs))
