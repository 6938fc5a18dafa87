"""The application's role has a password in production (issue #35): `pashu db upgrade` gives
it the password its connection carries, stored as a SCRAM-SHA-256 verifier, never the text."""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
from collections.abc import Iterator

import pytest
import sqlalchemy as sa

from pashu.config import settings
from pashu.db import rls
from pashu.db.migrate import set_app_password
from tests.conftest import Databases

pytestmark = pytest.mark.postgres


def admits(verifier: str, password: str) -> bool:
    """Whether a PostgreSQL SCRAM-SHA-256 verifier is that of `password` (RFC 5802)."""
    method, rest = verifier.split("$", 1)
    params, keys = rest.split("$")
    iterations, salt = params.split(":")
    stored, server = (base64.b64decode(k) for k in keys.split(":"))
    salted = hashlib.pbkdf2_hmac(
        "sha256", password.encode(), base64.b64decode(salt), int(iterations)
    )
    client_key = hmac.new(salted, b"Client Key", "sha256").digest()
    server_key = hmac.new(salted, b"Server Key", "sha256").digest()
    return method == "SCRAM-SHA-256" and (
        hashlib.sha256(client_key).digest() == stored and server_key == server
    )


@pytest.fixture()
def role(pg: Databases) -> Iterator[str]:
    # A role of its own: roles are the whole server's, and others' tests use pashu_app.
    name = f"pashu_pw_{os.getpid()}"
    with pg.admin.engine.begin() as c:
        c.exec_driver_sql(f'DROP ROLE IF EXISTS "{name}"')
        c.exec_driver_sql(f'CREATE ROLE "{name}" LOGIN')
    yield name
    with pg.admin.engine.begin() as c:
        c.exec_driver_sql(f'DROP ROLE IF EXISTS "{name}"')


def verifier_of(pg: Databases, role: str) -> str:
    with pg.admin.engine.connect() as c:
        found = c.scalar(
            sa.text("SELECT rolpassword FROM pg_authid WHERE rolname = :r"), {"r": role}
        )
    return str(found)


def test_the_role_gets_a_scram_verifier_of_its_password(pg: Databases, role: str) -> None:
    with pg.admin.engine.begin() as c:
        rls.set_password(c, role, "it's a s3cret")
    stored = verifier_of(pg, role)
    assert stored.startswith("SCRAM-SHA-256$") and "s3cret" not in stored
    assert admits(stored, "it's a s3cret") and not admits(stored, "its a s3cret")


def test_an_upgrade_sets_the_password_the_apps_connection_carries(
    pg: Databases, role: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    admin = pg.admin.engine.url.render_as_string(hide_password=False)
    monkeypatch.setenv("PASHU_APP_ROLE", role)
    monkeypatch.setenv("PASHU_DATABASE_URL", f"postgresql://{role}@db.example:5432/pashu")
    monkeypatch.setenv("PASHU_DATABASE_PASSWORD", "from a secret file")
    settings.cache_clear()
    try:
        set_app_password(admin)
    finally:
        monkeypatch.undo()
        settings.cache_clear()
    assert admits(verifier_of(pg, role), "from a secret file")
