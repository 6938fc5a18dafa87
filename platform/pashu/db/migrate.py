"""`pashu db upgrade`: Alembic, driven from code."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, make_url, pool

from pashu.config import settings
from pashu.db import rls
from pashu.db.engine import sync_url

ROOT = Path(__file__).resolve().parents[3]


def migrations_root() -> Path:
    """Where alembic.ini and migrations/ are: the source tree's root, or, for an installed
    package (which has no source tree), PASHU_MIGRATIONS_ROOT (the image copies them there)."""
    return settings().migrations_root or ROOT


def alembic_config(url: str | None = None) -> Config:
    root = migrations_root()
    cfg = Config(str(root / "alembic.ini"))
    cfg.set_main_option("script_location", str(root / "migrations"))
    cfg.attributes["url"] = sync_url(url or settings().admin_url)
    return cfg


def upgrade(url: str | None = None, revision: str = "heads") -> None:
    """Every branch to its head: each domain adds its migrations on its own branch."""
    command.upgrade(alembic_config(url), revision)
    set_app_password(url or settings().admin_url)


def set_app_password(admin_url: str) -> None:
    """Give the application's role the password its connection (PASHU_DATABASE_URL, or
    PASHU_DATABASE_PASSWORD) carries, at every upgrade: a changed secret takes effect at
    the next `pashu db upgrade`. Nothing happens without one (a trust-authenticated or
    SQLite setup)."""
    cfg = settings()
    app = make_url(sync_url(cfg.database_url))
    if not app.password or app.username != cfg.app_role or cfg.is_sqlite:
        return
    engine = create_engine(sync_url(admin_url), poolclass=pool.NullPool)
    try:
        with engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                rls.set_password(conn, cfg.app_role, str(app.password))
    finally:
        engine.dispose()
