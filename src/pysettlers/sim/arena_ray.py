"""Playing an arena's games as Ray tasks (``pysettlers arena --ray ADDRESS``).

What this is for: tournaments larger than one machine, on an existing Ray cluster. The
chunks of games are the same as for ``--workers`` and each is played by the same
:func:`~pysettlers.sim.arena.play_chunk`, so a game's seed and seats — and so every result —
are the same whoever plays it: the same seed gives the same results file as ``--workers 1``.

The nodes need ``pysettlers`` installed (the same version: the engine decides the games);
Ray itself is the ``ray`` extra (``pip install 'pysettlers[ray]'``).

What this is not: a scheduler of its own (Ray places the tasks), nor a second game runner.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from typing import Any

from .arena import Job, play_chunk
from .runner import GameResult


def require_ray() -> Any:
    """The ``ray`` module, or a clear error naming the option and the extra."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ValueError(
            "--ray needs Ray: pip install 'pysettlers[ray]' (or 'ray'), on every node"
        ) from None


def executor(
    address: str | None,
) -> Callable[[list[list[Job]], Callable[[int], None]], Iterator[list[GameResult]]]:
    """An executor for :func:`~pysettlers.sim.arena.play` running chunks as Ray tasks.

    ``address`` is given to ``ray.init`` (``auto``: the cluster this machine belongs to,
    or ``RAY_ADDRESS``; ``ray://HOST:10001`` for a remote one); ``None`` uses Ray as it is
    already initialized (the tests start a local one with ``ray.init(num_cpus=2)``).
    """
    ray = require_ray()

    def run(chunks: list[list[Job]], advance: Callable[[int], None]) -> Iterator[list[GameResult]]:
        if not ray.is_initialized():
            try:
                ray.init(address=address, log_to_driver=False)
            except ConnectionError:
                # Ray's own message names its command's ``--address`` flag, which this
                # command does not have: say it with ours.
                raise ConnectionError(
                    f"--ray {address}: no Ray cluster found there; start one (ray start "
                    "--head) or give its address (--ray ray://HOST:10001; auto reads "
                    "RAY_ADDRESS)"
                ) from None
        task = ray.remote(play_chunk)
        pending = [task.remote(chunk) for chunk in chunks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                results: list[GameResult] = ray.get(ref)
                advance(len(results))
                yield results

    return run


__all__ = ["executor", "require_ray"]
