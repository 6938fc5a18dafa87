"""The CLI refuses a bad instant with a coded error, never a traceback."""

from __future__ import annotations

import pytest

from tests.test_cli import db_url, pashu

__all__ = ["db_url"]  # the fixture: a migrated SQLite file


@pytest.mark.parametrize(
    "as_of", ["bogus", "2026-01-03T16:00:00", "0001-01-01T00:00:00+00:00", "2026-02-30T10:00Z"]
)
def test_sweep_refuses_a_bad_as_of_with_a_code(db_url: str, as_of: str) -> None:
    done = pashu("sweep", "--as-of", as_of, db_url=db_url)
    assert done.returncode == 2
    assert "error [VALIDATION]" in done.stderr
    assert "Traceback" not in done.stderr
