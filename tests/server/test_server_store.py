"""The store's action log, written with the database driver directly (SQLite and PostgreSQL).

What this is for: the one write made on every accepted action bypasses SQLAlchemy's session
(``store._Driver``). These tests read what it wrote back through the ORM — every field,
the timestamps as SQLAlchemy stores them, the game's version, status, winner and finish
time — and check that a write which would apply an action twice (a taken version or client
id, a game not at the version before) fails with ``Conflict`` and writes nothing, also when
it shares a group commit with good writes, which still succeed.

What this is not: the crash guarantee over real sockets (``test_server_crash.py``).
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from pysettlers.server import store as store_module
from pysettlers.server.models import ActionRow, GameRow
from pysettlers.server.store import Conflict, GameInfo, LoggedAction, SeatInfo, Store, migrate
from support.server_helpers import fresh_database


def new_game(store: Store, game_id: str) -> None:
    info = GameInfo(
        id=game_id,
        name="t",
        created_at=datetime.now(UTC),
        rules={"players": 2},
        board={},
        first_player=0,
        options={},
        status="in_progress",
        version=0,
        winner=None,
        seats=[SeatInfo(0, "human"), SeatInfo(1, "human")],
    )
    store.submit(Store.insert_game(info)).result()


def row(version: int, client_id: str | None = None, outcome: str | None = None) -> LoggedAction:
    return LoggedAction(version, version % 2, f"p{version % 2} end", outcome, client_id, "human")


def game_row(store: Store, game_id: str) -> GameRow:
    def work(session: Session) -> GameRow:
        g = session.get(GameRow, game_id)
        assert g is not None
        return g

    return store.read(work)


def action_rows(store: Store, game_id: str) -> list[ActionRow]:
    def work(session: Session) -> list[ActionRow]:
        q = select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.version)
        return list(session.scalars(q))

    return store.read(work)


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    s = Store(fresh_database(request.param, tmp_path, request))
    migrate(s.engine)
    yield s
    s.close()


def test_an_action_is_logged_as_the_orm_reads_it(store: Store) -> None:
    new_game(store, "g1")
    before = datetime.now(UTC) - timedelta(seconds=1)
    store.submit(Store.append_action("g1", row(1, "c1", "3+4"), "in_progress", None)).result()
    store.submit(Store.append_action("g1", row(2), "finished", 1)).result()
    rows = action_rows(store, "g1")
    got = [(r.version, r.seat, r.action, r.outcome, r.client_id, r.by) for r in rows]
    assert got == [(1, 1, "p1 end", "3+4", "c1", "human"), (2, 0, "p0 end", None, None, "human")]
    for r in rows:
        at = r.at if r.at.tzinfo else r.at.replace(tzinfo=UTC)  # SQLite: naive, in UTC
        assert before <= at <= datetime.now(UTC) + timedelta(seconds=1)
    g = game_row(store, "g1")
    assert (g.version, g.status, g.winner) == (2, "finished", 1)
    assert g.finished_at is not None
    loaded = store.load("g1")
    assert loaded is not None
    assert [a.action for a in loaded[1]] == ["p1 end", "p0 end"]


def test_an_action_applied_twice_is_refused_and_writes_nothing(store: Store) -> None:
    new_game(store, "g2")
    store.submit(Store.append_action("g2", row(1, "c1"), "in_progress", None)).result()
    with pytest.raises(Conflict):  # the same version again
        store.submit(Store.append_action("g2", row(1, "c9"), "in_progress", None)).result()
    again = LoggedAction(2, 1, "p1 end", None, "c1", "human")  # row 1's seat, its id
    with pytest.raises(Conflict):  # the same seat's client id at the next version
        store.submit(Store.append_action("g2", again, "in_progress", None)).result()
    with pytest.raises(Conflict):  # a version ahead of the game's: the update finds no row
        store.submit(Store.append_action("g2", row(5), "in_progress", None)).result()
    assert [(r.version, r.client_id) for r in action_rows(store, "g2")] == [(1, "c1")]
    assert game_row(store, "g2").version == 1
    # Ids are a seat's own: another seat may use the same one.
    store.submit(Store.append_action("g2", row(2, "c1"), "in_progress", None)).result()
    assert game_row(store, "g2").version == 2
    assert store.action_by_client_id("g2", 0, "c1") == 2
    assert store.action_by_client_id("g2", 1, "c1") == 1


def test_in_one_group_commit_only_the_bad_write_fails(store: Store) -> None:
    for g in ("a", "b", "c"):
        new_game(store, g)
    store.submit(Store.append_action("b", row(1), "in_progress", None)).result()
    # Hold the writer so that the next writes wait in its queue and go in one batch.
    release = threading.Event()

    def hold(_session: Session) -> None:
        release.wait(10)

    held = store.submit(hold)
    futures = [
        store.submit(Store.append_action("a", row(1), "in_progress", None)),
        store.submit(Store.append_action("b", row(1), "in_progress", None)),  # taken
        store.submit(Store.append_action("c", row(1), "in_progress", None)),
        store.submit(Store.append_action("a", row(2), "in_progress", None)),
    ]
    release.set()
    held.result()
    errors = [f.exception(10) for f in futures]
    assert [type(e) for e in errors] == [type(None), Conflict, type(None), type(None)]
    assert [r.version for r in action_rows(store, "a")] == [1, 2]
    assert [r.version for r in action_rows(store, "b")] == [1]
    assert [r.version for r in action_rows(store, "c")] == [1]
    assert (game_row(store, "a").version, game_row(store, "c").version) == (2, 1)


def test_the_write_ahead_log_is_cut_back_past_its_bound(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite: a checkpoint of a log past ``WAL_LIMIT`` truncates it (a passive one alone
    never shrinks the file, which grew without bound under steady writes)."""
    monkeypatch.setattr(store_module, "WAL_LIMIT", 256 * 1024)
    monkeypatch.setattr(store_module, "CHECKPOINT_EVERY", 3600.0)  # (only the test's own)
    db = tmp_path / "w.db"
    s = Store(f"sqlite:///{db}")
    try:
        conn = s.engine.raw_connection()
        try:
            cur = conn.cursor()
            cur.execute("CREATE TABLE filler (x BLOB)")
            for _ in range(4):  # (a reader's snapshot would pin the log: none here)
                cur.executemany("INSERT INTO filler VALUES (?)", [(b"x" * 1000,)] * 400)
                conn.commit()
            wal = Path(f"{db}-wal")
            assert wal.stat().st_size > 1024 * 1024  # the writes are in the log
            Store.checkpoint(conn)
            assert wal.stat().st_size <= 256 * 1024
            cur.close()
        finally:
            conn.close()
    finally:
        s.close()
