"""Configuration from the environment, prefix PASHU_ (DESIGN §7)."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import model_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

DEV_SECRET_KEY = "dev-insecure-change-me"
# A key HMAC-SHA256 is keyed with should hold at least as many bytes as the hash (RFC 2104
# §3); shorter, a guessed key forges every token's hash.
MIN_SECRET_KEY_BYTES = 32
# Values a deployment gets by copying an example rather than choosing a secret.
KNOWN_SECRET_KEYS = frozenset({DEV_SECRET_KEY, "change-me", "changeme", "secret", "x", ""})


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
    # Passwords kept apart from the URLs, so each can come from its own secret file
    # (PASHU_DATABASE_PASSWORD_FILE): filled into a URL of these that carries none.
    # `pashu db upgrade` gives the application's role database_password (scram-sha-256).
    database_password: str | None = None
    admin_database_password: str | None = None
    # Where alembic.ini and migrations/ are when the package is installed, not run from the
    # source tree (the Docker image); default: the source tree's root.
    migrations_root: Path | None = None
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
    # The API's Prometheus metrics are served on a port of their own (0: not at all), bound
    # to loopback unless told otherwise, never on the public port: they describe the
    # whole deployment. `pashu worker` serves its own the same way.
    metrics_port: int = 9102
    metrics_host: str = "127.0.0.1"
    worker_metrics_port: int = 9101
    worker_metrics_host: str = "127.0.0.1"
    # Development and tests only: also answer /metrics on the API's own port (prod refuses).
    metrics_on_api_port: bool = False
    # Label the per-tenant gauges (sweep lag, outbox waiting) with tenants' slugs; off, they
    # are summed over tenants (the lag the largest), and no slug is listed.
    metrics_tenant_labels: bool = False
    # What one query may cost (schema/cost.py): about 10 µs of the server's work a unit, so
    # the most expensive allowed query answers in about 2 s on the documented maximum data
    # (a page of eight full cases' animals, about 1.5 s of a loaded 2-core host's CPU on
    # SQLite; a full case's register copy, 125,003, the frontend's costliest operation;
    # tests/schema/test_heaviest_allowed_query.py).
    max_query_cost: int = 126_000
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
    # (fastpaths/compiled.py); off, every query is resolved field by field.
    compiled_queries: bool = True
    # Answer hot mutations in two round trips on the driver's connections, after the
    # ordinary path has answered their document once (fastpaths/direct_mutations.py).
    direct_mutations: bool = True
    # Keep whole answers to anonymous queries of the public law (fastpaths/public_answers.py),
    # bounded by cache_entries and cache_bytes; and how long browsers and CDNs may keep them.
    public_answers: bool = True
    public_max_age: int = 3600
    # Run only the reference frontend's registered documents (web/operations/manifest.json,
    # asked by hash or in full) and, without a token, queries of the public law
    # (schema/trusted.py); off, any document runs, and a registered hash still may be sent.
    # On, GraphiQL is not served even in dev (app.serves_ide): none of its documents would run.
    trusted_documents: bool = False

    def refuse_insecure(self) -> None:
        """A `prod` server does not start on a secret key anyone could know or guess (the
        development one, an example's placeholder, a short one): with it, anyone could
        forge the hashes its tokens are checked against."""
        if self.env != "prod":
            return
        if self.metrics_on_api_port:
            raise InsecureSettings(
                "PASHU_ENV=prod serves /metrics only on PASHU_METRICS_PORT, never on the "
                "API's public port: unset PASHU_METRICS_ON_API_PORT"
            )
        key = self.secret_key
        known = key.strip().lower() in KNOWN_SECRET_KEYS or "change-me" in key.lower()
        if known or len(key.encode()) < MIN_SECRET_KEY_BYTES:
            raise InsecureSettings(
                f"PASHU_ENV=prod needs PASHU_SECRET_KEY set to a secret value of at least "
                f"{MIN_SECRET_KEY_BYTES} bytes, not a default "
                '(e.g. python -c "import secrets; print(secrets.token_urlsafe(48))")'
            )

    @property
    def admin_url(self) -> str:
        return self.admin_database_url or self.database_url

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")

    @model_validator(mode="after")
    def _passwords_into_urls(self) -> Settings:
        self.database_url = _with_password(self.database_url, self.database_password)
        if self.read_database_url:  # the replica is read as the same role
            self.read_database_url = _with_password(self.read_database_url, self.database_password)
        if self.admin_database_url:
            self.admin_database_url = _with_password(
                self.admin_database_url, self.admin_database_password
            )
        return self

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[Any, ...]:
        return (init_settings, secret_files, env_settings, dotenv_settings, file_secret_settings)


def _with_password(url: str, password: str | None) -> str:
    if not password or url.startswith("sqlite"):
        return url
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.password is not None:
        return url
    return parsed.set(password=password).render_as_string(hide_password=False)


def secret_files() -> dict[str, str]:
    """Settings read from files: PASHU_<NAME>_FILE names the file holding PASHU_<NAME>.

    Docker's and Kubernetes' secrets are files; a secret passed this way is not in the
    environment, where `docker inspect` and /proc/<pid>/environ show it to others.
    """
    found: dict[str, str] = {}
    for name in Settings.model_fields:
        variable = f"PASHU_{name.upper()}"
        path = os.environ.get(f"{variable}_FILE")
        if not path:
            continue
        if variable in os.environ:  # which one is meant cannot be guessed
            raise InsecureSettings(f"both {variable} and {variable}_FILE are set: set one")
        try:
            found[name] = Path(path).read_text(encoding="utf-8").rstrip("\r\n")
        except OSError as err:
            raise InsecureSettings(f"{variable}_FILE: cannot read {path}: {err}") from None
    return found


@cache
def settings() -> Settings:
    return Settings()
