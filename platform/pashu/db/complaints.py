"""Complaints of illegal seizure or detention (Cattle Trespass Act 1985 ss.20-22), and
their decisions."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal

from sqlalchemy import Boolean, ForeignKeyConstraint, Index, String, Text, UniqueConstraint, Uuid
from sqlalchemy.orm import Mapped, mapped_column

from pashu.db.base import Base, TenantOwned
from pashu.db.types import Paise, UtcDateTime


class Complaint(TenantOwned, Base):
    __tablename__ = "complaints"
    impoundment_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    at: Mapped[datetime] = mapped_column(UtcDateTime)
    complainant_name: Mapped[str] = mapped_column(String(200))
    complainant_address: Mapped[str] = mapped_column(String(300))
    form: Mapped[str] = mapped_column(String(16))  # WRITTEN, or VERBAL taken down in writing
    statement: Mapped[str] = mapped_column(Text)
    taken_down_by: Mapped[str | None] = mapped_column(String(200), nullable=True)
    recorded_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        Index("ix_complaints_page", "tenant_id", "at", "id"),
        ForeignKeyConstraint(
            ["tenant_id", "impoundment_id"], ["impoundments.tenant_id", "impoundments.id"]
        ),
        Index("ix_complaints_case", "tenant_id", "impoundment_id"),
    )


class ComplaintDecision(TenantOwned, Base):
    """The magistrate's decision after the enquiry (s.21(2)); one per complaint."""

    __tablename__ = "complaint_decisions"
    complaint_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    at: Mapped[datetime] = mapped_column(UtcDateTime)
    illegal: Mapped[bool] = mapped_column(Boolean)
    decided_by: Mapped[str] = mapped_column(String(200))
    compensation_order_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, nullable=True)
    released_animals: Mapped[int] = mapped_column(default=0)
    seizer_owes: Mapped[Decimal] = mapped_column(Paise)  # s.22(2): dues laid on the seizer
    deposit_returned: Mapped[Decimal] = mapped_column(Paise)
    recorded_by: Mapped[str] = mapped_column(String(200))
    # s.22: who pays, as the Magistrate names him: SEIZER (the one in the register) or
    # DETAINER; None on decisions recorded before migration 0015 and on lawful seizures.
    payer_capacity: Mapped[str | None] = mapped_column(String(16), nullable=True)
    payer_name: Mapped[str | None] = mapped_column(String(200), nullable=True)
    payer_address: Mapped[str | None] = mapped_column(String(300), nullable=True)
    # Of `seizer_owes`, the fines (s.11(3)); the rest is feeding charges (s.17(2)).
    seizer_fines: Mapped[Decimal | None] = mapped_column(Paise, nullable=True)
    __table_args__ = (
        ForeignKeyConstraint(
            ["tenant_id", "complaint_id"], ["complaints.tenant_id", "complaints.id"]
        ),
        UniqueConstraint("tenant_id", "complaint_id"),
    )
