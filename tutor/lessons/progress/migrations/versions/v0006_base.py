"""The progress store's schema at version 6, the first under Alembic.

A new PostgreSQL database (or any empty one) gets the whole schema here. An SQLite file from
before Alembic reaches the same schema by the frozen steps ``MIGRATIONS`` 1-6 of
``tutor.lessons.progress.schema`` and is only stamped with this revision (its tables exist).
Later versions are revisions after this one, run on both databases alike.

Revision ID: v0006
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0006"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("answers"):
        return  # an SQLite file brought to version 6 by the frozen steps
    op.create_table("schema_version", sa.Column("version", sa.Integer, nullable=False))
    op.execute("INSERT INTO schema_version (version) VALUES (6)")
    op.create_table("learners", sa.Column("name", sa.Text, primary_key=True),
                    sa.Column("created_at", sa.Text, nullable=False))
    op.create_table(
        "answers",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer, "sqlite"), primary_key=True, autoincrement=True),
        sa.Column("uid", sa.Text, nullable=False, unique=True),
        sa.Column("learner", sa.Text, sa.ForeignKey("learners.name"), nullable=False),
        sa.Column("item_kind", sa.Text, nullable=False),
        sa.Column("item_id", sa.Text, nullable=False),
        sa.Column("correct", sa.Integer, sa.CheckConstraint("correct IN (0, 1)"), nullable=False),
        sa.Column("given", sa.Text, nullable=False),
        sa.Column("expected", sa.Text, nullable=False),
        sa.Column("laws", sa.Text, nullable=False, server_default="[]"),
        sa.Column("seed", sa.BigInteger),
        sa.Column("position", sa.Text, nullable=False, server_default=""),
        sa.Column("seconds", sa.Float),
        sa.Column("extra", sa.Text, nullable=False, server_default="{}"),
        sa.Column("answered_at", sa.Text, nullable=False),
        sa.Column("retry", sa.Integer, sa.CheckConstraint("retry IN (0, 1)"), nullable=False, server_default="0"),
        sa.Column("key", sa.Text),
    )
    op.create_index("answers_by_learner", "answers", ["learner", "answered_at"])
    op.create_index("answers_by_key", "answers", ["learner", "key"], unique=True,
                    postgresql_where=sa.text("key IS NOT NULL"), sqlite_where=sa.text("key IS NOT NULL"))
    op.create_table(
        "cards",
        sa.Column("learner", sa.Text, sa.ForeignKey("learners.name"), nullable=False),
        sa.Column("item_kind", sa.Text, nullable=False),
        sa.Column("item_id", sa.Text, nullable=False),
        sa.Column("card", sa.Text, nullable=False),
        sa.Column("due", sa.Text, nullable=False),
        sa.Column("reps", sa.Integer, nullable=False),
        sa.Column("lapses", sa.Integer, nullable=False),
        sa.Column("right_streak", sa.Integer, nullable=False),
        sa.Column("reviews", sa.Integer, nullable=False, server_default="0"),
        sa.Column("first_success", sa.Text),
        sa.Column("last_success", sa.Text),
        sa.PrimaryKeyConstraint("learner", "item_kind", "item_id"),
    )
    op.create_index("cards_by_due", "cards", ["learner", "due"])
    op.create_table(
        "tables",
        sa.Column("learner", sa.Text, sa.ForeignKey("learners.name"), nullable=False),
        sa.Column("way", sa.Text, nullable=False, server_default=""),
        sa.Column("session", sa.Text, nullable=False, server_default=""),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False, server_default="1"),
        sa.Column("updated_at", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("learner", "way", "session"),
    )


def downgrade() -> None:  # the store never goes back a version (docs/progress.md)
    raise NotImplementedError("the progress store is not downgraded")
