"""Rate notifications: the amounts an Act leaves to notification, as a tenant published them.

Gazette records: never updated or deleted; a later notification supersedes an earlier one.
"""

from __future__ import annotations

import uuid
from datetime import date
from decimal import Decimal

from sqlalchemy import Date, ForeignKeyConstraint, Index, String, Uuid
from sqlalchemy.orm import Mapped, mapped_column

from pashu.db.base import Base, TenantOwned
from pashu.db.types import Paise


class RateNotification(TenantOwned, Base):
    __tablename__ = "rate_notifications"
    kind: Mapped[str] = mapped_column(String(32))  # a RateKind's value
    species: Mapped[str | None] = mapped_column(String(32), nullable=True)  # None: every species
    amount: Mapped[Decimal] = mapped_column(Paise)
    effective_from: Mapped[date] = mapped_column(Date)
    # The day the Gazette published it: never after `effective_from` (no rate reaches back
    # before its publication). Rows kept before it was recorded hold their effective day.
    published_on: Mapped[date] = mapped_column(
        Date, default=lambda ctx: ctx.get_current_parameters()["effective_from"]
    )
    reference: Mapped[str] = mapped_column(String(200))  # the gazette reference
    published_by: Mapped[str] = mapped_column(String(200))
    # The local area it is limited to (at most one of the two); every area when both are None.
    local_authority_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, nullable=True)
    pound_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, nullable=True)
    # The aerodrome a rate fixed for aerodromes is for (Cattle Trespass Act 1985 s.12).
    aerodrome: Mapped[str | None] = mapped_column(String(200), nullable=True)
    __table_args__ = (
        Index("ix_rate_notifications_page", "tenant_id", "created_at", "id"),
        Index("ix_rate_notifications_in_force", "tenant_id", "kind", "species", "effective_from"),
        ForeignKeyConstraint(
            ["tenant_id", "local_authority_id"],
            ["local_authorities.tenant_id", "local_authorities.id"],
        ),
        ForeignKeyConstraint(["tenant_id", "pound_id"], ["pounds.tenant_id", "pounds.id"]),
    )
