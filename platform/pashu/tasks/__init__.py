"""Celery: the law's clocks (DESIGN §6)."""
