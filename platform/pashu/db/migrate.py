"""`pashu db upgrade`: Alembic, driven from code."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

from pashu.config import settings
from pashu.db.engine import sync_url

ROOT = Path(__file__).resolve().parents[3]


def alembic_config(url: str | None = None) -> Config:
    cfg = Config(str(ROOT / "alembic.ini"))
    cfg.set_main_option("script_location", str(ROOT / "migrations"))
    cfg.attributes["url"] = sync_url(url or settings().admin_url)
    return cfg


def upgrade(url: str | None = None, revision: str = "heads") -> None:
    """Every branch to its head: each domain adds its migrations on its own branch."""
    command.upgrade(alembic_config(url), revision)
