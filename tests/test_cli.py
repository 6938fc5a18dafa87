"""The CLI a department's administrator uses, run as a real process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from pashu.app import create_app
from pashu.config import Settings
from pashu.db.engine import Database

ROOT = Path(__file__).resolve().parents[1]


def pashu(*args: str, db_url: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PASHU_DATABASE_URL": db_url, "PASHU_ADMIN_DATABASE_URL": db_url}
    return subprocess.run(
        [sys.executable, "-m", "pashu.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    assert pashu("db", "upgrade", db_url=url).returncode == 0
    return url


async def test_tenant_and_token_created_on_the_command_line_sign_in(db_url: str) -> None:
    made = pashu(
        "tenant",
        "create",
        "--slug",
        "nl-agri",
        "--jurisdiction",
        "nagaland",
        "--name",
        "Department of Agriculture, Nagaland",
        db_url=db_url,
    )
    assert made.returncode == 0, made.stderr
    out = pashu("token", "create", "--tenant", "nl-agri", "--role", "clerk", db_url=db_url)
    assert out.returncode == 0, out.stderr
    token = out.stdout.strip().splitlines()[-1]
    db = Database(db_url, pooled=False)
    transport = httpx.ASGITransport(app=create_app(db, Settings(env="test")))
    async with httpx.AsyncClient(transport=transport, base_url="http://pashu") as http:
        r = await http.post(
            "/graphql",
            json={"query": "{ viewer { role tenant { slug jurisdiction { code } } } }"},
            headers={"Authorization": f"Bearer {token}"},
        )
    await db.dispose()
    assert r.json()["data"]["viewer"] == {
        "role": "CLERK",
        "tenant": {"slug": "nl-agri", "jurisdiction": {"code": "nagaland"}},
    }


def test_an_unknown_jurisdiction_is_refused_with_the_installed_list(db_url: str) -> None:
    out = pashu(
        "tenant",
        "create",
        "--slug",
        "x1",
        "--jurisdiction",
        "atlantis",
        "--name",
        "X",
        db_url=db_url,
    )
    assert out.returncode != 0
    assert "UNKNOWN_JURISDICTION" in out.stderr
    for code in ("chhattisgarh", "mizoram", "nagaland"):
        assert code in out.stderr


def test_an_unknown_role_is_refused(db_url: str) -> None:
    pashu(
        "tenant",
        "create",
        "--slug",
        "mz-1",
        "--jurisdiction",
        "mizoram",
        "--name",
        "M",
        db_url=db_url,
    )
    out = pashu("token", "create", "--tenant", "mz-1", "--role", "emperor", db_url=db_url)
    assert out.returncode != 0 and "VALIDATION" in out.stderr


def test_the_committed_schema_is_current(tmp_path: Path, db_url: str) -> None:
    target = tmp_path / "schema.graphql"
    out = pashu("schema", "export", "--path", str(target), db_url=db_url)
    assert out.returncode == 0, out.stderr
    committed = (ROOT / "schema.graphql").read_text(encoding="utf-8")
    assert target.read_text(encoding="utf-8") == committed, (
        "schema.graphql is stale: run `pashu schema export`"
    )


def test_demo_creates_a_tenant_per_jurisdiction_and_prints_tokens(db_url: str) -> None:
    out = pashu("demo", "--no-serve", db_url=db_url)
    assert out.returncode == 0, out.stderr
    lines = [ln for ln in out.stdout.splitlines() if "token: pashu_" in ln]
    assert len(lines) == 3
    assert {ln.split()[0] for ln in lines} == {"demo-chhattisgarh", "demo-mizoram", "demo-nagaland"}


async def test_bootstrap_makes_the_first_tenant_and_an_admin_token_that_signs_in(
    db_url: str,
) -> None:
    args = ("bootstrap", "--slug", "mz-vet", "--jurisdiction", "mizoram", "--name", "Vet, Mizoram")
    made = pashu(*args, "--admin", "R. Lalthanga", db_url=db_url)
    assert made.returncode == 0, made.stderr
    token = made.stdout.strip().splitlines()[-1]
    db = Database(db_url, pooled=False)
    transport = httpx.ASGITransport(app=create_app(db, Settings(env="test")))
    async with httpx.AsyncClient(transport=transport, base_url="http://pashu") as http:
        r = await http.post(
            "/graphql",
            json={"query": "{ viewer { role user { name } tenant { slug } } }"},
            headers={"Authorization": f"Bearer {token}"},
        )
    await db.dispose()
    assert r.json()["data"]["viewer"] == {
        "role": "ADMIN",
        "user": {"name": "R. Lalthanga"},
        "tenant": {"slug": "mz-vet"},
    }
    again = pashu(*args, db_url=db_url)  # a second bootstrap of the slug makes no token
    assert again.returncode == 2 and "pashu_" not in again.stdout
    assert "error [" in again.stderr
