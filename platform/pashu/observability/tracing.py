"""OpenTelemetry tracing of Starlette, SQLAlchemy and Celery: off unless the standard
OTEL environment variables ask for it (OTEL_TRACES_EXPORTER, OTEL_EXPORTER_OTLP_ENDPOINT
or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT; OTEL_SDK_DISABLED=true turns it off). The SDK reads
the rest itself (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, sampling, headers)."""

from __future__ import annotations

import os
from typing import Any

ASKED = (
    "OTEL_TRACES_EXPORTER",
    "OTEL_EXPORTER_OTLP_ENDPOINT",
    "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
)
_started = False


def wanted() -> bool:
    if os.environ.get("OTEL_SDK_DISABLED", "").lower() == "true":
        return False
    if os.environ.get("OTEL_TRACES_EXPORTER", "").lower() == "none":
        return False
    return any(os.environ.get(name) for name in ASKED)


def _provider() -> Any:
    """A tracer provider exporting as OTEL_TRACES_EXPORTER says (otlp, the default, or
    console), made once per process."""
    global _started
    from opentelemetry import trace

    if _started:
        return trace.get_tracer_provider()
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import (
        BatchSpanProcessor,
        ConsoleSpanExporter,
        SpanExporter,
    )

    named = os.environ.get("OTEL_SERVICE_NAME") or "service.name=" in os.environ.get(
        "OTEL_RESOURCE_ATTRIBUTES", ""
    )
    provider = TracerProvider(resource=Resource.create({} if named else {"service.name": "pashu"}))
    kind = os.environ.get("OTEL_TRACES_EXPORTER", "otlp").lower()
    exporter: SpanExporter
    if kind == "console":
        exporter = ConsoleSpanExporter()
    else:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        exporter = OTLPSpanExporter()
    provider.add_span_processor(BatchSpanProcessor(exporter))
    trace.set_tracer_provider(provider)
    _started = True
    return provider


def _sql(engines: list[Any], provider: Any) -> None:
    from opentelemetry.instrumentation.sqlalchemy import SQLAlchemyInstrumentor

    # The instrumentation declares SQLAlchemy < 2.1; the engine events it listens to are
    # the same in 2.1, so its version check is skipped rather than tracing nothing.
    SQLAlchemyInstrumentor().instrument(
        engines=engines, tracer_provider=provider, skip_dep_check=True
    )


def instrument_app(app: Any, engines: list[Any]) -> bool:
    """Trace the web app and its database engines, when asked. Returns whether it does."""
    if not wanted():
        return False
    from opentelemetry.instrumentation.starlette import StarletteInstrumentor

    provider = _provider()
    StarletteInstrumentor.instrument_app(app, tracer_provider=provider)
    _sql(engines, provider)
    return True


def instrument_worker(engines: list[Any]) -> bool:
    """Trace a Celery process's tasks and its database engines, when asked."""
    if not wanted():
        return False
    from opentelemetry.instrumentation.celery import CeleryInstrumentor

    provider = _provider()
    CeleryInstrumentor().instrument(tracer_provider=provider)
    _sql(engines, provider)
    return True
