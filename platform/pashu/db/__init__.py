"""Persistence: SQLAlchemy models, engines and sessions, tenant scoping."""
