"""The bot threads people's games share, fair between games.

What this is for: running bots' (and stand-ins') decisions off the event loop so that one
game's slow bots cannot take every thread. Each game gets a :class:`Lane` (an executor the
session hands its decisions to); the pool's threads take the oldest waiting decision of a
game that has none running, and a game whose last decision was slow (longer than
``slow_after`` seconds) is a slow game: slow games share all threads but one, which is kept
for the others. So a game's slow bots hold at most one thread, several slow games together
never all of them, and the other games' bots keep moving. A thread cannot be interrupted:
what bounds a decision's length is the server's cap on lobby bots' options
(``hub._check_bot``, ``--bot-ms``).

What this is not: the bots-only games' thread (``hub.py``: one of their own), or requests'
heavy work (``work.py``).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

SLOW_AFTER = 0.5  # seconds: a game whose last decision took longer is a slow game


class _Job:
    __slots__ = ("fn", "args", "future", "queued")

    def __init__(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.fn = fn
        self.args = args
        self.future: Future[Any] = Future()
        self.queued = time.monotonic()


class Lane(Executor):
    """One game's way into the pool: its decisions, run one at a time in queue order."""

    def __init__(self, pool: FairPool, key: str) -> None:
        self.pool = pool
        self.key = key
        self.jobs: deque[_Job] = deque()
        self.running = False
        self.slow = False

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if kwargs:
            raise TypeError("a bot decision takes positional arguments only")
        return self.pool._put(self, _Job(fn, args))


class FairPool:
    """``threads`` threads for every game's lanes (see the module docstring)."""

    def __init__(self, threads: int, *, slow_after: float = SLOW_AFTER, name: str = "bot") -> None:
        if threads < 1:
            raise ValueError(f"bot threads must be at least 1, got {threads}")
        self.threads = threads
        self.slow_after = slow_after
        self._lanes: dict[str, Lane] = {}
        self._cond = threading.Condition()
        self._slow_running = 0
        self._closed = False
        self._workers = [
            threading.Thread(target=self._work, name=f"{name}-{i}", daemon=True)
            for i in range(threads)
        ]
        for w in self._workers:
            w.start()

    def lane(self, key: str) -> Lane:
        """The lane of game ``key`` (the same one for a game rebuilt or reloaded, so that a
        decision still running for its old session counts as its one in flight)."""
        with self._cond:
            lane = self._lanes.get(key)
            if lane is None:
                lane = self._lanes[key] = Lane(self, key)
            return lane

    def _put(self, lane: Lane, job: _Job) -> Future[Any]:
        with self._cond:
            if self._closed:
                raise RuntimeError("the bot pool is shut down")
            # (the game's lane now: one made again after this one was let go)
            self._lanes.setdefault(lane.key, lane).jobs.append(job)
            self._cond.notify()
        return job.future

    def _next(self) -> tuple[Lane, _Job] | None:
        """The oldest waiting decision a thread may take now (under the condition)."""
        slow_room = self._slow_running < max(1, self.threads - 1)
        best: Lane | None = None
        for lane in self._lanes.values():
            if lane.running or not lane.jobs or (lane.slow and not slow_room):
                continue
            if best is None or lane.jobs[0].queued < best.jobs[0].queued:
                best = lane
        if best is None:
            return None
        return best, best.jobs.popleft()

    def _work(self) -> None:
        while True:
            with self._cond:
                picked = self._next()
                while picked is None:
                    if self._closed:
                        return
                    self._cond.wait()
                    picked = self._next()
                lane, job = picked
                lane.running = True
                counted = lane.slow
                if counted:
                    self._slow_running += 1
            began = time.monotonic()
            if job.future.set_running_or_notify_cancel():
                try:
                    job.future.set_result(job.fn(*job.args))
                except BaseException as e:  # handed to whoever awaits the decision
                    job.future.set_exception(e)
            took = time.monotonic() - began
            with self._cond:
                lane.running = False
                if counted:
                    self._slow_running -= 1
                lane.slow = took > self.slow_after
                if not lane.jobs and not lane.slow:  # let go (made again when next needed)
                    self._lanes.pop(lane.key, None)
                self._cond.notify_all()

    def shutdown(self, wait: bool = False, *, cancel_futures: bool = True) -> None:
        """Stop taking decisions; waiting ones are cancelled (a running one runs out)."""
        with self._cond:
            self._closed = True
            if cancel_futures:
                for lane in self._lanes.values():
                    for job in lane.jobs:
                        job.future.cancel()
                    lane.jobs.clear()
            self._cond.notify_all()
        if wait:
            for w in self._workers:
                w.join()
