"""The HTTP surface: probes, GraphiQL only in dev, introspection hidden in prod."""

from __future__ import annotations

import httpx

from pashu.app import create_app
from pashu.config import Settings
from tests.conftest import Databases, client


def _client(dbs: Databases, env: str) -> httpx.AsyncClient:
    return client(dbs.app, Settings(env=env, secret_key="a-test-secret-" + "k" * 32))  # type: ignore[arg-type]


async def test_probes_answer(dbs: Databases) -> None:
    async with _client(dbs, "test") as http:
        assert (await http.get("/healthz")).text == "ok"
        assert (await http.get("/readyz")).json() == {"ready": True, "database": "ok"}


async def test_readyz_fails_when_the_database_is_gone(tmp_path: object) -> None:
    from pashu.db.engine import Database

    broken = Database("postgresql://nobody@127.0.0.1:1/none", pooled=False)
    app = create_app(broken, Settings(env="test"))
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://pashu"
    ) as http:
        r = await http.get("/readyz")
    assert r.status_code == 503 and r.json()["ready"] is False


async def test_graphiql_is_served_only_in_dev(dbs: Databases) -> None:
    html = {"accept": "text/html"}
    async with _client(dbs, "dev") as http:
        dev = await http.get("/graphql", headers=html)
    async with _client(dbs, "prod") as http:
        prod = await http.get("/graphql", headers=html)
    assert dev.status_code == 200 and "graphiql" in dev.text.lower()
    assert prod.status_code != 200 or "graphiql" not in prod.text.lower()


async def test_with_trusted_documents_graphiql_is_not_served_even_in_dev(dbs: Databases) -> None:
    """PASHU_TRUSTED_DOCUMENTS runs the frontend's registered documents alone, so the IDE's own
    documents could not run: the page and its assets are not served, and the introspection the
    IDE would begin with is refused, as any unregistered document is."""
    cfg = Settings(env="dev", trusted_documents=True, secret_key="a-test-secret-" + "k" * 32)
    async with client(dbs.app, cfg) as http:
        page = await http.get("/graphql", headers={"accept": "text/html"})
        asset = await http.get("/graphiql/graphiql-3.8.3.min.js")
        schema = await http.post("/graphql", json={"query": "{ __schema { types { name } } }"})
    assert "graphiql" not in page.text.lower()
    assert asset.status_code == 404
    assert schema.json()["errors"][0]["extensions"]["code"] == "PERSISTED_QUERY_NOT_IN_LIST"
    async with _client(dbs, "dev") as http:  # the same asset, served without the setting
        assert (await http.get("/graphiql/graphiql-3.8.3.min.js")).status_code == 200


async def test_introspection_is_hidden_in_prod(dbs: Databases) -> None:
    q = {"query": "{ __schema { queryType { name } } }"}
    async with _client(dbs, "prod") as http:
        prod = (await http.post("/graphql", json=q)).json()
    async with _client(dbs, "dev") as http:
        dev = (await http.post("/graphql", json=q)).json()
    assert dev["data"]["__schema"]["queryType"]["name"] == "Query"
    assert prod.get("errors")


def test_what_orjson_refuses_is_still_answered_as_json(dbs: Databases) -> None:
    """An answer is written by orjson; what it refuses (an integer beyond 64 bits, a lone
    surrogate) by the standard library's encoder, so the client still gets JSON, not a 500."""
    import json

    from pashu.app import GraphQLApp

    web = GraphQLApp(dbs.app, Settings(env="test"))  # type: ignore[arg-type]
    fine = {"data": {"owner": "Lalthanzuala रमेश", "count": 3}}
    assert (
        web.encode_json(fine)
        == json.dumps(fine, ensure_ascii=False, separators=(",", ":")).encode()
    )
    for refused in ({"data": {"n": 2**70}}, {"data": {"text": "a\ud800b"}}):
        assert json.loads(web.encode_json(refused)) == refused
