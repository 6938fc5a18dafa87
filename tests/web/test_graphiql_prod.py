"""In production (PASHU_ENV=prod) the platform serves no IDE, and so none of its assets.
(Apart from the browser tests: an asyncio test cannot share a module with them.)"""

from __future__ import annotations

from pashu.config import Settings
from tests.conftest import Databases, client


async def test_in_prod_neither_the_ide_nor_its_assets_are_served(dbs: Databases) -> None:
    async with client(
        dbs.app, Settings(env="prod", secret_key="a-secret-of-the-test-" * 2)
    ) as http:
        ide = await http.get("/graphql", headers={"Accept": "text/html"})
        asset = await http.get("/graphiql/graphiql-3.8.3.min.js")
    assert "GraphiQL" not in ide.text
    assert asset.status_code == 404
