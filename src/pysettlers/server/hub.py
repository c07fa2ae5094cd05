"""Every game of one server process: creating, joining, finding and restoring sessions.

What this is for: the lobby's operations behind the HTTP routes — create a game (rules
checked by the engine, bots by their registry, a secret seed drawn), join a seat by invite
code or a public game's open seat (a secret token given back; only its hash is stored),
find a seat by token, list games — and the process's life cycle: at start every unfinished
game is rebuilt from its log and its bots resume; a clock ticks the turn timers.

This is all the per-process state there is: the sessions (a cache of the database's
games), their connected clients and timers. Everything a restart needs is in the database.

What this is not: HTTP (``app.py``), sockets (``ws.py``) or a game's own logic (``session.py``).
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import random
import secrets
import time
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any

from pysettlers.bots import bot_names, lobby_bot_names, make_bot
from pysettlers.engine import Game, Rules

from . import lifecycle
from .botcaps import budgeted, check_costs
from .botpool import FairPool
from .errors import LobbyError
from .lifecycle import PARK_AFTER, PARKED
from .limits import Connections, Creations, Limits
from .lobbywords import rules_words
from .options import APP_OPTIONS, GAME_OPTIONS
from .protocol import (
    Close,
    CreatedOut,
    GameIn,
    GameOut,
    InvitedOut,
    InviteOut,
    JoinedOut,
    JoinIn,
    SeatIn,
    SeatOut,
)
from .session import FINISHED, IN_PROGRESS, OPEN, GameSession
from .store import GameInfo, SeatInfo, Store, iso, now
from .work import Work

__all__ = ["Hub", "LobbyError"]

log = logging.getLogger("pysettlers.server")

EVICT_AFTER = 600.0  # seconds a finished game without clients stays in memory
MAX_BOT_GAMES: int = APP_OPTIONS["max_bot_games"].default  # (declared once: options.py)


def digest(secret: str) -> str:
    """Tokens and invite codes are stored as SHA-256 digests only: a copy of the database
    does not let anyone sit down at a game."""
    return hashlib.sha256(secret.encode()).hexdigest()


class Hub:
    """The games of this process (see the module docstring)."""

    def __init__(
        self,
        store: Store,
        *,
        bot_threads: int = APP_OPTIONS["bot_threads"].default,
        pace: float = 1.0,
        park_after: float = PARK_AFTER,
        max_bot_games: int = MAX_BOT_GAMES,
        limits: Limits | None = None,
        llm_profiles: str = APP_OPTIONS["llm_profiles"].default,
        bot_ms: float = APP_OPTIONS["bot_ms"].default,
    ) -> None:
        self.store = store
        self.bot_ms = bot_ms  # a lobby bot's time budget per search (``botcaps.py``)
        # The language-model bots the operator offers (``--llm-profiles``): a seat names one
        # of these profiles and nothing else, so no request reaches an endpoint, a key or a
        # file of its choosing (``_check_bot``).
        self.llm_profiles = llm_profile_names(llm_profiles)
        self.limits = limits or Limits()  # connections and creations (``limits.py``)
        self.pace = pace  # scales every game's bot_speed (0: bots never wait; tests)
        self.park_after = park_after  # seconds without a person before a game is parked
        self.max_bot_games = max_bot_games  # bots-only games in progress at once
        self.sessions: dict[str, GameSession] = {}
        # People's games' bots and stand-ins: fair between games (``botpool.py``), so one
        # game's slow bots never hold every thread.
        self.bot_pool = FairPool(bot_threads)
        # Bots-only games think in a thread of their own: one at a time, whatever their
        # number, so that people's games keep the other bot threads.
        self.bots_only_pool = ThreadPoolExecutor(1, thread_name_prefix="bots-only")
        self.work = Work()  # requests' heavy work, off the event loop (``work.py``)
        self.connections = Connections()  # WebSockets open, in all and by address
        self.creations = Creations()  # games created, by address
        self._loading: dict[str, asyncio.Future[GameSession | None]] = {}
        self.rematches: dict[str, str] = {}  # a finished game's id -> its rematch's id
        self._ticker: asyncio.Task[None] | None = None

    # -- life cycle -------------------------------------------------------------------------------

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        ids = await loop.run_in_executor(None, self.store.game_ids, [OPEN, IN_PROGRESS])
        restored = 0
        for game_id in ids:
            try:
                session = await self.get(game_id)
            except Exception:
                # One game whose log does not replay (a hand-edited database, a bug) must
                # not keep every other game from being served: say so and go on.
                log.exception("game %s: its log does not replay; not restored", game_id)
                continue
            if session is not None:
                session.kick()
                restored += 1
        log.info("restored %d of %d unfinished games from the log", restored, len(ids))
        self._ticker = loop.create_task(self._tick())

    async def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
        for session in self.sessions.values():
            for client in session.clients():
                client.close("the server is shutting down", Close.GOING_AWAY)
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        self.bots_only_pool.shutdown(wait=False, cancel_futures=True)
        self.work.close()

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(0.5)
            t = time.monotonic()
            for game_id, session in list(self.sessions.items()):
                try:
                    session.tick(t)
                except Exception:  # one game's trouble must not stop every clock
                    log.exception("game %s: tick failed", game_id)
                if self._parks(session, t):
                    await self._park(session)
                    continue
                if session.status != FINISHED or session.clients():
                    session.idle_since = None
                elif session.idle_since is None:
                    session.idle_since = t
                elif t - session.idle_since > EVICT_AFTER:
                    del self.sessions[game_id]  # reloaded from the log if asked for again

    def _parks(self, session: GameSession, t: float) -> bool:
        """Whether a game is to be parked now (``lifecycle.py``): people's seats, nobody
        here, for ``park_after`` seconds."""
        return (
            session.status in (OPEN, IN_PROGRESS)
            and not session.bots_only
            and not session.clients()
            and t - session.last_person > self.park_after
        )

    async def _park(self, session: GameSession) -> None:
        async with session.lock:
            if session.clients():  # someone came meanwhile
                return
            was = session.status
            await self.store.write(lifecycle.park(session.info.id, was))
            session.info.status = PARKED
            session.info.options["parked_from"] = was
        self.sessions.pop(session.info.id, None)  # rebuilt from the log when opened
        log.info("game %s parked: nobody here for %.0f s", session.info.id, self.park_after)

    def _pool_for(self, seats: list[SeatInfo], game_id: str) -> Executor:
        if all(s.kind != "human" for s in seats):
            return self.bots_only_pool
        return self.bot_pool.lane(game_id)

    def bot_games(self) -> int:
        return sum(1 for x in self.sessions.values() if x.bots_only and x.status == IN_PROGRESS)

    # -- finding games ----------------------------------------------------------------------------

    async def get(self, game_id: str) -> GameSession | None:
        """The live session of a game, rebuilt from the log the first time it is asked for."""
        session = self.sessions.get(game_id)
        if session is not None:
            return session
        if len(game_id) > 32:
            return None
        pending = self._loading.get(game_id)
        if pending is not None:
            return await pending
        fut: asyncio.Future[GameSession | None] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = fut
        try:
            session = await self._load(game_id)
        except Exception as e:
            log.exception("game %s: its log does not replay", game_id)
            err = LobbyError(500, "broken_game", f"game {game_id} cannot be restored: {e}")
            fut.set_exception(err)
            fut.exception()  # (retrieved: waiters get it through their await)
            raise err from e
        else:
            fut.set_result(session)
            return session
        finally:
            del self._loading[game_id]

    async def _load(self, game_id: str) -> GameSession | None:
        loop = asyncio.get_running_loop()
        loaded = await loop.run_in_executor(None, self.store.load, game_id)
        if loaded is None:
            return None
        info, actions = loaded
        chat = await loop.run_in_executor(None, self.store.game_chat, game_id)  # (its record's)
        game, ids = await loop.run_in_executor(None, GameSession.rebuild, info, actions, chat)
        pool = self._pool_for(info.seats, info.id)
        session = GameSession(info, game, self.store, pool, ids, pace=self.pace)
        session._after_change(-1)
        self.sessions[game_id] = session
        if session._past_limit():  # (a game from before games had a bound)
            async with session.lock:
                await session.end_unfinished("turn_limit")
        return session

    async def list_games(self, status: str | None, limit: int) -> list[GameOut]:
        statuses = [status] if status else [OPEN, IN_PROGRESS, FINISHED]
        loop = asyncio.get_running_loop()
        infos = await loop.run_in_executor(None, self.store.games, statuses, limit)
        out = []
        for info in infos:
            if not info.options.get("public", True):
                continue
            session = self.sessions.get(info.id)
            out.append(self.summary(session) if session is not None else _summary(info, None))
        return out

    def summary(self, session: GameSession) -> GameOut:
        return _summary(session.info, session)

    # -- creating and joining ---------------------------------------------------------------------

    async def create(self, req: GameIn, base_url: str) -> CreatedOut:
        rules = _rules(req.rules)
        seats_in = req.seats
        if seats_in is None:
            seats_in = [SeatIn(kind="human")] + [
                SeatIn(kind="bot", bot="medium") for _ in range(rules.players - 1)
            ]
        if len(seats_in) != rules.players:
            raise LobbyError(
                422,
                "bad_seats",
                f"{rules.players} players need {rules.players} seats (got {len(seats_in)})",
                "seats",
            )
        _check_bot(req.stand_in, {}, "stand_in", ())
        seats: list[SeatInfo] = []
        for i, seat_in in enumerate(seats_in):
            if seat_in.kind == "bot":
                _check_bot(seat_in.bot, seat_in.options, f"seats[{i}]", self.llm_profiles)
                check_costs(seat_in.bot, seat_in.options, f"seats[{i}]", self.bot_ms)
                name = seat_in.name or seat_in.bot
                costs = budgeted(seat_in.bot, seat_in.options, self.bot_ms)
                seats.append(SeatInfo(i, "bot", seat_in.bot, costs, name))
            else:
                seats.append(SeatInfo(i, "human", name=seat_in.name))
        if req.join is not None and (req.join >= len(seats) or seats[req.join].kind != "human"):
            raise LobbyError(422, "bad_join", f"seat {req.join} is not a human seat", "join")
        if all(s.kind == "bot" for s in seats) and self.bot_games() >= self.max_bot_games:
            raise LobbyError(
                429,
                "too_many_bot_games",
                f"this server plays at most {self.max_bot_games} bots-only games at once: "
                "try again when one has ended, or sit at the table yourself",
                "seats",
            )
        game = await self._new_game(rules)
        invites: list[InviteOut] = []
        game_id = secrets.token_urlsafe(9)
        you_token = None
        for s in seats:
            if s.kind != "human":
                continue
            if s.seat == req.join:
                you_token = secrets.token_urlsafe(24)
                s.token_hash = digest(you_token)
                s.name = req.player_name
                s.joined = True
            else:
                invites.append(_invite(s, game_id, base_url))
        full = all(s.kind == "bot" or s.token_hash for s in seats)
        # The game's server options, by their declared names (``options.GAME_OPTIONS``:
        # ``GameIn`` has one field each), as the session and the store read them.
        options: dict[str, Any] = {o.name: getattr(req, o.name) for o in GAME_OPTIONS}
        session = await self._open(game_id, req.name, game, options, seats, full)
        you = None
        if you_token is not None and req.join is not None:
            you = JoinedOut(game=game_id, seat=req.join, token=you_token, ws=f"/ws/games/{game_id}")
        return CreatedOut(game=self.summary(session), invites=invites, you=you)

    async def _new_game(self, rules: Rules) -> Game:
        """A new game of ``rules``: its board laid out off the event loop (a map description
        chooses how long that takes), a map that cannot be laid out refused by name."""
        try:
            return await self.work.run("laying out the board", Game.new, rules)
        except ValueError as e:  # (422 as every bad_rules: protocol.HTTP_ERRORS)
            raise LobbyError(422, "bad_rules", str(e)[:300], "rules") from None

    async def _open(
        self,
        game_id: str,
        name: str,
        game: Game,
        options: dict[str, Any],
        seats: list[SeatInfo],
        full: bool,
    ) -> GameSession:
        """A new game written to the database and opened; it starts at once if ``full``."""
        info = GameInfo(
            id=game_id,
            name=name,
            created_at=now(),
            rules=game.state.rules.to_json(),
            board=game.board.to_json(),
            first_player=game.first_player,
            options=options,
            status=IN_PROGRESS if full else OPEN,
            version=0,
            winner=None,
            seats=seats,
        )
        await self.store.write(Store.insert_game(info))
        pool = self._pool_for(seats, game_id)
        session = GameSession(info, game, self.store, pool, {}, pace=self.pace)
        self.sessions[game_id] = session
        if full:
            session.start()
        return session

    async def invited(self, game_id: str, code: str) -> InvitedOut:
        """What the invite ``code`` of ``game_id`` asks its holder to join (the invite page
        says it before they take the seat); an unknown code is refused as ``join`` does."""
        session = await self.get(game_id)
        if session is None:
            raise LobbyError(404, "no_game", f"there is no game {game_id[:40]!r}")
        want = digest(code)
        for st in session.seats:
            h = st.info.invite_hash
            if h is not None and hmac.compare_digest(h, want):
                taken = st.info.token_hash is not None
                return InvitedOut(game=self.summary(session), seat=st.info.seat, taken=taken)
        raise LobbyError(403, "bad_invite", "this invite code is not valid", "invite")

    async def join(self, game_id: str, req: JoinIn) -> JoinedOut:
        session = await self.get(game_id)
        if session is None:
            raise LobbyError(404, "no_game", f"there is no game {game_id!r}")
        seat: int | None = None
        if req.invite is not None:
            want = digest(req.invite)
            for st in session.seats:
                h = st.info.invite_hash
                if h is not None and hmac.compare_digest(h, want):
                    seat = st.info.seat
            if seat is None:
                raise LobbyError(403, "bad_invite", "this invite code is not valid", "invite")
        elif req.seat is not None:
            if not session.info.options.get("public", True):
                raise LobbyError(403, "private", "a private game is joined by invite", "seat")
            if session.info.options.get("rematch_of"):  # kept for the old game's players
                raise LobbyError(
                    403, "reserved", "a rematch's seats are kept for their players", "seat"
                )
            seat = req.seat
        else:
            raise LobbyError(422, "no_seat", "give an invite code or a seat", "invite")
        if seat >= len(session.seats) or not session.seats[seat].human:
            raise LobbyError(409, "not_open", f"seat {seat} is not a human seat", "seat")
        token = secrets.token_urlsafe(24)
        async with session.lock:
            st = session.seats[seat]
            if st.info.token_hash is not None:
                raise LobbyError(409, "taken", f"seat {seat} is already taken", "seat")
            full = all(
                s.info.token_hash is not None for s in session.seats if s.human and s is not st
            )
            status = IN_PROGRESS if full else None
            ok = await self.store.write(
                Store.take_seat(game_id, seat, digest(token), req.name, status)
            )
            if not ok:
                raise LobbyError(409, "taken", f"seat {seat} is already taken", "seat")
            st.info.token_hash = digest(token)
            st.info.name = req.name
            st.info.joined = True
            session.broadcast({"type": "seats", "seats": session.seats_json()})
            if full:
                session.start()
        return JoinedOut(game=game_id, seat=seat, token=token, ws=f"/ws/games/{game_id}")

    @staticmethod
    def seat_for_token(session: GameSession, token: str) -> int | None:
        want = digest(token)
        for st in session.seats:
            h = st.info.token_hash
            if h is not None and hmac.compare_digest(h, want):
                return st.info.seat
        return None

    # -- a rematch --------------------------------------------------------------------------------

    async def rematch(self, game_id: str, token: str | None, base_url: str) -> CreatedOut:
        """The rematch of a finished game for the player holding ``token`` (a seat of it).

        The first call creates it: the same rules on a new map (a new secret seed), the
        same seats (bots with their levels, options and names; humans with their names)
        and the same options, the caller seated at once. Every other human of the old game
        then gets their own seat of it by calling with their own token; each seat also has
        an invite link, given to the creator, for when a player does not come back. Tokens
        of the new game are derived from the old ones (:func:`_rematch_token`), so a second
        call with the same token answers the same seat again. Those seats are kept for
        them: the public join by seat number refuses a rematch's seats (:meth:`join`)."""
        session = await self.get(game_id)
        if session is None:
            raise LobbyError(404, "no_game", f"there is no game {game_id[:40]!r}")
        seat = self.seat_for_token(session, token) if token else None
        if seat is None:
            raise LobbyError(
                403, "bad_token", "a rematch is started by a player of the game (its seat token)"
            )
        if session.status != FINISHED:
            raise LobbyError(
                409, "not_over", "the game is not over: a rematch can start once it has ended"
            )
        assert token is not None
        async with session.lock:  # two players asking at once make one rematch
            new_id = await self._rematch_of(game_id)
            if new_id is None:
                return await self._create_rematch(session, seat, token, base_url)
        new = await self.get(new_id)
        if new is None:
            raise LobbyError(404, "no_game", f"the rematch {new_id} is gone")
        mine = _rematch_token(token, new_id)
        st = new.seats[seat]
        if st.info.token_hash is None:
            await self.join_rematch_seat(new, seat, mine, session.seats[seat].info.name)
        elif not hmac.compare_digest(st.info.token_hash, digest(mine)):
            raise LobbyError(
                409, "taken", f"seat {seat} of the rematch {new_id} was taken by an invite", "seat"
            )
        you = JoinedOut(game=new_id, seat=seat, token=mine, ws=f"/ws/games/{new_id}")
        return CreatedOut(game=self.summary(new), invites=[], you=you)

    async def _rematch_of(self, game_id: str) -> str | None:
        """The rematch already made of ``game_id``, if any (this process's, or one in the
        database: a game whose options say ``rematch_of``)."""
        known = self.rematches.get(game_id)
        if known is not None:
            return known
        loop = asyncio.get_running_loop()
        infos = await loop.run_in_executor(
            None, self.store.games, [OPEN, IN_PROGRESS, FINISHED], 500
        )
        for info in infos:
            if info.options.get("rematch_of") == game_id:
                self.rematches[game_id] = info.id
                return info.id
        return None

    async def _create_rematch(
        self, old: GameSession, seat: int, token: str, base_url: str
    ) -> CreatedOut:
        rules_in = dict(old.info.rules)
        rules_in.pop("seed", None)  # a new secret seed: a new map and new dice
        rules = _rules(rules_in)
        game = await self._new_game(rules)
        game_id = secrets.token_urlsafe(9)
        seats: list[SeatInfo] = []
        invites: list[InviteOut] = []
        mine = _rematch_token(token, game_id)
        for s in old.info.seats:
            if s.kind != "human":
                seats.append(SeatInfo(s.seat, s.kind, s.bot, dict(s.bot_options), s.name))
                continue
            new = SeatInfo(s.seat, "human", name=s.name)
            if s.seat == seat:
                new.token_hash = digest(mine)
                new.joined = True
            else:
                invites.append(_invite(new, game_id, base_url))
            seats.append(new)
        full = all(s.kind != "human" or s.token_hash for s in seats)
        # The same options, whatever they are, and where the game came from.
        options = {**old.info.options, "rematch_of": old.info.id}
        session = await self._open(game_id, old.info.name, game, options, seats, full)
        self.rematches[old.info.id] = game_id
        # The old game's other players are told, so that their pages offer to join it.
        old.broadcast({"type": "rematch", "game": game_id, "by": seat})
        you = JoinedOut(game=game_id, seat=seat, token=mine, ws=f"/ws/games/{game_id}")
        return CreatedOut(game=self.summary(session), invites=invites, you=you)

    async def join_rematch_seat(
        self, session: GameSession, seat: int, token: str, name: str | None
    ) -> None:
        """Seat a player of the old game in its rematch (their seat, kept for them)."""
        async with session.lock:
            st = session.seats[seat]
            full = all(
                s.info.token_hash is not None for s in session.seats if s.human and s is not st
            )
            status = IN_PROGRESS if full else None
            ok = await self.store.write(
                Store.take_seat(session.info.id, seat, digest(token), name or "", status)
            )
            if not ok:
                raise LobbyError(409, "taken", f"seat {seat} is already taken", "seat")
            st.info.token_hash = digest(token)
            st.info.name = name
            st.info.joined = True
            session.broadcast({"type": "seats", "seats": session.seats_json()})
            if full:
                session.start()


def _invite(seat: SeatInfo, game_id: str, base_url: str) -> InviteOut:
    """A new invite code for a human seat: kept as its hash, given out in a link."""
    code = secrets.token_urlsafe(12)
    seat.invite_hash = digest(code)
    return InviteOut(seat=seat.seat, invite=code, url=f"{base_url}join/{game_id}?invite={code}")


def _rematch_token(old_token: str, new_game: str) -> str:
    """A rematch seat's token, derived from the player's token in the old game: only its
    holder can compute it (the database keeps digests of tokens only), and asking twice
    gives the same seat back."""
    mac = hmac.new(old_token.encode(), f"rematch:{new_game}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:24]).decode().rstrip("=")


def _rules(options: dict[str, Any]) -> Rules:
    d = dict(options)
    d.setdefault("seed", secrets.randbits(63))
    try:
        return Rules.from_json(d)
    except (ValueError, TypeError) as e:
        raise LobbyError(422, "bad_rules", f"rules: {e}", "rules") from None


def llm_profile_names(text: str) -> tuple[str, ...]:
    """``--llm-profiles`` text as profile names, each checked against the operator's
    profiles file now (a typo fails at start, not at a player's first game)."""
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    if names:
        from pysettlers.llm.endpoint import load_profile

        for n in names:
            load_profile(n)  # raises ValueError naming the profile and the file
    return names


def _check_bot(
    name: str, options: dict[str, Any], where: str, llm_profiles: tuple[str, ...]
) -> None:
    """A seat's bot as a request names it: a lobby bot with any of its options, or the
    ``llm`` bot with one of the operator's profiles and no other option."""
    known = lobby_bot_names() + (("llm",) if llm_profiles else ())
    if name not in known:
        why = ""
        if name == "llm":
            why = (
                " (a language-model bot is offered only when the server's operator names its "
                "profiles: pysettlers serve --llm-profiles)"
            )
        elif name in bot_names():
            why = " (a bot the server does not offer at its tables)"
        raise LobbyError(
            422,
            "bad_bot",
            f"{where}: unknown bot {name!r} (known: {', '.join(known)}){why}",
            where,
        )
    if name == "llm":
        extra = sorted(set(options) - {"profile"})
        if extra or options.get("profile") not in llm_profiles:
            raise LobbyError(
                422,
                "bad_bot",
                f"{where}.options: an llm seat takes only a profile, one of "
                f"{', '.join(llm_profiles)}" + (f" (not {', '.join(extra)})" if extra else ""),
                f"{where}.options",
            )
    try:
        make_bot(name, random.Random(0), **options)
    except Exception as e:
        raise LobbyError(422, "bad_bot", f"{where}: {e}", where) from None


def _public_rules(info: GameInfo) -> dict[str, Any]:
    rules = dict(info.rules)
    if info.status != FINISHED:
        rules.pop("seed", None)  # the seed is secret until the game is over
    return rules


def _summary(info: GameInfo, session: GameSession | None) -> GameOut:
    if session is not None:
        seats = [SeatOut(**s) for s in session.seats_json()]
        turn = session.game.state.turn
        spectators = len(session.spectators)
    else:
        seats = [
            SeatOut(
                seat=s.seat,
                kind="human" if s.kind == "human" else "bot",
                name=s.name,
                bot=s.bot,
                taken=s.kind == "bot" or s.token_hash is not None,
            )
            for s in info.seats
        ]
        turn = 0
        spectators = 0
    status = info.status
    assert status in (OPEN, IN_PROGRESS, FINISHED, PARKED)
    rules = _public_rules(info)
    return GameOut(
        id=info.id,
        name=info.name,
        status=status,
        ended=info.options.get("ended"),
        rules=rules,
        rules_words=rules_words(rules),
        seats=seats,
        version=info.version,
        turn=turn,
        winner=info.winner,
        public=bool(info.options.get("public", True)),
        turn_timer=info.options.get("turn_timer"),
        manual_chance=bool(info.options.get("manual_chance", False)),
        spectators=spectators,
        created_at=iso(info.created_at),
    )
