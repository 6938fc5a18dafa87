"""Records of the paths a case takes when the owner will not pay, or an order releases it.

An owner's refusal or omission to pay (Cattle Trespass Act 1985 s.16(1); Animal (Control &
Taxation) Act 2014 s.10(2)), the delivery of the remaining cattle and the balance with the
account of a sale, or the owner's refusal of them (Cattle Trespass Act 1985 s.16(3)-(5)),
and a written release order (Cattle Trespass Act 1985 s.19(2)). Legal records: written once.
"""

from __future__ import annotations

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
    Text,
    UniqueConstraint,
    Uuid,
)
from sqlalchemy.orm import Mapped, mapped_column

from pashu.db.base import Base, TenantOwned
from pashu.db.types import Paise, UtcDateTime


def _case_fk() -> ForeignKeyConstraint:
    return ForeignKeyConstraint(
        ["tenant_id", "impoundment_id"], ["impoundments.tenant_id", "impoundments.id"]
    )


class RefusalToPay(TenantOwned, Base):
    """The owner or his agent appeared and refused or omitted to pay (or to deposit)."""

    __tablename__ = "refusals_to_pay"
    impoundment_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    at: Mapped[datetime] = mapped_column(UtcDateTime)
    claimant_name: Mapped[str] = mapped_column(String(200))
    claimant_address: Mapped[str] = mapped_column(String(300))
    deposit: Mapped[bool] = mapped_column(Boolean)  # the deposit of s.15 refused
    dues: Mapped[Decimal | None] = mapped_column(Paise, nullable=True)  # owed at the refusal
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (_case_fk(), Index("ix_refusals_to_pay_case", "tenant_id", "impoundment_id"))


class Handover(TenantOwned, Base):
    """The remaining animals and the balance of a sale offered to the owner: received
    against a receipt, or refused."""

    __tablename__ = "handovers"
    impoundment_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    at: Mapped[datetime] = mapped_column(UtcDateTime)
    accepted: Mapped[bool] = mapped_column(Boolean)
    receipt_number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    claimant_name: Mapped[str] = mapped_column(String(200))
    claimant_address: Mapped[str] = mapped_column(String(300))
    animals: Mapped[int] = mapped_column(Integer)
    balance: Mapped[Decimal] = mapped_column(Paise)  # paid to the owner (0 if refused)
    account: Mapped[dict[str, Any]] = mapped_column(JSON)
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        _case_fk(),
        UniqueConstraint("tenant_id", "receipt_number"),
        Index("ix_handovers_case", "tenant_id", "impoundment_id"),
    )


class ReleaseOrder(TenantOwned, Base):
    """A written order releasing impounded animals, with its reasons."""

    __tablename__ = "release_orders"
    impoundment_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    authority: Mapped[str] = mapped_column(String(32))  # who may order, as the plugin names
    ordered_by: Mapped[str] = mapped_column(String(200))  # the officer or court, by name
    ordered_at: Mapped[datetime] = mapped_column(UtcDateTime)
    reasons: Mapped[str] = mapped_column(Text)
    document: Mapped[str] = mapped_column(String(300))  # the order's number or reference
    released_at: Mapped[datetime] = mapped_column(UtcDateTime)
    animals: Mapped[list[str]] = mapped_column(JSON)  # ids of the animals released
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (_case_fk(), Index("ix_release_orders_case", "tenant_id", "impoundment_id"))
