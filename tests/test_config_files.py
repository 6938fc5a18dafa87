"""Settings from files (issue #35): PASHU_<NAME>_FILE names a file holding the setting, as
Docker's and Kubernetes' secrets are given; a password is kept apart from its URL."""

from __future__ import annotations

from pathlib import Path

import pytest

from pashu.config import InsecureSettings, Settings


def test_a_setting_is_read_from_the_file_its_FILE_variable_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "key").write_text("a long random key\n", encoding="utf-8")
    (tmp_path / "pw").write_text("p@ss:w/rd\n", encoding="utf-8")
    monkeypatch.setenv("PASHU_SECRET_KEY_FILE", str(tmp_path / "key"))
    monkeypatch.setenv("PASHU_DATABASE_URL", "postgresql://pashu_app@postgres:5432/pashu")
    monkeypatch.setenv("PASHU_DATABASE_PASSWORD_FILE", str(tmp_path / "pw"))
    cfg = Settings()
    assert cfg.secret_key == "a long random key"  # the file's final newline is not the key's
    assert cfg.database_url == "postgresql://pashu_app:p%40ss%3Aw%2Frd@postgres:5432/pashu"


def test_a_setting_given_both_ways_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "key").write_text("from the file", encoding="utf-8")
    monkeypatch.setenv("PASHU_SECRET_KEY_FILE", str(tmp_path / "key"))
    monkeypatch.setenv("PASHU_SECRET_KEY", "from the environment")
    with pytest.raises(InsecureSettings, match="both PASHU_SECRET_KEY and PASHU_SECRET_KEY_FILE"):
        Settings()


def test_a_missing_file_is_refused_by_its_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PASHU_ADMIN_DATABASE_PASSWORD_FILE", str(tmp_path / "absent"))
    with pytest.raises(InsecureSettings, match="PASHU_ADMIN_DATABASE_PASSWORD_FILE"):
        Settings()


def test_a_url_that_carries_its_own_password_keeps_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PASHU_ADMIN_DATABASE_URL", "postgresql://postgres:own@pg/pashu")
    monkeypatch.setenv("PASHU_ADMIN_DATABASE_PASSWORD", "other")
    assert Settings().admin_url == "postgresql://postgres:own@pg/pashu"
