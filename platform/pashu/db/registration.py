"""Owners, the register of animals, the animal tax register and appeals under an Act's
registration and taxation chapter. Registers: rows are added, never updated or deleted."""

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


def _fk(column: str, table: str) -> ForeignKeyConstraint:
    return ForeignKeyConstraint(["tenant_id", column], [f"{table}.tenant_id", f"{table}.id"])


class Owner(TenantOwned, Base):
    """An owner of animals, known by name and address (matched without case or spacing)."""

    __tablename__ = "owners"
    name: Mapped[str] = mapped_column(String(200))
    address: Mapped[str] = mapped_column(String(500))
    category: Mapped[str] = mapped_column(String(32))  # an OwnerCategory's value
    name_key: Mapped[str] = mapped_column(String(200))
    address_key: Mapped[str] = mapped_column(String(500))
    __table_args__ = (
        Index("ix_owners_page", "tenant_id", "name_key", "address_key", "id"),
        UniqueConstraint("tenant_id", "name_key", "address_key"),
    )


class AnimalRegistration(TenantOwned, Base):
    """One report and registration of an owner's animals, with the fee paid."""

    __tablename__ = "animal_registrations"
    owner_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    registered_at: Mapped[datetime] = mapped_column(UtcDateTime)
    owned_since: Mapped[date] = mapped_column(Date)
    deadline: Mapped[datetime] = mapped_column(UtcDateTime)  # first instant it is late
    late: Mapped[bool] = mapped_column(Boolean)
    exempt: Mapped[bool] = mapped_column(Boolean)
    fee: Mapped[Decimal] = mapped_column(Paise)
    registered_by: Mapped[str] = mapped_column(String(200))
    # s.12(1): the Village Council of the area, whose fund the fee and tax credit (0015).
    local_authority_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, nullable=True)
    __table_args__ = (
        Index("ix_animal_registrations_page", "tenant_id", "registered_at", "id"),
        _fk("owner_id", "owners"),
        ForeignKeyConstraint(
            ["tenant_id", "local_authority_id"],
            ["local_authorities.tenant_id", "local_authorities.id"],
            name="fk_animal_registrations_local_authority",
        ),
        Index("ix_animal_registrations_owner", "tenant_id", "owner_id"),
        Index("ix_animal_registrations_registered_at", "tenant_id", "registered_at"),
        Index("ix_animal_registrations_authority", "tenant_id", "local_authority_id"),
    )


class RegisteredAnimals(TenantOwned, Base):
    """One line of a registration: how many of one kind, adult and young, and their fee."""

    __tablename__ = "registered_animals"
    registration_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    species: Mapped[str] = mapped_column(String(32))
    adults: Mapped[int] = mapped_column(Integer)
    young: Mapped[int] = mapped_column(Integer)
    rate: Mapped[Decimal | None] = mapped_column(Paise, nullable=True)  # None: exempt owner
    fee: Mapped[Decimal] = mapped_column(Paise)
    __table_args__ = (
        _fk("registration_id", "animal_registrations"),
        Index("ix_registered_animals_registration", "tenant_id", "registration_id"),
    )


class TaxInstalment(TenantOwned, Base):
    """One instalment of a year's animal tax on a registration, as assessed."""

    __tablename__ = "tax_instalments"
    registration_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    year: Mapped[int] = mapped_column(Integer)
    schedule: Mapped[str] = mapped_column(String(16))  # a TaxSchedule's value
    number: Mapped[int] = mapped_column(Integer)
    period_start: Mapped[date] = mapped_column(Date)
    period_end: Mapped[date] = mapped_column(Date)
    due_on: Mapped[date | None] = mapped_column(Date, nullable=True)
    amount: Mapped[Decimal] = mapped_column(Paise)
    assessed_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        Index("ix_tax_instalments_page", "tenant_id", "year", "registration_id", "number", "id"),
        _fk("registration_id", "animal_registrations"),
        # One option per year: an annual instalment and a first half cannot both exist.
        UniqueConstraint("tenant_id", "registration_id", "year", "number"),
        Index("ix_tax_instalments_due_on", "tenant_id", "due_on"),
    )


class TaxPayment(TenantOwned, Base):
    """An instalment paid in full; the money's split is in the ledger transaction."""

    __tablename__ = "tax_payments"
    instalment_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    amount: Mapped[Decimal] = mapped_column(Paise)
    paid_at: Mapped[datetime] = mapped_column(UtcDateTime)
    received_by: Mapped[str] = mapped_column(String(200))
    ledger_transaction_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    __table_args__ = (
        Index("ix_tax_payments_page", "tenant_id", "paid_at", "id"),
        _fk("instalment_id", "tax_instalments"),
        UniqueConstraint("tenant_id", "instalment_id"),  # paid once
        Index("ix_tax_payments_paid_at", "tenant_id", "paid_at"),
    )


class Appeal(TenantOwned, Base):
    """An appeal against an order under the registration and tax chapter."""

    __tablename__ = "registration_appeals"
    subject: Mapped[str] = mapped_column(String(200))  # "AnimalRegistration:<id>", ...
    appellant: Mapped[str] = mapped_column(String(200))
    authority: Mapped[str] = mapped_column(String(200))
    filed_on: Mapped[date] = mapped_column(Date)
    grounds: Mapped[str] = mapped_column(String(2000))
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        Index("ix_registration_appeals_page", "tenant_id", "filed_on", "id"),
        Index("ix_registration_appeals_filed_on", "tenant_id", "filed_on"),
    )


class AppealDecision(TenantOwned, Base):
    """The outcome of an appeal: a row of its own, so the appeal itself is never changed."""

    __tablename__ = "registration_appeal_decisions"
    appeal_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    outcome: Mapped[str] = mapped_column(String(16))  # an AppealOutcome's value
    decided_on: Mapped[date] = mapped_column(Date)
    remarks: Mapped[str] = mapped_column(String(2000))
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        _fk("appeal_id", "registration_appeals"),
        UniqueConstraint("tenant_id", "appeal_id"),
    )
