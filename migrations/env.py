"""Alembic environment: runs as the tables' owner (PASHU_ADMIN_DATABASE_URL)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine, pool

import pashu.db.models  # noqa: F401  (registers every table on the metadata)
from pashu.config import settings
from pashu.db.base import Base
from pashu.db.engine import sync_url

config = context.config
url = config.attributes.get("url") or sync_url(settings().admin_url)


def run_offline() -> None:
    context.configure(url=url, target_metadata=Base.metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    engine = create_engine(url, poolclass=pool.NullPool)
    with engine.connect() as connection:
        context.configure(
            connection=connection,
            target_metadata=Base.metadata,
            render_as_batch=connection.dialect.name == "sqlite",  # SQLite cannot ALTER much
        )
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
