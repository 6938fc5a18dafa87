"""The ledger: every movement of money is one balanced transaction between named accounts."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal

from sqlalchemy import ForeignKeyConstraint, Index, String, UniqueConstraint, Uuid
from sqlalchemy.orm import Mapped, mapped_column

from pashu.db.base import Base, TenantOwned
from pashu.db.types import Paise, UtcDateTime


class LedgerTransaction(TenantOwned, Base):
    __tablename__ = "ledger_transactions"
    at: Mapped[datetime] = mapped_column(UtcDateTime)
    kind: Mapped[str] = mapped_column(String(64))
    memo: Mapped[str] = mapped_column(String(500))
    subject: Mapped[str] = mapped_column(String(200))  # what it is about: "Impoundment:<id>"
    # A retry or a second clerk posting the same thing finds the key taken.
    key: Mapped[str | None] = mapped_column(String(200), nullable=True)
    __table_args__ = (
        UniqueConstraint("tenant_id", "key"),
        Index("ix_ledger_transactions_subject", "tenant_id", "subject"),
    )


class LedgerEntry(TenantOwned, Base):
    """One leg: a signed amount into (+) or out of (-) an account."""

    __tablename__ = "ledger_entries"
    transaction_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    account: Mapped[str] = mapped_column(String(100))
    amount: Mapped[Decimal] = mapped_column(Paise)
    __table_args__ = (
        ForeignKeyConstraint(
            ["tenant_id", "transaction_id"],
            ["ledger_transactions.tenant_id", "ledger_transactions.id"],
        ),
        Index("ix_ledger_entries_account", "tenant_id", "account"),
        Index("ix_ledger_entries_transaction", "tenant_id", "transaction_id"),
    )
