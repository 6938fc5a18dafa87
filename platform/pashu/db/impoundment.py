"""The seizure register and what happens to each animal in it.

A register entry (`Impoundment`) keeps what the Acts require to be written when animals
are brought (Cattle Trespass Act 1985 s.7; Animal (Control & Taxation)
Act 2014 s.7(4)) and is never rewritten: a correction is a new
entry pointing at the one it corrects. Each animal is its own row so it can be traced
from seizure to delivery, sale or death.
"""

from __future__ import annotations

import enum
import uuid
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    ForeignKeyConstraint,
    Index,
    Integer,
    String,
    UniqueConstraint,
    Uuid,
    true,
)
from sqlalchemy.orm import Mapped, mapped_column

from pashu.db.base import Base, TenantOwned
from pashu.db.types import Paise, UtcDateTime


class CaseStatus(enum.Enum):
    IMPOUNDED = "IMPOUNDED"  # every animal is in the pound
    PARTLY_RELEASED = "PARTLY_RELEASED"  # some have left the pound
    DELIVERED = "DELIVERED"  # all have gone back to their owner
    DISPOSED = "DISPOSED"  # none left; some were sold, disposed of or died
    CORRECTED = "CORRECTED"  # superseded by a correcting entry


class AnimalStatus(enum.Enum):
    IN_POUND = "IN_POUND"
    DELIVERED = "DELIVERED"
    SOLD = "SOLD"
    DISPOSED = "DISPOSED"
    DIED = "DIED"


def _tenant_fk(columns: list[str], table: str) -> ForeignKeyConstraint:
    return ForeignKeyConstraint(
        ["tenant_id", *columns], [f"{table}.tenant_id", *(f"{table}.id" for _ in columns)]
    )


class Counter(Base):
    """Per-tenant sequences (register and receipt numbers): no gaps, no duplicates."""

    __tablename__ = "counters"
    tenant_id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True)
    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[int] = mapped_column(Integer)


class Impoundment(TenantOwned, Base):
    __tablename__ = "impoundments"
    register_number: Mapped[int] = mapped_column(Integer)
    pound_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    seized_at: Mapped[datetime] = mapped_column(UtcDateTime)
    impounded_at: Mapped[datetime] = mapped_column(UtcDateTime)  # brought to the pound
    # False: the entry omitted it; `impounded_at` then holds the seizure's instant.
    impounded_at_recorded: Mapped[bool] = mapped_column(
        Boolean, default=True, server_default=true()
    )
    place_kind: Mapped[str] = mapped_column(String(32))
    place: Mapped[str] = mapped_column(String(300))
    seizer_name: Mapped[str] = mapped_column(String(200))
    seizer_address: Mapped[str] = mapped_column(String(300))
    seizer_signed: Mapped[bool] = mapped_column(Boolean)
    # The power the seizer acted under (a SeizerCapacity's value) and the damage found; the
    # local area of the place of seizure. None on entries made before they were recorded.
    seizer_capacity: Mapped[str | None] = mapped_column(String(40), nullable=True)
    damage: Mapped[str | None] = mapped_column(String(500), nullable=True)
    area: Mapped[str | None] = mapped_column(String(200), nullable=True)
    owner_name: Mapped[str | None] = mapped_column(String(200), nullable=True)
    owner_address: Mapped[str | None] = mapped_column(String(300), nullable=True)
    corrects_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, nullable=True)
    # Case state (not part of the register entry): kept in step with the animals.
    status: Mapped[str] = mapped_column(String(20), default=CaseStatus.IMPOUNDED.value)
    # The department's next duty on the case, from the tenant's timeline: what, from when,
    # and by when it is late. Kept in step by the services so that "overdue" and "due"
    # are plain indexed comparisons, for the dashboard and the sweep alike.
    next_action: Mapped[str | None] = mapped_column(String(32), nullable=True)
    next_action_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    next_deadline: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    # The owner's refusal to pay that governs the sale now, and that sale once held (case
    # state for the timeline; the records are in db/refusals.py). Cleared when the owner
    # refuses what remains after the sale: the animals are then unclaimed.
    refused_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    refusal_sold_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        UniqueConstraint("tenant_id", "register_number"),
        _tenant_fk(["pound_id"], "pounds"),
        # The dashboard's list: newest first within a status, keyset on (seized_at, id).
        Index("ix_impoundments_status_seized", "tenant_id", "status", "seized_at", "id"),
        Index("ix_impoundments_seized", "tenant_id", "seized_at", "id"),
        Index("ix_impoundments_pound", "tenant_id", "pound_id", "seized_at"),
        Index("ix_impoundments_overdue", "tenant_id", "next_deadline"),
        Index("ix_impoundments_due", "tenant_id", "next_action_at"),  # the sweep
    )


class ImpoundedAnimal(TenantOwned, Base):
    __tablename__ = "impounded_animals"
    impoundment_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    species: Mapped[str] = mapped_column(String(32))
    description: Mapped[str] = mapped_column(String(300), default="")
    ear_tag: Mapped[str | None] = mapped_column(String(64), nullable=True)
    status: Mapped[str] = mapped_column(String(16), default=AnimalStatus.IN_POUND.value)
    # Charges (fine, feeding) are settled once, by a delivery or a sale's deductions.
    charges_settled_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    fine_settled: Mapped[bool] = mapped_column(Boolean, default=False)
    released_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    delivery_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, nullable=True)
    sale_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, nullable=True)
    injury: Mapped[str | None] = mapped_column(String(500), nullable=True)
    carcass_returned_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    __table_args__ = (
        _tenant_fk(["impoundment_id"], "impoundments"),
        Index("ix_impounded_animals_case", "tenant_id", "impoundment_id", "status"),
        Index("ix_impounded_animals_species", "tenant_id", "species", "status"),
    )


class Delivery(TenantOwned, Base):
    """Animals given back to their owner, with the receipt signed in the register."""

    __tablename__ = "deliveries"
    impoundment_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    receipt_number: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(UtcDateTime)
    claimant_name: Mapped[str] = mapped_column(String(200))
    claimant_address: Mapped[str] = mapped_column(String(300))
    amount_paid: Mapped[Decimal] = mapped_column(Paise)
    under_protest: Mapped[bool] = mapped_column(Boolean, default=False)
    lines: Mapped[list[dict[str, Any]]] = mapped_column(JSON)  # the dues it paid, itemised
    recorded_by: Mapped[str] = mapped_column(String(200))
    # A deposit under protest: when it falls to be applied if no complaint follows (the
    # complaint window's close), and the ledger key it is then applied under; whether it was
    # is the ledger's to say, so the receipt is never updated.
    deposit_due_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    deposit_ledger_key: Mapped[str | None] = mapped_column(String(200), nullable=True)
    __table_args__ = (
        UniqueConstraint("tenant_id", "receipt_number"),
        _tenant_fk(["impoundment_id"], "impoundments"),
        Index("ix_deliveries_case", "tenant_id", "impoundment_id"),
        Index("ix_deliveries_deposit_due", "tenant_id", "deposit_due_at"),
    )


class Sale(TenantOwned, Base):
    """A sale by public auction, or a disposal otherwise when no fair price is likely."""

    __tablename__ = "sales"
    impoundment_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    at: Mapped[datetime] = mapped_column(UtcDateTime)
    by_auction: Mapped[bool] = mapped_column(Boolean, default=True)
    decided_by: Mapped[str | None] = mapped_column(String(200), nullable=True)
    buyer_name: Mapped[str] = mapped_column(String(200))
    buyer_address: Mapped[str] = mapped_column(String(300))
    buyer_role: Mapped[str] = mapped_column(String(40))
    price: Mapped[Decimal] = mapped_column(Paise)
    expenses: Mapped[Decimal] = mapped_column(Paise)
    surplus: Mapped[Decimal] = mapped_column(Paise)
    account: Mapped[dict[str, Any]] = mapped_column(JSON)
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        _tenant_fk(["impoundment_id"], "impoundments"),
        Index("ix_sales_case", "tenant_id", "impoundment_id"),
    )


class Notice(TenantOwned, Base):
    """An announcement, report, notice or proclamation about a case, as issued."""

    __tablename__ = "notices"
    impoundment_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    kind: Mapped[str] = mapped_column(String(32))  # a timeline action: ANNOUNCE_SEIZURE, ...
    issued_at: Mapped[datetime] = mapped_column(UtcDateTime)
    proclaimed_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    text: Mapped[str] = mapped_column(String(4000), default="")
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        _tenant_fk(["impoundment_id"], "impoundments"),
        UniqueConstraint("tenant_id", "impoundment_id", "kind"),
        Index("ix_notices_case", "tenant_id", "impoundment_id"),
    )
