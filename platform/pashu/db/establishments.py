"""Establishments and their registrations and renewals, each with its certificate."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import (
    Boolean,
    Date,
    ForeignKeyConstraint,
    Index,
    Integer,
    String,
    UniqueConstraint,
    Uuid,
)
from sqlalchemy.orm import Mapped, mapped_column

from pashu.db.base import Base, TenantOwned
from pashu.db.types import Paise, UtcDateTime


class Establishment(TenantOwned, Base):
    __tablename__ = "establishments"
    name: Mapped[str] = mapped_column(String(200))
    name_key: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        Index("ix_establishments_page", "tenant_id", "name_key", "id"),
        UniqueConstraint("tenant_id", "name_key"),
    )


class EstablishmentRegistration(TenantOwned, Base):
    """A registration (the first) or a renewal, the fee and any penalty for default."""

    __tablename__ = "establishment_registrations"
    establishment_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    kind: Mapped[str] = mapped_column(String(16))  # REGISTRATION or RENEWAL
    certificate_no: Mapped[str] = mapped_column(String(64))
    last_date: Mapped[date] = mapped_column(Date)
    applied_at: Mapped[datetime] = mapped_column(UtcDateTime)
    valid_application_on_time: Mapped[bool] = mapped_column(Boolean)
    fee: Mapped[Decimal] = mapped_column(Paise)
    penalty: Mapped[Decimal] = mapped_column(Paise)
    default_days: Mapped[int] = mapped_column(Integer)
    valid_from: Mapped[date] = mapped_column(Date)
    valid_until: Mapped[date] = mapped_column(Date)
    fee_reference: Mapped[str] = mapped_column(String(200))  # the notification it rests on
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        ForeignKeyConstraint(
            ["tenant_id", "establishment_id"], ["establishments.tenant_id", "establishments.id"]
        ),
        UniqueConstraint("tenant_id", "certificate_no"),
        Index("ix_establishment_registrations_establishment", "tenant_id", "establishment_id"),
        Index("ix_establishment_registrations_valid_until", "tenant_id", "valid_until"),
    )
