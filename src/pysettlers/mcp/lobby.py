"""The games and seats one MCP server holds: creating, joining and finding them by handle.

What this is for: the tools' bookkeeping. ``create_game`` makes a :class:`LocalTable` from
the players, the caller's seat, the bots for the others and rules options by name — the
engine's declared options (``engine/options.py``: each checked by its declaration, a bad
one refused naming it) — and gives the caller a seat *handle*; ``join_game`` gives a handle
for an open seat of a local game (or, through ``remote.py``, for a seat of a running
server). A handle is unguessable (a random part), so that callers sharing an HTTP server
cannot play or read each other's seats: every seat tool names one.

What this is not: a game (``local.py``), the tools (``server.py``), or a store: games live
as long as the server process, at most :data:`MAX_GAMES` at once (the oldest finished one
makes room).
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Mapping, Sequence
from typing import Any, Final

from pysettlers.engine import Rules
from pysettlers.engine.config import default_map_kind

from .backend import Seat
from .local import PLAYING, LocalSeat, LocalTable

MAX_GAMES: Final = 64
"""The most games one server holds (a finished one is dropped to make room)."""

OPEN: Final = "open"
"""The bot spec that leaves a seat open for another caller (``join_game``)."""

NOT_OPTIONS: Final = ("players", "seed")
"""Rules options given as arguments of their own, not in ``options``."""


def rules_for(
    players: int, options: Mapping[str, Any], seed: int, rules: type[Rules] = Rules
) -> Rules:
    """The rules of a game: ``options`` by the engine's option names (JSON values, as the
    server's ``POST /api/games`` takes them); without a map, the default for ``players``.
    Raises ``ValueError`` naming an unknown or refused option."""
    known = [o.name for o in rules.options.where("server") if o.name not in NOT_OPTIONS]
    unknown = sorted(k for k in options if k not in known)
    if unknown:
        raise ValueError(f"unknown rules options {unknown}: the options are {', '.join(known)}")
    values = rules.options.from_json({**options, "players": players, "seed": seed})
    if "map_kind" not in options:
        given = options.get("map_description") is not None
        values["map_kind"] = "described" if given else default_map_kind(players)
    return rules(**values)


def bot_seats(players: int, seat: int, bots: Sequence[str]) -> list[str | None]:
    """Each seat's bot spec (``None``: the caller's or an open seat): ``bots`` is one spec
    for every other seat or one per other seat, in seat order."""
    if not 2 <= players <= 8:
        raise ValueError(f"players must be from 2 to 8 (got {players})")
    if not 0 <= seat < players:
        raise ValueError(f"seat must be from 0 to {players - 1} (got {seat})")
    others = players - 1
    specs = list(bots) if bots else ["weighted"]
    if len(specs) == 1:
        specs *= others
    if len(specs) != others:
        raise ValueError(f"bots: give one bot for every other seat, or {others} (got {len(specs)})")
    out: list[str | None] = [s.strip() if s.strip() != OPEN else None for s in specs]
    out.insert(seat, None)
    return out


class Lobby:
    """The games and seats of one MCP server (see the module docstring)."""

    def __init__(self, max_games: int = MAX_GAMES) -> None:
        self.max_games = max_games
        self.tables: dict[str, LocalTable] = {}
        self.seats: dict[str, Seat] = {}
        self._count = 0
        self._lock = threading.Lock()

    def create(
        self,
        *,
        players: int = 4,
        seat: int = 0,
        bots: Sequence[str] = (),
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> Seat:
        """A new local game with the caller at ``seat``; the caller's handle. Without a
        seed, a random one (never shown)."""
        specs = bot_seats(players, seat, bots)
        if seed is None:
            seed = secrets.randbelow(1 << 63)
        rules = rules_for(players, options or {}, seed)
        with self._lock:
            self._make_room()
            self._count += 1
            game_id = f"g{self._count}"
        table = LocalTable(game_id, rules, specs)  # (the bots' first moves: outside the lock)
        with self._lock:
            self.tables[game_id] = table
            return self._take(table, seat)

    def join(self, game: str, seat: int | None = None) -> Seat:
        """A handle for an open seat of local game ``game`` (``seat``: which; default the
        first open one)."""
        with self._lock:
            table = self.tables.get(game)
            if table is None:
                raise ValueError(f"no local game {game!r} (list_games lists them)")
            open_seats = sorted(table.callers - set(table.taken))
            if seat is None:
                if not open_seats:
                    raise ValueError(f"game {game} has no open seat")
                seat = open_seats[0]
            if seat not in open_seats:
                said = ", ".join(f"p{p}" for p in open_seats) or "none"
                raise ValueError(f"seat p{seat} of game {game} is not open (open: {said})")
            return self._take(table, seat)

    def add(self, seat: Seat) -> Seat:
        """Hold a seat made elsewhere (a remote one) under its handle."""
        with self._lock:
            self.seats[seat.handle] = seat
            return seat

    def seat(self, handle: str) -> Seat:
        """The seat of ``handle``. Raises ``KeyError`` with a sentence when there is none."""
        found = self.seats.get(handle.strip())
        if found is None:
            raise KeyError(
                f"no seat with the handle {handle!r}: create_game or join_game gives one"
            )
        return found

    def games(self) -> list[dict[str, Any]]:
        """Every local game's public facts, and the remote seats held."""
        with self._lock:
            tables = list(self.tables.values())
            remote = [s for s in self.seats.values() if not isinstance(s, LocalSeat)]
        out = []
        for t in tables:
            with t.lock:
                out.append(t.describe())
        for s in remote:
            out.append(s.describe())
        return out

    def _take(self, table: LocalTable, seat: int) -> Seat:
        handle = f"{table.id}-p{seat}-{secrets.token_hex(4)}"
        table.taken[seat] = handle
        local = LocalSeat(table, seat, handle)
        self.seats[handle] = local
        return local

    def _make_room(self) -> None:
        """Drop the oldest stopped game when the lobby is full (refuse if none stopped)."""
        if len(self.tables) < self.max_games:
            return
        for game_id, t in self.tables.items():
            if t.status != PLAYING:
                del self.tables[game_id]
                for handle in t.taken.values():
                    self.seats.pop(handle, None)
                return
        raise ValueError(
            f"this server holds {self.max_games} games being played, the most it holds"
        )
