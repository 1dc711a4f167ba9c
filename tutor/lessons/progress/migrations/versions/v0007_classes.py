"""Version 7: class mode — accounts with roles and quick-login codes, classes with a join code and
each learner's consent, and assignments (issue 30). The same on SQLite and PostgreSQL.

Revision ID: v0007
Revises: v0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0007"
down_revision = "v0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("name", sa.Text, sa.ForeignKey("learners.name"), primary_key=True),
        sa.Column("role", sa.Text, sa.CheckConstraint("role IN ('learner', 'teacher')"), nullable=False),
        sa.Column("code_hash", sa.Text),
        sa.Column("code_expires", sa.Text),
        sa.Column("failed", sa.Integer, nullable=False, server_default="0"),
        sa.Column("oidc_subject", sa.Text, unique=True),
        sa.Column("created_by", sa.Text),
        sa.Column("created_at", sa.Text, nullable=False),
    )
    op.create_table(
        "classes",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("teacher", sa.Text, sa.ForeignKey("accounts.name"), nullable=False),
        sa.Column("join_code", sa.Text, nullable=False, unique=True),
        sa.Column("created_at", sa.Text, nullable=False),
    )
    op.create_table(
        "members",
        sa.Column("class_id", sa.Text, sa.ForeignKey("classes.id"), nullable=False),
        sa.Column("learner", sa.Text, sa.ForeignKey("accounts.name"), nullable=False),
        sa.Column("consented_at", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("class_id", "learner"),
    )
    op.create_table(
        "assignments",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("class_id", sa.Text, sa.ForeignKey("classes.id"), nullable=False),
        sa.Column("learner", sa.Text),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("items", sa.Text, nullable=False),
        sa.Column("due", sa.Text, nullable=False),
        sa.Column("created_at", sa.Text, nullable=False),
    )
    op.execute("UPDATE schema_version SET version = 7")


def downgrade() -> None:  # the store never goes back a version (docs/progress.md)
    raise NotImplementedError("the progress store is not downgraded")
