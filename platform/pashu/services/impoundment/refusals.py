"""An owner who appears but refuses or omits to pay: the refusal recorded, which opens a
sale of as many animals as the dues need (Cattle Trespass Act 1985 s.16(1); Animal (Control
& Taxation) Act 2014 s.10(2)); after that sale, the remaining animals and the balance
delivered with the account against a receipt, or refused and so unclaimed (Cattle Trespass
Act 1985 s.16(2)-(5))."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.errors import ValidationError
from pashu.core.legaltime import aware
from pashu.core.money import rupees
from pashu.db import audit
from pashu.db.impoundment import AnimalStatus, Sale
from pashu.db.refusals import Handover, RefusalToPay
from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import Capability, MoneyKind
from pashu.services.impoundment import cases, course, sale_accounts
from pashu.services.impoundment._numbering import next_number
from pashu.services.impoundment.course import refusal_open as refusal_open
from pashu.services.impoundment.dues import compute
from pashu.services.impoundment.seizures import Person, _text
from pashu.services.ledger import ledger
from pashu.services.ledger.accounts import body_of, held, routed
from pashu.services.tenancy.tenants import Principal


def record_refusal(
    session: Session,
    who: Principal,
    *,
    impoundment_id: uuid.UUID,
    at: datetime,
    claimant: Person,
    deposit: bool = False,
) -> RefusalToPay:
    """The owner or his agent appeared and refused or omitted to pay (`deposit`: to make the
    deposit of a disputed seizure): the sale the Act then orders may follow at its own time."""
    who.require("clerk", "finance")
    plugin = registry.get(who.jurisdiction)
    plugin.require(Capability.AUCTION)  # no sale in the Act, nothing to ask of a case
    case = cases.get(session, impoundment_id, lock=True)
    when = aware(at)
    everything = cases.animals(session, case)
    # The model of the case's course: the Act's sale on refusal, one refusal, animals held,
    # acts in their order, the period for the owner's claim.
    rule = course.require(
        cases.load(session, plugin, case, everything), course.Act.REFUSAL, when, deposit=deposit
    )
    in_pound = course.in_pound(everything)
    dues = compute(plugin, cases.rates(session), case, in_pound, when)
    row = RefusalToPay(
        impoundment_id=case.id,
        at=when,
        claimant_name=_text(claimant.name, "claimant.name", limit=200),
        claimant_address=_text(claimant.address, "claimant.address"),
        deposit=deposit,
        dues=dues.total,
        recorded_by=who.actor,
    )
    session.add(row)
    case.refused_at, case.refusal_sold_at = when, None
    cases.refresh(session, plugin, case, everything)
    session.flush()
    audit.record(
        session,
        who.actor,
        "impoundment.record_refusal",
        f"Impoundment:{case.id}",
        after={
            "at": when.isoformat(),
            "claimant": row.claimant_name,
            "deposit": deposit,
            "dues": None if dues.total is None else str(dues.total),
            "why": rule.why,
        },
    )
    return row


def of_case(session: Session, case_id: uuid.UUID) -> list[RefusalToPay]:
    q = select(RefusalToPay).where(RefusalToPay.impoundment_id == case_id)
    return list(session.scalars(q.order_by(RefusalToPay.at)))


def handovers(session: Session, case_id: uuid.UUID) -> list[Handover]:
    q = select(Handover).where(Handover.impoundment_id == case_id)
    return list(session.scalars(q.order_by(Handover.at)))


def refusal_sales(session: Session, case_id: uuid.UUID) -> list[Sale]:
    found = session.scalars(select(Sale).where(Sale.impoundment_id == case_id).order_by(Sale.at))
    return [s for s in found if s.account.get("onRefusal") or s.account.get("recoversFine")]


def deliver_rest(
    session: Session,
    who: Principal,
    *,
    impoundment_id: uuid.UUID,
    at: datetime,
    claimant: Person,
    accepted: bool = True,
    amount_paid: Decimal = Decimal("0.00"),
) -> Handover:
    """After the sale on the owner's refusal: the remaining animals and the balance go to
    him with the account of the sale, against his receipt; feeding since the sale comes out
    of the balance (the owner pays any excess). Refused: both are deemed unclaimed."""
    who.require("clerk", "finance")
    plugin = registry.get(who.jurisdiction)
    plugin.delivery_after_sale()  # an Act without it refuses before any case is read
    case = cases.get(session, impoundment_id, lock=True)
    when = aware(at)
    everything = cases.animals(session, case)
    # The model of the case's course: the Act's delivery of the rest (or its refusal), after
    # the sale on the owner's refusal, not before it.
    act = course.Act.DELIVER_REST if accepted else course.Act.REFUSE_REST
    rule = course.require(cases.load(session, plugin, case, everything), act, when)
    refused_rule = None if accepted else plugin.delivery_refused_after_sale()
    rest = [a for a in everything if a.status == AnimalStatus.IN_POUND.value]
    subject = f"Impoundment:{case.id}"
    body = body_of(session, case)
    # The surplus of the sale, held in the deposit the Act names for it (s.17(3)).
    deposits = held(session, plugin, MoneyKind.SURPLUS_PROCEEDS, body, subject)
    surplus = sum((amount for _, amount in deposits), Decimal("0.00"))
    since = compute(plugin, cases.rates(session), case, rest, when)
    if since.total is None:
        missing = since.unknown[0]
        raise ValidationError(
            f"the feeding charges since the sale cannot be worked out: {missing.why}",
            citation=missing.cites[0] if missing.cites else None,
        )
    feeding = since.total if accepted else Decimal("0.00")
    taken = min(surplus, feeding)
    owed = feeding - taken
    paid = rupees(amount_paid)
    if paid != owed:
        raise ValidationError(
            f"the feeding since the sale exceeds the balance by Rs {owed}, not Rs {paid}",
            citation=rule.cites[0],
            field="amountPaid",
            dues=str(owed),
        )
    balance = surplus - taken if accepted else Decimal("0.00")
    account = sale_accounts.handover_account(
        refusal_sales(session, case.id),
        len(everything),
        case.impounded_at,
        when,
        feeding_since=feeding,
        taken=taken,
        balance=balance,
        paid_by_owner=paid,
    )
    account["cites"] = [c.label for c in rule.cites + (refused_rule.cites if refused_rule else [])]
    person = Person(
        _text(claimant.name, "claimant.name", limit=200),
        _text(claimant.address, "claimant.address"),
    )
    row = Handover(
        impoundment_id=case.id,
        at=when,
        accepted=accepted,
        receipt_number=next_number(session, who.tenant_id, "receipt") if accepted else None,
        claimant_name=person.name,
        claimant_address=person.address,
        animals=len(rest),
        balance=balance,
        account=account,
        recorded_by=who.actor,
    )
    session.add(row)
    session.flush()
    if accepted:
        if rest:
            cases.release(session, rest, AnimalStatus.DELIVERED, when)
            for a in rest:
                a.fine_settled, a.charges_settled_at = True, when
        entries = [
            *((account, -amount) for account, amount in deposits),  # taken + balance
            ("payer:owner", -paid),
            *routed(plugin, MoneyKind.FEEDING_CHARGE, feeding, body),
            ("payee:owner", balance),
        ]
        if any(amount for _, amount in entries):
            ledger.post(
                session,
                at=when,
                kind="impoundment.handover",
                memo=f"receipt {row.receipt_number}: " + "; ".join(c.label for c in rule.cites),
                subject=subject,
                entries=entries,
                key=f"handover:{row.id}",
            )
    else:
        # s.16(5): unclaimed; the cattle follow s.14 again, the surplus stays in deposit.
        case.refused_at = case.refusal_sold_at = None
    cases.refresh(session, plugin, case, everything)
    session.flush()
    audit.record(
        session,
        who.actor,
        "impoundment.deliver_rest" if accepted else "impoundment.refuse_rest",
        subject,
        after={"receipt": row.receipt_number, "animals": len(rest), "account": account},
    )
    return row
