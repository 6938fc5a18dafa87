"""`pashu`: serve, migrate, administer tenants and tokens, export the schema."""

from __future__ import annotations

import errno
import socket
import sys
import uuid
from datetime import datetime
from pathlib import Path

import typer

from pashu.config import settings
from pashu.core import bounds
from pashu.core.errors import PashuError, ValidationError
from pashu.core.legaltime import aware

app = typer.Typer(
    help="Pashu: the animal-control Acts as a GraphQL platform.", no_args_is_help=True
)
db_app = typer.Typer(help="Database administration.", no_args_is_help=True)
tenant_app = typer.Typer(help="Tenants (state departments).", no_args_is_help=True)
token_app = typer.Typer(help="API tokens.", no_args_is_help=True)
schema_app = typer.Typer(help="The GraphQL schema.", no_args_is_help=True)
app.add_typer(db_app, name="db")
app.add_typer(tenant_app, name="tenant")
app.add_typer(token_app, name="token")
app.add_typer(schema_app, name="schema")


# Seconds `pashu serve` lets running requests finish after SIGTERM (an orchestrator's own
# grace, docker's 10 s by default, should be longer).
SHUTDOWN_GRACE = 5


def _instant(value: str, option: str) -> datetime:
    """An option's ISO 8601 instant, with its zone and inside the legal range."""
    try:
        parsed = bounds.iso_instant(value)
    except ValueError:
        raise ValidationError(f"{option}: {value!r} is not an ISO 8601 instant") from None
    return bounds.instant(aware(parsed), option)


def _fail(err: PashuError) -> None:
    typer.echo(f"error [{err.code}]: {err.message}", err=True)
    raise typer.Exit(2)


@db_app.command("upgrade")
def db_upgrade() -> None:
    """Apply every migration (as the tables' owner)."""
    from pashu.db.migrate import upgrade

    upgrade()
    typer.echo("database is up to date")


@tenant_app.command("create")
def tenant_create(
    slug: str = typer.Option(..., help="Short name, e.g. nl-agri"),
    jurisdiction: str = typer.Option(..., help="Installed jurisdiction code"),
    name: str = typer.Option(..., help="The department's name"),
) -> None:
    """Create a tenant bound to one jurisdiction."""
    from pashu.db.engine import admin_database
    from pashu.services.tenancy.tenants import create_tenant

    try:
        with admin_database().transaction() as s:
            tenant = create_tenant(s, slug, jurisdiction, name)
    except PashuError as err:
        _fail(err)
    typer.echo(f"created tenant {tenant.slug} ({tenant.jurisdiction})")


@tenant_app.command("export")
def tenant_export(
    slug: str = typer.Option(..., help="The tenant to export"),
    to: Path = typer.Option(..., "--to", help="File to write (.jsonl, or .jsonl.gz)"),
) -> None:
    """Write everything a tenant owns to a file (docs/TENANT_EXPORT.md)."""
    from pashu.db.engine import admin_database
    from pashu.services.tenancy.archive import export_tenant

    try:
        done = export_tenant(admin_database(), slug, to)
    except PashuError as err:
        _fail(err)
    typer.echo(f"exported {done.slug}: {sum(done.rows.values())} rows to {to}")


@tenant_app.command("import")
def tenant_import(
    source: Path = typer.Option(..., "--from", help="A file `pashu tenant export` wrote"),
    slug: str | None = typer.Option(None, help="Import under this slug (default: the file's)"),
) -> None:
    """Restore an exported tenant, into an empty database or as a new tenant."""
    from pashu.db.engine import admin_database
    from pashu.services.tenancy.archive import import_tenant

    try:
        done = import_tenant(admin_database(), source, slug)
    except PashuError as err:
        _fail(err)
    typer.echo(f"imported {done.slug} ({done.tenant_id}): {sum(done.rows.values())} rows")


@token_app.command("create")
def token_create(
    tenant: str = typer.Option(..., help="Tenant slug"),
    role: str = typer.Option(..., help="admin, clerk, finance, magistrate, viewer or inspector"),
    name: str | None = typer.Option(None, help="The user's name"),
) -> None:
    """Create a user with a role and print its token (last line; shown only once)."""
    from pashu.db.engine import admin_database
    from pashu.services.tenancy.tenants import create_token, tenant_by_slug

    db = admin_database()
    try:
        with db.transaction() as s:
            t = tenant_by_slug(s, tenant)
        with db.transaction(t.id) as s:
            token = create_token(s, t, role, name)
    except PashuError as err:
        _fail(err)
    typer.echo(f"token for {tenant} ({role}); keep it, it is not shown again:")
    typer.echo(token)


@app.command()
def bootstrap(
    slug: str = typer.Option(..., help="Short name, e.g. nl-agri"),
    jurisdiction: str = typer.Option(..., help="Installed jurisdiction code"),
    name: str = typer.Option(..., help="The department's name"),
    admin: str = typer.Option("Administrator", help="The first admin's name"),
) -> None:
    """Make the first tenant and its admin's token in one step; prints the token (last line).

    A fresh deployment has no token to sign in with; this makes the first, from which the
    admin makes the rest (createToken, or `pashu token create`). Migrates first, so it is
    the one command a new deployment needs (`db upgrade` does nothing on a current one).
    """
    from pashu.db.engine import admin_database
    from pashu.db.migrate import upgrade
    from pashu.services.tenancy.tenants import create_tenant, create_token

    upgrade()
    db = admin_database()
    try:
        with db.transaction() as s:
            tenant = create_tenant(s, slug, jurisdiction, name)
        with db.transaction(tenant.id) as s:  # the token is the tenant's row (its scope)
            token = create_token(s, tenant, "admin", admin)
    except PashuError as err:
        _fail(err)
    typer.echo(f"created tenant {tenant.slug} ({tenant.jurisdiction})")
    typer.echo(f"admin token for {tenant.slug}; keep it, it is not shown again:")
    typer.echo(token)


@schema_app.command("export")
def schema_export(
    path: Path = typer.Option(Path("schema.graphql"), help="Where to write the SDL"),
) -> None:
    """Write the GraphQL schema as SDL (CI fails when the committed file is stale)."""
    from pashu.schema.schema import schema

    path.write_text(schema().as_str() + "\n", encoding="utf-8")
    typer.echo(f"wrote {path}")


def _listen(host: str, port: int) -> socket.socket:
    """The server's socket, bound before anything else is done: a busy port is refused at
    once, before a migration runs or a token is made, not after the server has started."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        sock = socket.socket(family, socket.SOCK_STREAM)
    except OSError as err:
        typer.echo(f"error [BAD_ADDRESS]: cannot listen on {host}:{port}: {err}", err=True)
        raise typer.Exit(2) from None
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
    try:
        sock.bind((host, port))
    except OSError as err:
        sock.close()
        why = "the port is in use" if err.errno == errno.EADDRINUSE else err.strerror
        typer.echo(f"error [PORT_IN_USE]: cannot listen on {host}:{port}: {why}", err=True)
        raise typer.Exit(2) from None
    return sock


def _serve_on(sock: socket.socket, host: str, port: int) -> None:
    import uvicorn

    from pashu.app import create_app
    from pashu.config import InsecureSettings
    from pashu.observability import logs

    cfg = settings()
    logs.configure(cfg.env, cfg.log_level)
    try:
        api = create_app()
    except InsecureSettings as err:
        typer.echo(f"error [INSECURE_SETTINGS]: {err}", err=True)
        raise typer.Exit(2) from None
    typer.echo(f"Pashu on http://{host}:{port}/graphql")
    # Uvicorn's loggers go through ours (log_config=None); the request line is ours too.
    # On SIGTERM, requests still running get SHUTDOWN_GRACE seconds; then they are cut off
    # and the app's shutdown ends the PDF renderers (however long their documents).
    config = uvicorn.Config(
        api,
        host=host,
        port=port,
        log_config=None,
        access_log=False,
        log_level=None,
        timeout_graceful_shutdown=SHUTDOWN_GRACE,
    )
    server = uvicorn.Server(config)
    server.run(sockets=[sock])
    if not server.started:  # the app did not start (uvicorn.run's exit status for it)
        sys.exit(3)


@schema_app.command("documents")
def schema_documents() -> None:
    """Write the manifest of the frontend's documents (web/operations/manifest.json), which
    PASHU_TRUSTED_DOCUMENTS accepts by hash (a test fails when it is stale)."""
    from pashu.app import MANIFEST
    from pashu.schema.trusted import manifest_text

    MANIFEST.write_text(manifest_text(MANIFEST.parent), encoding="utf-8")
    typer.echo(f"wrote {MANIFEST}")


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1"),
    port: int = typer.Option(8000),
) -> None:
    """Serve the GraphQL API (and, on the embedded default, run the law's clocks)."""
    _serve_on(_listen(host, port), host, port)


@app.command()
def demo(
    host: str = typer.Option("127.0.0.1"),
    port: int = typer.Option(8000),
    serve_after: bool = typer.Option(True, "--serve/--no-serve", help="Serve once ready"),
) -> None:
    """Migrate, create one demo tenant per jurisdiction, print their tokens, serve."""
    from sqlalchemy import select

    from pashu.db.engine import admin_database
    from pashu.db.migrate import upgrade
    from pashu.db.tenancy import Tenant
    from pashu.jurisdictions import registry
    from pashu.services.tenancy.tenants import create_tenant, create_token

    sock = _listen(host, port) if serve_after else None
    upgrade()
    db = admin_database()
    for plugin in registry.installed():
        slug = f"demo-{plugin.code}"
        with db.transaction() as s:
            existing = s.scalar(select(Tenant).where(Tenant.slug == slug))
            tenant = existing or create_tenant(
                s, slug, plugin.code, f"{plugin.name} demo department"
            )
        with db.transaction(tenant.id) as s:
            token = create_token(s, tenant, "admin", f"{plugin.name} demo admin")
        if existing is None:  # only a new tenant gets demo data: re-running adds none
            from pashu.demo import seed
            from pashu.services.tenancy.tenants import authenticate

            with db.transaction(tenant.id) as s:
                seed(s, authenticate(s, token))
        typer.echo(f"{slug:24} {plugin.name:14} token: {token}")
    typer.echo(f"dashboard and law page: http://{host}:{port}/ (paste a token to sign in)")
    if sock is not None:
        _serve_on(sock, host, port)


@app.command()
def sweep(
    tenant: str | None = typer.Option(None, help="Only this tenant (slug); default: every one"),
    as_of: str | None = typer.Option(None, "--as-of", help="ISO 8601 instant; default: now"),
) -> None:
    """Do the law's due work now (notices, auctions, claim windows), as the periodic sweep does."""
    from pashu.db.engine import database
    from pashu.services import clocks

    db = database()
    try:
        when = _instant(as_of, "--as-of") if as_of else clocks.now()
        with db.transaction() as s:
            found = [(t.id, t.slug) for t in clocks.tenants(s, tenant)]
        if tenant is not None and not found:
            typer.echo(f"error [NOT_FOUND]: no tenant {tenant!r} with an impoundment chapter")
            raise typer.Exit(2)

        def swept(tid: uuid.UUID) -> tuple[list[clocks.DueAction], list[clocks.Failure]]:
            with db.transaction(tid) as s:
                return clocks.run(s, clocks.clock(s, tid), when)

        refused: PashuError | None = None
        outcomes = clocks.each_tenant(db, [tid for tid, _ in found], swept)
        for (_, slug), outcome in zip(found, outcomes, strict=True):
            if isinstance(outcome, PashuError):
                refused = refused or outcome  # the others are swept and reported first
                continue
            done, failed = outcome
            for a in done:
                subject = (
                    f"Impoundment:{a.impoundment_id}"
                    if a.impoundment_id
                    else f"TaxInstalment:{a.instalment_id}"
                )
                typer.echo(f"{slug}\t{a.kind}\t{subject}\t{a.detail}")
            for f in failed:
                typer.echo(f"{slug}\tFAILED\t{f.due.kind}:{f.due.id}\t{f.code}: {f.message}")
        if refused is not None:
            raise refused
    except PashuError as err:
        _fail(err)
    typer.echo(f"swept {len(found)} tenant(s) as of {when.isoformat()}")


@app.command()
def worker(concurrency: int = typer.Option(2)) -> None:
    """Run a Celery worker (needs PASHU_BROKER_URL); its metrics on PASHU_WORKER_METRICS_PORT
    (bound to PASHU_WORKER_METRICS_HOST, loopback by default)."""
    import os
    import tempfile

    # Before prometheus_client is imported: the pool's processes each write their counts
    # to files here, and the worker's metrics server adds them up.
    folder = os.environ.get("PROMETHEUS_MULTIPROC_DIR") or tempfile.mkdtemp("-pashu-metrics")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = folder
    for stale in Path(folder).glob("*.db"):  # counts of a previous run of this worker
        stale.unlink()
    from pashu.tasks.celery_app import celery_app

    port = settings().worker_metrics_port
    if port:
        from pashu.observability.metrics import serve_worker_metrics

        serve_worker_metrics(port, settings().worker_metrics_host)
    celery_app.worker_main(
        ["worker", f"--loglevel={settings().log_level}", f"--concurrency={concurrency}"]
    )


@app.command()
def beat() -> None:
    """Run Celery beat, the clock that starts the periodic sweep (needs PASHU_BROKER_URL)."""
    from pashu.tasks.celery_app import celery_app

    celery_app.start(["beat", f"--loglevel={settings().log_level}"])


def main() -> None:
    try:
        app()
    except PashuError as err:
        typer.echo(f"error [{err.code}]: {err.message}", err=True)
        sys.exit(2)


if __name__ == "__main__":
    main()
