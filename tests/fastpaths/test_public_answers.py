"""Whole answers to the public law, kept and served again (fastpaths/public_answers.py): which
requests may be, that a kept answer is the made one, and the HTTP caching around them."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest
from graphql import GraphQLNamedType, GraphQLObjectType, get_named_type, parse
from strawberry.types.base import StrawberryObjectDefinition

from pashu.app import create_app
from pashu.config import Settings
from pashu.fastpaths.public_answers import PublicAnswers, root_fields
from pashu.schema import caches
from pashu.schema.schema import build_schema, public_roots
from tests.conftest import Databases, make_tenant, statements
from tests.schema.test_observability import sample, scrape

LAW_ROOTS = {
    "jurisdictions",
    "jurisdiction",
    "classifyAnimal",
    "impoundmentTimeline",
    "compare",
    "compareMatrix",
    "compareScenario",
    "searchLaw",
}
COMPARE = "query Law { compare(topic: CLAIM_PERIOD) { topic rows { jurisdiction summary } } }"
KINDS = (
    '{ jurisdiction(code: "nagaland") { code notifiedKinds { __typename } extent { __typename } } }'
)


class App:
    def __init__(self, http: httpx.AsyncClient, answers: PublicAnswers) -> None:
        self.http = http
        self.answers = answers

    async def post(self, query: str, token: str | None = None, **headers: str) -> httpx.Response:
        if token:
            headers["Authorization"] = f"Bearer {token}"
        return await self.http.post("/graphql", json={"query": query}, headers=headers)

    async def get(self, query: str, **headers: str) -> httpx.Response:
        return await self.http.get("/graphql", params={"query": query}, headers=headers)


async def _app(dbs: Databases, cfg: Settings) -> AsyncIterator[App]:
    app = create_app(dbs.app, cfg)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://pashu") as http:
        yield App(http, app.state.answers)
    await dbs.app.async_engine.dispose()


@pytest.fixture
async def web(dbs: Databases) -> AsyncIterator[App]:
    async for a in _app(dbs, Settings(env="test")):
        yield a


# Which requests may be kept


def test_the_public_roots_are_the_laws_and_no_other() -> None:
    schema = build_schema(Settings(env="test"))
    assert public_roots(schema) == LAW_ROOTS
    others = set(schema._schema.query_type.fields) - LAW_ROOTS  # type: ignore[union-attr]
    assert {"viewer", "impoundments", "node", "funds"} <= others


def _reachable(schema: Any) -> Iterator[GraphQLObjectType]:
    query = schema._schema.query_type
    todo: list[GraphQLNamedType] = [
        get_named_type(query.fields[name].type) for name in sorted(LAW_ROOTS)
    ]
    seen: set[str] = set()
    while todo:
        t = todo.pop()
        if t.name in seen or not isinstance(t, GraphQLObjectType):
            continue
        seen.add(t.name)
        yield t
        todo += [get_named_type(f.type) for f in t.fields.values()]


def test_nothing_the_public_roots_reach_can_read_the_caller() -> None:
    """No resolver under the law's roots takes `info`, the only way to the caller's token,
    tenant or database session; and no tenant row (a Node) is reachable from them."""
    schema = build_schema(Settings(env="test"))
    law = schema.get_type_by_name("Query")
    assert isinstance(law, StrawberryObjectDefinition)
    roots = [f for f in law.fields if schema.config.name_converter.get_graphql_name(f) in LAW_ROOTS]
    checked = 0
    for field in roots:
        assert field.base_resolver is not None
        assert field.base_resolver.info_parameter is None, field.name
        checked += 1
    types = list(_reachable(schema))
    assert {"Comparison", "Jurisdiction", "ScenarioAnswer", "LawHit"} <= {t.name for t in types}
    for t in types:
        assert "Node" not in {i.name for i in t.interfaces}, t.name
        definition = schema.get_type_by_name(t.name)
        assert isinstance(definition, StrawberryObjectDefinition), t.name
        for field in definition.fields:
            if field.base_resolver is not None:
                assert field.base_resolver.info_parameter is None, f"{t.name}.{field.name}"
                checked += 1
    assert checked > 15  # the rest are plain attributes of the plugins' data


TWO = "query A { compare(topic: FINE_CAPS) { topic } } query B { viewer { role } }"


@pytest.mark.parametrize(
    ("document", "name", "public"),
    [
        (COMPARE, None, True),
        ("{ __typename jurisdictions { code } }", None, True),
        (TWO, "A", True),
        (TWO, "B", False),
        (TWO, None, False),
        ("{ jurisdictions { code } viewer { role } }", None, False),
        ("{ ...F } fragment F on Query { jurisdictions { code } }", None, True),
        ("{ ...F } fragment F on Query { jurisdictions { code } funds { account } }", None, False),
        ("{ ... on Query { impoundments { edges { cursor } } } }", None, False),
        ("{ __schema { queryType { name } } }", None, False),
        ('mutation { createPound(input: {name: "x"}) { id } }', None, False),
        ("{ compare(", None, False),
    ],
)
def test_only_an_operation_of_law_roots_alone_is_public(
    document: str, name: str | None, public: bool
) -> None:
    answers = PublicAnswers(LAW_ROOTS, 10, 100_000, 60)
    assert answers.is_public(document, name) is public


def test_root_fields_follow_fragments_and_pick_the_named_operation() -> None:
    doc = parse(
        "query A { ...F compare(topic: FINE_CAPS) { topic } } "
        "fragment F on Query { a: jurisdictions { code } }"
    )
    assert root_fields(doc, "A") == {"jurisdictions", "compare"}
    assert root_fields(doc, "Z") is None


# Kept answers, and who never gets one


async def test_an_anonymous_law_query_is_kept_and_served_again_byte_for_byte(
    dbs: Databases, web: App
) -> None:
    made = await web.post(COMPARE)
    with statements(dbs) as seen:
        kept = await web.post(COMPARE)
    assert made.status_code == kept.status_code == 200
    assert kept.content == made.content and web.answers.hits == 1
    assert seen == []  # nothing asked of the database
    assert made.headers["etag"] == kept.headers["etag"]
    assert made.headers["cache-control"] == kept.headers["cache-control"] == "public, max-age=3600"
    assert "Authorization" in kept.headers["vary"] and "Accept-Encoding" in kept.headers["vary"]
    # The same question in another form (GET, variables reordered) is the same answer.
    by_get = await web.get(COMPARE)
    assert by_get.content == made.content and web.answers.hits == 2


async def test_variables_are_part_of_the_question(web: App) -> None:
    q = "query($t: ComparisonTopic!) { compare(topic: $t) { topic } }"
    a = await web.http.post("/graphql", json={"query": q, "variables": {"t": "FINE_CAPS"}})
    b = await web.http.post("/graphql", json={"query": q, "variables": {"t": "CLAIM_PERIOD"}})
    assert a.json()["data"]["compare"]["topic"] == "FINE_CAPS"
    assert b.json()["data"]["compare"]["topic"] == "CLAIM_PERIOD"
    assert web.answers.hits == 0 and len(web.answers) == 2


async def test_a_token_bearing_request_is_never_answered_from_the_kept_answers(
    dbs: Databases, web: App
) -> None:
    t = make_tenant(dbs, "nagaland")
    public = await web.post(KINDS)
    assert web.answers.hits == 0 and len(web.answers) == 1
    for token in (t.token, "not-a-token"):
        mine = await web.post(KINDS, token=token)
        assert mine.status_code == 200
        assert mine.content == public.content  # the law is the same for everyone
        assert web.answers.hits == 0  # but this one was made, not served kept
        assert mine.headers["cache-control"] == "private, no-store"
        assert "etag" not in mine.headers
    # The caller's own data next to the law: never kept, never public.
    both = await web.post("{ jurisdictions { code } viewer { role } }", token=t.token)
    assert both.json()["data"]["viewer"] == {"role": "ADMIN"}
    assert both.headers["cache-control"] == "private, no-store" and len(web.answers) == 1


async def test_the_token_of_a_law_query_is_still_checked_and_its_use_recorded(
    dbs: Databases, web: App
) -> None:
    t = make_tenant(dbs, "mizoram")
    await web.post(COMPARE)  # kept
    with statements(dbs) as seen:
        await web.post(COMPARE, token=t.token)
    assert any("api_tokens" in s for s in seen)


async def test_errors_are_made_afresh_and_never_kept(web: App) -> None:
    for document in (
        '{ classifyAnimal(species: "dragon") { species } }',  # refused by the law
        '{ searchLaw(text: "cattle", first: 51) { rank } }',  # over a limit
        "{ compare(topic: NO_SUCH_TOPIC) { topic } }",  # invalid
        "{ viewer { role } }",  # needs a token
    ):
        first = await web.post(document)
        second = await web.post(document)
        assert first.json()["errors"] and second.content == first.content
        assert "etag" not in first.headers and first.headers["cache-control"] == "private, no-store"
    assert len(web.answers) == 0 and web.answers.hits == 0


# HTTP caching


async def test_a_conditional_get_with_the_etag_is_answered_304(web: App) -> None:
    first = await web.get(COMPARE)
    etag = first.headers["etag"]
    for header in (etag, f"W/{etag}", f'"other", {etag}', "*"):
        again = await web.get(COMPARE, **{"If-None-Match": header})
        assert again.status_code == 304 and again.content == b""
        assert again.headers["etag"] == etag and again.headers["cache-control"].startswith("public")
    stale = await web.get(COMPARE, **{"If-None-Match": '"something-else"'})
    assert stale.status_code == 200 and stale.content == first.content
    # Not for POST: a POST is always answered in full.
    posted = await web.post(COMPARE, **{"If-None-Match": etag})
    assert posted.status_code == 200 and posted.content == first.content


async def test_the_first_answer_of_a_process_honours_an_etag_it_made_before(
    dbs: Databases,
) -> None:
    async for one in _app(dbs, Settings(env="test")):
        etag = (await one.get(COMPARE)).headers["etag"]
    async for other in _app(dbs, Settings(env="test")):
        again = await other.get(COMPARE, **{"If-None-Match": etag})
        assert again.status_code == 304


async def test_get_never_runs_a_mutation(dbs: Databases, web: App) -> None:
    t = make_tenant(dbs, "nagaland")
    made = 'mutation { createPound(input: {name: "By GET", localAuthority: "VC"}) { id } }'
    r = await web.http.get(
        "/graphql", params={"query": made}, headers={"Authorization": f"Bearer {t.token}"}
    )
    assert r.status_code == 400 and r.headers["cache-control"] == "private, no-store"
    listed = await web.post("{ pounds { name } }", token=t.token)
    assert listed.json()["data"]["pounds"] == []


# Bounds, metrics, the switch


async def test_the_kept_answers_are_bounded_in_entries_and_bytes(dbs: Databases) -> None:
    async for few in _app(dbs, Settings(env="test", cache_entries=2)):
        for code in ("mizoram", "nagaland", "chhattisgarh"):
            await few.post(f'{{ jurisdiction(code: "{code}") {{ name }} }}')
        assert len(few.answers) == 2
    async for small in _app(dbs, Settings(env="test", cache_bytes=20_000)):
        big = await small.post("{ compareMatrix { topic rows { jurisdiction summary } } }")
        assert len(big.content) > 2_000 and len(small.answers) == 0  # over a tenth: not kept
        await small.post("{ jurisdictions { code } }")
        assert len(small.answers) == 1 and small.answers.kept_bytes <= 20_000
        again = await small.post("{ compareMatrix { topic rows { jurisdiction summary } } }")
        assert again.content == big.content and small.answers.hits == 0


async def test_a_kept_answer_still_counts_as_its_operations_request(dbs: Databases) -> None:
    # The metrics answered on the app's own port too (development only), to read them here.
    async for web in _app(dbs, Settings(env="test", metrics_on_api_port=True)):
        before = await scrape(web)  # type: ignore[arg-type]
        await web.post(COMPARE)
        await web.post(COMPARE)
        after = await scrape(web)  # type: ignore[arg-type]

    def grew(name: str, **labels: str) -> float:
        return sample(after, name, **labels) - sample(before, name, **labels)

    assert grew("pashu_graphql_requests_total", operation="Law", outcome="ok") == 2
    assert grew("pashu_public_answers_total", result="hit") == 1
    assert grew("pashu_public_answers_total", result="made") == 1


async def test_turned_off_nothing_is_kept_but_the_headers_stay(dbs: Databases) -> None:
    async for off in _app(dbs, Settings(env="test", public_answers=False)):
        a = await off.post(COMPARE)
        b = await off.post(COMPARE)
        assert a.content == b.content and off.answers.hits == 0 and len(off.answers) == 0
        assert a.headers["etag"] == b.headers["etag"]
        assert a.headers["cache-control"] == "public, max-age=3600"


async def test_an_anonymous_document_is_parsed_once_for_its_answer_and_its_check(
    web: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether a document reads only the public law is decided on the parse the executor
    makes and keeps (schema/caches.py), not on a parse of its own."""
    parses: list[str] = []
    real = caches.parse

    def counted(source: Any, **options: Any) -> Any:
        parses.append(str(source))
        return real(source, **options)

    monkeypatch.setattr(caches, "parse", counted)
    distinct = COMPARE.replace("Law", "ParsedOnce")
    r = await web.post(distinct)
    assert r.status_code == 200 and "etag" in r.headers  # checked public, and kept
    assert parses == [distinct]
    again = await web.post(distinct + " ")  # another text: parsed anew, once again
    assert again.status_code == 200 and parses == [distinct, distinct + " "]
