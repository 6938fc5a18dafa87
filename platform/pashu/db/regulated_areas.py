"""Notified orders regulating the keeping or movement of cattle in an area, the licences and
permits granted under them, and their cancellations."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    ForeignKeyConstraint,
    Index,
    String,
    UniqueConstraint,
    Uuid,
)
from sqlalchemy.orm import Mapped, mapped_column

from pashu.db.base import Base, TenantOwned
from pashu.db.types import Paise, UtcDateTime


class NotifiedOrder(TenantOwned, Base):
    __tablename__ = "notified_orders"
    title: Mapped[str] = mapped_column(String(300))
    reference: Mapped[str] = mapped_column(String(200))  # the gazette reference
    area: Mapped[str] = mapped_column(String(200))
    area_key: Mapped[str] = mapped_column(String(200))
    effect: Mapped[str] = mapped_column(String(16))  # an OrderEffect's value
    keeping: Mapped[bool] = mapped_column(Boolean)
    movement: Mapped[bool] = mapped_column(Boolean)
    clauses: Mapped[str] = mapped_column(String(16))  # s.4(2) clauses: "a,e"
    species: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)  # None: all cattle
    effective_from: Mapped[date] = mapped_column(Date)
    effective_until: Mapped[date | None] = mapped_column(Date, nullable=True)
    licence_fee: Mapped[Decimal | None] = mapped_column(Paise, nullable=True)
    permit_fee: Mapped[Decimal | None] = mapped_column(Paise, nullable=True)
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        Index("ix_notified_orders_page", "tenant_id", "effective_from", "reference", "id"),
        UniqueConstraint("tenant_id", "reference"),
        Index("ix_notified_orders_area", "tenant_id", "area_key", "effective_from"),
    )


class Licence(TenantOwned, Base):
    """A licence (or permit) granted under a regulating order, with the fee it fixes."""

    __tablename__ = "cattle_licences"
    order_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    kind: Mapped[str] = mapped_column(String(16))  # a PermitKind's value
    holder: Mapped[str] = mapped_column(String(200))
    holder_key: Mapped[str] = mapped_column(String(200))
    valid_from: Mapped[date] = mapped_column(Date)
    valid_until: Mapped[date | None] = mapped_column(Date, nullable=True)
    fee: Mapped[Decimal] = mapped_column(Paise)
    granted_at: Mapped[datetime] = mapped_column(UtcDateTime)
    granted_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        Index("ix_cattle_licences_page", "tenant_id", "granted_at", "id"),
        ForeignKeyConstraint(
            ["tenant_id", "order_id"], ["notified_orders.tenant_id", "notified_orders.id"]
        ),
        Index("ix_cattle_licences_order", "tenant_id", "order_id"),
        Index("ix_cattle_licences_holder", "tenant_id", "holder_key"),
    )


class LicenceCancellation(TenantOwned, Base):
    __tablename__ = "cattle_licence_cancellations"
    licence_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    reason: Mapped[str] = mapped_column(String(1000))
    # On the composition of an offence by the holder (s.10(4)-style), or otherwise.
    on_composition: Mapped[bool] = mapped_column(Boolean, default=False)
    cancelled_at: Mapped[datetime] = mapped_column(UtcDateTime)
    cancelled_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        ForeignKeyConstraint(
            ["tenant_id", "licence_id"], ["cattle_licences.tenant_id", "cattle_licences.id"]
        ),
        UniqueConstraint("tenant_id", "licence_id"),
    )
