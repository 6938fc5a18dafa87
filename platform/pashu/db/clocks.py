"""What the law's clocks keep: auctions and their lots, the owner's claim windows on the
proceeds of sales, the outbox of tasks to enqueue, and a record of every task run.

Each table has a unique key per tenant, case and action, so a second worker, a retry or a
redelivered message finds the work done and does nothing twice.
"""

from __future__ import annotations

import enum
import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    ForeignKeyConstraint,
    Index,
    Integer,
    String,
    UniqueConstraint,
    Uuid,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from pashu.db.base import Base, TenantOwned
from pashu.db.types import UtcDateTime


class LotStatus(enum.Enum):
    OFFERED = "OFFERED"  # the auction is open
    SOLD = "SOLD"
    UNSOLD = "UNSOLD"  # the animals stay in the pound and may be put up again


def _case_fk() -> ForeignKeyConstraint:
    return ForeignKeyConstraint(
        ["tenant_id", "impoundment_id"], ["impoundments.tenant_id", "impoundments.id"]
    )


class Auction(TenantOwned, Base):
    """A public auction of a case's animals, announced by a public notice. `round` counts
    the auctions of one case: the unsold lots of round 1 go up again in round 2."""

    __tablename__ = "auctions"
    impoundment_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    round: Mapped[int] = mapped_column(Integer)
    scheduled_for: Mapped[datetime] = mapped_column(UtcDateTime)
    place: Mapped[str] = mapped_column(String(300))
    conditions: Mapped[str] = mapped_column(String(2000))
    notice_text: Mapped[str] = mapped_column(String(8000))
    notice_issued_at: Mapped[datetime] = mapped_column(UtcDateTime)
    scheduled_by: Mapped[str] = mapped_column(String(200))
    closed_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    closed_by: Mapped[str | None] = mapped_column(String(200), nullable=True)
    __table_args__ = (
        Index("ix_auctions_page", "tenant_id", "scheduled_for", "id"),
        _case_fk(),
        UniqueConstraint("tenant_id", "impoundment_id", "round"),
        # At most one open auction per case, whatever two workers read at the same moment.
        Index(
            "uq_auctions_open",
            "tenant_id",
            "impoundment_id",
            unique=True,
            sqlite_where=text("closed_at IS NULL"),
            postgresql_where=text("closed_at IS NULL"),
        ),
        Index("ix_auctions_scheduled", "tenant_id", "scheduled_for"),
    )


class AuctionLot(TenantOwned, Base):
    """The animals of one species put up together; sold through the impoundment's sale."""

    __tablename__ = "auction_lots"
    auction_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    impoundment_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    number: Mapped[int] = mapped_column(Integer)  # lot 1, 2, ... within the auction
    species: Mapped[str] = mapped_column(String(32))
    count: Mapped[int] = mapped_column(Integer)
    description: Mapped[str] = mapped_column(String(1000), default="")
    animal_ids: Mapped[list[str]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), default=LotStatus.OFFERED.value)
    sale_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, nullable=True)
    __table_args__ = (
        ForeignKeyConstraint(["tenant_id", "auction_id"], ["auctions.tenant_id", "auctions.id"]),
        _case_fk(),
        UniqueConstraint("tenant_id", "auction_id", "number"),
    )


class ClaimWindow(TenantOwned, Base):
    """The owner's window to claim the proceeds of a sale (its `id` is the sale's).

    A database trigger opens one for every sale, however it was recorded; the sweep works
    out when it closes (`due_at`, from the tenant's timeline) and, once it has, closes it:
    money still held for the owner goes where the Act sends unclaimed proceeds.
    """

    __tablename__ = "claim_windows"
    impoundment_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    sold_at: Mapped[datetime] = mapped_column(UtcDateTime)
    due_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    closed_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    outcome: Mapped[str | None] = mapped_column(String(300), nullable=True)
    __table_args__ = (
        _case_fk(),
        # The sweep: open windows not yet timed, or timed to close by `as_of`.
        Index("ix_claim_windows_due", "tenant_id", "closed_at", "due_at"),
        # A restore loads sales first and then overwrites the windows their trigger opened.
        {"info": {"made_by_trigger_on": "sales"}},
    )


class OutboxMessage(TenantOwned, Base):
    """A task to enqueue, written in the transaction that decided it; relayed to the broker
    after that transaction commits, so no task ever runs on data that was rolled back."""

    __tablename__ = "outbox"
    task: Mapped[str] = mapped_column(String(100))
    kwargs: Mapped[dict[str, Any]] = mapped_column(JSON)
    key: Mapped[str] = mapped_column(String(300))
    sent_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    __table_args__ = (
        UniqueConstraint("tenant_id", "key"),
        Index("ix_outbox_unsent", "tenant_id", "sent_at", "created_at"),
    )


class RunOutcome(enum.Enum):
    OK = "OK"
    FAILED = "FAILED"  # gave up: a refusal by the law, or retries exhausted
    RETRYING = "RETRYING"  # failed this time; will run again


class TaskRun(TenantOwned, Base):
    """One run of a task for a tenant: for the tenant's dashboard of the clocks."""

    __tablename__ = "task_runs"
    task: Mapped[str] = mapped_column(String(100))
    subject: Mapped[str | None] = mapped_column(String(200), nullable=True)
    as_of: Mapped[datetime] = mapped_column(UtcDateTime)
    outcome: Mapped[str] = mapped_column(String(16))
    started_at: Mapped[datetime] = mapped_column(UtcDateTime)
    duration_ms: Mapped[int] = mapped_column(Integer)
    actions: Mapped[int] = mapped_column(Integer, default=0)
    attempt: Mapped[int] = mapped_column(Integer, default=1)
    error: Mapped[str | None] = mapped_column(String(2000), nullable=True)
    __table_args__ = (
        Index("ix_task_runs_page", "tenant_id", "started_at", "id"),
        Index("ix_task_runs_recent", "tenant_id", "started_at"),
        Index("ix_task_runs_outcome", "tenant_id", "outcome", "started_at"),
    )
