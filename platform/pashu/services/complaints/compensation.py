"""Compensation ordered under an Act, and its set-off against a later civil decree.

What compensation an Act provides, who orders it and any cap come from the plugin's penalty
rules (`compensation(kind)`, `set_off()`); an Act without them refuses.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from pashu.core.citations import Citation
from pashu.core.errors import Conflict, FineAboveCap, NotFound, ValidationError
from pashu.core.legaltime import aware
from pashu.core.money import rupees
from pashu.core.people import Person
from pashu.db import audit
from pashu.db.offences import (
    CompensationOrder,
    CompensationRecovery,
    Fine,
    OffenceCase,
    SetOff,
)
from pashu.jurisdictions import Capability, registry
from pashu.jurisdictions.penalties import CompensationKind
from pashu.services.impoundment import cases as impoundments
from pashu.services.offences.fines import ledger_key, paid_at
from pashu.services.offences.offences import law, text, view
from pashu.services.tenancy.tenants import Principal

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class Order:
    kind: CompensationKind
    payer: Person
    recipient: Person
    amount: Decimal
    at: datetime
    grounds: str  # the damage or loss proved
    ordered_by: str  # the Council or Magistrate that ordered it
    fines_paid: Decimal = ZERO
    expenses: Decimal = ZERO
    release_ordered: bool = False
    case_id: uuid.UUID | None = None
    impoundment_id: uuid.UUID | None = None


def order_compensation(
    session: Session, who: Principal, o: Order
) -> tuple[CompensationOrder, list[Citation]]:
    who.require("magistrate")
    plugin = registry.get(who.jurisdiction)
    if o.kind is CompensationKind.ILLEGAL_SEIZURE:
        plugin.require(Capability.ILLEGAL_SEIZURE_COMPLAINTS)
    decision = law(plugin).compensation(o.kind)
    rule, cite = decision.value, decision.cites[0]
    amount, fines, expenses = rupees(o.amount), rupees(o.fines_paid), rupees(o.expenses)
    if amount <= 0 or fines < 0 or expenses < 0:
        raise ValidationError("compensation is above zero; fines and expenses are not negative")
    if rule.cap is not None and amount > rule.cap:
        raise FineAboveCap(
            f"compensation may not exceed Rs {rule.cap}", citation=cite, cap=str(rule.cap)
        )
    if (fines or expenses) and not rule.with_fines_and_expenses:
        raise ValidationError(
            "the Act adds no fines or expenses to this compensation", citation=cite
        )
    if o.release_ordered and not rule.orders_release:
        raise ValidationError("the Act orders no release with this compensation", citation=cite)
    if o.case_id is not None:
        view(session, plugin, o.case_id)  # NOT_FOUND unless the tenant's own
    if o.impoundment_id is not None:
        impoundments.get(session, o.impoundment_id)
    row = CompensationOrder(
        kind=o.kind.value,
        case_id=o.case_id,
        impoundment_id=o.impoundment_id,
        payer_name=o.payer.name,
        payer_address=o.payer.address,
        recipient_name=o.recipient.name,
        recipient_address=o.recipient.address,
        recipient_key=o.recipient.key,
        amount=amount,
        fines_paid=fines,
        expenses=expenses,
        release_ordered=o.release_ordered,
        grounds=text(o.grounds, "grounds"),
        ordered_by=text(o.ordered_by, "orderedBy", 200),
        at=aware(o.at),
        recorded_by=who.actor,
    )
    session.add(row)
    session.flush()
    audit.record(
        session,
        who.actor,
        "compensation.order",
        f"CompensationOrder:{row.id}",
        after={
            "kind": o.kind.value,
            "amount": str(amount),
            "total": str(amount + fines + expenses),
        },
    )
    return row, decision.cites


def compensation_paid(session: Session, recipient: Person, payer: Person | None = None) -> Decimal:
    """Fines a convicting court applied as compensation to `recipient` (from `payer`, the
    person convicted, when given), and paid."""
    q = select(Fine).where(Fine.compensation_to_key == recipient.key, Fine.compensation > 0)
    if payer is not None:
        convicted = select(OffenceCase.id).where(OffenceCase.offender_key == payer.key)
        q = q.where(Fine.case_id.in_(convicted))
    fines = list(session.scalars(q))
    paid = paid_at(session, [ledger_key(f) for f in fines])
    return sum((f.compensation or ZERO for f in fines if ledger_key(f) in paid), ZERO)


def record_set_off(
    session: Session,
    who: Principal,
    claimant: Person,
    decree_amount: Decimal,
    suit: str,
    at: datetime,
    defendant: Person,
) -> tuple[SetOff, list[Citation]]:
    """A civil decree for damage by trespass, less the compensation already paid to the same
    person by order of a convicting court and not set off in an earlier suit (a sum set off
    once is used up); the balance is what remains due.

    Only compensation the defendant, convicted, paid the claimant is set off: s.31 deducts
    compensation for crops "damaged by trespass" from the sum due "in any civil suit referred
    to in section 30", a suit for that damage, so between the same parties; a decree against
    another person for another trespass owes nothing to it."""
    who.require("magistrate")
    rule = law(registry.get(who.jurisdiction)).set_off()
    decree = rupees(decree_amount)
    if decree <= 0:
        raise ValidationError("a decree amount is above zero", field="decreeAmount")
    used = session.scalar(
        select(func.coalesce(func.sum(SetOff.deducted), 0)).where(
            SetOff.claimant_key == claimant.key,
            # Set-offs kept before defendants were recorded used the claimant's sums.
            (SetOff.defendant_key == defendant.key) | SetOff.defendant_key.is_(None),
        )
    )
    left = compensation_paid(session, claimant, defendant) - rupees(used or ZERO)
    deducted = min(max(left, ZERO), decree)
    row = SetOff(
        claimant_name=claimant.name,
        claimant_address=claimant.address,
        claimant_key=claimant.key,
        defendant_name=defendant.name,
        defendant_address=defendant.address,
        defendant_key=defendant.key,
        suit=text(suit, "suit", 200),
        decree_amount=decree,
        deducted=deducted,
        balance=decree - deducted,
        at=aware(at),
        recorded_by=who.actor,
    )
    session.add(row)
    session.flush()
    audit.record(
        session,
        who.actor,
        "compensation.set_off",
        f"SetOff:{row.id}",
        after={"decree": str(decree), "deducted": str(deducted)},
    )
    return row, rule.cites


def order(
    session: Session, who: Principal, order_id: uuid.UUID
) -> tuple[CompensationOrder, list[Citation]] | None:
    """A compensation order with the provisions it rests on, as when it was made."""
    row = session.scalar(select(CompensationOrder).where(CompensationOrder.id == order_id))
    if row is None:
        return None
    rule = law(registry.get(who.jurisdiction)).compensation(CompensationKind(row.kind))
    return row, rule.cites


def set_off(
    session: Session, who: Principal, set_off_id: uuid.UUID
) -> tuple[SetOff, list[Citation]] | None:
    """A set-off with the provisions it rests on, as when it was recorded."""
    row = session.scalar(select(SetOff).where(SetOff.id == set_off_id))
    if row is None:
        return None
    return row, law(registry.get(who.jurisdiction)).set_off().cites


RECOVERY_MANNERS = ("PAID", "RECOVERED_AS_FINE")


def record_recovery(
    session: Session,
    who: Principal,
    order_id: uuid.UUID,
    manner: str,
    at: datetime,
    reference: str,
) -> tuple[CompensationRecovery, list[Citation]]:
    """The order's whole sum (compensation, fines and expenses) paid by the person ordered
    to pay it, or recovered from him as a fine where the Act makes it recoverable so
    (Cattle Trespass Act 1985 s.23); once (CONFLICT after)."""
    who.require("magistrate")
    found = order(session, who, order_id)
    if found is None:
        raise NotFound("no such compensation order", field="orderId")
    row, cites = found
    rule = law(registry.get(who.jurisdiction)).compensation(CompensationKind(row.kind))
    if manner not in RECOVERY_MANNERS:
        raise ValidationError(f"the manner is one of {', '.join(RECOVERY_MANNERS)}", field="manner")
    if manner == "RECOVERED_AS_FINE" and not rule.value.recoverable_as_fine:
        raise ValidationError(
            "the Act does not make this compensation recoverable as a fine: record it paid",
            citation=rule.cites[0],
            field="manner",
        )
    when = aware(at)
    if when < row.at:
        raise ValidationError("compensation is recovered after it is ordered", field="at")
    recovery = CompensationRecovery(
        order_id=row.id,
        at=when,
        amount=row.amount + row.fines_paid + row.expenses,
        manner=manner,
        reference=text(reference, "reference", 200),
        recorded_by=who.actor,
    )
    try:
        with session.begin_nested():
            session.add(recovery)
            session.flush()
    except IntegrityError:
        raise Conflict("this compensation has been recorded as recovered already") from None
    audit.record(
        session,
        who.actor,
        "compensation.recovered",
        f"CompensationOrder:{row.id}",
        after={"manner": manner, "amount": str(recovery.amount), "reference": recovery.reference},
    )
    return recovery, cites
