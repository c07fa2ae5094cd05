"""A local OpenAI-compatible server that answers by rule: tests and dry runs without a model.

What this is for: ``POST /v1/chat/completions`` and ``GET /v1/models`` on localhost,
answering from the legal-action lines of the last prompt that lists them (the seat's text,
``- <notation> — <meaning>``), so the ``llm`` bot can play whole games, and every way a real
endpoint misbehaves can be scripted. The model name picks the behaviour:

=================  ===========================================================================
``fake-first``     the first legal action
``fake-random``    a legal action drawn by a generator seeded from the prompt (repeatable)
``fake-builds``    the first build (city, settlement, road, development card), else the first
``fake-chatty``    the first legal action, and a chat line naming the open offer (``#3``)
``fake-malformed`` prose with no action line in it
``fake-illegal``   an action in notation that is not legal (another player's ``end``)
``fake-slow``      the first legal action after ``slow`` seconds (default 2)
``fake-429``       every odd request refused with 429 and ``Retry-After``; even ones answered
``fake-500``       HTTP 500
=================  ===========================================================================

``script={3: "illegal"}`` overrides the behaviour of the server's n-th request (counted
from 1, all models). A request with a ``response_format`` gets JSON
``{"action": …, "say": …}``; one without, the action line (and ``say: …``). Every answer
carries ``usage`` (about four characters a token), and the server keeps what it was sent
(:attr:`FakeEndpoint.requests`) and the most requests it held at once
(:attr:`FakeEndpoint.max_in_flight`).

Started in a thread of the caller's process (``with FakeEndpoint() as fake: fake.url``), or
from the command line for a dry run::

    python -m pysettlers.llm.fake --port 8765

What this is not: a model, or a faithful copy of any server's errors (the bodies follow
OpenAI's ``{"error": {...}}`` shape, enough for the SDK). It listens on 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import threading
import time
from collections.abc import Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Final

MODELS: Final = (
    "fake-first",
    "fake-random",
    "fake-builds",
    "fake-chatty",
    "fake-malformed",
    "fake-illegal",
    "fake-slow",
    "fake-429",
    "fake-500",
)
BEHAVIOURS: Final = frozenset(m.removeprefix("fake-") for m in MODELS)

_LEGAL = re.compile(r"^- (p\d+ .+?) — ", re.M)
_ME = re.compile(r"You are p(\d+)")
_OFFER = re.compile(r"Open offer #(\d+)")
_BUILDS = ("city", "settlement", "road", "buy")


def legal_notations(messages: list[dict[str, Any]]) -> tuple[list[str], str]:
    """The legal actions listed in the last message that lists them, and that message."""
    for m in reversed(messages):
        content = m.get("content")
        if isinstance(content, str) and "## Your legal actions" in content:
            tail = content.split("## Your legal actions", 1)[1]
            return _LEGAL.findall(tail), content
    return [], ""


def answer(behaviour: str, messages: list[dict[str, Any]]) -> tuple[str, str | None]:
    """The action line and chat line the rule ``behaviour`` gives for ``messages``."""
    legal, prompt = legal_notations(messages)
    if not legal:
        return "p0 end", None
    if behaviour == "random":
        seed = hashlib.sha256(prompt.encode("utf-8")).hexdigest()
        return random.Random(seed).choice(legal), None
    if behaviour == "builds":
        builds = [a for a in legal if a.split()[1] in _BUILDS]
        return (builds or legal)[0], None
    if behaviour == "illegal":
        me = _ME.search(prompt)
        other = 1 if me is None or me.group(1) == "0" else 0
        return f"p{other} end", None
    if behaviour == "chatty":
        offer = _OFFER.search(prompt)
        say = f"About offer #{offer.group(1)}: fair enough." if offer else "Anyone have brick?"
        return legal[0], say
    return legal[0], None


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    fake: FakeEndpoint


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # (headers and body are two writes: no 40 ms stall)

    def log_message(self, format: str, *args: Any) -> None:  # quiet: tests read .requests
        pass

    def _send(self, status: int, body: dict[str, Any], headers: Mapping[str, str] = {}) -> None:
        data = json.dumps(body).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for k, v in headers.items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def _error(self, status: int, message: str, headers: Mapping[str, str] = {}) -> None:
        kind = {429: "rate_limit_exceeded", 404: "not_found"}.get(status, "server_error")
        self._send(status, {"error": {"message": message, "type": kind, "code": kind}}, headers)

    def do_GET(self) -> None:
        if self.path.rstrip("/") == "/v1/models":
            data = [{"id": m, "object": "model", "owned_by": "pysettlers"} for m in MODELS]
            self._send(200, {"object": "list", "data": data})
        else:
            self._error(404, f"no route {self.path}")

    def do_POST(self) -> None:
        if self.path.rstrip("/") != "/v1/chat/completions":
            self._error(404, f"no route {self.path}")
            return
        length = int(self.headers.get("Content-Length") or 0)
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            self._error(400, "the body is not JSON")
            return
        self.server.fake._serve(self, body)


class FakeEndpoint:
    """The fake server (module docstring); a context manager that starts and stops it."""

    def __init__(
        self,
        *,
        port: int = 0,
        script: Mapping[int, str] | None = None,
        slow: float = 2.0,
        retry_after: float = 0.05,
    ) -> None:
        for n, b in (script or {}).items():
            if b not in BEHAVIOURS:
                raise ValueError(f"script[{n}]: unknown behaviour {b!r} ({sorted(BEHAVIOURS)})")
        self.script = dict(script or {})
        self.slow = slow
        self.retry_after = retry_after
        self.requests: list[dict[str, Any]] = []
        """Each request's model, messages, whether it asked for JSON, and its key header."""
        self.in_flight = 0
        self.max_in_flight = 0
        self._lock = threading.Lock()
        self._by_model: dict[str, int] = {}
        self._server = _Server(("127.0.0.1", port), _Handler)
        self._server.fake = self
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The base URL to give the bot (``http://127.0.0.1:PORT/v1``)."""
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def start(self) -> FakeEndpoint:
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> FakeEndpoint:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _serve(self, h: _Handler, body: dict[str, Any]) -> None:
        model = str(body.get("model", ""))
        messages = body.get("messages") or []
        with self._lock:
            self.requests.append(
                {
                    "model": model,
                    "messages": messages,
                    "json": "response_format" in body,
                    "authorization": h.headers.get("Authorization", ""),
                }
            )
            n = len(self.requests)
            nth = self._by_model[model] = self._by_model.get(model, 0) + 1
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            behaviour = self.script.get(n) or model.removeprefix("fake-")
            if behaviour not in BEHAVIOURS:
                h._error(404, f"the model {model!r} does not exist (try {', '.join(MODELS)})")
            elif behaviour == "500":
                h._error(500, "the fake server fails, as asked")
            elif behaviour == "429" and nth % 2 == 1:
                h._error(429, "slow down", {"Retry-After": f"{self.retry_after:g}"})
            else:
                if behaviour == "slow":
                    time.sleep(self.slow)
                h._send(
                    200, self._completion(behaviour, model, messages, "response_format" in body)
                )
        finally:
            with self._lock:
                self.in_flight -= 1

    def _completion(
        self, behaviour: str, model: str, messages: list[dict[str, Any]], as_json: bool
    ) -> dict[str, Any]:
        if behaviour == "malformed":
            content = "I think building a road would be wise here, maybe."
        else:
            action, say = answer(behaviour, messages)
            if as_json:
                content = json.dumps({"action": action, "say": say})
            else:
                content = action + (f"\nsay: {say}" if say else "")
        prompt_chars = sum(len(str(m.get("content", ""))) for m in messages)
        usage = {"prompt_tokens": prompt_chars // 4, "completion_tokens": len(content) // 4 + 1}
        usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
        return {
            "id": f"fake-{len(self.requests)}",
            "object": "chat.completion",
            "created": 0,
            "model": model,
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content},
                    "finish_reason": "stop",
                }
            ],
            "usage": usage,
        }


def main(argv: list[str] | None = None) -> None:
    """``python -m pysettlers.llm.fake --port 8765``: serve until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--slow", type=float, default=2.0, help="seconds fake-slow waits")
    args = parser.parse_args(argv)
    fake = FakeEndpoint(port=args.port, slow=args.slow)
    print(f"fake endpoint at {fake.url} (models: {', '.join(MODELS)}); Ctrl-C stops it")
    try:
        fake._server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        fake._server.server_close()


if __name__ == "__main__":
    main()


__all__ = ["BEHAVIOURS", "MODELS", "FakeEndpoint", "answer", "legal_notations"]
