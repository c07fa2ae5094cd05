"""Chat lines carry the game's version when they were said: their place in the record.

A game's record (``GET /api/games/{id}/record``) places every chat line between two
actions (``"chat": [[step, seat, text], ...]``), so each line keeps the game's version at
the moment it was said. Lines stored before this revision are placed by their time: the
number of the game's actions accepted at or before it (the log's ``at``), which is where
the line stood when it was said (a line said in the same instant as an action is placed
after it). The column stays nullable: a line no log places is left out of records only.

Revision ID: 0003
Revises: 0002
Create Date: 2027-01-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("chat") as batch:
        batch.add_column(sa.Column("version", sa.Integer(), nullable=True))
    chat = sa.table(
        "chat",
        sa.column("game_id", sa.String),
        sa.column("at", sa.DateTime(timezone=True)),
        sa.column("version", sa.Integer),
    )
    actions = sa.table(
        "actions",
        sa.column("game_id", sa.String),
        sa.column("at", sa.DateTime(timezone=True)),
    )
    placed = (
        sa.select(sa.func.count())
        .select_from(actions)
        .where(actions.c.game_id == chat.c.game_id, actions.c.at <= chat.c.at)
        .scalar_subquery()
    )
    op.execute(chat.update().values(version=placed))


def downgrade() -> None:
    with op.batch_alter_table("chat") as batch:
        batch.drop_column("version")
