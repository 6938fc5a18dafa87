"""Where an Act is in force, and the kinds of animal it covers, as notified.

Gazette records, never updated or deleted: a later entry for the same area (or kind) from a
later date supersedes the earlier one, so the state on any date can be read back.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import Boolean, Date, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from pashu.db.base import Base, TenantOwned


class ExtentNotification(TenantOwned, Base):
    """From `effective_from`, the tenant's Act is (`in_force`) or is not in force in `area`."""

    __tablename__ = "extent_notifications"
    area: Mapped[str] = mapped_column(String(200))
    area_key: Mapped[str] = mapped_column(String(200))
    in_force: Mapped[bool] = mapped_column(Boolean)
    ground: Mapped[str] = mapped_column(String(40))  # an AreaGround's value: why
    effective_from: Mapped[date] = mapped_column(Date)
    reference: Mapped[str] = mapped_column(String(200))  # the gazette reference
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        Index("ix_extent_notifications_page", "tenant_id", "area_key", "effective_from", "id"),
        Index("ix_extent_notifications_area", "tenant_id", "area_key"),
    )


class KindNotification(TenantOwned, Base):
    """From `effective_from`, `species` is (`included`) or is no longer a notified kind."""

    __tablename__ = "kind_notifications"
    species: Mapped[str] = mapped_column(String(32))
    included: Mapped[bool] = mapped_column(Boolean)
    effective_from: Mapped[date] = mapped_column(Date)
    reference: Mapped[str] = mapped_column(String(200))
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        Index("ix_kind_notifications_page", "tenant_id", "species", "effective_from", "id"),
        Index("ix_kind_notifications_species", "tenant_id", "species"),
    )
