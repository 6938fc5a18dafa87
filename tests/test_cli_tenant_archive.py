"""`pashu tenant export` and `pashu tenant import`, run as an administrator runs them."""

from __future__ import annotations

from pathlib import Path

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
