"""The Celery app. With PASHU_BROKER_URL unset it runs every task in-process (the embedded
default), so `pashu serve` works alone; with Redis or RabbitMQ, workers and beat run apart.

Reliability (DESIGN §6): a task is acknowledged only once it has finished (`acks_late`), so
a worker killed in the middle of one leaves it to be delivered again; each worker process
takes one task at a time (prefetch 1) so none sits behind a long one; retries back off
within a countdown kept below the broker's visibility timeout (a longer one would see the
message delivered twice); every periodic entry expires before the next one is due.
"""

from __future__ import annotations

from celery import Celery

from pashu.config import settings
from pashu.tasks import observe  # noqa: F401  (connects the logging and tracing signals)

DEFAULT_SWEEP_EVERY = 60  # seconds, when PASHU_SWEEP_INTERVAL is 0 (beat still sweeps)


def sweep_every() -> int:
    return settings().sweep_interval or DEFAULT_SWEEP_EVERY


def retry_ceiling() -> int:
    """The longest countdown between retries: well under the visibility timeout."""
    return max(1, min(600, settings().broker_visibility_timeout // 2))


def transport_options(visibility_timeout: int) -> dict[str, int]:
    """Redis: a message unacknowledged for `visibility_timeout` seconds (its worker died) is
    delivered again; workers look for such messages a few times per timeout (at most every
    10 s), instead of kombu's default of every 100 s."""
    return {
        "visibility_timeout": visibility_timeout,
        "unacked_restore_interval": max(1, min(10, visibility_timeout // 4)),
        "unacked_restore_throttle": 1,
    }


def make_celery(broker_url: str | None = None, queue: str | None = None) -> Celery:
    cfg = settings()
    url = broker_url if broker_url is not None else cfg.broker_url
    app = Celery("pashu", include=["pashu.tasks.clocks"])
    embedded = not url
    every_seconds = float(sweep_every())
    app.conf.update(
        # The embedded default never connects to a broker, but kombu still resolves the URL
        # and warns of "memory://" with no host; naming one keeps every start quiet.
        broker_url=url or "memory://localhost//",
        task_always_eager=embedded,
        task_eager_propagates=True,
        task_acks_late=True,  # a task lost with its worker is delivered again
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_serializer="json",
        accept_content=["json"],
        timezone="UTC",
        enable_utc=True,
        broker_transport_options=transport_options(cfg.broker_visibility_timeout),
        broker_connection_retry_on_startup=True,
        task_default_queue=queue or cfg.task_queue,
        task_ignore_result=True,  # what a task did is in the database (task_runs)
        worker_hijack_root_logger=False,  # logs go through observability/logs.py
        beat_schedule={
            "sweep-every-tenant": {
                "task": "pashu.sweep",
                "schedule": every_seconds,
                # A sweep not started before the next is due is superseded by it.
                "options": {"expires": every_seconds},
            },
        },
    )
    return app


celery_app = make_celery()
