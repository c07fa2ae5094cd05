"""What one ``llm`` bot did: the counts a benchmark reports, as a typed value.

What this is for: :meth:`LlmBot.stats() <pysettlers.llm.bot.LlmBot.stats>` returns an
:class:`LlmStats` — decisions, model calls, refused replies by kind, retries, fallbacks by
reason, timeouts, rate limits, tokens, cost, latency, chat and offers — and :class:`Tally`
is the mutable counter the bot keeps behind it.

What this is not: a report across bots or games (the arena sums these), nor a clock: the
bot measures latency and hands it in.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class LlmStats:
    """One bot's accounting (see the field comments). ``cost`` is ``None`` when no price was
    given (a local model, or prices unknown): tokens are counted either way."""

    decisions: int  # times the bot was asked to choose
    model_calls: int  # requests answered by the model (or its cassette), errors included
    malformed: int  # replies that were no action line / no JSON / not notation
    illegal: int  # replies in notation that were not a legal action now
    retries: int  # requests repeated with the refusal shown to the model
    fallbacks: dict[str, int]  # decisions the fallback bot took, by reason
    timeouts: int  # requests that ran past the decision's time
    rate_limited: int  # 429 answers (each waited for, within bounds)
    errors: int  # other failed requests (5xx, connection refused, 4xx)
    tokens_in: int
    tokens_out: int
    cost: float | None  # in the currency of price_in / price_out
    latency_total: float  # seconds spent waiting for the model
    latency_median: float
    latency_max: float
    chat_said: int  # chat lines the bot said
    offers_proposed: int  # domestic offers and counter-offers it made
    offers_accepted: int  # of its own offers, those that ended in a trade
    replayed: int  # requests answered from a cassette without the model

    @property
    def fallback_total(self) -> int:
        return sum(self.fallbacks.values())

    def to_json(self) -> dict[str, Any]:
        out = {name: getattr(self, name) for name in self.__dataclass_fields__}
        out["fallbacks"] = dict(sorted(self.fallbacks.items()))
        return out


@dataclass(slots=True)
class Tally:
    """The running counts behind :class:`LlmStats` (one bot's, not shared)."""

    decisions: int = 0
    model_calls: int = 0
    malformed: int = 0
    illegal: int = 0
    retries: int = 0
    fallbacks: dict[str, int] = field(default_factory=dict)
    timeouts: int = 0
    rate_limited: int = 0
    errors: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    cost: float = 0.0
    priced: bool = False
    latencies: list[float] = field(default_factory=list)
    chat_said: int = 0
    offers_proposed: int = 0
    offers_accepted: int = 0
    replayed: int = 0

    def fell_back(self, reason: str) -> None:
        self.fallbacks[reason] = self.fallbacks.get(reason, 0) + 1

    def snapshot(self) -> LlmStats:
        lat = self.latencies
        return LlmStats(
            decisions=self.decisions,
            model_calls=self.model_calls,
            malformed=self.malformed,
            illegal=self.illegal,
            retries=self.retries,
            fallbacks=dict(self.fallbacks),
            timeouts=self.timeouts,
            rate_limited=self.rate_limited,
            errors=self.errors,
            tokens_in=self.tokens_in,
            tokens_out=self.tokens_out,
            cost=self.cost if self.priced else None,
            latency_total=sum(lat),
            latency_median=statistics.median(lat) if lat else 0.0,
            latency_max=max(lat, default=0.0),
            chat_said=self.chat_said,
            offers_proposed=self.offers_proposed,
            offers_accepted=self.offers_accepted,
            replayed=self.replayed,
        )


__all__ = ["LlmStats", "Tally"]
