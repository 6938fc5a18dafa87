"""The ASGI application: GraphQL at /graphql, health and readiness probes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import text
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from strawberry.asgi import GraphQL
from strawberry.types.unset import UNSET

from pashu.config import Settings, settings
from pashu.db.engine import Database, database
from pashu.law_pages import akn
from pashu.observability import metrics, tracing
from pashu.observability.requests import Observe
from pashu.schema import compiled
from pashu.schema.context import Context, bearer, build_context
from pashu.schema.schema import build_schema, compiled_queries
from pashu.tasks.embedded import clocks_lifespan

# The reference dashboard and law page: static files that talk to /graphql like any frontend.
WEB = Path(__file__).parent / "web"
# GraphiQL's page and its pinned assets, served from here so the IDE works offline.
IDE = Path(__file__).parent / "graphiql"


class GraphQLApp(GraphQL[Context, None]):
    def __init__(self, db: Database, cfg: Settings) -> None:
        schema = build_schema(cfg)
        super().__init__(schema, graphql_ide="graphiql" if cfg.env == "dev" else None)
        self.db = db
        # One SQL statement per hot query where the database can build JSON (PostgreSQL).
        use = cfg.compiled_queries and db.dialect == "postgresql"
        self.compiled = compiled_queries(schema) if use else None

    @property
    def graphql_ide_html(self) -> str:
        return (IDE / "index.html").read_text(encoding="utf-8")

    async def get_context(self, request: Any, response: Any) -> Context:
        return await build_context(request, self.db, bearer(request))

    async def run(self, request: Any, context: Any = UNSET, root_value: Any = UNSET) -> Any:
        fast = self.compiled
        if fast is None or not isinstance(request, Request):
            return await super().run(request, context, root_value)
        asked = await compiled.asked(request)
        if asked is not None and fast.proven(asked):
            answer = await fast.answer(self.db, request, asked)
            if answer is not None:
                return Response(answer, media_type="application/json")
        response = await super().run(request, context, root_value)
        if asked is not None:
            fast.prove(asked, response)
        return response


def create_app(db: Database | None = None, cfg: Settings | None = None) -> Starlette:
    cfg = cfg or settings()
    db = db or database()

    async def healthz(_: Request) -> Response:
        return PlainTextResponse("ok")

    async def readyz(_: Request) -> Response:
        try:
            async with db.async_engine.connect() as conn:
                await conn.execute(text("SELECT 1"))
        except Exception as err:  # any failure means not ready; say which
            return JSONResponse({"ready": False, "error": type(err).__name__}, status_code=503)
        return JSONResponse({"ready": True})

    graphql = GraphQLApp(db, cfg)
    ide = [Mount("/graphiql", app=StaticFiles(directory=IDE), name="graphiql")]
    app = Starlette(
        routes=[
            Route("/graphql", graphql, methods=["GET", "POST"]),
            Route("/healthz", healthz),
            Route("/readyz", readyz),
            Route("/akn/{path:path}", akn),  # citations resolve: HTML, or Akoma Ntoso XML
            Route("/metrics", metrics.endpoint(db)),
            *(ide if graphql.graphql_ide else []),
            Mount("/", app=StaticFiles(directory=WEB, html=True), name="web"),
        ],
        # Request ids, the request's log line and its metrics (observability/requests.py).
        middleware=[Middleware(Observe)],
        lifespan=clocks_lifespan(cfg),  # the embedded default's periodic sweep
    )
    engines = [e for e in (db.async_engine, db.replica_engine) if e is not None]
    tracing.instrument_app(app, [e.sync_engine for e in engines])  # only when OTEL_* ask
    return app
