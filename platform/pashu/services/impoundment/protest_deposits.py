"""Deposits under protest that no complaint follows (Cattle Trespass Act 1985 ss.15, 20): when
the complaint window closes unused, the sweep applies the deposit to what it was made for, the
fines to the local authority's fund and the feeding charges to the pound-keeper. A deposit a
complaint does follow waits for the decision (services/complaints/complaints.py)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy import ColumnElement, and_, exists, select
from sqlalchemy.orm import Session

from pashu.core.legaltime import aware
from pashu.db import audit
from pashu.db.complaints import Complaint
from pashu.db.impoundment import Delivery
from pashu.db.ledger import LedgerTransaction
from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import Capability
from pashu.services.impoundment import cases
from pashu.services.impoundment._course import books as money
from pashu.services.ledger import ledger
from pashu.services.ledger.accounts import PROTEST_DEPOSIT, body_of
from pashu.services.tenancy.tenants import Principal

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class Applied:
    impoundment_id: uuid.UUID
    at: datetime  # when the complaint window closed
    amount: Decimal
    detail: str


def _unsettled() -> ColumnElement[bool]:
    """No complaint followed (a decision settles those), and not applied yet."""
    complained = exists().where(
        Complaint.tenant_id == Delivery.tenant_id,
        Complaint.impoundment_id == Delivery.impoundment_id,
    )
    applied = exists().where(
        LedgerTransaction.tenant_id == Delivery.tenant_id,
        LedgerTransaction.key == Delivery.deposit_ledger_key,
    )
    return and_(~complained, ~applied)


def due(session: Session, as_of: datetime) -> list[uuid.UUID]:
    """Deposits whose window has closed by `as_of`, with no complaint and not yet applied: a
    range on ix_deliveries_deposit_due (deposits under protest only), each checked against
    the unique ledger key it is applied under."""
    return list(
        session.scalars(
            select(Delivery.id)
            .where(Delivery.deposit_due_at <= aware(as_of), _unsettled())
            .order_by(Delivery.deposit_due_at)
        )
    )


def apply(
    session: Session, who: Principal, delivery_id: uuid.UUID, as_of: datetime
) -> Applied | None:
    """Apply the deposit of `delivery_id` if its window has closed unused by `as_of`; None if
    it is not due, settled already, or a complaint followed."""
    who.require("clerk", "finance")
    plugin = registry.get(who.jurisdiction)
    plugin.require(Capability.ILLEGAL_SEIZURE_COMPLAINTS)
    rule = plugin.deposit_unused()
    d = session.scalar(select(Delivery).where(Delivery.id == delivery_id))
    if d is None or d.deposit_due_at is None or d.deposit_ledger_key is None:
        return None
    if aware(as_of) < d.deposit_due_at:
        return None
    # The case is locked (a receipt is never updated, so not locked for update itself); a
    # complaint filed or a worker applying meanwhile is then seen here.
    case = cases.get(session, d.impoundment_id, lock=True)
    settled = session.scalar(select(Delivery.id).where(Delivery.id == d.id, ~_unsettled()))
    if settled is not None:  # a complaint followed, or applied already
        return None
    body = body_of(session, case)
    fines = sum((Decimal(x["amount"]) for x in d.lines if x["kind"] == "FINE"), ZERO)
    feeding = d.amount_paid - fines
    # Applied when the window closed, never before the money was received (a deposit made
    # late, before that was refused, is applied on its day).
    on = max(d.deposit_due_at, d.at)
    ledger.transfer(
        session,
        at=on,
        kind="impoundment.deposit_applied",
        memo=f"receipt {d.receipt_number}: no complaint followed the deposit under protest; "
        + "; ".join(c.label for c in rule.cites),
        subject=f"Impoundment:{case.id}",
        source=PROTEST_DEPOSIT,
        shares=money.deposit_applied(plugin, d.amount_paid, fines, body),
        key=d.deposit_ledger_key,
    )
    detail = f"receipt {d.receipt_number}: Rs {d.amount_paid} applied ({rule.why})"
    audit.record(
        session,
        who.actor,
        "impoundment.apply_protest_deposit",
        f"Impoundment:{case.id}",
        after={
            "receipt": d.receipt_number,
            "fines": str(fines),
            "feeding": str(feeding),
            "cites": [c.label for c in rule.cites],
        },
    )
    return Applied(case.id, on, d.amount_paid, detail[:300])
