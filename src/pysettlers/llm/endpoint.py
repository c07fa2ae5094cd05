"""Where the ``llm`` bot sends its requests: base URL, model, key, and the process-wide limits.

What this is for: finding an OpenAI-compatible chat-completions endpoint the way the
ecosystem expects, and the few things every bot of one endpoint shares in a process.

* **Resolution** (:func:`resolve`), each setting from the first place that has it: the bot's
  own option (``base_url=``, ``model=``, ``api_key_env=NAME``), then a named **profile**
  (``profile=local``) from a TOML file, then the standard environment variables
  ``OPENAI_BASE_URL`` and ``OPENAI_API_KEY``, then OpenAI's own URL. ``OPENAI_API_KEY`` is
  sent only to ``OPENAI_BASE_URL`` (or OpenAI): a bot given another ``base_url`` sends the
  key its ``api_key_env`` names, or none (local servers need none). The profiles file is
  ``$PYSETTLERS_LLM_PROFILES`` or ``~/.config/pysettlers/llm.toml``::

      [profiles.local]
      base_url = "http://localhost:11434/v1"
      model = "llama3.1:8b"
      structured = false

  A profile may set any bot option listed in :data:`PROFILE_KEYS`; a key is only ever named
  by its environment variable (``api_key_env``), never written in a spec or a profile.
* **The key** is held in a :class:`Secret`, whose ``repr`` and ``str`` say where it came from
  and never what it is, so no log line, error message or record can show it.
* **Process-wide limits**: a cap on the requests in flight to one base URL
  (:func:`slots`, shared by every bot of the process: the server's bot seats, threads of a
  benchmark), and a spend ledger per run (:func:`ledger`: tokens and cost of every bot of
  one endpoint and model, or of a named ``budget``, in this process).

What this is not: no HTTP (the bot calls the ``openai`` SDK), no prices table, no retries.
"""

from __future__ import annotations

import os
import threading
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

DEFAULT_BASE_URL: Final = "https://api.openai.com/v1"
"""OpenAI's endpoint: the URL when neither an option, a profile nor ``OPENAI_BASE_URL`` says."""

DEFAULT_KEY_ENV: Final = "OPENAI_API_KEY"
PROFILES_ENV: Final = "PYSETTLERS_LLM_PROFILES"
NO_KEY: Final = "no-key"
"""Sent when no key is set and none was asked for: local servers (Ollama, llama.cpp, vLLM)
ignore the key, and the SDK wants one."""

PROFILE_KEYS: Final = frozenset(
    {
        "base_url",
        "model",
        "api_key_env",
        "structured",
        "price_in",
        "price_out",
        "timeout",
        "concurrency",
        "temperature",
        "retries",
        "max_tokens_run",
        "max_cost_run",
        "max_reply_tokens",
    }
)
"""The bot options a profile may set (a spec's own options win over them)."""


class Secret:
    """An API key: ``reveal()`` gives it to the HTTP client; ``repr``/``str`` never show it."""

    __slots__ = ("_value", "source")

    def __init__(self, value: str, source: str) -> None:
        self._value = value
        self.source = source

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return f"<key from {self.source}>"

    __str__ = __repr__

    def __reduce__(self) -> Any:  # a pickled bot (a worker process) must not carry it either
        raise TypeError("an API key is not pickled: pass its environment variable's name")


@dataclass(frozen=True, slots=True)
class Endpoint:
    """A resolved endpoint: where to send, which model, and the key (masked)."""

    base_url: str
    model: str
    key: Secret = field(compare=False)
    profile: str | None = None


def profiles_path() -> Path:
    """The profiles file: ``$PYSETTLERS_LLM_PROFILES``, else ``~/.config/pysettlers/llm.toml``."""
    env = os.environ.get(PROFILES_ENV)
    if env:
        return Path(env)
    return Path.home() / ".config" / "pysettlers" / "llm.toml"


def load_profile(name: str, path: Path | None = None) -> dict[str, Any]:
    """The options of profile ``name`` from the profiles file. Raises ``ValueError`` naming
    the file and the profile or key at fault."""
    where = path if path is not None else profiles_path()
    try:
        data = tomllib.loads(where.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(
            f"profile {name!r}: no profiles file at {where} (set {PROFILES_ENV} or create it)"
        ) from None
    except tomllib.TOMLDecodeError as err:
        raise ValueError(f"profiles file {where}: {err}") from None
    profiles = data.get("profiles")
    if not isinstance(profiles, dict) or not isinstance(profiles.get(name), dict):
        known = ", ".join(sorted(profiles)) if isinstance(profiles, dict) else "none"
        raise ValueError(f"no profile {name!r} in {where} (known: {known or 'none'})")
    options: dict[str, Any] = dict(profiles[name])
    if "api_key" in options:
        raise ValueError(
            f"profile {name!r} in {where}: write no key in a file; name its environment "
            "variable with api_key_env"
        )
    unknown = sorted(set(options) - PROFILE_KEYS)
    if unknown:
        raise ValueError(
            f"profile {name!r} in {where}: unknown option(s) {', '.join(unknown)} "
            f"(known: {', '.join(sorted(PROFILE_KEYS))})"
        )
    return options


def resolve(
    options: Mapping[str, Any], environ: Mapping[str, str] | None = None
) -> tuple[Endpoint, dict[str, Any]]:
    """The endpoint the bot ``options`` name, and the options with the profile's merged
    under them (the bot's own win). Raises ``ValueError`` for a missing model or a key
    variable that is named but not set."""
    env = os.environ if environ is None else environ
    merged = dict(options)
    profile = merged.pop("profile", None)
    if profile is not None:
        merged = {**load_profile(str(profile)), **merged}
    model = merged.get("model")
    if not isinstance(model, str) or not model.strip():
        raise ValueError("the llm bot needs a model: llm:model=NAME (or a profile that sets one)")
    home = (env.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")
    base_url = str(merged.get("base_url") or home)
    if not base_url.startswith(("http://", "https://")):
        raise ValueError(f"base_url must start with http:// or https:// (got {base_url!r})")
    key_env = merged.get("api_key_env")
    if key_env is not None:
        name = str(key_env)
        value = env.get(name)
        if not value:
            raise ValueError(f"api_key_env={name}: the environment variable {name} is not set")
        key = Secret(value, name)
    elif env.get(DEFAULT_KEY_ENV) and base_url.rstrip("/") == home:
        # OPENAI_API_KEY goes only where OPENAI_BASE_URL (or OpenAI) is: a spec that names
        # another server names that server's key too, so a key never travels to a URL
        # somebody typed into a spec without saying so.
        key = Secret(env[DEFAULT_KEY_ENV], DEFAULT_KEY_ENV)
    else:
        key = Secret(NO_KEY, "nowhere (no key set)")
    merged["model"] = model.strip()
    merged["base_url"] = base_url.rstrip("/")
    return Endpoint(base_url.rstrip("/"), model.strip(), key, profile), merged


# -- process-wide limits ------------------------------------------------------------------------

_LOCK = threading.Lock()
_SLOTS: dict[str, tuple[int, threading.BoundedSemaphore]] = {}


def slots(base_url: str, limit: int) -> threading.BoundedSemaphore:
    """The semaphore of requests in flight to ``base_url`` in this process, ``limit`` wide.

    The first bot of an endpoint sets the limit; a later one asking another limit is
    refused (two caps on one server would be no cap)."""
    if limit < 1:
        raise ValueError(f"concurrency must be at least 1 (got {limit})")
    with _LOCK:
        have = _SLOTS.get(base_url)
        if have is None:
            have = (limit, threading.BoundedSemaphore(limit))
            _SLOTS[base_url] = have
        elif have[0] != limit:
            raise ValueError(
                f"concurrency={limit}: requests to {base_url} are already capped at {have[0]} "
                "in this process (give every bot of an endpoint the same cap)"
            )
        return have[1]


@dataclass(slots=True)
class Ledger:
    """What the bots of one run spent: tokens in and out, and the cost where priced."""

    tokens_in: int = 0
    tokens_out: int = 0
    cost: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def add(self, tokens_in: int, tokens_out: int, cost: float) -> None:
        with self.lock:
            self.tokens_in += tokens_in
            self.tokens_out += tokens_out
            self.cost += cost


_LEDGERS: dict[str, Ledger] = {}


def ledger(name: str) -> Ledger:
    """The spend ledger ``name`` of this process (made on first use)."""
    with _LOCK:
        return _LEDGERS.setdefault(name, Ledger())


def reset_ledgers() -> None:
    """Forget every ledger: a new run in the same process (tests)."""
    with _LOCK:
        _LEDGERS.clear()


__all__ = [
    "DEFAULT_BASE_URL",
    "DEFAULT_KEY_ENV",
    "PROFILES_ENV",
    "PROFILE_KEYS",
    "Endpoint",
    "Ledger",
    "Secret",
    "ledger",
    "load_profile",
    "profiles_path",
    "reset_ledgers",
    "resolve",
    "slots",
]
