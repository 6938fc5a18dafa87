"""`pashu tenant export` and `pashu tenant import`, run as an administrator runs them."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa

from tests.test_cli import pashu


def test_a_department_exported_on_the_command_line_is_restored_in_another_database(
    tmp_path: Path,
) -> None:
    source = f"sqlite:///{tmp_path / 'source.db'}"
    target = f"sqlite:///{tmp_path / 'target.db'}"
    assert pashu("demo", "--no-serve", db_url=source).returncode == 0
    assert pashu("db", "upgrade", db_url=target).returncode == 0
    path = tmp_path / "nl.jsonl.gz"
    out = pashu("tenant", "export", "--slug", "demo-nagaland", "--to", str(path), db_url=source)
    assert out.returncode == 0, out.stderr
    assert "exported demo-nagaland" in out.stdout and path.stat().st_size > 0
    back = pashu("tenant", "import", "--from", str(path), "--slug", "nl-restored", db_url=target)
    assert back.returncode == 0, back.stderr
    assert "imported nl-restored" in back.stdout
    again = pashu("tenant", "import", "--from", str(path), "--slug", "nl-restored", db_url=target)
    assert again.returncode == 2 and "CONFLICT" in again.stderr


def test_exporting_a_tenant_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'empty.db'}"
    assert pashu("db", "upgrade", db_url=url).returncode == 0
    out = pashu("tenant", "export", "--slug", "nobody", "--to", str(tmp_path / "x"), db_url=url)
    assert out.returncode == 2 and "NOT_FOUND" in out.stderr
    assert not (tmp_path / "x").exists()


HEADER = {
    "format": "pashu-tenant",
    "version": 1,
    "tenant": {
        "id": "6f1d8a52-4a8e-4d0e-9a53-0d6d3f0c1a11",
        "slug": "nl-old",
        "name": "Department of Agriculture",
        "jurisdiction": "nagaland",
        "created_at": "2026-01-01T00:00:00+00:00",
    },
}
TENANT = HEADER["tenant"]["id"]  # type: ignore[index]
CASE = {"table": "impoundments", "row": {"tenant_id": TENANT, "id": "bad-uuid"}}
RATE = {"table": "rate_notifications", "row": {"tenant_id": TENANT, "amount": "1.234"}}
# Archives (their text) no import may take: each answers a code, and writes nothing.
MALFORMED = {
    "a bad JSON line": f"{json.dumps(HEADER)}\n{{not json\n",
    "a line that is not an object": f"{json.dumps(HEADER)}\n[1, 2]\n",
    "a row without a table": f'{json.dumps(HEADER)}\n{{"row": {{}}}}\n{{"end": {{}}}}\n',
    "a bad uuid": f'{json.dumps(HEADER)}\n{json.dumps(CASE)}\n{{"end": {{"impoundments": 1}}}}\n',
    "a fraction of a paisa": (
        f'{json.dumps(HEADER)}\n{json.dumps(RATE)}\n{{"end": {{"rate_notifications": 1}}}}\n'
    ),
    "a header only": f"{json.dumps(HEADER)}\n",
    "an empty file": "",
    "a header naming no tenant": '{"format": "pashu-tenant", "version": 1}\n{"end": {}}\n',
}


@pytest.fixture(scope="module")
def department_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = f"sqlite:///{tmp_path_factory.mktemp('archive') / 'cli.db'}"
    assert pashu("db", "upgrade", db_url=url).returncode == 0
    made = pashu(
        "tenant", "create", "--slug", "nl-agri", "--jurisdiction", "nagaland", "--name", "NL",
        db_url=url,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    return url


def _tenant_slugs(url: str) -> list[str]:
    engine = sa.create_engine(url)
    with engine.connect() as c:
        slugs = list(c.scalars(sa.text("SELECT slug FROM tenants ORDER BY slug")))
    engine.dispose()
    return slugs


def _refused(out: subprocess.CompletedProcess[str]) -> None:
    assert out.returncode == 2, out.stdout
    assert out.stderr.startswith("error [") and "Traceback" not in out.stderr, out.stderr


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_a_malformed_archive_is_refused_with_a_code_and_nothing_is_written(
    department_db: str, tmp_path: Path, case: str
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(MALFORMED[case], encoding="utf-8")
    out = pashu("tenant", "import", "--from", str(path), "--slug", "evil", db_url=department_db)
    _refused(out)
    assert "VALIDATION" in out.stderr
    if case == "a bad uuid":
        assert "id is not a valid Uuid" in out.stderr
    assert _tenant_slugs(department_db) == ["nl-agri"]


@pytest.mark.parametrize("case", ["a missing file", "a directory", "not gzip"])
def test_an_import_from_a_path_that_is_no_archive_is_refused_with_a_code(
    department_db: str, tmp_path: Path, case: str
) -> None:
    path = {
        "a missing file": tmp_path / "nowhere.jsonl",
        "a directory": tmp_path,
        "not gzip": tmp_path / "plain.jsonl.gz",
    }[case]
    if case == "not gzip":
        path.write_text(json.dumps(HEADER) + "\n", encoding="utf-8")
    out = pashu("tenant", "import", "--from", str(path), "--slug", "evil", db_url=department_db)
    _refused(out)
    assert _tenant_slugs(department_db) == ["nl-agri"]


@pytest.mark.parametrize("case", ["a missing directory", "a directory"])
def test_an_export_to_a_path_it_cannot_write_is_refused_with_a_code_and_leaves_nothing(
    department_db: str, tmp_path: Path, case: str
) -> None:
    path = tmp_path / "missing" / "out.jsonl" if case == "a missing directory" else tmp_path
    out = pashu("tenant", "export", "--slug", "nl-agri", "--to", str(path), db_url=department_db)
    _refused(out)
    assert list(tmp_path.iterdir()) == []


def test_an_export_to_a_full_device_is_refused_with_a_code_and_leaves_nothing(
    department_db: str, tmp_path: Path
) -> None:
    """The device fills half-way through the archive (the process may write files of at
    most FULL bytes: the kernel refuses the rest, as a full disk does): a coded refusal, no
    traceback, and no partial archive left to be taken for a whole one."""
    full = 256

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (full, full))

    env = {**os.environ, "PASHU_DATABASE_URL": department_db}
    env["PASHU_ADMIN_DATABASE_URL"] = department_db
    engine = sa.create_engine(department_db)
    # Held open, so the database's shared-memory file is there already: the export only
    # reads the database, and only its archive meets the limit.
    with engine.connect() as held:
        held.execute(sa.text("SELECT count(*) FROM tenants"))
        out = subprocess.run(
            [sys.executable, "-m", "pashu.cli", "tenant", "export", "--slug", "nl-agri",
             "--to", str(tmp_path / "out.jsonl")],
            capture_output=True, text=True, env=env, timeout=120, preexec_fn=small_files,
        )  # fmt: skip
    engine.dispose()
    _refused(out)
    assert "VALIDATION" in out.stderr and "File too large" in out.stderr, out.stderr
    assert list(tmp_path.iterdir()) == []
