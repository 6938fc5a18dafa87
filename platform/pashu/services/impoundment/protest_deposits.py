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

from pashu.core.errors import Conflict, TooEarly
from pashu.core.legaltime import aware
from pashu.db import audit
from pashu.db.complaints import Complaint
from pashu.db.impoundment import Delivery
from pashu.db.ledger import LedgerTransaction
from pashu.jurisdictions import registry
from pashu.services.impoundment import cases, course
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
    """Apply the deposit of `delivery_id` if the model of the case's course allows it at
    `as_of` (Act.APPLY_DEPOSIT: the complaint window closed with none on record); None if
    another worker applied it or a complaint followed meanwhile (the Act's CONFLICT), or
    it is not due yet. Any other refusal is raised: the sweep records it as a failure."""
    who.require("clerk", "finance")
    plugin = registry.get(who.jurisdiction)
    rule = plugin.deposit_unused()
    d = session.scalar(select(Delivery).where(Delivery.id == delivery_id))
    if d is None:
        return None
    # The case is locked (a receipt is never updated, so not locked for update itself); a
    # complaint filed or a worker applying meanwhile is then seen in its facts.
    case = cases.get(session, d.impoundment_id, lock=True)
    try:
        on = course.require(
            cases.load(session, plugin, case), course.Act.APPLY_DEPOSIT, as_of, delivery_id=d.id
        )
    except (Conflict, TooEarly):  # applied, or a complaint followed; or not due yet
        return None
    body = body_of(session, case)
    fines = cases.fines_of(d.lines)
    feeding = d.amount_paid - fines
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
