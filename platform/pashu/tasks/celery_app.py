"""The Celery app. With PASHU_BROKER_URL unset it runs every task in-process (the embedded
default), so `pashu serve` works alone; with Redis or RabbitMQ, workers and beat run apart.
"""

from __future__ import annotations

from celery import Celery

from pashu.config import settings


def make_celery() -> Celery:
    cfg = settings()
    app = Celery("pashu")
    embedded = not cfg.broker_url
    app.conf.update(
        broker_url=cfg.broker_url or "memory://",
        task_always_eager=embedded,
        task_eager_propagates=True,
        task_acks_late=True,  # a task lost with its worker is delivered again
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_serializer="json",
        accept_content=["json"],
        timezone="UTC",
        enable_utc=True,
        broker_transport_options={"visibility_timeout": 3600},
        broker_connection_retry_on_startup=True,
    )
    return app


celery_app = make_celery()
