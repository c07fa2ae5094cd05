"""The operator's routes: list, end and purge games on a running server.

What this is for: the routes ``pysettlers admin`` (``pysettlers/admin.py``) calls. They
are on only when the server was started with an admin token (``pysettlers serve
--admin-token``, or the ``PYSETTLERS_ADMIN_TOKEN`` environment variable); each request
carries it as ``Authorization: Bearer TOKEN``. They work through the running server —
never on its database behind its back — so a game ended here is ended for its players at
once.

* ``GET /api/admin/games?status=S&limit=N`` — games of every status, parked ones included,
  newest first, with why an unfinished game ended and how many games each status holds;
* ``POST /api/admin/games/{id}/end`` — end a game without a winner (``ended: admin``);
* ``POST /api/admin/purge`` ``{"finished_days": D}`` — delete the games (seats, log, chat)
  that finished more than ``D`` days ago.

What this is not: the rules of when games end or park (``lifecycle.py``), nor the command.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from datetime import timedelta
from typing import Any, Literal

from fastapi import Depends, FastAPI, Header, Query
from pydantic import BaseModel, ConfigDict, Field

from pysettlers.admin import TOKEN_ENV

from . import lifecycle
from .errors import LobbyError
from .hub import Hub
from .session import FINISHED, IN_PROGRESS, OPEN
from .store import now

Status = Literal["open", "in_progress", "finished", "parked"]


class PurgeIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    finished_days: float = Field(ge=0, le=36500, description="finished more than this ago")


def add_routes(app: FastAPI, hub: Callable[[], Hub], token: str | None) -> None:
    """The admin routes (module docstring); without a ``token`` they answer 404."""

    def allowed(authorization: str | None) -> Hub:
        if not token:
            raise LobbyError(
                404, "no_admin", f"this server has no admin token ({TOKEN_ENV}): no admin routes"
            )
        scheme, _, given = (authorization or "").partition(" ")
        if scheme != "Bearer" or not hmac.compare_digest(given.strip(), token):
            raise LobbyError(403, "bad_token", "the admin routes need the admin token")
        return hub()

    @app.get("/api/admin/games", include_in_schema=False)
    async def admin_games(
        status: Status | None = None,
        limit: int = Query(100, ge=1, le=1000),
        authorization: str | None = Header(None, max_length=200),
    ) -> dict[str, Any]:
        h = allowed(authorization)
        statuses = [status] if status else [OPEN, IN_PROGRESS, lifecycle.PARKED, FINISHED]
        games = await h.work.run("listing games", h.store.read, lifecycle.overview(statuses, limit))
        counts = await h.work.run("counting games", h.store.read, lifecycle.count_by_status())
        return {"games": games, "counts": counts}

    @app.post("/api/admin/games/{game_id}/end", include_in_schema=False)
    async def admin_end(
        game_id: str, authorization: str | None = Header(None, max_length=200)
    ) -> dict[str, Any]:
        h = allowed(authorization)
        session = await h.get(game_id)
        if session is None:
            raise LobbyError(404, "no_game", f"there is no game {game_id[:40]!r}")
        async with session.lock:
            if session.status == FINISHED:
                raise LobbyError(409, "finished", "the game is over already")
            await session.end_unfinished("admin")
        return {"game": game_id, "status": session.status, "ended": "admin"}

    def allowed_first(authorization: str | None = Header(None, max_length=200)) -> Hub:
        return allowed(authorization)

    # The token is a dependency, checked before the body is read: without it a request
    # learns nothing of the route, not even the shape of its body (403 before any 422).
    @app.post("/api/admin/purge", include_in_schema=False)
    async def admin_purge(
        req: PurgeIn,
        h: Hub = Depends(allowed_first),  # noqa: B008 (FastAPI's way; a local function)
    ) -> dict[str, Any]:
        before = now() - timedelta(days=req.finished_days)
        work = lifecycle.purge_finished(before, list(h.sessions))
        return {"purged": await h.store.write(work)}
