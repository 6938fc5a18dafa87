"""Reminders the clock issues when an animal tax instalment falls due unpaid."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import ForeignKeyConstraint, String, Text, UniqueConstraint, Uuid
from sqlalchemy.orm import Mapped, mapped_column

from pashu.db.base import Base, TenantOwned
from pashu.db.types import UtcDateTime


class TaxReminder(TenantOwned, Base):
    __tablename__ = "tax_reminders"
    instalment_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    issued_at: Mapped[datetime] = mapped_column(UtcDateTime)
    text: Mapped[str] = mapped_column(Text)
    issued_by: Mapped[str] = mapped_column(String(200))
    __table_args__ = (
        ForeignKeyConstraint(
            ["tenant_id", "instalment_id"], ["tax_instalments.tenant_id", "tax_instalments.id"]
        ),
        UniqueConstraint("tenant_id", "instalment_id"),  # one reminder per instalment
    )
