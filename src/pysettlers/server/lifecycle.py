"""How a server's games end when nobody wins, sleep when nobody plays, and leave the database.

What this is for: the bounds a server facing strangers puts on games (issue 29, point 1).

* **Every game ends.** A game whose turn passes its ``turn_limit`` (a game option, default
  :data:`TURN_LIMIT`), or whose actions pass :data:`ACTIONS_PER_TURN` times that, is ended
  without a winner: status ``finished``, ``winner`` null, ``options.ended`` saying why
  (``turn_limit``, or ``admin`` when an operator ended it). Its record keeps every action;
  its ``result`` names no winner.
* **Games nobody plays are parked.** A game with human seats that no person has been
  connected to for the server's ``park_after`` seconds (nor anyone watched) is parked:
  status ``parked``, out of memory, and not rebuilt when the server starts — so start-up
  time does not grow with games people walked away from. Opening it (a person's seat
  connecting) wakes it where it stood.
* **The operator's tools**: list games, end one, purge finished games older than a date
  (``pysettlers admin``, over the server's admin routes).

The functions here are the database writes and reads these need, as work for
``Store.write`` / ``Store.read``; the decisions are the session's and the hub's.

What this is not: the rules' end (a player reaching the points: the engine), and no
scheduling (``hub.Hub._tick`` looks at the clocks).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from .models import ActionRow, ChatRow, GameRow, SeatRow
from .options import APP_OPTIONS, GAME_OPTIONS
from .store import now

TURN_LIMIT: int = GAME_OPTIONS["turn_limit"].default  # (declared once: options.py)
"""Turns a game may last by default (a 4-player game between people takes about 60-120)."""
ACTIONS_PER_TURN = 200
"""Actions a turn may take on average before the game is ended (offers and answers
included): ``turn_limit`` times this bounds a game whose turns never pass."""
PARK_AFTER: float = APP_OPTIONS["park_after"].default  # (declared once: options.py)
"""Seconds a game with human seats may stand without any person connected before it is
parked, by default."""
PARKED = "parked"
"""The status of a parked game (in the database and the lobby)."""


def past_limit(turn: int, version: int, turn_limit: int) -> bool:
    """Whether a game at ``turn`` after ``version`` actions has passed its bound."""
    return turn > turn_limit or version > turn_limit * ACTIONS_PER_TURN


def _set(
    game_id: str, status: str, options: Callable[[dict[str, Any]], None], finished: bool
) -> Callable[[Session], bool]:
    def work(session: Session) -> bool:
        row = session.get(GameRow, game_id)
        if row is None:
            return False
        opts = json.loads(row.options)
        options(opts)
        row.options = json.dumps(opts)
        row.status = status
        if finished:
            row.winner = None
            row.finished_at = now()
        return True

    return work


def end_unfinished(game_id: str, reason: str) -> Callable[[Session], bool]:
    """The game ends without a winner (``options.ended`` = ``reason``)."""
    return _set(game_id, "finished", lambda o: o.update(ended=reason), finished=True)


def park(game_id: str, was: str) -> Callable[[Session], bool]:
    """The game is parked (it was ``was``: ``open`` or ``in_progress``)."""
    return _set(game_id, PARKED, lambda o: o.update(parked_from=was), finished=False)


def unpark(game_id: str, status: str) -> Callable[[Session], bool]:
    """The parked game stands again as ``status``."""
    return _set(game_id, status, lambda o: o.pop("parked_from", None), finished=False)


def overview(statuses: Sequence[str], limit: int) -> Callable[[Session], list[dict[str, Any]]]:
    """The newest games with one of ``statuses`` for the operator: id, name, status, its
    version, winner, why it ended, when it was made and finished."""

    def work(session: Session) -> list[dict[str, Any]]:
        q = select(GameRow).where(GameRow.status.in_(statuses))
        q = q.order_by(GameRow.created_at.desc()).limit(limit)
        out = []
        for g in session.scalars(q):
            opts = json.loads(g.options)
            out.append(
                {
                    "id": g.id,
                    "name": g.name,
                    "status": g.status,
                    "version": g.version,
                    "winner": g.winner,
                    "ended": opts.get("ended"),
                    "created_at": g.created_at.isoformat(),
                    "finished_at": g.finished_at.isoformat() if g.finished_at else None,
                }
            )
        return out

    return work


def purge_finished(before: datetime, keep: Sequence[str]) -> Callable[[Session], int]:
    """Every finished game (with its seats, actions and chat) that finished before
    ``before``, but those in ``keep`` (in the server's memory); how many went."""

    def work(session: Session) -> int:
        q = select(GameRow.id).where(GameRow.status == "finished", GameRow.finished_at < before)
        ids = [i for i in session.scalars(q) if i not in set(keep)]
        for table in (ActionRow, ChatRow, SeatRow):
            session.execute(delete(table).where(table.game_id.in_(ids)))
        session.execute(delete(GameRow).where(GameRow.id.in_(ids)))
        return len(ids)

    return work


def count_by_status() -> Callable[[Session], dict[str, int]]:
    def work(session: Session) -> dict[str, int]:
        q = select(GameRow.status, func.count()).group_by(GameRow.status)
        return {status: n for status, n in session.execute(q)}

    return work
