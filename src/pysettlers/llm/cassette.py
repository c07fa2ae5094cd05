"""The ``llm`` bot's files: a log of prompts and replies, and a cassette to replay a run.

What this is for:

* :class:`PromptLog` (``log=path.jsonl``): one JSON line per request — seat, decision,
  attempt, endpoint URL, model, the messages sent, the reply or the error, tokens and
  latency. The key is never in it (the bot never hands it over).
* :class:`Cassette` (``cassette=path.jsonl``): every request's outcome — the reply text and
  its token counts, or the kind of failure (``timeout``, ``error``, ``rate_limit``) — keyed
  by (model, a hash of the messages, seat). Recording appends; with ``replay=true`` the bot
  answers each request from the cassette, in the order the same key was recorded, and never
  calls the model, so a run replays exactly (the bots' generators and the game's chance are
  seeded; the model's replies are the only thing that varied). A request the cassette does
  not hold raises :class:`ReplayMiss`: the run is not the one recorded.

What this is not: an HTTP cache (nothing here is consulted when recording) nor a store of
keys or of anything a seat may not see (the messages are that seat's own prompt).
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar


class ReplayMiss(RuntimeError):
    """A replayed run asked what its cassette does not hold."""


def prompt_hash(messages: list[dict[str, str]]) -> str:
    """A stable hash of the messages sent (their JSON, keys sorted)."""
    data = json.dumps(messages, sort_keys=True, ensure_ascii=False).encode("utf-8")
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True, slots=True)
class Outcome:
    """A request's outcome: the reply and its tokens, or ``error`` (its kind)."""

    reply: str | None
    tokens_in: int = 0
    tokens_out: int = 0
    latency: float = 0.0
    error: str | None = None
    detail: str = ""
    rate_limited: int = 0  # 429 answers waited out before this outcome


class _Appender:
    """Appends JSON lines to a file, one writer at a time (bots may share a file)."""

    _locks: ClassVar[dict[str, threading.Lock]] = {}
    _guard = threading.Lock()

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        with self._guard:
            self._lock = self._locks.setdefault(str(self.path.resolve()), threading.Lock())

    def append(self, obj: dict[str, Any]) -> None:
        line = json.dumps(obj, ensure_ascii=False) + "\n"
        with self._lock, self.path.open("a", encoding="utf-8") as f:
            f.write(line)


class PromptLog(_Appender):
    """``log=path.jsonl``: every request and its reply (module docstring)."""


class Cassette(_Appender):
    """``cassette=path.jsonl``: record outcomes, or replay them (module docstring)."""

    def __init__(self, path: str | Path, replay: bool) -> None:
        super().__init__(path)
        self.replay = replay
        self._tape: dict[tuple[str, str, int], deque[Outcome]] = {}
        if replay:
            if not self.path.exists():
                raise ValueError(f"replay=true: no cassette at {self.path}")
            for n, line in enumerate(self.path.read_text(encoding="utf-8").splitlines(), 1):
                if not line.strip():
                    continue
                try:
                    obj = json.loads(line)
                    key = (str(obj["model"]), str(obj["prompt"]), int(obj["seat"]))
                    outcome = Outcome(
                        obj.get("reply"),
                        int(obj.get("tokens_in", 0)),
                        int(obj.get("tokens_out", 0)),
                        float(obj.get("latency", 0.0)),
                        obj.get("error"),
                        str(obj.get("detail", "")),
                        int(obj.get("rate_limited", 0)),
                    )
                except (ValueError, KeyError, TypeError) as err:
                    raise ValueError(f"cassette {self.path}, line {n}: {err}") from None
                self._tape.setdefault(key, deque()).append(outcome)

    def play(self, model: str, prompt: str, seat: int) -> Outcome:
        """The next recorded outcome of this request; raises :class:`ReplayMiss`."""
        tape = self._tape.get((model, prompt, seat))
        if not tape:
            raise ReplayMiss(
                f"cassette {self.path} holds no reply for seat p{seat}, model {model!r}, "
                f"prompt {prompt[:12]}: the game differs from the one recorded"
            )
        return tape.popleft()

    def record(self, model: str, prompt: str, seat: int, outcome: Outcome) -> None:
        self.append(
            {
                "model": model,
                "prompt": prompt,
                "seat": seat,
                "reply": outcome.reply,
                "tokens_in": outcome.tokens_in,
                "tokens_out": outcome.tokens_out,
                "latency": round(outcome.latency, 4),
                "error": outcome.error,
                "detail": outcome.detail,
                "rate_limited": outcome.rate_limited,
            }
        )


__all__ = ["Cassette", "Outcome", "PromptLog", "ReplayMiss", "prompt_hash"]
