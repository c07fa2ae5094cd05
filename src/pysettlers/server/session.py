"""One game on the server: its state, record and connected clients (one session per game).

What this is for: the only place a game changes. :meth:`GameSession.submit` takes an action
in notation from a seat (a human's client, a bot, or a bot standing in), and either refuses
it — malformed, another seat's, stale, illegal (naming the engine's rule) — with nothing
changed, or accepts it: the chance outcome is drawn from the server's own unpredictable
generator (or, in a ``manual_chance`` game, taken from the player), the action with its
outcome is committed to the database's log, and only then applied to the live state and
sent to every client as that client's own view. All of it happens under the session's lock,
so one game's actions are strictly ordered while other games go on.

Bots (``kind: bot`` seats, and stand-ins for humans who are absent or out of time) choose
in a thread pool from their ``observe()`` view and the legal actions, never on the event
loop, and submit like anyone else.

What this is not: HTTP or sockets (``app.py``, ``ws.py``), the database (``store.py``) or
any rule (the engine decides legality; the server only adds who may speak for a seat).
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

import orjson

from pysettlers.bots import Bot, make_bot
from pysettlers.engine import (
    Action,
    Board,
    Game,
    IllegalActionError,
    NotationError,
    Outcome,
    Rules,
    chance_outcomes,
    check,
    deciders,
    format_action,
    format_outcome,
    legal_actions,
    observe,
    parse_action,
    parse_outcome,
    record_for,
)
from pysettlers.engine.types import NOBODY, Phase

from .clients import Client
from .store import Conflict, GameInfo, LoggedAction, SeatInfo, Store
from .viewjson import ViewCache

log = logging.getLogger("pysettlers.server")

OPEN, IN_PROGRESS, FINISHED = "open", "in_progress", "finished"

# The server's chance: the operating system's generator, so nothing a client sees (not even
# the seed, once the game is over) predicts a future roll, and a restart repeats nothing.
_CHANCE = random.SystemRandom()


@dataclass
class Result:
    """What :meth:`GameSession.submit` says: accepted (with the version) or an error."""

    ok: bool
    version: int
    code: str = ""
    message: str = ""
    rule: str | None = None
    duplicate: bool = False

    def error_message(self, client_id: str | None) -> dict[str, Any]:
        return {
            "type": "error",
            "code": self.code,
            "rule": self.rule,
            "message": self.message,
            "id": client_id,
            "version": self.version,
        }


def accepted_message(client_id: str | None, version: int, duplicate: bool) -> dict[str, Any]:
    return {"type": "accepted", "id": client_id, "version": version, "duplicate": duplicate}


@dataclass
class SeatState:
    """A seat at run time: its stored facts, its bot, its connection and its clock."""

    info: SeatInfo
    bot: Bot | None = None  # a bot seat's bot, or the stand-in once one was needed
    client: Client | None = None  # a human seat's connection (one at a time)
    absent_since: float | None = None  # monotonic time the seat was left unconnected
    stand_in: bool = False  # a bot plays this human seat until they return
    waiting_since: float | None = None  # when the seat last had to decide (turn timer)
    timed_out: bool = False  # the stand-in makes this one decision (turn timer)
    bot_since: int = -1  # the version of the last view a bot saw for this seat
    # The legal actions sent with the last few versions (version -> actions), to tell a
    # decision on an older version that still stands from a stale one.
    offered: dict[int, tuple[str, ...]] = field(default_factory=dict)
    # The legal actions of the newest version sent, by notation: an action sent back as
    # offered needs neither parsing nor the engine's check (it came from legal_actions).
    legal_version: int = -1
    legal_by_text: dict[str, Action] = field(default_factory=dict)

    def offer(self, version: int, legal: tuple[str, ...]) -> None:
        self.offered[version] = legal
        if len(self.offered) > 16:
            del self.offered[min(self.offered)]

    @property
    def human(self) -> bool:
        return self.info.kind == "human"


class GameSession:
    """A live game (see the module docstring). Build with :meth:`restore` or :meth:`new`."""

    def __init__(
        self,
        info: GameInfo,
        game: Game,
        store: Store,
        bot_pool: Executor,
        client_ids: dict[str, int],
    ) -> None:
        self.info = info
        self.game = game
        self.store = store
        self.bot_pool = bot_pool
        self.lock = asyncio.Lock()
        self.seats = [SeatState(s) for s in info.seats]
        self.spectators: set[Client] = set()
        self.client_ids = client_ids  # client action id -> version it was accepted at
        self.idle_since: float | None = None  # when the last client of a finished game left
        self._driver: asyncio.Task[None] | None = None
        self._view_cache: dict[tuple[int | None, int], str] = {}
        self._cache_version = -1
        self._cache_status = ""
        self._views = ViewCache()
        start = time.monotonic()
        for seat in self.seats:
            if seat.human:
                seat.absent_since = start
            else:
                seat.bot = self._build_bot(seat.info.bot or "random", seat.info.bot_options)

    # -- building -------------------------------------------------------------------------------

    @staticmethod
    def rebuild(info: GameInfo, actions: list[LoggedAction]) -> tuple[Game, dict[str, int]]:
        """The live game from its log: each action replayed with its recorded outcome (checked,
        so a tampered log fails loudly), never with a generator."""
        rules = Rules.from_json(info.rules)
        game = Game.new(rules, first_player=info.first_player, board=Board.from_json(info.board))
        topo = game.state.topo
        ids: dict[str, int] = {}
        for row in actions:
            action = parse_action(row.action, topo)
            game.play(action, parse_outcome(action.kind, row.outcome))
            if game.state.version != row.version:
                raise ValueError(f"game {info.id}: the log's version {row.version} is out of order")
            if row.client_id is not None:
                ids[row.client_id] = row.version
        return game, ids

    @staticmethod
    def _build_bot(name: str, options: dict[str, Any]) -> Bot:
        return make_bot(name, random.Random(secrets.randbits(64)), **options)

    # -- facts --------------------------------------------------------------------------------

    @property
    def status(self) -> str:
        return self.info.status

    @property
    def version(self) -> int:
        return self.game.state.version

    @property
    def manual_chance(self) -> bool:
        return bool(self.info.options.get("manual_chance", False))

    def clients(self) -> list[Client]:
        out = [s.client for s in self.seats if s.client is not None]
        out.extend(self.spectators)
        return out

    def bot_controlled(self, seat: SeatState) -> bool:
        return not seat.human or seat.stand_in or seat.timed_out

    def seats_json(self) -> list[dict[str, Any]]:
        return [
            {
                "seat": s.info.seat,
                "kind": s.info.kind,
                "name": s.info.name or (s.info.bot if not s.human else None),
                "bot": s.info.bot if not s.human else None,
                "taken": (not s.human) or s.info.token_hash is not None,
                "connected": s.client is not None,
                "stand_in": s.stand_in,
            }
            for s in self.seats
        ]

    # -- messages -------------------------------------------------------------------------------

    def state_message(self, seat: int | None, since: int | None) -> str:
        """The ``state`` message for a seat (``None``: a spectator) with the events since
        ``since``; cached per (viewer, since) for the current version, so spectators and
        repeated sends cost one serialization."""
        s = self.game.state
        v = s.version
        cache_key = (seat, -2 if since is None else since)
        if self._cache_version != v or self._cache_status != self.status:
            self._view_cache = {}
            self._cache_version, self._cache_status = v, self.status
        cached = self._view_cache.get(cache_key)
        if cached is not None and seat is None:  # a seat's message also sets its offer
            return cached
        legal: tuple[str, ...] = ()
        deadline = None
        stand_in = False
        if seat is not None:
            st = self.seats[seat]
            if self.status == IN_PROGRESS and seat in deciders(s):
                topo = s.topo
                actions = legal_actions(s, seat)
                legal = tuple(format_action(a, topo) for a in actions)
                st.legal_version, st.legal_by_text = v, dict(zip(legal, actions))
            st.offer(v, legal)
            stand_in = st.stand_in
            timer = self.info.options.get("turn_timer")
            if timer and st.waiting_since is not None and legal:
                deadline = round(max(0.0, st.waiting_since + timer - time.monotonic()), 1)
        head = orjson.dumps(
            {
                "type": "state",
                "game": self.info.id,
                "status": self.status,
                "version": v,
                "seat": seat,
                "legal": legal,
                "stand_in": stand_in,
                "deadline": deadline,
            }
        )
        view = self._views.view_bytes(s, seat, since)
        text = (head[:-1] + b',"view":' + view + b"}").decode()
        self._view_cache[cache_key] = text
        return text

    def send_state(self, client: Client, since: int | None = None) -> None:
        client.send_text(self.state_message(client.seat, since))
        client.since = self.version

    def broadcast_state(self) -> None:
        for client in self.clients():
            self.send_state(client, client.since)

    def broadcast(self, message: dict[str, Any]) -> None:
        for client in self.clients():
            client.send(message)

    # -- connections ------------------------------------------------------------------------------

    def attach(self, client: Client, since: int | None) -> None:
        """A client connected (under the lock): replaces the seat's previous connection."""
        if client.seat is None:
            self.spectators.add(client)
        else:
            st = self.seats[client.seat]
            old = st.client
            if old is not None:
                old.close("replaced by a newer connection for this seat")
            st.client = client
            st.absent_since = None
            st.stand_in = False  # the human is back: the stand-in hands the seat back
        self.send_state(client, since)
        self.broadcast({"type": "seats", "seats": self.seats_json()})

    def detach(self, client: Client) -> None:
        if client.seat is None:
            self.spectators.discard(client)
            return
        st = self.seats[client.seat]
        if st.client is client:
            st.client = None
            st.absent_since = time.monotonic()
            self.broadcast({"type": "seats", "seats": self.seats_json()})

    # -- actions --------------------------------------------------------------------------------

    async def submit(
        self,
        seat: int,
        text: str,
        version: int,
        client_id: str | None = None,
        outcome_text: str | None = None,
        by: str = "human",
        client: Client | None = None,
    ) -> Result:
        """Accept or refuse one action (see the module docstring). ``client``, the sender,
        hears ``accepted`` before the ``state`` of the new version that everyone gets."""
        async with self.lock:
            result = await self._submit(seat, text, version, client_id, outcome_text, by, client)
        if result.ok and not result.duplicate:
            self.kick()
        return result

    def _refuse(self, code: str, message: str, rule: str | None = None) -> Result:
        return Result(False, self.version, code, message, rule)

    async def _submit(
        self,
        seat: int,
        text: str,
        version: int,
        client_id: str | None,
        outcome_text: str | None,
        by: str,
        client: Client | None,
    ) -> Result:
        s = self.game.state
        if client_id is not None and client_id in self.client_ids:
            # A retry of an action already accepted (its answer was lost): say so again.
            return Result(True, self.client_ids[client_id], duplicate=True)
        if self.status == OPEN:
            return self._refuse("not_started", "the game starts when every seat is taken")
        if self.status == FINISHED:
            return self._refuse("game_over", "the game is over")
        st = self.seats[seat]
        known = st.legal_by_text.get(text) if st.legal_version == s.version else None
        if known is not None:
            action = known  # one of this very position's legal actions: checked already
        else:
            try:
                action = parse_action(text, s.topo)
            except NotationError as e:
                return self._refuse("malformed", str(e), "Notation")
            if action.player != seat:
                return self._refuse(
                    "not_your_seat", f"this connection plays p{seat}, not p{action.player}"
                )
        if version != s.version and not self._options_unchanged(st, version):
            return self._refuse(
                "stale",
                f"the game moved on from version {version} to {s.version}: "
                "your options changed, look again",
            )
        try:
            if known is None:
                check(s, action)
            outcome = self._outcome(action, outcome_text, by)
        except IllegalActionError as e:
            return self._refuse("illegal", e.message, e.rule)
        except NotationError as e:
            return self._refuse("malformed", str(e), "Notation")
        row = LoggedAction(
            version=s.version + 1,
            seat=seat,
            action=text if known is not None else format_action(action, s.topo),
            outcome=format_outcome(action.kind, outcome),
            client_id=client_id,
            by=by,
        )
        return await self._commit(action, outcome, row, client)

    def _options_unchanged(self, st: SeatState, version: int) -> bool:
        """A decision on an older version still stands if this seat's legal actions are the
        same now as in the view it answered: others deciding at the same time (discards,
        trade answers, helpers asked on another's turn) do not make each other stale."""
        offered = st.offered.get(version)
        if not offered:
            return False
        s = self.game.state
        if st.info.seat not in deciders(s):
            return False
        now = tuple(format_action(a, s.topo) for a in legal_actions(s, st.info.seat))
        return now == offered

    def _outcome(self, action: Action, outcome_text: str | None, by: str) -> Outcome:
        s = self.game.state
        outcomes = chance_outcomes(s, action)
        if self.manual_chance and by == "human":
            if outcomes and outcome_text is None:
                raise IllegalActionError(
                    "Chance", "this game's chance is entered by hand: send the outcome too"
                )
            if not outcomes and outcome_text is not None:
                raise IllegalActionError("Chance", "this action has no chance outcome")
            outcome = parse_outcome(action.kind, outcome_text)
            check(s, action, outcome)
            return outcome
        if outcome_text is not None:
            raise IllegalActionError(
                "Chance", "chance outcomes are entered only in manual_chance games"
            )
        if not outcomes:
            return None
        picks = [o for o, _ in outcomes]
        weights = [w for _, w in outcomes]
        drawn: Outcome = _CHANCE.choices(picks, weights)[0]
        return drawn

    async def _commit(
        self, action: Action, outcome: Outcome, row: LoggedAction, client: Client | None
    ) -> Result:
        """Apply, write the log row (with the game's new status) and only then tell anyone."""
        game = self.game
        game.play(action, outcome, checked=False)  # checked above, outcome included
        s = game.state
        over = s.phase == Phase.GAME_OVER
        status = FINISHED if over else IN_PROGRESS
        winner = s.winner if s.winner != NOBODY else None
        try:
            await self.store.write(Store.append_action(self.info.id, row, status, winner))
        except Exception as e:
            # Nothing was written: put the live state back as the log has it.
            log.error("game %s: writing version %d failed: %s", self.info.id, row.version, e)
            await self._reload()
            code = "conflict" if isinstance(e, Conflict) else "server"
            return self._refuse(code, "the action could not be saved; nothing changed")
        self.info.status = status
        self.info.version = row.version
        self.info.winner = winner
        if row.client_id is not None:
            self.client_ids[row.client_id] = row.version
        self._after_change(action.player)
        if client is not None:
            client.send(accepted_message(row.client_id, row.version, False))
        self.broadcast_state()
        return Result(True, row.version)

    async def _reload(self) -> None:
        loop = asyncio.get_running_loop()
        loaded = await loop.run_in_executor(None, self.store.load, self.info.id)
        assert loaded is not None
        info, actions = loaded
        self.game, self.client_ids = self.rebuild(info, actions)
        self.info.status, self.info.version = info.status, info.version

    def _after_change(self, actor: int) -> None:
        """Clocks: a seat's turn timer runs from when it became a decider (or last acted)."""
        d = set(deciders(self.game.state))
        t = time.monotonic()
        for st in self.seats:
            seat = st.info.seat
            if seat == actor:
                st.timed_out = False
            if seat not in d:
                st.waiting_since = None
            elif st.waiting_since is None or seat == actor:
                st.waiting_since = t

    def start(self) -> None:
        """Every seat is taken: the game begins (bots move, clocks run)."""
        self.info.status = IN_PROGRESS
        t = time.monotonic()
        for st in self.seats:
            if st.human and st.client is None:
                st.absent_since = t
        self._after_change(-1)
        self.broadcast_state()
        self.kick()

    # -- bots -------------------------------------------------------------------------------------

    def kick(self) -> None:
        """Make sure the bot driver runs if a bot (or stand-in) has a decision to make."""
        if self.status != IN_PROGRESS:
            return
        if self._driver is None or self._driver.done():
            if self._bot_decider() is not None:
                self._driver = asyncio.get_running_loop().create_task(self._drive())

    def _bot_decider(self) -> SeatState | None:
        for p in deciders(self.game.state):
            st = self.seats[p]
            if self.bot_controlled(st):
                return st
        return None

    async def _drive(self) -> None:
        loop = asyncio.get_running_loop()
        while self.status == IN_PROGRESS:
            async with self.lock:
                st = self._bot_decider()
                if st is None:
                    return
                s = self.game.state
                seat = st.info.seat
                if st.bot is None:  # a human's stand-in, built when first needed
                    st.bot = self._build_bot(str(self.info.options.get("stand_in", "medium")), {})
                bot = st.bot
                view = observe(s, seat, st.bot_since)
                st.bot_since = view.version
                legal = legal_actions(s, seat)
                version = s.version
            by = "bot" if not st.human else "stand-in"
            try:
                action = await loop.run_in_executor(self.bot_pool, bot.choose, view, legal)
                text = format_action(action, s.topo)
            except Exception as e:  # a bot's bug must not stop the game: log, play on
                log.error("game %s: bot p%d failed: %s", self.info.id, seat, e)
                text = format_action(_CHANCE.choice(legal), s.topo)
            result = await self.submit(seat, text, version, by=by)
            if not result.ok and result.code not in ("stale", "game_over"):
                log.error("game %s: bot p%d: %s", self.info.id, seat, result.message)
                fallback = format_action(_CHANCE.choice(legal), s.topo)
                await self.submit(seat, fallback, version, by=by)

    def tick(self, t: float) -> None:
        """Clocks (called about twice a second): stand-ins for absent or slow humans."""
        if self.status != IN_PROGRESS:
            return
        timer = self.info.options.get("turn_timer")
        if not timer and all(st.client is not None for st in self.seats if st.human):
            return  # no clock can run out (the common case: it runs for every game)
        d = deciders(self.game.state)
        limit = float(self.info.options.get("absent_limit", 60))
        changed = False
        for p in d:
            st = self.seats[p]
            if not st.human or st.stand_in or st.timed_out:
                continue
            if st.client is None and st.absent_since is not None and t - st.absent_since > limit:
                st.stand_in = True
                changed = True
            elif timer and st.waiting_since is not None and t - st.waiting_since > timer:
                st.timed_out = True
                changed = True
        if changed:
            self.broadcast({"type": "seats", "seats": self.seats_json()})
            self.kick()

    # -- records --------------------------------------------------------------------------------

    def record(self, viewer: int | None) -> dict[str, Any]:
        """The record as ``viewer`` may have it: no seed (and no outcome holding another
        seat's secret) before the game is over; all of it afterwards."""
        return record_for(self.game, viewer)
