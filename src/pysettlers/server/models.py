"""The database schema of the game server (SQLAlchemy 2 declarative tables).

What this is for: the tables whose rows are the truth of every game — a game's creation
(rules with the secret seed, board, starting player, server options), its seats (who sits
where, hashed invite codes and seat tokens), the append-only log of accepted actions with
their chance outcomes, and the chat. The live engine state is a cache rebuilt from these by
replay. The Alembic migrations in ``migrations/versions`` create exactly these tables; a
test compares the two.

What this is not: queries or transactions (``store.py``), and no game logic.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    """One game. ``rules`` holds the seed: it never leaves the server before the game ends."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    rules: Mapped[str] = mapped_column(Text)  # Rules.to_json(), seed included (secret)
    board: Mapped[str] = mapped_column(Text)  # Board.to_json()
    first_player: Mapped[int] = mapped_column(Integer)
    options: Mapped[str] = mapped_column(Text)  # the server's per-game options (JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)  # open/in_progress/finished
    version: Mapped[int] = mapped_column(Integer, default=0)  # actions accepted so far
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class SeatRow(Base):
    """A seat: a bot (``bot`` names it) or a human (invite and token kept as hashes only)."""

    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # human / bot
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bot_options: Mapped[str] = mapped_column(Text, default="{}")
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    joined_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ActionRow(Base):
    """One accepted action. (game, version) is the primary key, so no version is ever
    written twice; ``client_id`` (unique per game and seat: a seat's own) makes a client's
    retry idempotent."""

    __tablename__ = "actions"
    __table_args__ = (
        UniqueConstraint("game_id", "seat", "client_id", name="uq_actions_seat_client_id"),
    )

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)  # state version after it
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(200))  # notation
    outcome: Mapped[str | None] = mapped_column(String(100), nullable=True)  # chance, notation
    client_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    by: Mapped[str] = mapped_column(String(16))  # human / bot / stand-in
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatRow(Base):
    """One chat line, in the order said (``id``). ``version`` is the game's version when it
    was said — the actions applied before it, its place in the game's record; ``None`` only
    for a line no action log places (migration 0003 placed the older lines by their time)."""

    __tablename__ = "chat"
    __table_args__ = (Index("ix_chat_game", "game_id", "id"),)

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: a spectator
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(String(500))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    version: Mapped[int | None] = mapped_column(Integer, nullable=True)
