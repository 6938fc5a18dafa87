"""Delivering impounded animals to their owner on payment of the dues (Cattle Trespass
Act 1985 s.13; Animal (Control & Taxation) Act 2014 s.9), or on a deposit made under
protest (Cattle Trespass Act 1985 s.15)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy.orm import Session

from pashu.core.errors import ValidationError
from pashu.core.legaltime import aware, ist
from pashu.core.money import rupees
from pashu.db import audit
from pashu.db.impoundment import AnimalStatus, Delivery
from pashu.db.types import new_id
from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import Capability, MoneyKind
from pashu.services.impoundment import cases, course
from pashu.services.impoundment._numbering import next_number
from pashu.services.impoundment.dues import Dues, compute
from pashu.services.impoundment.seizures import Person, _text
from pashu.services.ledger import ledger
from pashu.services.ledger.accounts import PROTEST_DEPOSIT, body_of, routed
from pashu.services.tenancy.tenants import Principal


@dataclass(frozen=True)
class Receipt:
    delivery: Delivery
    dues: Dues


def deliver_to_owner(
    session: Session,
    who: Principal,
    *,
    impoundment_id: uuid.UUID,
    at: datetime,
    claimant: Person,
    amount_paid: Decimal,
    under_protest: bool,
    animal_ids: list[uuid.UUID] | None = None,
) -> Receipt:
    who.require("clerk", "finance")
    plugin = registry.get(who.jurisdiction)
    plugin.require(Capability.IMPOUNDMENT)
    rule = plugin.delivery_on_deposit() if under_protest else plugin.delivery_on_payment()
    case = cases.get(session, impoundment_id, lock=True)
    when = aware(at)
    everything = cases.animals(session, case)
    # The model of the case's course: the impounding before, the complaint window a deposit
    # under protest is held for (ss.15, 20), the animals named, acts in their order.
    act = course.Act.DELIVER_ON_DEPOSIT if under_protest else course.Act.DELIVER
    facts = cases.load(session, plugin, case, everything)
    complaint = course.require(facts, act, when, animal_ids=animal_ids)
    chosen = cases.chosen(everything, animal_ids)
    dues = compute(plugin, cases.rates(session), case, chosen, when)
    if dues.total is None:
        missing = dues.unknown[0]
        raise ValidationError(
            f"the dues cannot be worked out: {missing.why}",
            citation=missing.cites[0] if missing.cites else None,
        )
    paid = rupees(amount_paid)
    if paid != dues.total:
        raise ValidationError(
            f"the dues for these animals on {ist(when)} are Rs {dues.total}, not Rs {paid}",
            citation=rule.cites[0],
            field="amountPaid",
            dues=str(dues.total),
        )
    delivery_id, held = new_id(), under_protest and paid > 0
    delivery = Delivery(
        id=delivery_id,
        impoundment_id=case.id,
        receipt_number=next_number(session, who.tenant_id, "receipt"),
        at=when,
        claimant_name=_text(claimant.name, "claimant.name", limit=200),
        claimant_address=_text(claimant.address, "claimant.address"),
        amount_paid=paid,
        under_protest=under_protest,
        lines=[
            {
                "kind": line.kind.value,
                "species": line.species,
                "heads": line.heads,
                "days": line.days,
                "amount": str(line.amount),
                "cites": [c.label for c in line.cites],
            }
            for line in dues.lines
        ],
        recorded_by=who.actor,
        # A deposit held (s.15) is applied when the complaint window closes unused.
        deposit_due_at=complaint.window.deadline if held and complaint else None,
        deposit_ledger_key=f"protest-applied:{delivery_id}" if held else None,
    )
    session.add(delivery)
    session.flush()
    cases.release(session, chosen, AnimalStatus.DELIVERED, when, delivery_id=delivery.id)
    for a in chosen:
        a.fine_settled, a.charges_settled_at = True, when
    if paid:
        body = body_of(session, case)
        credits = (
            [(PROTEST_DEPOSIT, paid)]
            if under_protest
            else routed(plugin, MoneyKind.FINE, dues.by_kind(MoneyKind.FINE), body)
            + routed(plugin, MoneyKind.FEEDING_CHARGE, dues.by_kind(MoneyKind.FEEDING_CHARGE), body)
        )
        ledger.transfer(
            session,
            at=when,
            kind="impoundment.delivery",
            memo=f"receipt {delivery.receipt_number}: " + "; ".join(c.label for c in rule.cites),
            subject=f"Impoundment:{case.id}",
            source="payer:owner",
            shares=credits,
            key=f"delivery:{delivery.id}",
        )
    cases.refresh(session, plugin, case, everything)
    session.flush()
    audit.record(
        session,
        who.actor,
        "impoundment.deliver_to_owner",
        f"Impoundment:{case.id}",
        after={
            "receipt": delivery.receipt_number,
            "animals": len(chosen),
            "amountPaid": str(paid),
            "underProtest": under_protest,
        },
    )
    return Receipt(delivery, dues)
