"""Rate notifications: the amounts an Act leaves to notification, as a tenant published them.

Gazette records: never updated or deleted; a later notification supersedes an earlier one.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import Date, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from pashu.db.base import Base, TenantOwned
from pashu.db.types import Paise


class RateNotification(TenantOwned, Base):
    __tablename__ = "rate_notifications"
    kind: Mapped[str] = mapped_column(String(32))  # a RateKind's value
    species: Mapped[str | None] = mapped_column(String(32), nullable=True)  # None: every species
    amount: Mapped[Decimal] = mapped_column(Paise)
    effective_from: Mapped[date] = mapped_column(Date)
    reference: Mapped[str] = mapped_column(String(200))  # the gazette reference
    published_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        Index("ix_rate_notifications_in_force", "tenant_id", "kind", "species", "effective_from"),
    )
