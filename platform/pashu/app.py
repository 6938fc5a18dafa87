"""The ASGI application: GraphQL at /graphql, health and readiness probes."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import sys
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import timedelta
from pathlib import Path
from typing import Any, TypeVar, cast

import orjson
from cross_web import HTTPException
from sqlalchemy import text
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from strawberry.asgi import GraphQL
from strawberry.types.unset import UNSET

from pashu.allocator import ReleaseAfterLarge, frozen_after_startup
from pashu.body_limit import BodyLimit, error_body
from pashu.config import Settings, settings
from pashu.db.engine import Database, database
from pashu.fastpaths import compiled, compiled_queries, direct_mutations
from pashu.fastpaths.compiled import Asked
from pashu.fastpaths.public_answers import PublicAnswers, ServeKept
from pashu.law_files import BULK_PATH
from pashu.law_pages import akn, bulk
from pashu.method_page import method
from pashu.observability import metrics, tracing
from pashu.observability.requests import Observe
from pashu.schema import documents
from pashu.schema.context import Context, bearer, build_context
from pashu.schema.downloads import download
from pashu.schema.idempotent import HEADER, idempotent
from pashu.schema.law_downloads import compare_pdf, scenario_pdf
from pashu.schema.limits import parsed_documents
from pashu.schema.schema import build_schema, public_roots
from pashu.schema.trusted import PersistedQueries, Registry
from pashu.services.tenancy import idempotency
from pashu.tasks.embedded import clocks_lifespan

# The reference dashboard and law page: static files that talk to /graphql like any frontend.
WEB = Path(__file__).parent / "web"
# The frontend's documents, registered by hash (schema/trusted.py; `pashu schema documents`).
MANIFEST = WEB / "operations" / "manifest.json"
# GraphiQL's page and its pinned assets, served from here so the IDE works offline.
IDE = Path(__file__).parent / "graphiql"


def serves_ide(cfg: Settings) -> bool:
    """GraphiQL is for development, and only where it can work: with PASHU_TRUSTED_DOCUMENTS
    the server runs the frontend's registered documents alone, so every document the IDE sends
    (its introspection, a query typed into it) would be refused. Trying the trusted set in
    development is done without the IDE; exploring the API, with the setting off."""
    return cfg.env == "dev" and not cfg.trusted_documents


T = TypeVar("T")
_UNSET = object()

# The executor's loop is uvloop's where uvloop runs (not on Windows), as uvicorn's own loop
# is (its `loop="auto"`): a case page's tasks, futures and socket waits, a tenth of its CPU on
# asyncio's loop, cost it 4 % fewer instructions there (issue #36, bench/README.md).
if sys.platform == "win32":
    new_event_loop = asyncio.new_event_loop
else:
    from uvloop import new_event_loop


class Executor:
    """An event loop of its own, in a thread of its own, where requests that run the schema
    are answered; the server's loop only receives them and sends their answers.

    A query is work on its thread from start to end: the ORM building a page's rows, graphql-
    core completing each field of each row (a page of eight full cases' animals is 112,000
    values), the answer encoded. On the server's loop that work stalled every other request,
    health probes too, for seconds (issue #34). Here the server's loop waits for nothing; the
    interpreter's lock passes between the threads every few milliseconds
    (`sys.getswitchinterval`), so a probe is answered meanwhile.

    One loop, not one per request: the database's async engine and its pool belong to the
    loop that uses them, and every use of them by a request is here. (The direct paths, a
    statement or two on the driver's own connections and no session, are answered on the
    server's loop, `GraphQLApp._direct`: db/direct.py keeps a pool for each loop.) A
    request's session, and with it its tenant scope (the
    session's `info`, db/scoping.py), its loaders and its idempotency key's transaction,
    live on this loop from the start of the request to its end. The request's context
    variables (its log fields and metrics, observability/requests.py) are copied in, as
    asyncio copies them into any task.
    """

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def _running(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._loop is None:
                loop = new_event_loop()
                thread = threading.Thread(
                    target=loop.run_forever, name="pashu-graphql", daemon=True
                )
                thread.start()
                self._loop, self._thread = loop, thread
            return self._loop

    async def run(self, work: Callable[[], Awaitable[T]]) -> T:
        """`work()` awaited on the executor's loop; cancelled there if the caller is. What
        it set in context variables (the request's log fields: its tenant, its operation)
        is set here too, as if it had run here."""

        async def there() -> tuple[T | None, BaseException | None, contextvars.Context]:
            try:
                return await work(), None, contextvars.copy_context()
            except Exception as err:  # raised here, after its context is carried back
                return None, err, contextvars.copy_context()

        done = asyncio.run_coroutine_threadsafe(there(), self._running())
        result, error, after = await asyncio.wrap_future(done)
        for var, value in after.items():
            if var.get(_UNSET) is not value:
                var.set(value)
        if error is not None:
            raise error
        return cast(T, result)  # None only with an error

    def stop(self) -> None:
        """End the loop and its thread (the server is stopping; its requests are answered),
        and the PDF renderers with them. A renderer is told to end when the thread that
        started it ends (PR_SET_PDEATHSIG is per thread: schema/documents.py), and renders are
        asked for on this loop, so the renderers are this thread's: a pool kept past it would
        hold renderers already ended, and every later PDF would fail. A later request starts
        the loop, and a later render the renderers, again."""
        documents.stop_renderers()
        with self._lock:
            loop, thread, self._loop, self._thread = self._loop, self._thread, None, None
        if loop is None or thread is None:
            return
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=5)
        if not thread.is_alive():
            loop.close()


# Process-wide, as the renderers are (schema/documents.py): an app made for each test shares it.
executor = Executor()


class GraphQLApp(GraphQL[Context, None]):
    def __init__(self, db: Database, cfg: Settings) -> None:
        # One parse of a document serves the executor and the public answers' check.
        parsed = parsed_documents(cfg)
        schema = build_schema(cfg, parsed)
        super().__init__(schema, graphql_ide="graphiql" if serves_ide(cfg) else None)
        self.db = db
        self.max_response_bytes = cfg.max_response_bytes
        self.keys = idempotency.Lifetimes(
            claim=timedelta(seconds=cfg.idempotency_claim_seconds),
            retention=timedelta(hours=cfg.idempotency_retention_hours),
        )
        # One SQL statement per hot query where the database can build JSON (PostgreSQL).
        use = cfg.compiled_queries and db.dialect == "postgresql"
        self.compiled = compiled_queries(schema, cfg.max_query_cost) if use else None
        writes = cfg.direct_mutations and db.dialect == "postgresql"
        self.direct = direct_mutations(schema) if writes else None
        # Anonymous answers of the public law, kept whole (fastpaths/public_answers.py).
        self.answers = PublicAnswers(
            public_roots(schema),
            cfg.cache_entries,
            cfg.cache_bytes,
            cfg.public_max_age,
            keep=cfg.public_answers,
            parse=parsed.document,
        )

    @property
    def graphql_ide_html(self) -> str:
        return (IDE / "index.html").read_text(encoding="utf-8")

    async def get_context(self, request: Any, response: Any) -> Context:
        held = getattr(getattr(request, "state", None), "pashu_context", None)
        if isinstance(held, Context):  # a keyed request's (schema/idempotent.py)
            return held
        ctx = await build_context(request, self.db, bearer(request))
        request.state.pashu_context = ctx  # closed in `run` if no operation runs to close it
        return ctx

    def decode_json(self, data: str | bytes) -> object:
        try:
            body = json.loads(data)
        except ValueError as err:  # not UTF-8 (UnicodeDecodeError) or not JSON
            raise HTTPException(400, "the request body is not JSON in UTF-8") from err
        except RecursionError as err:
            raise HTTPException(400, "the request body is nested too deeply") from err
        if not isinstance(body, dict):  # batches are not taken; `null` would fail inside
            raise HTTPException(400, "the request body must be a JSON object")
        return body

    def encode_json(self, data: object) -> bytes:
        """The answer's JSON by orjson, as the fast paths write theirs: the standard library's
        encoder was a fiftieth of a case page's CPU (issue #36). Non-ASCII text is written as
        UTF-8, not escaped (both are JSON); what orjson refuses (an integer beyond 64 bits, a
        lone surrogate) is written by the standard library's encoder, as before."""
        try:
            return orjson.dumps(data)
        except TypeError:
            return json.dumps(data, separators=(",", ":")).encode()

    async def run(self, request: Any, context: Any = UNSET, root_value: Any = UNSET) -> Any:
        if not isinstance(request, Request):
            return await self._answer(request, context, root_value)
        key = await self.answers.key(request)
        if key is not None:
            kept = self.answers.lookup(request, key)
            if kept is not None:
                return kept
        # The body is received here, on the server's loop, which holds the connection; the
        # executor's loop reads it as received.
        await request.body()
        paths = self.compiled is not None or self.direct is not None
        asked = await compiled.asked(request) if paths else None
        response = await self._direct(request, asked)
        if response is None:
            response = await executor.run(lambda: self._answer(request, context, root_value, asked))
        return self.answers.finish(request, key, response)

    async def _direct(self, request: Request, asked: Asked | None) -> Response | None:
        """The answer of a fast path that needs no session (a compiled query whose tenant's
        Act is known, a direct mutation), here on the server's loop; None: the executor's
        loop answers. Their Python is a cached plan and a millisecond of the law; the two
        crossings to the executor and back (each a wake-up of the other loop and a pass of
        the interpreter's lock) cost a seizure a fifth to two fifths of the API's CPU
        (measured side by side: bench/README.md). A keyed request is the executor's whole:
        its key's transaction holds its write (schema/idempotent.py)."""
        fast, direct = self.compiled, self.direct
        if asked is None or HEADER in request.headers:
            return None
        if fast is not None and fast.proven(asked):
            answer = await fast.answer(self.db, request, asked, session=False)
            if answer is not None:
                return self._bound(Response(answer, media_type="application/json"))
        if direct is not None and direct.proven(asked):
            written = await direct.answer(self.db, request, asked)
            if written is not None:
                return self._bound(Response(written, media_type="application/json"))
        return None

    async def _answer(
        self, request: Any, context: Any, root_value: Any, asked: Asked | None = None
    ) -> Any:
        try:
            if isinstance(request, Request):
                return await idempotent(
                    request,
                    self.db,
                    self.keys,
                    lambda: self._bounded(request, context, root_value, asked),
                )
            return await self._run(request, context, root_value, asked)
        except HTTPException as err:  # a malformed request: refused with a code, never a 500
            code = "BAD_REQUEST" if err.status_code == 400 else f"HTTP_{err.status_code}"
            return Response(
                error_body(err.reason, code),
                status_code=err.status_code,
                media_type="application/json",
            )
        finally:
            ctx = getattr(getattr(request, "state", None), "pashu_context", None)
            if ctx is not None:
                await ctx.close()

    async def _bounded(
        self, request: Any, context: Any, root_value: Any, asked: Asked | None
    ) -> Any:
        return self._bound(await self._run(request, context, root_value, asked))

    def _bound(self, response: Any) -> Any:
        """The answer, or LIMIT_EXCEEDED in its place when it is larger than
        `PASHU_MAX_RESPONSE_BYTES`: the cost bounds the work, this the bytes a client is sent
        (a text field may hold up to its column)."""
        body = getattr(response, "body", None)
        size = len(body) if isinstance(body, bytes | bytearray | memoryview) else 0
        if size <= self.max_response_bytes:
            return response
        refused = {
            "message": f"the answer would be {size} bytes; an answer may be at most "
            f"{self.max_response_bytes} (ask for fewer rows or fields)",
            "extensions": {
                "code": "LIMIT_EXCEEDED",
                "size": size,
                "maximum": self.max_response_bytes,
            },
        }
        return Response(
            json.dumps({"data": None, "errors": [refused]}), media_type="application/json"
        )

    async def _run(self, request: Any, context: Any, root_value: Any, asked: Asked | None) -> Any:
        fast, direct = self.compiled, self.direct
        if (fast is None and direct is None) or not isinstance(request, Request):
            return await super().run(request, context, root_value)
        keyed = HEADER in request.headers
        if asked is not None and fast is not None and fast.proven(asked):
            # Unkeyed, what needs no session was tried on the server's loop (`_direct`).
            for session in (False, True) if keyed else (True,):
                answer = await fast.answer(self.db, request, asked, session=session)
                if answer is not None:
                    return Response(answer, media_type="application/json")
        # A keyed request's write commits with its key and answer (schema/idempotent.py):
        # the ordinary path, whose writes that transaction holds. An unkeyed one's direct
        # form was tried on the server's loop.
        response = await super().run(request, context, root_value)
        if asked is not None and fast is not None:
            fast.prove(asked, response)
        if asked is not None and direct is not None:
            direct.prove(asked, response.status_code, bytes(response.body))
        return response


def database_reachable(db: Database) -> str:
    """ "ok", or the name of the error asking the database raised. On the sync engine, in a
    thread: the async engine is the executor's loop's, and this probe should not wait
    behind a heavy query there."""
    try:
        with db.engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except Exception as err:  # any failure means not ready; say which
        return type(err).__name__
    return "ok"


def broker_reachable(url: str, timeout: float = 2.0) -> str:
    """ "ok", or the name of the error connecting to the broker raised."""
    from kombu import Connection

    try:
        with Connection(url, connect_timeout=timeout) as conn:
            conn.ensure_connection(max_retries=1, timeout=timeout)
    except Exception as err:  # any failure means not ready; say which
        return type(err).__name__
    return "ok"


def _lifespan(cfg: Settings, db: Database) -> Any:
    """While the app serves: its metrics on their own port (PASHU_METRICS_PORT, loopback by
    default), and the embedded default's periodic sweep. When it stops (SIGTERM): the sweep
    in hand finished, and the executor's loop and the PDF renderers' processes ended, so
    nothing of the server outlives it."""
    clocks = clocks_lifespan(cfg)

    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        server = None
        if cfg.metrics_port:
            server = metrics.serve_api_metrics(
                db, cfg.metrics_port, cfg.metrics_host, cfg.metrics_tenant_labels
            )
        try:
            async with clocks(app):
                yield
        finally:
            if server is not None:
                server.shutdown()
                server.server_close()
            executor.stop()  # the renderers with it

    return lifespan


def create_app(db: Database | None = None, cfg: Settings | None = None) -> Starlette:
    cfg = cfg or settings()
    cfg.refuse_insecure()
    db = db or database()

    async def healthz(_: Request) -> Response:
        return PlainTextResponse("ok")

    async def readyz(_: Request) -> Response:
        checks: dict[str, str] = {"database": await asyncio.to_thread(database_reachable, db)}
        if cfg.broker_url:  # workers take the clocks' tasks from it: no broker, no clocks
            checks["broker"] = await asyncio.to_thread(broker_reachable, cfg.broker_url)
        ready = all(v == "ok" for v in checks.values())
        body: dict[str, Any] = {"ready": ready, **checks}
        if not ready:
            body["error"] = next(v for v in checks.values() if v != "ok")
        return JSONResponse(body, status_code=200 if ready else 503)

    graphql = GraphQLApp(db, cfg)
    ide = [Mount("/graphiql", app=StaticFiles(directory=IDE), name="graphiql")]

    # These run the schema too: on the executor's loop (the body received first).
    async def documents(request: Request) -> Response:
        return await executor.run(lambda: download(request, graphql.schema, db))

    async def comparison(request: Request) -> Response:
        return await executor.run(lambda: compare_pdf(request, graphql.schema, db))

    async def scenario(request: Request) -> Response:
        await request.body()
        return await executor.run(lambda: scenario_pdf(request, graphql.schema, db))

    app = Starlette(
        routes=[
            Route("/graphql", graphql, methods=["GET", "POST"]),
            Route("/documents/{type}/{id}/{document}", documents),
            Route("/healthz", healthz),
            Route("/readyz", readyz),
            Route("/akn/{path:path}", akn),  # citations resolve: HTML, Akoma Ntoso XML, PDF
            Route(BULK_PATH, bulk),  # every Act as Akoma Ntoso XML and JSON, zipped
            # The public comparisons and scenarios as PDF, run through the schema.
            Route("/downloads/compare.pdf", comparison),
            Route("/downloads/compare/{topic}", comparison),
            Route("/downloads/scenario.pdf", scenario, methods=["POST"]),
            Route("/method", method),  # how the sources were read (docs/METHOD.md)
            # Metrics have a port of their own (lifespan below); here in development only.
            *(
                [Route("/metrics", metrics.endpoint(db, cfg.metrics_tenant_labels))]
                if cfg.metrics_on_api_port
                else []
            ),
            *(ide if graphql.graphql_ide else []),
            Mount("/", app=StaticFiles(directory=WEB, html=True), name="web"),
        ],
        # Request ids, the request's log line and its metrics (observability/requests.py),
        # around the body limit, so a refused body is logged and counted too.
        middleware=[
            # Outermost: once a large request is answered and sent, its memory goes back to
            # the system (allocator.py).
            Middleware(ReleaseAfterLarge),
            Middleware(Observe),
            Middleware(BodyLimit, max_bytes=cfg.max_body_bytes),
            # A registered hash resolved to its text before anything reads the body; with
            # PASHU_TRUSTED_DOCUMENTS, nothing else runs but the public law, anonymously.
            Middleware(
                PersistedQueries,
                registry=Registry.load(MANIFEST),
                trusted=cfg.trusted_documents,
                is_public=graphql.answers.is_public,
            ),
            # Kept public answers, served before routing (fastpaths/public_answers.py).
            Middleware(ServeKept, answers=graphql.answers),
        ],
        # The embedded default's periodic sweep and the metrics' port; then the app's objects
        # frozen (allocator.py).
        lifespan=frozen_after_startup(_lifespan(cfg, db)),
    )
    app.state.answers = graphql.answers  # for tests and operators: its size, its hits
    engines = [e.sync_engine for e in (db.async_engine, db.replica_engine) if e is not None]
    # The sync engine too: the readiness probe asks on it (`database_reachable`).
    tracing.instrument_app(app, [*engines, db.engine])  # only when OTEL_* ask
    return app
