"""One game on the server: its state, record and connected clients (one session per game).

What this is for: the only place a game changes. :meth:`GameSession.submit` takes an action
in notation from a seat (a human's client, a bot, or a bot standing in), and either refuses
it — malformed, another seat's, stale, illegal (naming the engine's rule) — with nothing
changed, or accepts it: the chance outcome is drawn from the server's own unpredictable
generator (or, in a ``manual_chance`` game, taken from the player), the action with its
outcome is applied to the live state (which tells the new status: over or not), written
with that status to the database's log, and only once the log has it sent to every client
as that client's own view — if the write (or the applying) fails, the live state is rebuilt
from the log and nobody hears of the action (``_commit`` says why this order). All of it
happens under the session's lock, so one game's actions are strictly ordered while other
games go on.

Bots (``kind: bot`` seats, and stand-ins for humans who are absent or out of time) choose
in a thread pool from their ``observe()`` view and the legal actions, never on the event
loop, and submit like anyone else. The table's manners for bots sitting with people live
here too, as they are about who is at the table, not about the rules:

* **Pace**: while a person is seated (connected) or watching, each bot action comes at
  least the game's ``bot_speed`` delay after the last change (:data:`BOT_SPEEDS`), so people
  can follow it; a game nobody watches runs at full speed.
* **An offer waits for the people it was made to**: the engine lets the offerer withdraw
  at any moment (it is among the deciders while answers are pending), but a bot offerer is
  not asked while a person it addressed has not answered, until the game's ``offer_time``
  has passed; then it is asked, and withdraws (its one legal action). The state message's
  ``offer_deadline`` counts that time down.
* **Bots' offers to people**: at most one a turn from each bot, and none to a person who
  turned them off (the ``prefs`` message); such a person is struck from the offer's
  addressees, and an offer left with nobody is not made.
* **Chat**: a bot that talks (``pysettlers.match``'s ``hear``/``said``) hears every line
  of the table — people's and bots' — before it next chooses, and the line it says with a
  choice is said once its action is accepted, as a person's chat is (:meth:`GameSession.say`:
  cleaned, stored with the game's version, sent to everyone, in the record), within a chat
  bucket of its seat as a connection's (``clients.CHAT``), so a chatty bot cannot flood the
  table; a stand-in says nothing in a person's name.

What this is not: HTTP or sockets (``app.py``, ``ws.py``), the database (``store.py``) or
any rule (the engine decides legality; the server only adds who may speak for a seat).
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

import orjson

from pysettlers.bots import Bot, make_bot
from pysettlers.engine import (
    Action,
    Board,
    ChatLine,
    Game,
    IllegalActionError,
    NotationError,
    Outcome,
    Rules,
    View,
    chance_outcomes,
    check,
    clean_chat,
    deciders,
    format_action,
    format_outcome,
    legal_actions,
    parse_action,
    parse_outcome,
    record_for,
)
from pysettlers.engine.actions import OFFER_KINDS
from pysettlers.engine.trade import name_open_offer
from pysettlers.engine.types import NOBODY, ActionKind, Phase
from pysettlers.match import BotError, Decision, Match

from . import lifecycle
from .clients import CHAT, Client, TokenBucket
from .lifecycle import past_limit
from .options import GAME_OPTIONS
from .protocol import Close
from .store import Conflict, GameInfo, LoggedAction, SeatInfo, Store, iso, now
from .viewjson import ViewCache
from .wordsjson import Note, named_seats, seat_names, state_words

log = logging.getLogger("pysettlers.server")

OPEN, IN_PROGRESS, FINISHED = "open", "in_progress", "finished"

# The server's chance: the operating system's generator, so nothing a client sees (not even
# the seed, once the game is over) predicts a future roll, and a restart repeats nothing.
_CHANCE = random.SystemRandom()

BOT_SPEEDS = {"instant": 0.0, "fast": 0.35, "normal": 0.8, "slow": 1.6}
"""Seconds between a bot's action and the change before it, while people follow the game."""
BOTS_ONLY_STEP = 0.02  # seconds an action at least in a bots-only game, watched or not


ClientIds = dict[tuple[int, str], tuple[int, str]]
"""The action ids clients sent with accepted actions: (seat, id) -> (the version the action
was accepted at, the action as logged). Ids are a seat's own: two seats may use the same."""


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
    stand_in_moves: int = 0  # the stand-in's actions since it last took this seat over
    # The legal actions sent with the last few versions (version -> actions), to tell a
    # decision on an older version that still stands from a stale one.
    offered: dict[int, tuple[str, ...]] = field(default_factory=dict)
    # The legal actions of the newest version sent, by notation: an action sent back as
    # offered needs neither parsing nor the engine's check (it came from legal_actions).
    legal_version: int = -1
    legal_by_text: dict[str, Action] = field(default_factory=dict)
    bot_offers: bool = True  # a person who takes bots' domestic offers (``prefs``)
    offered_people_turn: int = -1  # the turn this bot last made an offer to people
    # A bot seat's chat lines: bounded as a connection's are (a chatty bot cannot flood).
    chat: TokenBucket = field(default_factory=lambda: TokenBucket(*CHAT))
    # A person's accepted actions, whatever connection sends them (``play.act``: the
    # server's ``Limits``, made at the seat's first action).
    actions: TokenBucket | None = None

    def offer(self, version: int, legal: tuple[str, ...]) -> None:
        self.offered[version] = legal
        if len(self.offered) > 16:
            del self.offered[min(self.offered)]

    @property
    def human(self) -> bool:
        return self.info.kind == "human"


class _SeatBot:
    """A seat's chooser as the session's :class:`Match` sees it: the seat's bot — a bot
    seat's own, or a person's stand-in, built when first needed (``_drive``)."""

    def __init__(self, seat: SeatState) -> None:
        self.seat = seat

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        bot = self.seat.bot
        if bot is None:
            raise RuntimeError(f"p{self.seat.info.seat} has no bot: a person decides for it")
        return bot.choose(view, legal)

    # The seat's bot's chat, if it talks (``pysettlers.match``: the match finds these two
    # once, on this wrapper; the bot behind it may change, so they look each time).

    def hear(self, lines: Sequence[ChatLine]) -> None:
        hear = getattr(self.seat.bot, "hear", None)
        if callable(hear):
            hear(lines)

    def said(self) -> str | None:
        if self.seat.human:
            return None  # a stand-in says nothing in a person's name
        said = getattr(self.seat.bot, "said", None)
        text: str | None = said() if callable(said) else None
        return text


def _choose_and_say(match: Match, d: Decision) -> tuple[Action, str | None]:
    """A bot's choice for ``d`` and the line it says with it, in the bot pool (neither
    reads anything the event loop changes). A bot whose ``said`` fails keeps its choice and
    says nothing."""
    action = match.choose(d)
    try:
        return action, match.said(d.seat)
    except BotError as e:
        log.error("bot p%d's chat failed: %s", d.seat, e)
        return action, None


def placed_chat(
    rows: Sequence[tuple[int | None, int | None, str]], players: int, actions: int
) -> list[ChatLine]:
    """A game's stored chat lines (version, seat, text) as its record holds them: the
    seats' lines in the order said, each cleaned as when it was said and placed at its
    version — never before the line above it nor past the log's end; a line stored without
    a version stands where the line above it does."""
    lines: list[ChatLine] = []
    step = 0
    for version, seat, text in rows:
        if seat is None or not 0 <= seat < players:
            continue
        cleaned = clean_chat(text)
        if cleaned is None:
            continue
        if version is not None:
            step = max(step, min(version, actions))
        lines.append(ChatLine(step, seat, cleaned))
    return lines


class GameSession:
    """A live game (see the module docstring). Build with :meth:`restore` or :meth:`new`."""

    def __init__(
        self,
        info: GameInfo,
        game: Game,
        store: Store,
        bot_pool: Executor,
        client_ids: ClientIds,
        *,
        pace: float = 1.0,
    ) -> None:
        self.info = info
        # Scales the game's bot_speed delays (the server's setting: 0 turns pacing off).
        self.pace = pace
        self.game = game
        self.store = store
        self.bot_pool = bot_pool
        self.lock = asyncio.Lock()
        self.seats = [SeatState(s) for s in info.seats]
        self.spectators: set[Client] = set()
        # HTTP long-polls waiting on this game (``http_play.py``): each is called with the
        # kind of every message the clients are sent ("state", "chat", "seats", ...).
        self.waiters: set[Callable[[str], None]] = set()
        self.client_ids = client_ids  # (seat, client's action id) -> (version, action)
        self.idle_since: float | None = None  # when the last client of a finished game left
        self._driver: asyncio.Task[None] | None = None
        self._view_cache: dict[tuple[int | None, int, tuple[str, ...]], str] = {}
        self._cache_version = -1
        self._cache_status = ""
        self._views = ViewCache()
        # Who plays a person's seat, where it changed: the stand-in's comings and goings,
        # said in the log (``wordsjson``'s table notes). Not game actions: the record does
        # not have them, and a restarted server starts without them.
        self.notes: list[Note] = []
        start = time.monotonic()
        self._changed_at = start  # when the state last changed (pacing)
        self._offer_opened = (game.state.offer_id, start)  # (offer number, when made)
        self._offer_expired = 0  # the offer whose wait for people is over
        self.last_person = start  # when a person (seat or spectator) was last here
        for seat in self.seats:
            if seat.human:
                seat.absent_since = start
            else:
                seat.bot = self._build_bot(seat.info.bot or "random", seat.info.bot_options)
        # The bots' driver (``pysettlers.match``): who decides, their views carrying each
        # seat's events since its last, every applied action counted. The session is its
        # async shell: it picks the seat (the table's manners), runs the choice in the bot
        # pool and applies through :meth:`submit` (``_drive``).
        self._match = Match(
            game,
            [_SeatBot(st) for st in self.seats],
            ask_forced=True,  # a bot is asked even with one action (its offer's withdrawal)
            labels=["stand-in" if st.human else st.info.bot or "random" for st in self.seats],
        )

    # -- building -------------------------------------------------------------------------------

    @staticmethod
    def rebuild(
        info: GameInfo,
        actions: list[LoggedAction],
        chat: Sequence[tuple[int | None, int | None, str]] = (),
    ) -> tuple[Game, ClientIds]:
        """The live game from its log: each action replayed with its recorded outcome (checked,
        so a tampered log fails loudly), never with a generator; ``chat``, the stored lines
        (``Store.game_chat``), go to its record (:func:`placed_chat`)."""
        rules = Rules.from_json(info.rules)
        game = Game.new(rules, first_player=info.first_player, board=Board.from_json(info.board))
        topo = game.state.topo
        ids: ClientIds = {}
        for row in actions:
            # (a log written before offers were numbered answers the open one: name it)
            action = name_open_offer(game.state, parse_action(row.action, topo))
            game.play(action, parse_outcome(action.kind, row.outcome))
            if game.state.version != row.version:
                raise ValueError(f"game {info.id}: the log's version {row.version} is out of order")
            if row.client_id is not None:
                ids[row.seat, row.client_id] = (row.version, row.action)
        game.chat = placed_chat(chat, rules.players, len(game.steps))
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
        return bool(self.option("manual_chance"))

    def clients(self) -> list[Client]:
        out = [s.client for s in self.seats if s.client is not None]
        out.extend(self.spectators)
        return out

    def bot_controlled(self, seat: SeatState) -> bool:
        return not seat.human or seat.stand_in or seat.timed_out

    @property
    def bot_speed(self) -> float:
        """Seconds between bot actions while people follow the game (module docstring)."""
        speed = BOT_SPEEDS.get(str(self.option("bot_speed")))
        if speed is None:  # (not a speed of this server's: the declared default's)
            speed = BOT_SPEEDS[GAME_OPTIONS["bot_speed"].default]
        return speed * self.pace

    @property
    def offer_time(self) -> float:
        return float(self.option("offer_time"))

    def option(self, name: str) -> Any:
        """The game's server option ``name`` (``server/options.py``), or its declared default
        where the game's record has none (a game created before the option existed)."""
        return self.info.options.get(name, GAME_OPTIONS[name].default)

    def people_present(self) -> bool:
        """A person follows the game: a human seat's connection, or a spectator."""
        return bool(self.spectators) or any(st.human and st.client is not None for st in self.seats)

    def _bot_offer_waits(self) -> bool:
        """A bot's open offer waits for people's answers: people (not their stand-ins) it
        was made to have yet to answer, and the offer time is not up."""
        s = self.game.state
        if s.phase != Phase.TRADE_RESPONSE or s.offer_id == self._offer_expired:
            return False
        c = s.current
        if not self.bot_controlled(self.seats[c]):
            return False
        return any(p != c and not self.bot_controlled(self.seats[p]) for p in deciders(s))

    def offer_deadline(self) -> float | None:
        """Seconds left before a bot's offer that waits for people is withdrawn (``None``:
        no offer waits)."""
        if not self._bot_offer_waits():
            return None
        at = self._offer_opened[1]
        return round(max(0.0, at + self.offer_time - time.monotonic()), 1)

    def seats_json(self) -> list[dict[str, Any]]:
        seats = [
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
        # (each with its display_name: the one source of a seat's name for every client)
        return named_seats(seats)

    # -- messages -------------------------------------------------------------------------------

    def state_message(self, seat: int | None, since: int | None) -> str:
        """The ``state`` message for a seat (``None``: a spectator) with the events since
        ``since``; cached per (viewer, since) for the current version, so spectators and
        repeated sends cost one serialization."""
        s = self.game.state
        v = s.version
        names = tuple(seat_names(self.seats_json()))  # the words name the seats
        cache_key = (seat, -2 if since is None else since, names)
        if self._cache_version != v or self._cache_status != self.status:
            self._view_cache = {}
            self._cache_version, self._cache_status = v, self.status
        cached = self._view_cache.get(cache_key)
        offer_deadline = self.offer_deadline()
        if cached is not None and seat is None and offer_deadline is None:
            return cached  # (a seat's message also sets its offer; a clock is not cached)
        legal: tuple[str, ...] = ()
        actions: list[Action] = []
        deadline = None
        stand_in = False
        bot_offers = None
        if seat is not None:
            st = self.seats[seat]
            if self.status == IN_PROGRESS and seat in deciders(s):
                topo = s.topo
                actions = list(legal_actions(s, seat))
                legal = tuple(format_action(a, topo) for a in actions)
                st.legal_version, st.legal_by_text = v, dict(zip(legal, actions))
            st.offer(v, legal)
            stand_in = st.stand_in
            bot_offers = st.bot_offers
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
                "offer_deadline": offer_deadline,
                "bot_offers": bot_offers,
                "ended": self.info.options.get("ended"),
            }
        )
        seen, view = self._views.seat_view(s, seat, since)
        # The words beside the view, not in it (``wordsjson.py``).
        ended = self.info.options.get("ended")
        said = orjson.dumps(
            state_words(
                seen,
                names,
                zip(legal, actions),
                status=self.status,
                ended=ended,
                log=s.log,
                notes=self.notes,
            )
        )
        text = (head[:-1] + b"," + said[1:-1] + b',"view":' + view + b"}").decode()
        self._view_cache[cache_key] = text
        return text

    def send_state(self, client: Client, since: int | None = None) -> None:
        client.send_text(self.state_message(client.seat, since))
        client.since = self.version

    def broadcast_state(self) -> None:
        for client in self.clients():
            self.send_state(client, client.since)
        self._wake("state")

    def broadcast(self, message: dict[str, Any]) -> None:
        for client in self.clients():
            client.send(message)
        self._wake(str(message.get("type")))

    def _wake(self, kind: str) -> None:
        for waiter in list(self.waiters):
            waiter(kind)

    def heard_from(self, seat: int) -> None:
        """A seat's HTTP client was heard from (``http_play.py``; under the lock): a seat
        without a connection counts as present from its last request (``absent_limit`` runs
        from there), and one a stand-in plays for is handed back, as a connection would."""
        st = self.seats[seat]
        t = time.monotonic()
        self.last_person = t
        if st.client is not None:
            return  # (its connection says whether it is here)
        st.absent_since = t
        if st.stand_in:
            self._hand_back(st)
            self.broadcast({"type": "seats", "seats": self.seats_json()})

    def _hand_back(self, st: SeatState) -> None:
        """The person of a seat a stand-in plays is back: the seat is theirs again, and the
        log says so, with what the stand-in did for them (a table note)."""
        st.stand_in = False
        self.notes.append((self.version, st.info.seat, "back", st.stand_in_moves))

    async def say(self, seat: int, text: str, name: str | None = None) -> dict[str, Any] | None:
        """``seat`` says ``text`` at the table: a person's chat (``play.chat`` checks the
        sender and its chat bucket first) or a bot seat's line (:meth:`_bot_says`). Cleaned
        and bounded as every chat line is (:func:`~pysettlers.engine.clean_chat`), stored
        with the game's version — its place in the record (:meth:`record`) —, sent to every
        client as a ``chat`` message, and heard by the bots before they next choose (the
        match's chat). ``name`` is the sender's (default: the seat's, or its bot's).
        Returns the ``chat`` message sent, or ``None`` when nothing is left of the text."""
        cleaned = clean_chat(text)
        if cleaned is None:
            return None
        if name is None:
            info = self.seats[seat].info
            name = info.name or info.bot or f"p{seat}"
        name = name[:40]  # (the stored name's bound: a bot's name may be longer)
        async with self.lock:  # (the version it is placed at is the one everyone sees)
            at = now()
            await self.store.write(
                Store.insert_chat(self.info.id, seat, name, cleaned, at, self.version)
            )
            self.match.say(seat, cleaned)
            message = {"type": "chat", "seat": seat, "name": name, "text": cleaned, "at": iso(at)}
            self.broadcast(message)
        return message

    # -- connections ------------------------------------------------------------------------------

    def attach(self, client: Client, since: int | None) -> None:
        """A client connected (under the lock): replaces the seat's previous connection."""
        if client.seat is None:
            self.spectators.add(client)
        else:
            st = self.seats[client.seat]
            old = st.client
            if old is not None:
                old.close("replaced by a newer connection for this seat", Close.REPLACED)
            st.client = client
            st.absent_since = None
            if st.stand_in:  # the human is back: the stand-in hands the seat back
                self._hand_back(st)
        self.send_state(client, since)
        self.broadcast({"type": "seats", "seats": self.seats_json()})

    def detach(self, client: Client) -> None:
        self.last_person = time.monotonic()
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
            if result.ok and not result.duplicate and by == "stand-in":
                self.seats[seat].stand_in_moves += 1  # (said when the person is back)
            if result.ok and not result.duplicate:
                # The match counts every applied action, a person's as a bot's (its
                # observers hear each once, after the log has it).
                step = self.game.steps[-1]
                self.match.applied(step.action, step.outcome)
                if self._past_limit():
                    await self.end_unfinished("turn_limit")
        if result.ok and not result.duplicate:
            self.kick()
        return result

    # -- bounds: every game ends, and one nobody plays sleeps (``lifecycle.py``) -----------------

    @property
    def turn_limit(self) -> int:
        return int(self.option("turn_limit"))

    def _past_limit(self) -> bool:
        s = self.game.state
        return self.status == IN_PROGRESS and past_limit(s.turn, s.version, self.turn_limit)

    async def end_unfinished(self, reason: str) -> None:
        """End the game without a winner (under the lock): its turn limit passed, or an
        operator ended it. Everyone is told; the log keeps every action."""
        await self.store.write(lifecycle.end_unfinished(self.info.id, reason))
        self.info.status = FINISHED
        self.info.winner = None
        self.info.options["ended"] = reason
        log.info(
            "game %s ended without a winner (%s) at turn %d",
            self.info.id,
            reason,
            self.game.state.turn,
        )
        self.broadcast_state()

    async def unpark(self) -> None:
        """A parked game's person is back (under the lock): it stands as it was left."""
        was = str(self.info.options.get("parked_from", IN_PROGRESS))
        await self.store.write(lifecycle.unpark(self.info.id, was))
        self.info.options.pop("parked_from", None)
        self.info.status = was
        self.last_person = time.monotonic()
        log.info("game %s woke up (%s)", self.info.id, was)

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
        if client_id is not None and (seat, client_id) in self.client_ids:
            at, logged = self.client_ids[seat, client_id]
            if not self._same_action(text, logged):
                # Not a retry: the id is this seat's name for another action. Applying
                # it (or calling it a duplicate) would lose one of the two.
                return self._refuse(
                    "id_reused",
                    f"id {client_id!r} is this seat's action {logged!r} (version {at}): "
                    "send each new action with a new id",
                )
            # A retry of an action already accepted (its answer was lost): say so again.
            return Result(True, at, duplicate=True)
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
                # (Worded for the seat: "an action of Bo is not yours to send".)
                return self._refuse(
                    "not_your_seat", f"an action of p{action.player} is not yours to send"
                )
        if version > s.version:  # (never sent by the server: a client's bug; said so)
            return self._refuse(
                "stale",
                f"version {version} is ahead of the game's {s.version}: answer a state you "
                "were sent",
            )
        if version != s.version and not self._options_unchanged(st, version):
            if action.kind in OFFER_KINDS:
                # An answer to an offer that is gone: stale like any answer to an old
                # view, but saying which offer and naming the rule.
                try:
                    check(s, action)
                except IllegalActionError as e:
                    return self._refuse("stale", e.message, e.rule)
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

    def _same_action(self, text: str, logged: str) -> bool:
        """Whether ``text`` is the action logged as ``logged`` (the log holds the engine's
        own notation; a client may have written it differently)."""
        if text == logged:
            return True
        topo = self.game.state.topo
        try:
            return format_action(parse_action(text, topo), topo) == logged
        except NotationError:
            return False

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
        """Apply, write the log row (with the game's new status) and only then tell anyone.

        The log is the truth and the live state its cache, so the order is chosen for what
        the log may hold and what anyone may hear. Applying first gives the row's status and
        winner from the engine itself, written in the row's own transaction, and keeps out of
        the log an action the engine fails to apply (a row that does not replay would leave
        a game nobody can rebuild). The live state runs ahead of the log only here, under the
        lock, for one write, and no ``state`` or ``accepted`` goes out before the write is
        done: a crash in between loses a state nobody was sent (the restart replays the log,
        and the client's retry with the same id is taken afresh). A failed write rebuilds the
        live state from the log, and the sender hears ``conflict`` or ``server`` with nothing
        changed; a failed apply (an engine fault) rebuilds it too, and is raised as before
        (``tests/server/test_server_commit.py``).
        """
        game = self.game
        try:
            game.play(action, outcome, checked=False)  # checked above, outcome included
        except Exception:
            # An engine fault: the live state may be half changed; the log never had it.
            await self._reload()
            raise
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
            self.client_ids[row.seat, row.client_id] = (row.version, row.action)
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
        chat = await loop.run_in_executor(None, self.store.game_chat, self.info.id)
        self.game, self.client_ids = self.rebuild(info, actions, chat)
        self.info.status, self.info.version = info.status, info.version

    def _after_change(self, actor: int) -> None:
        """Clocks: a seat's turn timer runs from when it became a decider (or last acted)."""
        s = self.game.state
        d = set(deciders(s))
        t = time.monotonic()
        self._changed_at = t
        if s.offer_id != self._offer_opened[0]:
            self._offer_opened = (s.offer_id, t)
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
        # Every client from the start: the game's first events (the rolls for the first
        # player), unsaid while it waited, are said now with every seat's name (wordsjson).
        for client in self.clients():
            self.send_state(client, -1)
        self._wake("state")
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
        s = self.game.state
        for p in deciders(s):
            st = self.seats[p]
            if self.bot_controlled(st):
                if p == s.current and self._bot_offer_waits():
                    continue  # its offer waits for people's answers (module docstring)
                return st
        return None

    def set_prefs(self, seat: int, bot_offers: bool) -> None:
        """A person's table preferences (under the lock): whether bots may offer them trades."""
        self.seats[seat].bot_offers = bot_offers

    async def _offer_to_people(self, st: SeatState, action: Action, d: Decision) -> Action:
        """A bot's domestic offer (its choice for ``d``) as the table's manners allow it
        (module docstring): people who turned bots' offers off, or had one from this bot
        this turn, are struck from its addressees; if nobody is left, the bot chooses again
        without offering."""
        s = self.game.state
        keep = action.to
        people = 0
        for q, other in enumerate(self.seats):
            if action.to >> q & 1 and other.human:
                people |= 1 << q
                if not other.bot_offers or st.offered_people_turn == s.turn:
                    keep &= ~(1 << q)
        if keep & people:
            st.offered_people_turn = s.turn
        if keep == action.to:
            return action
        if keep:
            return action._replace(to=keep)
        quiet = [a for a in d.legal if a.kind != ActionKind.OFFER_TRADE]
        loop = asyncio.get_running_loop()
        again = await loop.run_in_executor(
            self.bot_pool, self._match.choose, Decision(d.seat, quiet, d.view, d.version)
        )
        if again.kind == ActionKind.OFFER_TRADE:  # a bot that offers whatever it is given
            return _CHANCE.choice(quiet)
        return again

    @property
    def bots_only(self) -> bool:
        """No person plays in this game (the bots' own games, which a server bounds)."""
        return not any(st.human for st in self.seats)

    async def _pause(self) -> None:
        """Wait until a bot's action may come (module docstring: pace). A bots-only game
        takes at least :data:`BOTS_ONLY_STEP` an action, watched (``bot_speed: instant``)
        or not: its bots may not take the server's time from people's games."""
        if self.people_present():
            delay = self.bot_speed
            if self.bots_only:
                delay = max(delay, BOTS_ONLY_STEP * self.pace)
        elif self.bots_only:
            delay = BOTS_ONLY_STEP * self.pace
        else:
            return
        if delay <= 0:
            return
        wait = self._changed_at + delay - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)

    @property
    def match(self) -> Match:
        """The bots' driver on the live game (pointed at it again if the game was rebuilt
        from its log since: a failed write)."""
        if self._match.game is not self.game:
            self._match.rebind(self.game)
        return self._match

    async def _drive(self) -> None:
        """Bots' decisions while a bot (or stand-in) has one to make: the async shell
        around the session's :class:`~pysettlers.match.Match`. Under the lock the match
        says what the seat the table's manners pick (``_bot_decider``) sees and may do; the
        bot chooses in the bot pool; its choice waits for the table's pace and is applied
        like anyone's, by :meth:`submit`. A failing bot (it raises, returns no action, or
        one the server refuses) must not stop the game: it is logged and a random legal
        action is played for it instead. A bot that talks heard the table's lines when the
        match asked it, and the line it says with its choice is said once the choice is
        accepted (:meth:`_bot_says`)."""
        loop = asyncio.get_running_loop()
        while self.status == IN_PROGRESS:
            async with self.lock:
                st = self._bot_decider()
                if st is None:
                    return
                if st.bot is None:  # a human's stand-in, built when first needed
                    st.bot = self._build_bot(str(self.option("stand_in")), {})
                match = self.match
                d = match.decide(st.info.seat)
                topo = match.state.topo
            seat, by = d.seat, "bot" if not st.human else "stand-in"
            line: str | None = None  # what the bot says with its choice
            try:
                action, line = await loop.run_in_executor(self.bot_pool, _choose_and_say, match, d)
                if action.kind == ActionKind.OFFER_TRADE:
                    action = await self._offer_to_people(st, action, d)
                    if action.kind != ActionKind.OFFER_TRADE:
                        line = None  # (it spoke of an offer the table's manners did not make)
                text = format_action(action, topo)
            except Exception as e:  # a bot's bug must not stop the game: log, play on
                log.error("game %s: bot p%d failed: %s", self.info.id, seat, e)
                text = format_action(_CHANCE.choice(d.legal), topo)
                line = None
            await self._pause()
            result = await self.submit(seat, text, d.version, by=by)
            if line is not None and result.ok and not result.duplicate:
                await self._bot_says(st, line)
            if not result.ok and result.code not in ("stale", "game_over"):
                log.error("game %s: bot p%d: %s", self.info.id, seat, result.message)
                fallback = format_action(_CHANCE.choice(d.legal), topo)
                await self.submit(seat, fallback, d.version, by=by)

    async def _bot_says(self, st: SeatState, text: str) -> None:
        """A bot seat's line, said as a person's is (:meth:`say`) within the seat's chat
        bucket: a line beyond it is dropped (logged), so a chatty bot cannot flood the
        table."""
        if not st.chat.take():
            log.info("game %s: bot p%d talks too fast: a line dropped", self.info.id, st.info.seat)
            return
        await self.say(st.info.seat, text)

    def tick(self, t: float) -> None:
        """Clocks (called about twice a second): stand-ins for absent or slow humans."""
        if self.status != IN_PROGRESS:
            return
        if self._bot_offer_waits() and t - self._offer_opened[1] > self.offer_time:
            self._offer_expired = self.game.state.offer_id  # withdrawn when the bot is next asked
            self.kick()
        timer = self.info.options.get("turn_timer")
        if not timer and all(st.client is not None for st in self.seats if st.human):
            return  # no clock can run out (the common case: it runs for every game)
        d = deciders(self.game.state)
        limit = float(self.option("absent_limit"))
        changed = False
        for p in d:
            st = self.seats[p]
            if not st.human or st.stand_in or st.timed_out:
                continue
            if st.client is None and st.absent_since is not None and t - st.absent_since > limit:
                st.stand_in = True
                st.stand_in_moves = 0
                self.notes.append((self.version, p, "away", 0))
                changed = True
            elif timer and st.waiting_since is not None and t - st.waiting_since > timer:
                st.timed_out = True
                self.notes.append((self.version, p, "time", 0))
                changed = True
        if changed:
            self.broadcast({"type": "seats", "seats": self.seats_json()})
            self.kick()

    # -- records --------------------------------------------------------------------------------

    def record(self, viewer: int | None) -> dict[str, Any]:
        """The record as ``viewer`` may have it: no seed (and no outcome holding another
        seat's secret) before the game is over; all of it afterwards.

        Over is the server's word, not only the engine's: a game ended without a winner
        (its turn limit, an operator: ``end_unfinished``) never reaches the engine's game
        over phase, so ``record_for`` alone would keep its secrets out for good, and its
        record would never replay (a card drawn by one seat has no outcome for the others)."""
        if self.status == FINISHED:
            return self.game.to_json()  # (no one acts any more: nothing left to predict)
        return record_for(self.game, viewer)
