"""What each seat did at the table besides winning: domestic trade and chat, per game.

What this is for: a benchmark of negotiating players (language models among them) reports
more than who won. :func:`seat_measures` reads a finished game's public record — the
state's event log and ``game.chat`` — once, after the game, so it costs the decision loop
nothing, and gives every seat, whatever bot sat there:

==================  ============================================================================
measure             meaning
==================  ============================================================================
offers              domestic offers the seat proposed (``OfferMade``)
offers_traded       of those, the ones that ended in a trade (on the offer's or a counter's terms)
counters            counter-offers the seat answered with (``OfferAnswered`` ``counter``)
counters_traded     of those, the ones the offerer confirmed (the trade went to this seat)
trades              domestic trades the seat took part in, as offerer or partner (``Traded``)
cards_in, cards_out resource cards received and given through those trades
value_balance       received less given, each card weighed by :func:`resource_values`
chat_lines          chat lines the seat said; ``chat_chars``: their characters
==================  ============================================================================

The cards' count balance (``cards_in - cards_out``) says who got more cards; most trades are
one for one, so the weighted balance says who got the scarcer ones: a card of resource ``r``
is worth ``mean pips / pips(r)``, where ``pips(r)`` is the dice combinations that produce
``r`` on this game's board (the dots on the number tokens of its hexes; at least 1) and the
mean is over the five resources — an average resource is worth 1, one twice as rare 2. The
value is public (the board) and fixed for the game, so every seat's cards are weighed alike.

:func:`bot_stats` is the other half: a bot with a ``stats()`` method (the ``llm`` bot: a
small protocol — ``stats()`` returns an object with ``to_json() -> dict``) has its own
accounting of the game, read once after the game (every bot is built for one game, so it
is that game's alone). Wall-clock fields (:data:`WALL_CLOCK`) are kept apart, since the same
seed can never give them again.

What this is not: a rating (``ratings.py``), a summary across games (``arena.py`` sums
these per entrant), or anything a bot reads during the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any

from pysettlers.engine import Game
from pysettlers.engine import kinds as K
from pysettlers.engine.data import pips
from pysettlers.engine.events import Event, OfferAnswered, OfferMade, Traded
from pysettlers.engine.types import N_RESOURCES

WALL_CLOCK = ("latency_total", "latency_median", "latency_max")
"""Fields of a bot's ``stats().to_json()`` measured by the clock: kept out of the results'
deterministic part (an arena's per-game ``wall_clock``)."""


@dataclass(frozen=True, slots=True)
class SeatMeasures:
    """One seat's domestic trade and chat in one game (module docstring)."""

    offers: int = 0
    offers_traded: int = 0
    counters: int = 0
    counters_traded: int = 0
    trades: int = 0
    cards_in: int = 0
    cards_out: int = 0
    value_balance: float = 0.0
    chat_lines: int = 0
    chat_chars: int = 0

    @property
    def card_balance(self) -> int:
        return self.cards_in - self.cards_out

    def any(self) -> bool:
        """Whether the seat did anything measured here."""
        return self != _NOTHING


_NOTHING = SeatMeasures()
_TRADE_STEPS = (K.OFFER_TRADE, K.COUNTER_TRADE, K.CONFIRM_TRADE)
"""The actions whose events this reads: an offer, a counter-offer, a confirmed trade (a
tuple, not a set: an enum member's hash is a Python call, a tuple's test an identity)."""


def _trade_events(game: Game) -> list[Event]:
    """The events of the game's offers, counter-offers and trades, in order.

    Only the steps of those actions are read: a game has a thousand steps and a few dozen of
    these, and this pass runs after every game of a run (``bench/instructions.py``)."""
    if not game.state.offer_id:  # no offer was made: no counter-offer, no trade
        return []
    wanted = {i + 1 for i, st in enumerate(game.steps) if st.action.kind in _TRADE_STEPS}
    found: list[tuple[Event, ...]] = []
    node = game.state.log  # (version after the step, its events, the node before)
    while node is not None and wanted:
        version, events, node = node
        if version in wanted:
            wanted.discard(version)
            found.append(events)
    return [e for events in reversed(found) for e in events]


MEASURES: tuple[str, ...] = tuple(f.name for f in fields(SeatMeasures))
"""The measures' names, in the order results write them."""


def resource_values(game: Game) -> tuple[float, ...]:
    """What a card of each resource is worth in ``game`` (module docstring): the mean pips
    of the five resources over the resource's own (at least 1), rounded to 3 places."""
    board = game.state.board
    dots = [0] * N_RESOURCES
    for h, r in enumerate(board.hex_resource):
        if 0 <= r < N_RESOURCES:
            dots[r] += pips(board.numbers[h])
    mean = sum(dots) / N_RESOURCES
    if not mean:  # a board that produces nothing: every card alike
        return (1.0,) * N_RESOURCES
    return tuple(round(mean / max(d, 1), 3) for d in dots)


def seat_measures(game: Game) -> tuple[SeatMeasures, ...]:
    """Every seat's measures in ``game``, read from its event log and chat after the game."""
    n = game.state.n
    offers = [0] * n
    offers_traded = [0] * n
    counters = [0] * n
    counters_traded = [0] * n
    trades = [0] * n
    cards_in = [0] * n
    cards_out = [0] * n
    value = [0.0] * n
    countered: set[tuple[int, int]] = set()  # (offer, seat) of every counter-offer
    worth = resource_values(game)
    for e in _trade_events(game):
        if isinstance(e, OfferMade):
            offers[e.player] += 1
        elif isinstance(e, OfferAnswered):
            if e.answer == "counter":
                counters[e.player] += 1
                countered.add((e.offer, e.player))
        elif isinstance(e, Traded):
            p, q = e.player, e.partner  # p offered; ``give`` went from p to q
            offers_traded[p] += 1
            if (e.offer, q) in countered:
                counters_traded[q] += 1
            trades[p] += 1
            trades[q] += 1
            given, got = sum(e.give), sum(e.get)
            cards_out[p] += given
            cards_in[q] += given
            cards_in[p] += got
            cards_out[q] += got
            v = sum(c * w for c, w in zip(e.get, worth)) - sum(c * w for c, w in zip(e.give, worth))
            value[p] += v
            value[q] -= v
    lines = [0] * n
    chars = [0] * n
    for line in game.chat:
        lines[line.seat] += 1
        chars[line.seat] += len(line.text)
    return tuple(
        SeatMeasures(
            offers[s],
            offers_traded[s],
            counters[s],
            counters_traded[s],
            trades[s],
            cards_in[s],
            cards_out[s],
            round(value[s], 3) + 0.0,  # (+ 0.0: never a -0.0 in the results)
            lines[s],
            chars[s],
        )
        for s in range(n)
    )


def measures_json(measures: Sequence[SeatMeasures]) -> dict[str, list[Any]] | None:
    """The seats' measures as results write them — each measure a list by seat — or
    ``None`` when no seat did anything measured (results then leave the key out, as older
    results have none: both read as all zero)."""
    if not any(m.any() for m in measures):
        return None
    return {name: [getattr(m, name) for m in measures] for name in MEASURES}


def bot_stats(bot: object) -> dict[str, Any] | None:
    """A bot's own accounting of its game, as JSON data (``None``: the bot keeps none).

    The protocol: ``bot.stats()`` returns an object whose ``to_json()`` is a ``dict`` of
    JSON values (``LlmStats``). Raises ``TypeError`` naming the bot when it does not."""
    stats = getattr(bot, "stats", None)
    if not callable(stats):
        return None
    value = stats()
    to_json = getattr(value, "to_json", None)
    data = to_json() if callable(to_json) else None
    if not isinstance(data, dict):
        raise TypeError(
            f"{type(bot).__name__}.stats() must return an object with to_json() -> dict "
            f"(got {type(value).__name__})"
        )
    return data


def add_stats(into: dict[str, Any], stats: dict[str, Any]) -> None:
    """Sum one seat-game's bot stats into ``into``: numbers added, dicts of numbers added
    by key (fallbacks by reason), ``null`` (an unpriced cost) left ``null`` unless a number
    joins it, anything else ignored. (The arena's per-entrant totals and ``sim``'s.)"""
    for key, value in stats.items():
        if isinstance(value, bool):
            continue
        if isinstance(value, int | float):
            before = into.get(key)
            into[key] = value if before is None else before + value
        elif isinstance(value, dict):
            sub = into.setdefault(key, {})
            if isinstance(sub, dict):
                for k, v in value.items():
                    if isinstance(v, int | float) and not isinstance(v, bool):
                        sub[k] = sub.get(k, 0) + v
        elif value is None:
            into.setdefault(key, None)


def split_wall_clock(
    stats: dict[str, Any] | None,
) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """A bot's stats without its :data:`WALL_CLOCK` fields, and those fields."""
    if stats is None:
        return None, None
    clock = {k: stats[k] for k in WALL_CLOCK if k in stats}
    return {k: v for k, v in stats.items() if k not in WALL_CLOCK}, clock or None


__all__ = [
    "MEASURES",
    "WALL_CLOCK",
    "SeatMeasures",
    "add_stats",
    "bot_stats",
    "measures_json",
    "resource_values",
    "seat_measures",
    "split_wall_clock",
]
