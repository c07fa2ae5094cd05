"""The server's database: SQLAlchemy 2 over SQLite (the default) or PostgreSQL.

What this is for: every durable fact of the server — games, seats, the append-only action
log, chat — behind a few calls, and the Alembic migrations that create the schema
(:func:`migrate`). Writes go through one writer thread that commits whatever is waiting in
one transaction (group commit): under load many games' actions share an fsync, and a
caller's future resolves only once its rows are committed, so the server tells no client of
an action that is not on disk. An action row's primary key (game, version) and its unique
(game, seat, client id) make a replayed or duplicated write fail instead of applying twice.

The action log — the one write made on every accepted action — goes through the database
driver directly, two prepared statements on a connection the writer keeps, rather than
through SQLAlchemy's session, whose work per write would be most of the server's CPU per
action (bench/results/2026-11-26-server-load.md), and CPU in the writer thread holds the
interpreter's lock the event loop needs. The
rare writes (games, seats, chat) keep the session.

What this is not: no game logic (``session.py`` decides what to write) and no async code:
the calls block, and the async layer runs them in the writer or in a reader thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import queue
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.resources import files
from typing import Any, TypeVar, overload

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, func, select, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from .models import ActionRow, ChatRow, GameRow, SeatRow

T = TypeVar("T")

log = logging.getLogger("pysettlers.server")

CHECKPOINT_EVERY = 1.0  # seconds between SQLite checkpoints
# The write-ahead log's bound: past it a checkpoint also truncates the log (a passive one
# never shrinks it, and under steady writes it never starts over: it grew without bound).
WAL_LIMIT = 64 * 1024 * 1024  # bytes

Work = Callable[[Session], Any]


def now() -> datetime:
    return datetime.now(UTC)


def normalize_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 (SQLAlchemy's default driver name is psycopg2)."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def url_problem(url: str) -> str | None:
    """Why ``url`` cannot be the server's database, in words for its user (``None``: it
    can): not a URL at all (a bare file name, say), or a database other than SQLite and
    PostgreSQL. Checked before the server starts, so a typo is a usage error, not a
    traceback from the application's start-up."""
    usage = "use sqlite:///PATH or postgresql://USER@HOST/DB"
    try:
        parsed = make_url(normalize_url(url))
    except ArgumentError:
        return f"{url!r} is not a database URL: {usage}"
    backend = parsed.get_backend_name()
    if backend not in ("sqlite", "postgresql"):
        return f"{backend!r} databases are not supported: {usage}"
    return None


def make_engine(url: str, sqlite_sync: str = "full") -> Engine:
    url = normalize_url(url)
    sync = {"full": "FULL", "normal": "NORMAL"}[sqlite_sync]
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            # WAL: readers never block the writer. synchronous=FULL: a commit is on disk
            # (fsync) before it returns, so an accepted action survives a power cut too;
            # NORMAL: it survives a crash of the process (kill -9), not of the machine.
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={sync}")
            # No commit copies the log into the database file (a checkpoint, with its own
            # fsyncs, could stall one commit — and every action waiting on it — for as long
            # as a busy disk takes): the store's checkpointer thread does it on the side.
            cur.execute("PRAGMA wal_autocheckpoint=0")
            # A log that starts over is cut back to this size (it keeps its largest otherwise).
            cur.execute(f"PRAGMA journal_size_limit={WAL_LIMIT}")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_size=8, max_overflow=4, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision (Alembic, the scripts shipped in the package)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(files("pysettlers.server") / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


# -- plain values handed to the rest of the server ------------------------------------------------


@dataclass
class SeatInfo:
    seat: int
    kind: str  # "human" or "bot"
    bot: str | None = None
    bot_options: dict[str, Any] = field(default_factory=dict)
    name: str | None = None
    invite_hash: str | None = None
    token_hash: str | None = None
    joined: bool = False


@dataclass
class GameInfo:
    id: str
    name: str
    created_at: datetime
    rules: dict[str, Any]  # with the seed: never sent to a client before the game is over
    board: dict[str, Any]
    first_player: int
    options: dict[str, Any]
    status: str
    version: int
    winner: int | None
    seats: list[SeatInfo]


@dataclass(frozen=True)
class LoggedAction:
    version: int
    seat: int
    action: str
    outcome: str | None
    client_id: str | None
    by: str


class Conflict(Exception):
    """A write that would apply an action twice (its version or client id is taken)."""


@dataclass(frozen=True)
class ActionWrite:
    """One accepted action for the log (:meth:`Store.append_action`): its row, and the
    game's new version, status and winner, written in the same transaction."""

    game_id: str
    row: LoggedAction
    status: str
    winner: int | None


class _Driver:
    """The action log written with the database driver's own cursor (see the module
    docstring): the statements SQLAlchemy would send, with its own conversion of the
    timestamps, on one connection the writer thread holds for its life."""

    def __init__(self, engine: Engine) -> None:
        dialect = engine.dialect
        mark = {"qmark": "?", "format": "%s", "pyformat": "%s"}[dialect.paramstyle]
        self.conn = engine.raw_connection()  # the pool's connect hooks (pragmas) have run
        self.integrity_error: type[Exception] = dialect.loaded_dbapi.IntegrityError
        at = ActionRow.__table__.c.at.type
        convert = at.dialect_impl(dialect).bind_processor(dialect)
        self.stamp: Callable[[datetime], Any] = convert if convert is not None else _same
        q = dialect.identifier_preparer.quote  # ("by" is an SQL word)
        cols = ("game_id", "version", "seat", "action", "outcome", "client_id", "by", "at")
        self.insert = (
            f"INSERT INTO actions ({', '.join(map(q, cols))}) "
            f"VALUES ({', '.join([mark] * len(cols))})"
        )
        sets = ", ".join(f"{q(c)} = {mark}" for c in ("version", "status", "winner"))
        where = f"WHERE {q('id')} = {mark} AND {q('version')} = {mark}"
        self.update = f"UPDATE games SET {sets} {where}"
        self.finish = f"UPDATE games SET {sets}, {q('finished_at')} = {mark} {where}"

    def write(self, items: Sequence[ActionWrite]) -> None:
        """Every item in one transaction, committed; on any error nothing is written."""
        conn = self.conn
        try:
            cur = conn.cursor()
            try:
                for w in items:
                    self._one(cur, w)
            finally:
                cur.close()
            conn.commit()
        except BaseException:
            conn.rollback()
            raise

    def _one(self, cur: Any, w: ActionWrite) -> None:
        row = w.row
        t = self.stamp(now())
        values = (w.game_id, row.version, row.seat, row.action, row.outcome, row.client_id)
        # A taken version or client id fails here, before the update.
        cur.execute(self.insert, (*values, row.by, t))
        game = (w.game_id, row.version - 1)
        if w.status == "finished":
            cur.execute(self.finish, (row.version, w.status, w.winner, t, *game))
        else:
            cur.execute(self.update, (row.version, w.status, w.winner, *game))
        if cur.rowcount != 1:
            raise Conflict(f"game {w.game_id} is not at version {row.version - 1}")

    def close(self) -> None:
        self.conn.close()


def _same(x: datetime) -> datetime:
    return x


class _Done:
    """How the writer thread tells a caller its write is committed (or failed)."""

    def result(self, value: Any) -> None:
        raise NotImplementedError

    def error(self, e: BaseException) -> None:
        raise NotImplementedError


class _Settle(_Done):
    def __init__(self, fut: Future[Any]) -> None:
        self.fut = fut

    def result(self, value: Any) -> None:
        self.fut.set_result(value)

    def error(self, e: BaseException) -> None:
        self.fut.set_exception(e)


class _LoopSettle(_Done):
    def __init__(self, loop: asyncio.AbstractEventLoop, fut: asyncio.Future[Any]) -> None:
        self.loop = loop
        self.fut = fut

    def result(self, value: Any) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
            self.loop.call_soon_threadsafe(_settle, self.fut, value, None)

    def error(self, e: BaseException) -> None:
        with contextlib.suppress(RuntimeError):
            self.loop.call_soon_threadsafe(_settle, self.fut, None, e)


def _settle(fut: asyncio.Future[Any], value: Any, e: BaseException | None) -> None:
    if fut.cancelled():  # its caller went away meanwhile
        return
    if e is not None:
        fut.set_exception(e)
    else:
        fut.set_result(value)


# -- the store ------------------------------------------------------------------------------------


class Store:
    """The database behind one server process (see the module docstring)."""

    def __init__(self, url: str, sqlite_sync: str = "full") -> None:
        self.url = normalize_url(url)
        self.engine = make_engine(self.url, sqlite_sync)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._queue: queue.SimpleQueue[tuple[Work | ActionWrite, _Done] | None] = (
            queue.SimpleQueue()
        )
        self._driver: _Driver | None = None  # the writer thread's connection, made there
        self._writer = threading.Thread(target=self._write_loop, name="db-writer", daemon=True)
        self._writer.start()
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if self.engine.dialect.name == "sqlite":
            self._checkpointer = threading.Thread(
                target=self._checkpoint_loop, name="db-checkpoint", daemon=True
            )
            self._checkpointer.start()

    def _checkpoint_loop(self) -> None:
        """Copy the write-ahead log into the database file about once a second, beside the
        writer (a passive checkpoint never blocks it), so the log stays short."""
        conn = self.engine.raw_connection()
        try:
            while not self._stop.wait(CHECKPOINT_EVERY):
                self.checkpoint(conn)
            self.checkpoint(conn)
        finally:
            conn.close()

    @staticmethod
    def checkpoint(conn: Any) -> None:
        """Copy the log into the database file without waiting on anyone (passive); a log
        past :data:`WAL_LIMIT` is then truncated, which waits for the writer's commit under
        way and the readers of the old log (the busy timeout bounds it): rare, and it keeps
        the file from filling the disk."""
        try:
            cur = conn.cursor()
            cur.execute("PRAGMA wal_checkpoint(PASSIVE)")
            _busy, frames, _done = cur.fetchone()
            cur.execute("PRAGMA page_size")
            (page,) = cur.fetchone()
            if frames * page > WAL_LIMIT:
                cur.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                cur.fetchall()
            cur.close()
        except Exception as e:  # busy or gone: the next one catches up
            log.warning("checkpoint failed: %s", e)

    # -- the writer thread: group commit --------------------------------------------------------

    @overload
    def submit(self, work: ActionWrite) -> Future[None]: ...

    @overload
    def submit(self, work: Callable[[Session], T]) -> Future[T]: ...

    def submit(self, work: Callable[[Session], T] | ActionWrite) -> Future[Any]:
        """Run ``work(session)`` in the writer thread, inside a transaction, or write an
        action to the log; the future resolves after the commit (or with the error,
        nothing written)."""
        fut: Future[Any] = Future()
        self._queue.put((work, _Settle(fut)))
        return fut

    @overload
    def write(self, work: ActionWrite) -> asyncio.Future[None]: ...

    @overload
    def write(self, work: Callable[[Session], T]) -> asyncio.Future[T]: ...

    def write(self, work: Callable[[Session], T] | ActionWrite) -> asyncio.Future[Any]:
        """:meth:`submit` for the event loop: the loop's own future, settled from the
        writer thread (no thread-safe future to wrap: this runs on every action)."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Any] = loop.create_future()
        self._queue.put((work, _LoopSettle(loop, fut)))
        return fut

    def _write_loop(self) -> None:
        try:
            while True:
                item = self._queue.get()
                if item is None:
                    return
                batch = [item]
                while len(batch) < 256:
                    try:
                        more = self._queue.get_nowait()
                    except queue.Empty:
                        break
                    if more is None:
                        self._queue.put(None)  # stop after this batch
                        break
                    batch.append(more)
                self._commit(batch)
        finally:
            if self._driver is not None:
                self._driver.close()

    def _commit(self, batch: list[tuple[Work | ActionWrite, _Done]]) -> None:
        """One transaction for the actions of the batch and one for its other writes (the
        callers of each wait for their own write only, so their order does not matter); if
        a transaction fails, its items are tried one by one, so only the bad one fails."""
        actions: list[tuple[ActionWrite, _Done]] = []
        others: list[tuple[Work, _Done]] = []
        for w, f in batch:
            if isinstance(w, ActionWrite):
                actions.append((w, f))
            else:
                others.append((w, f))
        if actions:
            self._commit_actions(actions)
        if others:
            self._commit_work(others)

    def _commit_actions(self, batch: list[tuple[ActionWrite, _Done]]) -> None:
        if len(batch) > 1:
            try:
                self._write_actions([w for w, _ in batch])
            except Exception:
                pass
            else:
                for _, done in batch:
                    done.result(None)
                return
        for w, done in batch:
            try:
                self._write_actions([w])
            except Exception as e:
                done.error(e)
            else:
                done.result(None)

    def _write_actions(self, items: list[ActionWrite]) -> None:
        if self._driver is None:
            self._driver = _Driver(self.engine)
        driver = self._driver
        try:
            driver.write(items)
        except driver.integrity_error as e:
            raise Conflict(str(e)) from None
        except Conflict:
            raise
        except Exception:
            # The connection may be broken (a restarted database): a new one next time.
            self._driver = None
            with contextlib.suppress(Exception):
                driver.close()
            raise

    def _commit_work(self, works: list[tuple[Work, _Done]]) -> None:
        if len(works) > 1:
            try:
                with self._sessions.begin() as session:
                    results = [work(session) for work, _ in works]
            except Exception:  # one item failed: run each alone so only it fails
                pass
            else:
                for (_, done), result in zip(works, results):
                    done.result(result)
                return
        for work, done in works:
            try:
                with self._sessions.begin() as session:
                    result = work(session)
            except IntegrityError as e:
                done.error(Conflict(str(e.orig)))
            except Exception as e:
                done.error(e)
            else:
                done.result(result)

    def close(self) -> None:
        self._queue.put(None)
        self._writer.join(timeout=10)
        self._stop.set()
        if self._checkpointer is not None:
            self._checkpointer.join(timeout=10)
        self.engine.dispose()

    def read(self, work: Callable[[Session], T]) -> T:
        """Run ``work(session)`` on a reading session (any thread)."""
        with self._sessions() as session:
            return work(session)

    # -- writes (to pass to submit) -------------------------------------------------------------

    @staticmethod
    def insert_game(info: GameInfo) -> Callable[[Session], None]:
        def work(session: Session) -> None:
            session.add(
                GameRow(
                    id=info.id,
                    name=info.name,
                    created_at=info.created_at,
                    rules=json.dumps(info.rules),
                    board=json.dumps(info.board),
                    first_player=info.first_player,
                    options=json.dumps(info.options),
                    status=info.status,
                    version=info.version,
                    winner=None,
                )
            )
            session.flush()  # the game row first: the seats refer to it
            for s in info.seats:
                session.add(
                    SeatRow(
                        game_id=info.id,
                        seat=s.seat,
                        kind=s.kind,
                        bot=s.bot,
                        bot_options=json.dumps(s.bot_options),
                        name=s.name,
                        invite_hash=s.invite_hash,
                        token_hash=s.token_hash,
                        joined_at=now() if s.joined else None,
                    )
                )

        return work

    @staticmethod
    def take_seat(
        game_id: str, seat: int, token_hash: str, name: str, status: str | None
    ) -> Callable[[Session], bool]:
        """Give a free human seat its token (false if it was taken meanwhile)."""

        def work(session: Session) -> bool:
            done = session.execute(
                update(SeatRow)
                .where(
                    SeatRow.game_id == game_id,
                    SeatRow.seat == seat,
                    SeatRow.kind == "human",
                    SeatRow.token_hash.is_(None),
                )
                .values(token_hash=token_hash, name=name, joined_at=now())
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                return False
            if status is not None:
                session.execute(update(GameRow).where(GameRow.id == game_id).values(status=status))
            return True

        return work

    @staticmethod
    def append_action(
        game_id: str, row: LoggedAction, status: str, winner: int | None
    ) -> ActionWrite:
        """The action with its outcome and the game's new version, in one transaction
        (to :meth:`submit`; a taken version or client id fails with :class:`Conflict`)."""
        return ActionWrite(game_id, row, status, winner)

    @staticmethod
    def insert_chat(
        game_id: str,
        seat: int | None,
        name: str,
        text: str,
        at: datetime,
        version: int | None = None,
    ) -> Callable[[Session], None]:
        """A chat line, with the game's ``version`` when it was said (its place in the
        record: ``GameSession.say``)."""

        def work(session: Session) -> None:
            row = ChatRow(game_id=game_id, seat=seat, name=name, text=text, at=at, version=version)
            session.add(row)

        return work

    # -- reads ------------------------------------------------------------------------------------

    def game_ids(self, statuses: Sequence[str]) -> list[str]:
        def work(session: Session) -> list[str]:
            q = select(GameRow.id).where(GameRow.status.in_(statuses)).order_by(GameRow.created_at)
            return list(session.scalars(q))

        return self.read(work)

    def load(self, game_id: str) -> tuple[GameInfo, list[LoggedAction]] | None:
        """A game with its whole action log, in version order (``None``: no such game)."""

        def work(session: Session) -> tuple[GameInfo, list[LoggedAction]] | None:
            g = session.get(GameRow, game_id)
            if g is None:
                return None
            seats = session.scalars(
                select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
            )
            rows = session.scalars(
                select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.version)
            )
            actions = [
                LoggedAction(r.version, r.seat, r.action, r.outcome, r.client_id, r.by)
                for r in rows
            ]
            return _info(g, list(seats)), actions

        return self.read(work)

    def games(self, statuses: Sequence[str], limit: int) -> list[GameInfo]:
        """The newest games with one of ``statuses`` (no action log)."""

        def work(session: Session) -> list[GameInfo]:
            q = (
                select(GameRow)
                .where(GameRow.status.in_(statuses))
                .order_by(GameRow.created_at.desc())
                .limit(limit)
            )
            rows = list(session.scalars(q))
            seats: dict[str, list[SeatRow]] = {g.id: [] for g in rows}
            if rows:
                q2 = select(SeatRow).where(SeatRow.game_id.in_(list(seats))).order_by(SeatRow.seat)
                for s in session.scalars(q2):
                    seats[s.game_id].append(s)
            return [_info(g, seats[g.id]) for g in rows]

        return self.read(work)

    def action_by_client_id(self, game_id: str, seat: int, client_id: str) -> int | None:
        """The version at which ``seat`` had an action with ``client_id`` accepted (ids are
        a seat's own), if any."""

        def work(session: Session) -> int | None:
            q = select(ActionRow.version).where(
                ActionRow.game_id == game_id,
                ActionRow.seat == seat,
                ActionRow.client_id == client_id,
            )
            return session.scalar(q)

        return self.read(work)

    def recent_chat(self, game_id: str, limit: int) -> list[dict[str, Any]]:
        def work(session: Session) -> list[dict[str, Any]]:
            q = (
                select(ChatRow)
                .where(ChatRow.game_id == game_id)
                .order_by(ChatRow.id.desc())
                .limit(limit)
            )
            rows = list(session.scalars(q))
            return [
                {"seat": r.seat, "name": r.name, "text": r.text, "at": _iso(r.at)}
                for r in reversed(rows)
            ]

        return self.read(work)

    def game_chat(self, game_id: str) -> list[tuple[int | None, int | None, str]]:
        """Every chat line of a game as (version, seat, text), in the order said: the
        record's chat (``GameSession.rebuild``)."""

        def work(session: Session) -> list[tuple[int | None, int | None, str]]:
            q = (
                select(ChatRow.version, ChatRow.seat, ChatRow.text)
                .where(ChatRow.game_id == game_id)
                .order_by(ChatRow.id)
            )
            return [(v, seat, text) for v, seat, text in session.execute(q)]

        return self.read(work)

    def count_actions(self, game_id: str) -> int:
        def work(session: Session) -> int:
            q = select(func.count()).select_from(ActionRow).where(ActionRow.game_id == game_id)
            return int(session.scalar(q) or 0)

        return self.read(work)


def _iso(t: datetime) -> str:
    if t.tzinfo is None:  # SQLite hands back naive datetimes; they were stored in UTC
        t = t.replace(tzinfo=UTC)
    return t.isoformat(timespec="seconds")


def _info(g: GameRow, seats: list[SeatRow]) -> GameInfo:
    return GameInfo(
        id=g.id,
        name=g.name,
        created_at=g.created_at,
        rules=json.loads(g.rules),
        board=json.loads(g.board),
        first_player=g.first_player,
        options=json.loads(g.options),
        status=g.status,
        version=g.version,
        winner=g.winner,
        seats=[
            SeatInfo(
                seat=s.seat,
                kind=s.kind,
                bot=s.bot,
                bot_options=json.loads(s.bot_options),
                name=s.name,
                invite_hash=s.invite_hash,
                token_hash=s.token_hash,
                joined=s.joined_at is not None,
            )
            for s in seats
        ],
    )


iso = _iso
