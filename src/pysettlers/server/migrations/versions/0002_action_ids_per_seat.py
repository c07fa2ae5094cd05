"""Client action ids are a seat's own: unique per (game, seat), no longer per game.

Two seats' clients that number their actions the same way ("a1", "a2", ...) no longer
collide, and no seat can use up another's ids. Every existing log already satisfies the new
constraint (ids unique per game are unique per seat), so old databases migrate as they are.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # (batch: SQLite cannot drop a constraint in place, so the table is copied there)
    with op.batch_alter_table("actions") as batch:
        batch.drop_constraint("uq_actions_client_id", type_="unique")
        batch.create_unique_constraint(
            "uq_actions_seat_client_id", ["game_id", "seat", "client_id"]
        )


def downgrade() -> None:
    # Fails if two seats of a game used the same id since the upgrade.
    with op.batch_alter_table("actions") as batch:
        batch.drop_constraint("uq_actions_seat_client_id", type_="unique")
        batch.create_unique_constraint("uq_actions_client_id", ["game_id", "client_id"])
