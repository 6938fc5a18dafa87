"""An owner's claim on the proceeds of a sale: the surplus held in deposit (Cattle
Trespass Act 1985 s.17(3), three months) or the refund of proceeds paid into the fund
(Animal (Control & Taxation) Act 2014 s.10(4), fifteen days, less feeding charges and
fines)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy.orm import Session

from pashu.core.citations import Citation
from pashu.core.errors import Conflict
from pashu.core.legaltime import aware
from pashu.db import audit
from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import Capability, MoneyKind, SaleAccounting
from pashu.services.impoundment import cases, course
from pashu.services.impoundment._course import books as money
from pashu.services.impoundment.seizures import Person, _text
from pashu.services.ledger import ledger
from pashu.services.ledger.accounts import body_of, held, routed
from pashu.services.tenancy.tenants import Principal


@dataclass(frozen=True)
class Claim:
    amount: Decimal
    at: datetime
    claimant: Person
    cites: list[Citation]


def claim_proceeds(
    session: Session, who: Principal, *, impoundment_id: uuid.UUID, at: datetime, claimant: Person
) -> Claim:
    who.require("clerk", "finance")
    plugin = registry.get(who.jurisdiction)
    plugin.require(Capability.AUCTION)  # no sale in the Act, nothing to ask of a case
    case = cases.get(session, impoundment_id, lock=True)
    when = aware(at)
    # The model of the case's course: a sale held, a claim that lies on it, within the
    # window the Act times from the sale.
    facts = cases.load(session, plugin, case)
    step = course.require(facts, course.Act.CLAIM_PROCEEDS, when)
    sold = cases.sales(session, case.id)
    accounting = plugin.sale_accounting()
    deducting = accounting.value is SaleAccounting.DEDUCT_CHARGES_HOLD_SURPLUS
    if not deducting:
        sold = [s for s in sold if not s.account.get("onRefusal")]
    subject = f"Impoundment:{case.id}"
    body = body_of(session, case)
    if deducting:
        holding = held(session, plugin, MoneyKind.SURPLUS_PROCEEDS, body, subject)
        amount = sum((x for _, x in holding), Decimal("0.00"))
        source = [(acct, -x) for acct, x in holding]
    else:
        amount = money.claimable(sold)  # what the model's books hold refundable
        source = [
            (acct, -part) for acct, part in routed(plugin, MoneyKind.SALE_PROCEEDS, amount, body)
        ]
    if amount <= 0:
        raise Conflict("nothing is held for the owner of this case")
    person = Person(
        _text(claimant.name, "claimant.name", limit=200),
        _text(claimant.address, "claimant.address"),
    )
    ledger.post(
        session,
        at=when,
        kind="impoundment.claim",
        memo=f"claim by {person.name}: " + "; ".join(c.label for c in step.cites),
        subject=subject,
        entries=[*source, ("payee:owner", amount)],
        key=f"claim:{case.id}",
    )
    audit.record(
        session,
        who.actor,
        "impoundment.claim_proceeds",
        subject,
        after={"amount": str(amount), "claimant": person.name},
    )
    return Claim(amount, when, person, step.cites)
