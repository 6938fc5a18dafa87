"""Registers of keeping: grazing grounds and their orders with the State Government's
decisions on them, persons designated to inspect, inspection visits and their findings,
the areas pounds serve and where pounds stand.

All are append-only legal records: a decision on a declaration or an order is its own row,
and an area determined afresh is a new row that supersedes the older one from its date.
"""

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
    Text,
    UniqueConstraint,
    Uuid,
)
from sqlalchemy.orm import Mapped, mapped_column

from pashu.db.base import Base, TenantOwned
from pashu.db.types import MicroDegrees, UtcDateTime


def _fk(column: str, table: str) -> ForeignKeyConstraint:
    return ForeignKeyConstraint(["tenant_id", column], [f"{table}.tenant_id", f"{table}.id"])


class GrazingGround(TenantOwned, Base):
    """A grazing ground a Village Council declares (in force only once approved)."""

    __tablename__ = "grazing_grounds"
    local_authority_id: Mapped[uuid.UUID] = mapped_column(Uuid)  # the declaring Council
    name: Mapped[str] = mapped_column(String(200))
    name_key: Mapped[str] = mapped_column(String(200))  # normalised, for matching a place
    location: Mapped[str] = mapped_column(String(500))  # the land, as the declaration says
    extent: Mapped[str | None] = mapped_column(String(100), nullable=True)  # "12 ha"
    reference: Mapped[str] = mapped_column(String(200))  # the Council's resolution
    declared_on: Mapped[date] = mapped_column(Date)
    effective_from: Mapped[date] = mapped_column(Date)
    effective_until: Mapped[date | None] = mapped_column(Date, nullable=True)
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        Index("ix_grazing_grounds_page", "tenant_id", "name", "id"),
        _fk("local_authority_id", "local_authorities"),
        UniqueConstraint("tenant_id", "name_key"),
        Index("ix_grazing_grounds_authority", "tenant_id", "local_authority_id"),
    )


class GrazingOrder(TenantOwned, Base):
    """An order for a grazing ground's control and management, referred for approval."""

    __tablename__ = "grazing_orders"
    ground_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    title: Mapped[str] = mapped_column(String(200))
    text: Mapped[str] = mapped_column(Text)
    made_on: Mapped[date] = mapped_column(Date)
    referred_on: Mapped[date] = mapped_column(Date)
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        _fk("ground_id", "grazing_grounds"),
        Index("ix_grazing_orders_ground", "tenant_id", "ground_id", "made_on"),
    )


class GrazingDecision(TenantOwned, Base):
    """The State Government's approval (or refusal) of a declaration or of an order."""

    __tablename__ = "grazing_decisions"
    subject_id: Mapped[uuid.UUID] = mapped_column(Uuid)  # a grazing ground or an order
    subject_kind: Mapped[str] = mapped_column(String(16))  # GROUND or ORDER
    approved: Mapped[bool] = mapped_column(Boolean)
    decided_on: Mapped[date] = mapped_column(Date)
    reference: Mapped[str] = mapped_column(String(200))
    recorded_by: Mapped[str] = mapped_column(String(200))
    # One decision per declaration or order: a second is a conflict, not an overwrite.
    __table_args__ = (UniqueConstraint("tenant_id", "subject_id"),)


class Inspector(TenantOwned, Base):
    """A person designated to inspect animals and the arrangements for keeping them."""

    __tablename__ = "keeping_inspectors"
    name: Mapped[str] = mapped_column(String(200))
    designated_by: Mapped[str] = mapped_column(String(16))  # GOVERNMENT or VILLAGE_COUNCIL
    local_authority_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, nullable=True)
    designated_on: Mapped[date] = mapped_column(Date)
    reference: Mapped[str] = mapped_column(String(200))
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        Index("ix_keeping_inspectors_page", "tenant_id", "name", "id"),
        _fk("local_authority_id", "local_authorities"),
        Index("ix_keeping_inspectors_name", "tenant_id", "name"),
    )


class Inspection(TenantOwned, Base):
    """One visit: where, whose animals, the hygiene found, and the offence case it opened."""

    __tablename__ = "keeping_inspections"
    inspector_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    at: Mapped[datetime] = mapped_column(UtcDateTime)
    place: Mapped[str] = mapped_column(String(300))  # the premises visited
    # The area under the order that provides for inspection, where it is not the place
    # itself (Pashu Niyantran Adhiniyam 1976 s.4(2)(b): the order is for an area, the visit to
    # premises in it).
    area: Mapped[str | None] = mapped_column(String(200), nullable=True)
    owner_name: Mapped[str] = mapped_column(String(200))
    owner_address: Mapped[str] = mapped_column(String(400))
    hygienic: Mapped[bool | None] = mapped_column(Boolean, nullable=True)  # None: not looked at
    notes: Mapped[str] = mapped_column(Text, default="")
    contravention: Mapped[bool] = mapped_column(Boolean)
    offence_case_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, nullable=True)
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        Index("ix_keeping_inspections_page", "tenant_id", "at", "id"),
        _fk("inspector_id", "keeping_inspectors"),
        Index("ix_keeping_inspections_at", "tenant_id", "at"),
        Index("ix_keeping_inspections_inspector", "tenant_id", "inspector_id", "at"),
    )


class InspectionFinding(TenantOwned, Base):
    """How one kind of animal was found kept on a visit, and what the rule says of it."""

    __tablename__ = "keeping_findings"
    inspection_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    species: Mapped[str] = mapped_column(String(32))
    heads: Mapped[int] = mapped_column(Integer)
    mode: Mapped[str] = mapped_column(String(16))
    time_of_day: Mapped[str] = mapped_column(String(8))
    grazing_ground_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, nullable=True)
    complies: Mapped[bool] = mapped_column(Boolean)
    sections: Mapped[str] = mapped_column(String(200))  # the labels cited: "4(2)(ii), 3(1)"
    explanation: Mapped[str] = mapped_column(Text)
    __table_args__ = (
        _fk("inspection_id", "keeping_inspections"),
        Index("ix_keeping_findings_inspection", "tenant_id", "inspection_id"),
    )


class PoundArea(TenantOwned, Base):
    """An area a pound serves, as determined on a date; a later determination of the same
    area supersedes it from its own date."""

    __tablename__ = "pound_areas"
    pound_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    area: Mapped[str] = mapped_column(String(200))
    area_key: Mapped[str] = mapped_column(String(200))
    determined_on: Mapped[date] = mapped_column(Date)
    determined_by: Mapped[str] = mapped_column(String(200))
    reference: Mapped[str] = mapped_column(String(200))
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        Index("ix_pound_areas_page", "tenant_id", "area_key", "id"),
        _fk("pound_id", "pounds"),
        UniqueConstraint("tenant_id", "area_key", "determined_on"),
        Index("ix_pound_areas_pound", "tenant_id", "pound_id"),
    )


class PoundSite(TenantOwned, Base):
    """Where a pound stands (WGS 84 degrees), to find the nearest pound; the latest row of a
    pound is its site."""

    __tablename__ = "pound_sites"
    pound_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    latitude: Mapped[Decimal] = mapped_column("latitude_e6", MicroDegrees)
    longitude: Mapped[Decimal] = mapped_column("longitude_e6", MicroDegrees)
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        _fk("pound_id", "pounds"),
        Index("ix_pound_sites_pound", "tenant_id", "pound_id", "created_at"),
    )
