"""The ``llm`` bot: a seat played by a language model behind an OpenAI-compatible endpoint.

What this is for: ``llm:model=NAME`` in ``pysettlers sim``, ``arena`` or anywhere a bot is
named. Each decision with a choice:

1. **The prompt**: a system message — how to answer, the rules in brief for the game's
   rules (:func:`~pysettlers.llm.texts.rules_summary`), the notation — and a user message,
   the seat's text (:func:`~pysettlers.seattext.seat_text`: its view, the chat heard, the
   legal actions with their meanings). Nothing else: the prompt is built from the seat's
   view alone (``tests/llm/test_prompt.py`` deals the hidden cards again and finds the same
   prompt).
2. **The reply**, read strictly (:mod:`pysettlers.llm.reply`): JSON by schema
   (``structured=true``, the default) or one plain notation line (``structured=false``).
3. **Retries**: a refused reply (malformed, or not a legal action) is answered with the
   refusal and the request sent again, at most ``retries`` times (default 2).
4. **The fallback**: when the retries are spent, the decision's time (``timeout``) runs out,
   the endpoint fails or keeps rate-limiting, or the run's budget is spent, a registered bot
   (``fallback=weighted``) decides instead; :meth:`LlmBot.stats` counts it by reason
   (``refused``, ``timeout``, ``error``, ``rate_limit``, ``budget``).

Around the requests: a 429 is waited out (``Retry-After`` honoured, at most ``max_wait``
seconds a time, at most :data:`MAX_RATE_WAITS` times a request, never past the decision's
time); the requests in flight to one base URL are capped process-wide (``concurrency``);
tokens and cost are counted per bot and per run (``max_tokens_run``, ``max_cost_run``, with
``price_in``/``price_out`` per million tokens); ``log=`` writes every prompt and reply,
``cassette=`` records every outcome and ``replay=true`` answers from it without the model.

Chat: the game driver tells the bot what was said (``hear``) and asks after each choice
whether it says something (``said``): the model's ``say`` line, cleaned and bounded like
every chat line (``chat=false`` leaves chat out of the prompt and says nothing).

What this is not: a rule check (the engine's; a composed offer is checked again by the
driver), a key store (:mod:`pysettlers.llm.endpoint` masks the key), nor a source of
randomness: only the model's replies vary, and the cassette holds them.
"""

from __future__ import annotations

import email.utils
import logging
import random
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Protocol

from pysettlers.bots.base import Bot, make_bot
from pysettlers.engine import Action, ActionKind, Rules, View
from pysettlers.engine.chat import CHAT_MAX, clean_chat
from pysettlers.engine.events import Bundle5, Traded
from pysettlers.seattext import seat_text

from . import endpoint as ep
from .cassette import Cassette, Outcome, PromptLog, prompt_hash
from .reply import ILLEGAL, RESPONSE_FORMAT, Reading, read_plain, read_structured
from .stats import LlmStats, Tally
from .texts import notation_summary, rules_summary

if TYPE_CHECKING:
    import openai

log = logging.getLogger(__name__)

MAX_RATE_WAITS: Final = 4
"""The most 429 answers waited out for one request before the decision falls back."""

_OPTIONS: Final = {
    "model": str,
    "base_url": str,
    "api_key_env": str,
    "profile": str,
    "structured": bool,
    "retries": int,
    "fallback": str,
    "timeout": float,
    "concurrency": int,
    "max_tokens_run": int,
    "max_cost_run": float,
    "price_in": float,
    "price_out": float,
    "budget": str,
    "log": str,
    "cassette": str,
    "replay": bool,
    "temperature": float,
    "max_reply_tokens": int,
    "chat": bool,
    "say_max": int,
    "max_offers": int,
    "max_wait": float,
}
"""The bot's options and their types (``docs/llm.md`` says what each does)."""


class Heard(Protocol):
    """A chat line as the driver hands it over (``engine.chat.ChatLine``)."""

    @property
    def seat(self) -> int: ...

    @property
    def text(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Settings:
    """The bot's options, checked and with their defaults."""

    structured: bool = True
    retries: int = 2
    fallback: str = "weighted"
    timeout: float = 60.0
    concurrency: int = 4
    max_tokens_run: int = 0  # 0: no cap
    max_cost_run: float = 0.0  # 0: no cap
    price_in: float = 0.0  # per million tokens
    price_out: float = 0.0
    budget: str = ""
    log: str = ""
    cassette: str = ""
    replay: bool = False
    temperature: float | None = None
    max_reply_tokens: int | None = None
    chat: bool = True
    say_max: int = 200
    max_offers: int = 3  # domestic offers a turn; more is refused (and nags the table)
    max_wait: float = 20.0


def _settings(options: dict[str, Any]) -> Settings:
    """Checked settings from the merged options; ``ValueError`` names the option at fault."""
    values: dict[str, Any] = {}
    for key, value in options.items():
        if key not in _OPTIONS:
            known = ", ".join(sorted(_OPTIONS))
            raise ValueError(f"the llm bot has no option {key!r} (known: {known})")
        want = _OPTIONS[key]
        if want is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if want is str and not isinstance(value, str):
            value = str(value)
        if not isinstance(value, want) or (want is int and isinstance(value, bool)):
            raise ValueError(f"llm option {key}={value!r}: expected {want.__name__}")
        if key not in ("model", "base_url", "api_key_env", "profile"):
            values[key] = value
    s = Settings(**values)
    if s.retries < 0 or s.retries > 10:
        raise ValueError(f"retries must be from 0 to 10 (got {s.retries})")
    if s.timeout <= 0:
        raise ValueError(f"timeout must be more than 0 seconds (got {s.timeout})")
    if min(s.price_in, s.price_out, s.max_cost_run, s.max_tokens_run, s.max_wait) < 0:
        raise ValueError("prices, caps and max_wait must not be negative")
    if not 1 <= s.say_max <= CHAT_MAX:
        raise ValueError(f"say_max must be from 1 to {CHAT_MAX} (got {s.say_max})")
    if s.fallback == "llm":
        raise ValueError("fallback=llm: the fallback must be a bot that needs no model")
    if s.replay and not s.cassette:
        raise ValueError("replay=true needs cassette=path.jsonl")
    return s


_CLIENTS: dict[tuple[str, int], openai.OpenAI] = {}
_CLIENTS_LOCK = threading.Lock()


def _client(endpoint: ep.Endpoint) -> openai.OpenAI:
    """One SDK client per endpoint and key in the process (its connection pool shared)."""
    import openai  # (here: importing the bot registry must not need the SDK)

    key = (endpoint.base_url, hash(endpoint.key.reveal()))
    with _CLIENTS_LOCK:
        client = _CLIENTS.get(key)
        if client is None:
            # The SDK's own retries are off: the bot counts, bounds and logs its own.
            client = openai.OpenAI(
                base_url=endpoint.base_url, api_key=endpoint.key.reveal(), max_retries=0
            )
            _CLIENTS[key] = client
        return client


def _retry_after(headers: Any) -> float | None:
    """Seconds a 429 asks to wait: ``retry-after-ms``, ``retry-after`` (seconds or a date)."""
    if headers is None:
        return None
    ms = headers.get("retry-after-ms")
    if ms:
        try:
            return max(0.0, float(ms) / 1000)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


class LlmBot:
    """A seat played by a language model (module docstring): ``LlmBot(rng, model=...)``."""

    name = "llm"

    def __init__(self, rng: random.Random, **options: Any) -> None:
        self.endpoint, merged = ep.resolve(options)
        self.settings = s = _settings(merged)
        self.fallback_bot: Bot = make_bot(s.fallback, rng)
        self.ledger = ep.ledger(s.budget or f"{self.endpoint.base_url} {self.endpoint.model}")
        self._slots = None if s.replay else ep.slots(self.endpoint.base_url, s.concurrency)
        self._log = PromptLog(s.log) if s.log else None
        self._cassette = Cassette(s.cassette, s.replay) if s.cassette else None
        self._tally = Tally(priced=bool(s.price_in or s.price_out))
        self._heard: list[tuple[int, str]] = []
        self._saying: str | None = None
        self._system: tuple[Rules, str] | None = None
        self._turn, self._offers_this_turn = -1, 0
        # Offers it made, by number (any trade that closes one is its offer taken), and
        # the terms of its counters, by the number of the offer they answer (a counter has
        # no number of its own: only a trade on its terms is the counter taken).
        self._mine: dict[int, tuple[Bundle5, Bundle5] | None] = {}
        self._budget_told = False

    def __repr__(self) -> str:
        e = self.endpoint
        return f"LlmBot(model={e.model!r}, base_url={e.base_url!r}, key={e.key!r})"

    # -- the game driver's calls --------------------------------------------------------------

    def hear(self, lines: Sequence[Heard]) -> None:
        """The chat lines said since the bot last heard (its own included)."""
        self._heard.extend((line.seat, line.text) for line in lines)
        del self._heard[:-50]  # (the prompt shows the last few; older ones are not kept)

    def said(self) -> str | None:
        """The chat line the model wrote with its last choice, once."""
        line, self._saying = self._saying, None
        return line

    def stats(self) -> LlmStats:
        """The bot's accounting so far."""
        return self._tally.snapshot()

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        self._note(view)
        if len(legal) == 1:
            return legal[0]
        t = self._tally
        t.decisions += 1
        deadline = time.monotonic() + self.settings.timeout
        messages = [
            {"role": "system", "content": self._system_prompt(view.rules)},
            {"role": "user", "content": self._user_prompt(view, legal)},
        ]
        for attempt in range(self.settings.retries + 1):
            if self._spent():
                return self._fall_back("budget", view, legal)
            outcome = self._ask(messages, view, attempt, deadline)
            if outcome.error is not None:
                return self._fall_back(outcome.error, view, legal)
            reply = outcome.reply or ""
            reading = self._read(reply, view, legal)
            if reading.action is not None:
                return self._chosen(reading, view)
            if reading.problem == ILLEGAL:
                t.illegal += 1
            else:
                t.malformed += 1
            if attempt < self.settings.retries:
                t.retries += 1
                messages = [
                    *messages,
                    {"role": "assistant", "content": reply},
                    {"role": "user", "content": self._refusal(reading)},
                ]
        return self._fall_back("refused", view, legal)

    # -- prompts ------------------------------------------------------------------------------

    def _system_prompt(self, rules: Rules) -> str:
        if self._system is not None and self._system[0] == rules:
            return self._system[1]
        if self.settings.structured:
            how = (
                'Reply with one JSON object: {"action": "<one line of your legal actions, '
                'copied exactly>", "say": null}'
            )
            say = ' In "say" you may write one short chat line to the table instead of null.'
        else:
            how = "Reply with one line: the notation of your action, copied exactly from the list."
            say = " On a second line you may write `say: <one short chat line to the table>`."
        if not self.settings.chat:
            say = ""
        text = (
            "You are playing one seat of a board game of trading and building, by text. "
            "Each message shows what your seat knows and lists your legal actions.\n"
            f"{how}{say}\n"
            "Chat is read by every player: use it to negotiate, name offers by their number "
            "(#3), keep it to one sentence.\n\n"
            f"{rules_summary(rules)}\n{notation_summary()}"
        )
        self._system = (rules, text)
        return text

    def _user_prompt(self, view: View, legal: Sequence[Action]) -> str:
        chat = self._heard[-12:] if self.settings.chat else []
        return seat_text(view, legal, chat=chat)

    def _refusal(self, reading: Reading) -> str:
        form = (
            'one JSON object {"action": "...", "say": null}'
            if self.settings.structured
            else "one line of notation"
        )
        return (
            f"That reply was refused: {reading.reason}. Choose again: reply with {form}, "
            "the action copied exactly from your list of legal actions."
        )

    def _read(self, reply: str, view: View, legal: Sequence[Action]) -> Reading:
        reading = (read_structured if self.settings.structured else read_plain)(reply, view, legal)
        a = reading.action
        if a is not None and a.kind == ActionKind.OFFER_TRADE:
            if self._offers_this_turn >= self.settings.max_offers:
                return Reading(
                    None,
                    reading.say,
                    ILLEGAL,
                    f"you made {self._offers_this_turn} offers this turn, the most this "
                    "player makes; do something else",
                )
        return reading

    # -- one request --------------------------------------------------------------------------

    def _ask(
        self, messages: list[dict[str, str]], view: View, attempt: int, deadline: float
    ) -> Outcome:
        """One request's outcome — from the cassette when replaying, else from the model
        (429s waited out) — accounted, logged and recorded."""
        seat = view.viewer if view.viewer is not None else -1
        model = self.endpoint.model
        key = prompt_hash(messages)
        if self._cassette is not None and self._cassette.replay:
            outcome = self._cassette.play(model, key, seat)
            self._tally.replayed += 1
        else:
            outcome = self._request(messages, deadline)
            if self._cassette is not None:
                self._cassette.record(model, key, seat, outcome)
        self._account(outcome)
        if self._log is not None:
            self._log.append(
                {
                    "seat": seat,
                    "decision": self._tally.decisions,
                    "attempt": attempt,
                    "version": view.version,
                    "base_url": self.endpoint.base_url,
                    "model": model,
                    "messages": messages,
                    "reply": outcome.reply,
                    "error": outcome.error,
                    "detail": outcome.detail,
                    "tokens_in": outcome.tokens_in,
                    "tokens_out": outcome.tokens_out,
                    "latency": round(outcome.latency, 4),
                    "rate_limited": outcome.rate_limited,
                }
            )
        return outcome

    def _request(self, messages: list[dict[str, str]], deadline: float) -> Outcome:
        import openai

        s = self.settings
        extra: dict[str, Any] = {}
        if s.structured:
            extra["response_format"] = RESPONSE_FORMAT
        if s.temperature is not None:
            extra["temperature"] = s.temperature
        if s.max_reply_tokens is not None:
            extra["max_tokens"] = s.max_reply_tokens
        client = _client(self.endpoint)
        assert self._slots is not None
        waits = 0
        start = time.monotonic()

        def failed(kind: str, detail: str) -> Outcome:
            return Outcome(None, 0, 0, time.monotonic() - start, kind, detail[:300], waits)

        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not self._slots.acquire(timeout=left):
                return failed("timeout", f"no answer within {s.timeout:g} s")
            pause: float | None = None
            try:
                left = max(0.001, deadline - time.monotonic())
                response = client.chat.completions.create(
                    model=self.endpoint.model,
                    messages=messages,  # type: ignore[arg-type]
                    timeout=left,
                    **extra,
                )
            except openai.APITimeoutError:
                return failed("timeout", f"no answer within {s.timeout:g} s")
            except openai.RateLimitError as err:
                waits += 1
                wait = _retry_after(err.response.headers)
                wait = min(s.max_wait, wait if wait is not None else 0.5 * 2**waits)
                if waits > MAX_RATE_WAITS or time.monotonic() + wait >= deadline:
                    return failed("rate_limit", f"429 {waits} times: {err.message}")
                pause = wait
            except openai.APIStatusError as err:
                return failed("error", f"HTTP {err.status_code}: {err.message}")
            except openai.APIConnectionError as err:
                return failed("error", f"connection: {err}")
            finally:
                self._slots.release()
            if pause is not None:  # (waited with the slot given back: others may use the endpoint)
                time.sleep(pause)
                continue
            usage = response.usage
            content = response.choices[0].message.content if response.choices else None
            return Outcome(
                content or "",
                int(usage.prompt_tokens or 0) if usage else 0,
                int(usage.completion_tokens or 0) if usage else 0,
                time.monotonic() - start,
                None,
                "",
                waits,
            )

    def _account(self, o: Outcome) -> None:
        t, s = self._tally, self.settings
        t.model_calls += 1 + o.rate_limited
        t.rate_limited += o.rate_limited
        t.latencies.append(o.latency)
        if o.error == "timeout":
            t.timeouts += 1
        elif o.error == "error":
            t.errors += 1
        t.tokens_in += o.tokens_in
        t.tokens_out += o.tokens_out
        cost = (o.tokens_in * s.price_in + o.tokens_out * s.price_out) / 1e6
        t.cost += cost
        self.ledger.add(o.tokens_in, o.tokens_out, cost)

    def _spent(self) -> bool:
        s, led = self.settings, self.ledger
        over = (s.max_tokens_run and led.tokens_in + led.tokens_out >= s.max_tokens_run) or (
            s.max_cost_run and led.cost >= s.max_cost_run
        )
        if over and not self._budget_told:
            self._budget_told = True
            log.warning(
                "llm bot %s: the run's budget is spent (%d tokens, cost %.4f); "
                "the %s bot decides from now on",
                self.endpoint.model,
                led.tokens_in + led.tokens_out,
                led.cost,
                s.fallback,
            )
        return bool(over)

    # -- after the choice ---------------------------------------------------------------------

    def _fall_back(self, reason: str, view: View, legal: Sequence[Action]) -> Action:
        self._tally.fell_back(reason)
        if self._log is not None:
            self._log.append({"seat": view.viewer, "version": view.version, "fallback": reason})
        action = self.fallback_bot.choose(view, legal)
        self._count_offer(action, view)
        return action

    def _chosen(self, reading: Reading, view: View) -> Action:
        assert reading.action is not None
        if reading.say and self.settings.chat:
            line = clean_chat(" ".join(reading.say.split())[: self.settings.say_max])
            if line:
                self._saying = line
                self._tally.chat_said += 1
        self._count_offer(reading.action, view)
        return reading.action

    def _count_offer(self, action: Action, view: View) -> None:
        if action.kind == ActionKind.OFFER_TRADE:
            self._offers_this_turn += 1
            self._tally.offers_proposed += 1
            self._mine[view.offer_id + 1] = None  # offers are numbered in order (``#3``)
        elif action.kind == ActionKind.COUNTER_TRADE:
            self._tally.offers_proposed += 1
            self._mine[view.offer_id] = (action.give, action.get)

    def _note(self, view: View) -> None:
        """Read the public events since the last view: a trade of one of its offers."""
        if view.turn != self._turn:
            self._turn, self._offers_this_turn = view.turn, 0
        me = view.viewer
        for e in view.events:
            if not isinstance(e, Traded) or e.offer not in self._mine:
                continue
            counter = self._mine.pop(e.offer)
            if counter is None:
                taken = e.player == me
            else:  # the offerer gave what the counter asked for, and got what it gave
                taken = e.partner == me and (e.give, e.get) == (counter[1], counter[0])
            if taken:
                self._tally.offers_accepted += 1


def make_llm_bot(rng: random.Random, **options: Any) -> LlmBot:
    """The registry's factory for ``llm`` (``pysettlers.bots`` registers it lazily)."""
    return LlmBot(rng, **options)


__all__ = ["MAX_RATE_WAITS", "Heard", "LlmBot", "Settings", "make_llm_bot"]
