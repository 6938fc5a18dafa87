"""GraphiQL at /graphql works without internet: its page loads every script and stylesheet
from the platform itself (the pinned files of the npm packages that publish them, checked
by hash), and the IDE runs a query with every other host unreachable."""

from __future__ import annotations

import base64
import hashlib
import re

import httpx
import pytest
from playwright.sync_api import Page, Route, expect

from tests.web.conftest import Server

ASSET = re.compile(r'(?:src|href)="([^"]+)"\s+integrity="(sha384-[^"]+)"')


def test_the_ide_page_names_only_assets_the_platform_serves_with_their_hashes(
    server: Server,
) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        page = http.get("/graphql", headers={"Accept": "text/html"})
        assert page.status_code == 200 and "GraphiQL" in page.text
        assert "https://" not in page.text and "http://" not in page.text
        assets = ASSET.findall(page.text)
        assert len(assets) == 6  # react, react-dom, graphiql (js, css), explorer (js, css)
        for path, integrity in assets:
            assert path.startswith("/graphiql/"), path
            r = http.get(path)
            assert r.status_code == 200, path
            digest = base64.b64encode(hashlib.sha384(r.content).digest()).decode()
            assert f"sha384-{digest}" == integrity, f"{path} is not the pinned file"


@pytest.mark.browser
def test_graphiql_runs_a_query_with_no_other_host_reachable(page: Page, server: Server) -> None:
    elsewhere: list[str] = []

    def only_here(route: Route) -> None:
        if route.request.url.startswith(server.url):
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    page.route("**/*", only_here)
    page.goto(f"{server.url}/graphql?q={{jurisdictions{{code}}}}")
    run = page.get_by_role("button", name=re.compile("Execute query"))
    expect(run).to_be_visible()
    run.click()
    expect(page.locator(".graphiql-response")).to_contain_text('"nagaland"')
    assert elsewhere == []
