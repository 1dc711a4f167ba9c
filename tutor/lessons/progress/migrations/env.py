"""Alembic's environment for the progress store: migrations run on the store's own connection.

The store passes its SQLAlchemy connection in ``config.attributes["connection"]`` inside the write
transaction it has opened (``tutor.lessons.progress.opening``); nothing here opens another.
"""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None, transaction_per_migration=False)
with context.begin_transaction():
    context.run_migrations()
