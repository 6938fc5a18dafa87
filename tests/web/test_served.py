"""The frontend is served by the platform itself, beside the API and the probes, and the
demo seeds each new demo tenant once."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx

from tests.web.conftest import Server


def test_the_frontend_is_served_beside_the_api_and_probes(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as http:
        index = http.get("/")
        assert index.status_code == 200
        assert 'type="module" src="app.js"' in index.text
        for asset, kind in (
            ("app.js", "javascript"),
            ("case.js", "javascript"),
            ("styles.css", "css"),
        ):
            r = http.get(f"/{asset}")
            assert r.status_code == 200 and kind in r.headers["content-type"], asset
        assert http.get("/healthz").text == "ok"
        assert http.get("/readyz").json()["ready"] is True
        assert http.get("/nope.js").status_code == 404
        # The pages fetch their documents: each operation's file is served beside them.
        r = http.get("/operations/CasePage.graphql")
        assert r.status_code == 200 and r.text.startswith("query CasePage(")
        assert http.get("/operations/fragments/CitationFields.graphql").status_code == 200
        r = http.post("/graphql", json={"query": "{ jurisdictions { code } }"})
        assert {j["code"] for j in r.json()["data"]["jurisdictions"]} >= {"mizoram", "nagaland"}


def test_no_asset_loads_anything_from_another_host() -> None:
    web = Path(__file__).resolve().parents[2] / "platform" / "pashu" / "web"
    for path in (p for p in web.rglob("*") if p.is_file()):
        text = path.read_text(encoding="utf-8").replace("http://www.w3.org/2000/svg", "")
        assert "http://" not in text and "https://" not in text, path.name
        assert "//cdn" not in text and "@import" not in text, path.name


def _demo(db_url: str, cwd: Path) -> str:
    env = {**os.environ, "PASHU_DATABASE_URL": db_url, "PASHU_ADMIN_DATABASE_URL": db_url}
    out = subprocess.run(
        [sys.executable, "-m", "pashu.cli", "demo", "--no-serve"],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


def _count(db_url: str, table: str) -> int:
    import sqlalchemy as sa

    engine = sa.create_engine(db_url)
    with engine.connect() as c:
        n = c.execute(sa.text(f"SELECT count(*) FROM {table}")).scalar_one()
    engine.dispose()
    return int(n)


def test_demo_seeds_new_tenants_once(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'demo.db'}"
    _demo(db_url, tmp_path)
    cases, pounds = _count(db_url, "impoundments"), _count(db_url, "pounds")
    assert cases == 10 and pounds == 4  # five cases and two pounds per impounding state
    _demo(db_url, tmp_path)  # a second run prints new tokens and adds no data
    assert (_count(db_url, "impoundments"), _count(db_url, "pounds")) == (cases, pounds)
