"""An owner's claim on the proceeds of a sale: the surplus held in deposit (Cattle
Trespass Act 1985 s.17(3), three months) or the refund of proceeds paid into the fund
(Animal (Control & Taxation) Act 2014 s.10(4), fifteen days, less feeding charges and
fines)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.citations import Citation
from pashu.core.errors import Conflict, TooLate
from pashu.core.legaltime import aware, ist
from pashu.db import audit
from pashu.db.impoundment import Sale
from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import Capability, MoneyKind, SaleAccounting
from pashu.services.impoundment import cases
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
    plugin.require(Capability.AUCTION)
    case = cases.get(session, impoundment_id, lock=True)
    when = aware(at)
    sold = list(
        session.scalars(select(Sale).where(Sale.impoundment_id == case.id).order_by(Sale.at))
    )
    if not sold:
        raise Conflict("nothing of this case has been sold")
    accounting = plugin.sale_accounting()
    deducting = accounting.value is SaleAccounting.DEDUCT_CHARGES_HOLD_SURPLUS
    _, step = cases.claim_window(plugin, case, cases.notices(session, case.id), sold)
    if step is None:
        # s.10(4): a refund only "if the sale is proceeded under sub section (1)", not a sale
        # on the owner's refusal to pay (s.10(2)).
        raise Conflict(
            "the animals were sold because the owner refused or failed to pay; the refund "
            "lies only after a sale of animals not claimed",
            citation=accounting.cites[0],
        )
    if not deducting:
        sold = [s for s in sold if not s.account.get("onRefusal")]
    if step.window.deadline is not None and when >= step.window.deadline:
        raise TooLate(
            f"the claim had to be made before {ist(step.window.deadline)}",
            citation=step.cites[0],
            deadline=ist(step.window.deadline),
        )
    subject = f"Impoundment:{case.id}"
    body = body_of(session, case)
    if deducting:
        holding = held(session, plugin, MoneyKind.SURPLUS_PROCEEDS, body, subject)
        amount = sum((x for _, x in holding), Decimal("0.00"))
        source = [(acct, -x) for acct, x in holding]
    else:
        amount = sum(
            (max(Decimal(0), s.price - Decimal(s.account["finesAndCharges"])) for s in sold),
            Decimal("0.00"),
        )
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
