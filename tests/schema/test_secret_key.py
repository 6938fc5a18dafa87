"""A production server refuses a secret key anyone could know or guess: the hashes of API
tokens are keyed with it, so with a guessed key anyone could forge them."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
import yaml

from pashu.app import create_app
from pashu.config import DEV_SECRET_KEY, InsecureSettings, Settings
from tests.conftest import Databases
from tests.test_cli import ROOT

WEAK = ["change-me", DEV_SECRET_KEY, "", "x", "k" * 31, "change-me-" * 4]


@pytest.mark.parametrize("key", WEAK)
def test_a_prod_server_refuses_a_default_or_shorter_than_32_bytes_secret_key(
    dbs: Databases, key: str
) -> None:
    with pytest.raises(InsecureSettings, match="at least 32 bytes"):
        create_app(dbs.app, Settings(env="prod", secret_key=key))


def test_a_prod_server_starts_on_a_secret_key_of_32_bytes(dbs: Databases) -> None:
    create_app(dbs.app, Settings(env="prod", secret_key="Kq7" + "z" * 29))
    create_app(dbs.app, Settings(env="dev", secret_key="x"))  # development keeps its default


def test_pashu_serve_in_prod_with_the_compose_files_old_fallback_exits_with_a_code() -> None:
    env = {**os.environ, "PASHU_ENV": "prod", "PASHU_SECRET_KEY": "change-me"}
    done = subprocess.run(
        [sys.executable, "-m", "pashu.cli", "serve", "--port", "0"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 2
    assert "error [INSECURE_SETTINGS]" in done.stderr and "Traceback" not in done.stderr


def test_the_compose_file_requires_a_secret_key_and_has_no_fallback() -> None:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    value = compose["x-pashu"]["environment"]["PASHU_SECRET_KEY"]
    assert value.startswith("${PASHU_SECRET_KEY:?"), value
