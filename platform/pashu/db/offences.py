"""Registers of offences: cases, the steps taken on them, fines, compositions, vicious-animal
events, attack liabilities, compensation orders and civil set-offs.

All are legal records, append-only: a case's status is what its later rows say, never an
update of the case row. `impoundment_id` links a case or an order to the impoundment it
arose from (a foreign key since migration 0011).
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


def _case_fk(table: str) -> ForeignKeyConstraint:
    return ForeignKeyConstraint(
        ["tenant_id", "case_id"],
        ["offence_cases.tenant_id", "offence_cases.id"],
        name=f"fk_{table}_case",
    )


def _impoundment_fk() -> ForeignKeyConstraint:
    return ForeignKeyConstraint(
        ["tenant_id", "impoundment_id"], ["impoundments.tenant_id", "impoundments.id"]
    )


class OffenceCase(TenantOwned, Base):
    """An offence charged against one person, named from the Act's catalogue."""

    __tablename__ = "offence_cases"
    offence_code: Mapped[str] = mapped_column(String(32))
    section: Mapped[str] = mapped_column(String(32))
    offender_name: Mapped[str] = mapped_column(String(200))
    offender_address: Mapped[str] = mapped_column(String(400))
    offender_key: Mapped[str] = mapped_column(String(600))  # name and address, normalised
    role: Mapped[str] = mapped_column(String(32))  # an OffenderRole's value
    corporation: Mapped[str | None] = mapped_column(String(200), nullable=True)
    committed_at: Mapped[datetime] = mapped_column(UtcDateTime)
    impoundment_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, nullable=True)
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        Index("ix_offence_cases_page", "tenant_id", "committed_at", "id"),
        Index("ix_offence_cases_offender", "tenant_id", "offender_key", "offence_code"),
        Index("ix_offence_cases_committed", "tenant_id", "committed_at"),
        Index("ix_offence_cases_impoundment", "tenant_id", "impoundment_id"),
        _impoundment_fk(),
    )


class OffenceStep(TenantOwned, Base):
    """A step on a case: an officer's written report, sending to court, a forfeiture order."""

    __tablename__ = "offence_steps"
    case_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    kind: Mapped[str] = mapped_column(String(24))  # REPORT, SENT_TO_COURT, FORFEITURE
    at: Mapped[datetime] = mapped_column(UtcDateTime)
    authority: Mapped[str] = mapped_column(String(200))  # the officer or the court
    text: Mapped[str] = mapped_column(Text)  # the facts reported, the things forfeited
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        _case_fk("offence_steps"),
        Index("ix_offence_steps_case", "tenant_id", "case_id"),
    )


class Fine(TenantOwned, Base):
    """A fine imposed on a case, with the fund(s) it is routed to (`routes`: account ->
    rupees as strings) and any part the court applied as compensation."""

    __tablename__ = "offence_fines"
    case_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    amount: Mapped[Decimal] = mapped_column(Paise)
    at: Mapped[datetime] = mapped_column(UtcDateTime)
    subsequent: Mapped[bool] = mapped_column(Boolean, default=False)
    cap_unknown: Mapped[bool] = mapped_column(Boolean, default=False)
    warning: Mapped[str | None] = mapped_column(Text, nullable=True)
    recoverable_from_salary: Mapped[bool] = mapped_column(Boolean, default=False)
    compensation: Mapped[Decimal | None] = mapped_column(Paise, nullable=True)
    compensation_to_name: Mapped[str | None] = mapped_column(String(200), nullable=True)
    compensation_to_address: Mapped[str | None] = mapped_column(String(400), nullable=True)
    compensation_to_key: Mapped[str | None] = mapped_column(String(600), nullable=True)
    loss_proved: Mapped[str | None] = mapped_column(Text, nullable=True)
    routes: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    routing_note: Mapped[str] = mapped_column(Text)
    imposed_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        _case_fk("offence_fines"),
        Index("ix_offence_fines_case", "tenant_id", "case_id"),
        Index("ix_offence_fines_compensated", "tenant_id", "compensation_to_key"),
    )


class Composition(TenantOwned, Base):
    """An offence compounded: the composition money, the further sum for releasing seized
    things (up to their estimated value), its effect, and any licence cancellation."""

    __tablename__ = "offence_compositions"
    case_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    amount: Mapped[Decimal] = mapped_column(Paise)
    release_sum: Mapped[Decimal | None] = mapped_column(Paise, nullable=True)
    estimated_value: Mapped[Decimal | None] = mapped_column(Paise, nullable=True)
    things_released: Mapped[str | None] = mapped_column(Text, nullable=True)
    at: Mapped[datetime] = mapped_column(UtcDateTime)
    after_proceedings: Mapped[bool] = mapped_column(Boolean)
    acquitted: Mapped[bool] = mapped_column(Boolean)
    licence_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, nullable=True)
    licence_reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    licence_cancellation: Mapped[str | None] = mapped_column(String(16), nullable=True)
    routes: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    routing_note: Mapped[str] = mapped_column(Text)
    accepted_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        _case_fk("offence_compositions"),
        Index("ix_offence_compositions_case", "tenant_id", "case_id"),
    )


class ViciousEvent(TenantOwned, Base):
    """Something that makes an animal vicious (behaviour, a court penalty, a bite)."""

    __tablename__ = "vicious_events"
    animal: Mapped[str] = mapped_column(String(200))
    animal_key: Mapped[str] = mapped_column(String(200))
    owner_name: Mapped[str] = mapped_column(String(200))
    owner_address: Mapped[str] = mapped_column(String(400))
    kind: Mapped[str] = mapped_column(String(24))  # a ViciousKind's value
    at: Mapped[datetime] = mapped_column(UtcDateTime)
    description: Mapped[str] = mapped_column(Text)
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (Index("ix_vicious_events_animal", "tenant_id", "animal_key", "at"),)


class AttackLiability(TenantOwned, Base):
    """The owner's liability to the victim of an attack by a vicious animal."""

    __tablename__ = "attack_liabilities"
    animal: Mapped[str] = mapped_column(String(200))
    animal_key: Mapped[str] = mapped_column(String(200))
    owner_name: Mapped[str] = mapped_column(String(200))
    owner_address: Mapped[str] = mapped_column(String(400))
    victim_name: Mapped[str] = mapped_column(String(200))
    victim_address: Mapped[str] = mapped_column(String(400))
    at: Mapped[datetime] = mapped_column(UtcDateTime)
    medical_treatment: Mapped[bool] = mapped_column(Boolean)
    medical_cost: Mapped[Decimal | None] = mapped_column(Paise, nullable=True)
    victim_sum: Mapped[Decimal | None] = mapped_column(Paise, nullable=True)
    vicious_because: Mapped[str] = mapped_column(Text)
    ordered_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (Index("ix_attack_liabilities_animal", "tenant_id", "animal_key"),)


class CompensationOrder(TenantOwned, Base):
    """Compensation ordered by a local body or a Magistrate, with what it rests on."""

    __tablename__ = "compensation_orders"
    kind: Mapped[str] = mapped_column(String(24))  # a CompensationKind's value
    case_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, nullable=True)
    impoundment_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, nullable=True)
    payer_name: Mapped[str] = mapped_column(String(200))
    payer_address: Mapped[str] = mapped_column(String(400))
    recipient_name: Mapped[str] = mapped_column(String(200))
    recipient_address: Mapped[str] = mapped_column(String(400))
    recipient_key: Mapped[str] = mapped_column(String(600))
    amount: Mapped[Decimal] = mapped_column(Paise)
    fines_paid: Mapped[Decimal] = mapped_column(Paise)
    expenses: Mapped[Decimal] = mapped_column(Paise)
    release_ordered: Mapped[bool] = mapped_column(Boolean)
    grounds: Mapped[str] = mapped_column(Text)  # the damage or loss proved
    ordered_by: Mapped[str] = mapped_column(String(200))  # the Council or Magistrate
    at: Mapped[datetime] = mapped_column(UtcDateTime)
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        Index("ix_compensation_orders_recipient", "tenant_id", "recipient_key"),
        Index("ix_compensation_orders_impoundment", "tenant_id", "impoundment_id"),
        # Query.compensationOrders: latest first, then id (keyset; read backwards).
        Index("ix_compensation_orders_page", "tenant_id", "at", "id"),
        _impoundment_fk(),
    )


class SetOff(TenantOwned, Base):
    """A civil decree for damage, less the compensation already paid under the Act."""

    __tablename__ = "civil_set_offs"
    claimant_name: Mapped[str] = mapped_column(String(200))
    claimant_address: Mapped[str] = mapped_column(String(400))
    claimant_key: Mapped[str] = mapped_column(String(600))
    # The defendant of the suit: only compensation the same person paid the claimant under a
    # conviction is set off (s.31 with s.30). None on set-offs kept before it was recorded.
    defendant_name: Mapped[str | None] = mapped_column(String(200), nullable=True)
    defendant_address: Mapped[str | None] = mapped_column(String(400), nullable=True)
    defendant_key: Mapped[str | None] = mapped_column(String(600), nullable=True)
    suit: Mapped[str] = mapped_column(String(200))
    decree_amount: Mapped[Decimal] = mapped_column(Paise)
    deducted: Mapped[Decimal] = mapped_column(Paise)
    balance: Mapped[Decimal] = mapped_column(Paise)
    at: Mapped[datetime] = mapped_column(UtcDateTime)
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (Index("ix_civil_set_offs_claimant", "tenant_id", "claimant_key"),)


class CompensationRecovery(TenantOwned, Base):
    """An order of compensation paid by the person ordered to pay it, or recovered from him as
    a fine where the Act makes it recoverable so (Cattle Trespass Act 1985 s.23). Once."""

    __tablename__ = "compensation_recoveries"
    order_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    at: Mapped[datetime] = mapped_column(UtcDateTime)
    amount: Mapped[Decimal] = mapped_column(Paise)
    manner: Mapped[str] = mapped_column(String(24))  # PAID or RECOVERED_AS_FINE
    reference: Mapped[str] = mapped_column(String(200))  # the receipt, or the court's process
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        ForeignKeyConstraint(
            ["tenant_id", "order_id"], ["compensation_orders.tenant_id", "compensation_orders.id"]
        ),
        UniqueConstraint("tenant_id", "order_id", name="uq_compensation_recoveries_order"),
    )


class FineRecoverySale(TenantOwned, Base):
    """A fine on conviction recovered by sale of cattle that are not in a pound: "by sale of
    the all or any of the cattle by which the tresspass was committed, whether they were
    seized in the act of tresspassing or not" (Cattle Trespass Act 1985 s.26). Once a fine;
    the cattle are described here, the money is in the ledger (key `fine:<fine id>` for the
    fine, `fine-sale:<id>` for the expenses and the balance); `account` is the account of it."""

    __tablename__ = "fine_recovery_sales"
    fine_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    at: Mapped[datetime] = mapped_column(UtcDateTime)
    cattle: Mapped[str] = mapped_column(Text)  # the number and description of the cattle sold
    head_count: Mapped[int] = mapped_column(Integer)
    all_sold: Mapped[bool] = mapped_column(Boolean)  # all the cattle of the trespass, or some
    place: Mapped[str] = mapped_column(String(400))  # where they were sold
    owner_name: Mapped[str] = mapped_column(String(200))
    owner_address: Mapped[str] = mapped_column(String(400))
    buyer_name: Mapped[str] = mapped_column(String(200))
    buyer_address: Mapped[str] = mapped_column(String(400))
    buyer_role: Mapped[str] = mapped_column(String(40))
    price: Mapped[Decimal] = mapped_column(Paise)
    expenses: Mapped[Decimal] = mapped_column(Paise)  # the expenses of sale, as claimed
    recovered: Mapped[Decimal] = mapped_column(Paise)  # of the fine
    balance: Mapped[Decimal] = mapped_column(Paise)  # left for the owner, held in deposit
    account: Mapped[dict[str, Any]] = mapped_column(JSON)
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        ForeignKeyConstraint(
            ["tenant_id", "fine_id"],
            ["offence_fines.tenant_id", "offence_fines.id"],
            name="fk_fine_recovery_sales_fine",
        ),
        UniqueConstraint("tenant_id", "fine_id", name="uq_fine_recovery_sales_fine"),
    )
