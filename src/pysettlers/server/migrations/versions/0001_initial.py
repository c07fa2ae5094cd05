"""The first schema: games, seats, the action log and the chat.

Revision ID: 0001
Revises:
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("rules", sa.Text(), nullable=False),
        sa.Column("board", sa.Text(), nullable=False),
        sa.Column("first_player", sa.Integer(), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("winner", sa.Integer(), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_games_status", "games", ["status"])
    op.create_table(
        "seats",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("bot_options", sa.Text(), nullable=False),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("invite_hash", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "actions",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("version", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(200), nullable=False),
        sa.Column("outcome", sa.String(100), nullable=True),
        sa.Column("client_id", sa.String(64), nullable=True),
        sa.Column("by", sa.String(16), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "client_id", name="uq_actions_client_id"),
    )
    op.create_table(
        "chat",
        sa.Column(
            "id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            primary_key=True,
            autoincrement=True,
        ),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_game", "chat", ["game_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_chat_game", "chat")
    op.drop_table("chat")
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_index("ix_games_status", "games")
    op.drop_table("games")
