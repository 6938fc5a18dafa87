"""The production recipe (docker-compose.yml, Dockerfile, .dockerignore, deploy/): Prometheus
scrapes what the services serve (the API on PASHU_METRICS_PORT, never its public port, and the
worker on PASHU_WORKER_METRICS_PORT), neither published outside the compose network, and the
recipe is safe as written."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml
from sqlalchemy.engine import make_url

from pashu.config import Settings

ROOT = Path(__file__).resolve().parents[1]


def test_prometheus_scrapes_the_api_and_the_worker_of_the_compose_file() -> None:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    services = compose["services"]
    mounted = services["prometheus"]["volumes"][0].split(":")[0]
    config = yaml.safe_load((ROOT / mounted).read_text(encoding="utf-8"))
    targets = {
        job["job_name"]: (job.get("metrics_path", "/metrics"), job["static_configs"][0]["targets"])
        for job in config["scrape_configs"]
    }
    api_port = services["api"]["command"][services["api"]["command"].index("--port") + 1]
    metrics_port = Settings().metrics_port
    assert targets["pashu-api"] == ("/metrics", [f"api:{metrics_port}"])
    assert str(metrics_port) != api_port and str(metrics_port) in services["api"]["expose"]
    published = [p.split(":")[-1] for s in services.values() for p in s.get("ports", [])]
    assert str(metrics_port) not in published and "9101" not in published
    worker_port = Settings().worker_metrics_port
    assert targets["pashu-worker"] == ("/metrics", [f"worker:{worker_port}"])
    assert str(worker_port) in services["worker"]["expose"]
    assert services["worker"]["command"] == ["pashu", "worker"]


# The production recipe is safe as written (issue #35). Docker is not needed to check it:
# the files are read as compose, Docker and Caddy read them.


def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / "docker-compose.yml").read_text("utf-8"))
    return loaded


def test_every_password_comes_from_a_secret_file_with_no_default() -> None:
    c = compose()
    secrets = c["secrets"]
    assert all(set(s) == {"file"} for s in secrets.values())  # a file, never a fallback value
    for name, service in c["services"].items():
        env = service.get("environment") or {}
        for variable, value in env.items():
            if variable.endswith("_URL") and "://" in str(value):
                assert make_url(str(value)).password is None, f"{name}: {variable}"
            if variable.endswith("_FILE"):  # mounted from a secret this service is given
                secret = str(value).removeprefix("/run/secrets/")
                assert secret in secrets and secret in service["secrets"], f"{name}: {variable}"
            assert "PASSWORD" not in variable or variable.endswith("_FILE"), f"{name}: {variable}"


def test_postgresql_proves_passwords_and_the_apps_role_has_one() -> None:
    c = compose()
    pg = c["services"]["postgres"]["environment"]
    assert pg["POSTGRES_HOST_AUTH_METHOD"] == "scram-sha-256"
    assert "--auth-host=scram-sha-256" in pg["POSTGRES_INITDB_ARGS"]
    assert "trust" not in str(c["services"]["postgres"])
    assert "ports" not in c["services"]["postgres"]
    for name in ("migrate", "api", "worker", "beat"):
        env = c["services"][name]["environment"]
        # The app connects as the role the migrations make, with a password they set.
        assert make_url(env["PASHU_DATABASE_URL"]).username == Settings().app_role
        assert env["PASHU_DATABASE_PASSWORD_FILE"] == "/run/secrets/pashu_app_password"
    # The owner's password is the one PostgreSQL was made with, and only the migrating
    # service (where the administrator's commands run) has it.
    owner = "/run/secrets/postgres_password"
    assert pg["POSTGRES_PASSWORD_FILE"] == owner
    assert c["services"]["migrate"]["environment"]["PASHU_ADMIN_DATABASE_PASSWORD_FILE"] == owner
    for name in ("api", "worker", "beat"):
        env = c["services"][name]["environment"]
        assert not any(k.startswith("PASHU_ADMIN") for k in env), name
        assert "postgres_password" not in c["services"][name]["secrets"], name


def published(service: dict[str, Any]) -> list[str]:
    return [str(p) for p in service.get("ports", [])]


def test_only_the_proxy_is_published_and_it_does_not_serve_metrics() -> None:
    services = compose()["services"]
    open_to_all = {
        name: ports
        for name, service in services.items()
        if (ports := [p for p in published(service) if not p.startswith("127.0.0.1:")])
    }
    assert open_to_all == {"proxy": ["8000:8000"]}
    mounted = services["proxy"]["volumes"][0].split(":")[0]
    caddy = (ROOT / mounted).read_text(encoding="utf-8")
    site = re.search(r"^:8000 \{(.*?)^\}", caddy, re.S | re.M)
    assert site, caddy
    body = site.group(1)
    matcher = re.search(r"@(\w+) path (.+)", body)
    assert matcher and {"/metrics", "/metrics/*"} <= set(matcher.group(2).split())
    assert f"respond @{matcher.group(1)} 404" in body
    assert body.index("respond @") < body.index("reverse_proxy api:8000")


def dockerignored(path: str, patterns: list[str]) -> bool:
    """Docker's rule: the last pattern matching the path or one of its folders decides."""
    excluded = False
    parts = path.split("/")
    for pattern in patterns:
        negated = pattern.startswith("!")
        glob = pattern.removeprefix("!").strip("/")
        rx = "".join(
            ".*"
            if tok == "**"
            else "[^/]*"
            if tok == "*"
            else "[^/]"
            if tok == "?"
            else re.escape(tok)
            for tok in re.split(r"(\*\*|\*|\?)", glob)
        )
        rx = rx.replace(".*/", "(.*/)?")
        if any(re.fullmatch(rx, "/".join(parts[:i])) for i in range(1, len(parts) + 1)):
            excluded = not negated
    return excluded


def test_the_image_gets_no_virtualenv_database_or_secret() -> None:
    lines = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    patterns = [p.strip() for p in lines if p.strip() and not p.startswith("#")]
    for kept_out in (
        ".venv/bin/python",
        "node_modules/graphql/index.js",
        "pashu.db",
        "platform/pashu.db",
        "platform/pashu/__pycache__/cli.cpython-311.pyc",
        "test-artifacts/law.png",
        ".git/HEAD",
        ".env",
        "secrets/postgres_password",
        "tests/conftest.py",
    ):
        assert dockerignored(kept_out, patterns), kept_out
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    for source in re.findall(r"^COPY (?!--from)(.+) \S+$", dockerfile, re.M):
        for path in source.split():
            assert not dockerignored(path, patterns), path  # what the build copies is there
            assert (ROOT / path).exists(), path


def test_the_image_is_built_in_stages_and_installed_not_editable() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    stages = re.split(r"^FROM ", dockerfile, flags=re.M)[1:]
    assert len(stages) >= 2
    assert not re.search(r"pip install[^\n]*(-e\b|--editable)", dockerfile)
    final = stages[-1]
    assert "COPY --from=" in final and "/wheels" in final
    users = re.findall(r"^USER (\S+)", final, re.M)
    assert users and users[-1] not in ("root", "0")
    # The migrations the installed package cannot find in a source tree are where the
    # image's PASHU_MIGRATIONS_ROOT says.
    root = re.search(r"PASHU_MIGRATIONS_ROOT=(\S+)", final)
    assert root
    assert f"COPY alembic.ini {root.group(1)}/alembic.ini" in final
    assert f"COPY migrations {root.group(1)}/migrations" in final


def test_migrations_are_found_where_pashu_migrations_root_says(tmp_path: Path) -> None:
    env = {**os.environ, "PASHU_DATABASE_URL": f"sqlite:///{tmp_path / 'p.db'}"}
    env.pop("PASHU_ADMIN_DATABASE_URL", None)
    upgrade = [sys.executable, "-m", "pashu.cli", "db", "upgrade"]
    nowhere = subprocess.run(
        upgrade,
        env={**env, "PASHU_MIGRATIONS_ROOT": str(tmp_path / "empty")},
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    assert nowhere.returncode != 0  # it looked there, not in the source tree
    copy = tmp_path / "opt"
    copy.mkdir()
    shutil.copy(ROOT / "alembic.ini", copy / "alembic.ini")
    shutil.copytree(ROOT / "migrations", copy / "migrations")
    there = subprocess.run(
        upgrade,
        env={**env, "PASHU_MIGRATIONS_ROOT": str(copy)},
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    assert there.returncode == 0, there.stderr
    assert "database is up to date" in there.stdout


def test_the_readme_makes_the_first_tenant_and_token_with_one_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = re.search(r"docker compose run --rm migrate (pashu bootstrap [^\n]+)", readme)
    assert command, "README: the first tenant and token under compose"
    options = set(re.findall(r"--[a-z-]+", command.group(1)))
    from typer.main import get_command

    from pashu.cli import app

    cli = get_command(app)
    bootstrap = cli.commands["bootstrap"]  # type: ignore[attr-defined]
    known = {o for p in bootstrap.params for o in p.opts}
    assert options <= known
    required = {p.opts[0] for p in bootstrap.params if p.required}
    assert required <= options
