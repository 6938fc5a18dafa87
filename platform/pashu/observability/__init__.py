"""Running it for real: request ids, structured logs, Prometheus metrics and tracing.

Used by the web app, the CLI and the Celery tasks; it reads the database only through
services (the backlog gauges), so services and everything below never import it.
"""
