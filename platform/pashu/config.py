"""Configuration from the environment, prefix PASHU_ (DESIGN §7)."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic_settings import BaseSettings, SettingsConfigDict

DEV_SECRET_KEY = "dev-insecure-change-me"


class InsecureSettings(RuntimeError):
    """A setting no production server may run with."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="PASHU_", env_file=".env", extra="ignore")

    # The application's connection. On PostgreSQL it must be a role that does not own the
    # tables, so row-level security applies to it (DESIGN §4).
    database_url: str = "sqlite:///pashu.db"
    # The owner's connection, for migrations and administration; defaults to database_url.
    admin_database_url: str | None = None
    # The role the application connects as; migrations grant it what it needs.
    app_role: str = "pashu_app"
    # Redis or RabbitMQ; empty runs tasks in-process (the embedded default).
    broker_url: str | None = None
    secret_key: str = DEV_SECRET_KEY
    # Days an API token lasts unless made with another lifetime.
    token_days: int = 90
    env: Literal["dev", "prod", "test"] = "dev"
    # Seconds between in-process sweeps of the embedded default; 0 turns them off.
    sweep_interval: int = 60
    # Seconds the broker waits for an unacknowledged task before delivering it again (Redis);
    # retry countdowns are kept below it.
    broker_visibility_timeout: int = 3600
    # The broker queue the clock's tasks go to (several deployments may share one Redis).
    task_queue: str = "pashu"
    # GraphQL limits.
    max_depth: int = 12
    max_aliases: int = 30
    max_tokens: int = 3000
    max_page_size: int = 100
    # A replica (same role, same row-level security) that GraphQL queries read from;
    # mutations, and every read of a request that writes, stay on the primary.
    read_database_url: str | None = None
    # Log lines: JSON in prod, readable otherwise; this level and above.
    log_level: str = "INFO"
    # `pashu worker` serves its Prometheus metrics on this port (0: not at all).
    worker_metrics_port: int = 9101
    # What one query may cost (schema/cost.py): about 10 µs of the server's work a unit, so
    # the most expensive allowed query answers in about 2 s on the documented maximum data.
    max_query_cost: int = 200_000
    # Bytes of an answer; a larger one is refused with LIMIT_EXCEEDED, never sent.
    max_response_bytes: int = 20_000_000
    # Seconds a claimed Idempotency-Key with no answer holds off a retry (409); after that a
    # retry runs in its place. Only an earlier version leaves such claims (keys now commit
    # with their answer, schema/idempotent.py).
    idempotency_claim_seconds: int = 300
    # Hours an answered Idempotency-Key is kept and replayed; older keys are purged.
    idempotency_retention_hours: int = 24
    # Bytes of a request body; a larger one is refused with 413 before it is read whole.
    max_body_bytes: int = 1_000_000
    # Each cache of documents (parsed, validated, compiled) holds at most this many entries
    # and this many bytes.
    cache_entries: int = 256
    cache_bytes: int = 32_000_000
    # Answer the hot dashboard queries with one SQL statement each on PostgreSQL
    # (schema/compiled.py); off, every query is resolved field by field.
    compiled_queries: bool = True
    # Answer hot mutations in two round trips on the driver's connections, after the
    # ordinary path has answered their document once (schema/direct_mutations.py).
    direct_mutations: bool = True
    # Keep whole answers to anonymous queries of the public law (schema/public_answers.py),
    # bounded by cache_entries and cache_bytes; and how long browsers and CDNs may keep them.
    public_answers: bool = True
    public_max_age: int = 3600

    def refuse_insecure(self) -> None:
        """A `prod` server does not start on the development secret key: anyone could
        forge the hashes its tokens are checked against."""
        if self.env == "prod" and self.secret_key == DEV_SECRET_KEY:
            raise InsecureSettings("PASHU_ENV=prod needs PASHU_SECRET_KEY set to a secret value")

    @property
    def admin_url(self) -> str:
        return self.admin_database_url or self.database_url

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")


@cache
def settings() -> Settings:
    return Settings()
