"""Version 8: a class's member can be archived (issue 30: a teacher archives learners in bulk). The
membership is kept with the time it was archived; an archived member is no longer listed, reported
or assigned, and their record is untouched. The same on SQLite and PostgreSQL.

Revision ID: v0008
Revises: v0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0008"
down_revision = "v0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("members", sa.Column("archived_at", sa.Text, nullable=True))
    op.execute("UPDATE schema_version SET version = 8")


def downgrade() -> None:  # the store never goes back a version (docs/progress.md)
    raise NotImplementedError("the progress store is not downgraded")
