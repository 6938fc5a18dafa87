"""Animal tax (an Act's taxation chapter): assess a year's instalments on a registration, take
payment of each in full, split between the funds the Act names; appeals."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core import bounds
from pashu.core.errors import Conflict, ExemptOwner, NotFound, ValidationError
from pashu.core.legaltime import aware, legal_date
from pashu.core.money import rupees, split, times
from pashu.db import audit, keyset
from pashu.db.keyset import Page
from pashu.db.ledger import LedgerEntry
from pashu.db.registration import (
    AnimalRegistration,
    Appeal,
    AppealDecision,
    TaxInstalment,
    TaxPayment,
)
from pashu.jurisdictions import registry
from pashu.jurisdictions.registration import (
    AppealOutcome,
    OwnerCategory,
    TaxSchedule,
)
from pashu.jurisdictions.vocabulary import Capability, MoneyKind, RateKind
from pashu.services.ledger import accounts
from pashu.services.registration.registration import (
    clean,
    credit_funds,
    lines_of,
    notified,
    owner_of,
    rate_for,
    registration,
)
from pashu.services.tenancy.tenants import Principal


@dataclass(frozen=True)
class Paid:
    payment: TaxPayment
    shares: dict[str, Decimal]  # ledger account -> amount credited


def assess_animal_tax(
    session: Session,
    principal: Principal,
    registration_id: uuid.UUID,
    year: int,
    schedule: TaxSchedule,
) -> list[TaxInstalment]:
    """The year's tax on the animals registered, in one or two instalments at the owner's
    option, at the notified rates in force on each instalment's due date."""
    principal.require("clerk", "finance")
    bounds.year(year)
    plugin = registry.get(principal.jurisdiction)
    law = plugin.registration_law(Capability.ANIMAL_TAX)
    reg = registration(session, registration_id)
    owner = owner_of(session, reg)
    exemption = law.exemption(OwnerCategory(owner.category))
    if exemption.value:
        raise ExemptOwner(
            f"{owner.name} is not assessed: {exemption.why}", citation=exemption.cites[0]
        )
    if not reg.owned_since.year <= year <= 9999:
        raise ValidationError(
            f"the animals were owned from {reg.owned_since.isoformat()}; no tax for {year}",
            field="year",
        )
    taken = session.scalar(
        select(TaxInstalment.id).where(
            TaxInstalment.registration_id == reg.id, TaxInstalment.year == year
        )
    )
    if taken is not None:
        raise Conflict(f"{year}'s tax on this registration is assessed already", field="year")
    plans = law.tax_instalments(year, schedule, legal_date(reg.registered_at))
    basis = law.tax_amount()
    lines = lines_of(session, [reg.id])
    rows: list[TaxInstalment] = []
    taxes = notified(session, RateKind.ANIMAL_TAX)
    for plan in plans.value:
        on = plan.due_on or plan.period_start
        yearly = sum(
            (
                times(
                    rate_for(taxes, RateKind.ANIMAL_TAX, line.species, on, basis.cites[0]),
                    line.adults + line.young,
                )
                for line in lines
            ),
            Decimal(0),
        )
        # The plan's share of the year's amount at its own date, exact to the paisa.
        parts = split(rupees(yearly), [p.share for p in plans.value])
        rows.append(
            TaxInstalment(
                registration_id=reg.id,
                year=year,
                schedule=schedule.value,
                number=plan.number,
                period_start=plan.period_start,
                period_end=plan.period_end,
                due_on=plan.due_on,
                amount=parts[plan.number - 1],
                assessed_by=principal.actor,
            )
        )
    session.add_all(rows)
    session.flush()
    audit.record(
        session,
        principal.actor,
        "animal_tax.assess",
        f"AnimalRegistration:{reg.id}",
        after={
            "year": year,
            "schedule": schedule.value,
            "instalments": [[str(r.amount), r.due_on and r.due_on.isoformat()] for r in rows],
        },
    )
    return rows


def instalment(session: Session, instalment_id: uuid.UUID) -> TaxInstalment:
    found = session.scalar(select(TaxInstalment).where(TaxInstalment.id == instalment_id))
    if found is None:
        raise NotFound("no such tax instalment")
    return found


def pay_animal_tax(
    session: Session, principal: Principal, instalment_id: uuid.UUID, amount: Decimal, at: datetime
) -> Paid:
    """Take payment of an instalment in full and credit the funds in the Act's shares."""
    principal.require("clerk", "finance")
    plugin = registry.get(principal.jurisdiction)
    law = plugin.registration_law(Capability.ANIMAL_TAX)
    at = aware(at)
    inst = instalment(session, instalment_id)
    if session.scalar(select(TaxPayment.id).where(TaxPayment.instalment_id == inst.id)):
        raise Conflict("this instalment is paid already")
    paid = rupees(amount)
    if paid != inst.amount:
        raise ValidationError(
            f"an instalment is paid in full: Rs {inst.amount}, not Rs {paid}",
            citation=law.tax_instalments(
                inst.year, TaxSchedule(inst.schedule), inst.due_on or inst.period_start
            ).cites[0],
            expected=str(inst.amount),
        )
    reg = session.scalars(
        select(AnimalRegistration).where(AnimalRegistration.id == inst.registration_id)
    ).one()
    subject = f"TaxInstalment:{inst.id}"
    tx = credit_funds(
        session,
        plugin,
        MoneyKind.ANIMAL_TAX,
        paid,
        at=at,
        payer=f"payer:owner:{reg.owner_id}",
        subject=subject,
        memo=f"animal tax {inst.year} instalment {inst.number}",
        key=f"animal-tax:{inst.id}",
        body=accounts.Body(authority_id=reg.local_authority_id),  # s.13(2): its council's fund
    )
    payment = TaxPayment(
        instalment_id=inst.id,
        amount=paid,
        paid_at=at,
        received_by=principal.actor,
        ledger_transaction_id=tx.id,
    )
    session.add(payment)
    session.flush()
    shares = credits(session, [tx.id])[tx.id]
    audit.record(
        session,
        principal.actor,
        "animal_tax.pay",
        subject,
        after={"amount": str(paid), "shares": {k: str(v) for k, v in shares.items()}},
    )
    return Paid(payment, shares)


def credits(
    session: Session, transaction_ids: list[uuid.UUID]
) -> dict[uuid.UUID, dict[str, Decimal]]:
    """The accounts credited by each ledger transaction (its positive legs)."""
    out: dict[uuid.UUID, dict[str, Decimal]] = {t: {} for t in transaction_ids}
    if not transaction_ids:
        return out
    rows = session.execute(
        select(LedgerEntry.transaction_id, LedgerEntry.account, LedgerEntry.amount).where(
            LedgerEntry.transaction_id.in_(transaction_ids), LedgerEntry.amount > 0
        )
    )
    for tx, account, amount in rows:
        out[tx][account] = amount
    return out


def instalments(
    session: Session,
    registration_id: uuid.UUID | None = None,
    year: int | None = None,
    page: Page | None = None,
) -> list[TaxInstalment]:
    """Instalments by year, registration and number (ix_tax_instalments_page)."""
    q = select(TaxInstalment)
    if registration_id is not None:
        q = q.where(TaxInstalment.registration_id == registration_id)
    if year is not None:
        q = q.where(TaxInstalment.year == year)
    order = [
        (TaxInstalment.year, False),
        (TaxInstalment.registration_id, False),
        (TaxInstalment.number, False),
        (TaxInstalment.id, False),
    ]
    return keyset.rows(session, q, page, order)


def payments(
    session: Session,
    instalment_ids: list[uuid.UUID] | None = None,
    local_authority_id: uuid.UUID | None = None,
    payment_id: uuid.UUID | None = None,
    page: Page | None = None,
) -> list[Paid]:
    """Tax collected, oldest first; of one Village Council's registrations with
    `local_authority_id` (its own register of collection, s.13(3))."""
    q = select(TaxPayment)
    if payment_id is not None:
        q = q.where(TaxPayment.id == payment_id)
    if instalment_ids is not None:
        q = q.where(TaxPayment.instalment_id.in_(instalment_ids))
    if local_authority_id is not None:
        q = q.where(
            TaxPayment.instalment_id.in_(
                select(TaxInstalment.id).where(
                    TaxInstalment.registration_id.in_(
                        select(AnimalRegistration.id).where(
                            AnimalRegistration.local_authority_id == local_authority_id
                        )
                    )
                )
            )
        )
    order = [(TaxPayment.paid_at, False), (TaxPayment.id, False)]  # ix_tax_payments_page
    found = keyset.rows(session, q, page, order)
    shares = credits(session, [p.ledger_transaction_id for p in found])
    return [Paid(p, shares[p.ledger_transaction_id]) for p in found]


# -- appeals ---------------------------------------------------------------------
def record_appeal(
    session: Session,
    principal: Principal,
    subject: str,
    appellant: str,
    authority: str,
    filed_on: date,
    grounds: str,
) -> Appeal:
    """An appeal against an order of the chapter (a registration, an assessment)."""
    principal.require("clerk")
    plugin = registry.get(principal.jurisdiction)
    plugin.registration_law(Capability.ANIMAL_TAX).appeal()
    appeal = Appeal(
        subject=subject,
        appellant=clean(appellant, "appellant"),
        authority=clean(authority, "authority"),
        filed_on=filed_on,
        grounds=clean(grounds, "grounds", 2000),
        recorded_by=principal.actor,
    )
    session.add(appeal)
    session.flush()
    audit.record(
        session,
        principal.actor,
        "appeal.record",
        f"Appeal:{appeal.id}",
        after={"subject": subject, "appellant": appeal.appellant, "filedOn": filed_on.isoformat()},
    )
    return appeal


def decide_appeal(
    session: Session,
    principal: Principal,
    appeal_id: uuid.UUID,
    outcome: AppealOutcome,
    decided_on: date,
    remarks: str,
) -> AppealDecision:
    principal.require("clerk", "magistrate")
    appeal = session.scalar(select(Appeal).where(Appeal.id == appeal_id))
    if appeal is None:
        raise NotFound("no such appeal")
    if decided_on < appeal.filed_on:
        raise ValidationError("an appeal is decided after it is filed", field="decidedOn")
    if session.scalar(select(AppealDecision.id).where(AppealDecision.appeal_id == appeal.id)):
        raise Conflict("this appeal is decided already")
    decision = AppealDecision(
        appeal_id=appeal.id,
        outcome=outcome.value,
        decided_on=decided_on,
        remarks=" ".join(remarks.split()),
        recorded_by=principal.actor,
    )
    session.add(decision)
    session.flush()
    audit.record(
        session,
        principal.actor,
        "appeal.decide",
        f"Appeal:{appeal.id}",
        after={"outcome": outcome.value, "decidedOn": decided_on.isoformat()},
    )
    return decision


def appeals(
    session: Session, page: Page | None = None, appeal_id: uuid.UUID | None = None
) -> list[tuple[Appeal, AppealDecision | None]]:
    """Appeals by the day filed (ix_registration_appeals_page), each with its decision."""
    order = [(Appeal.filed_on, False), (Appeal.id, False)]
    q = select(Appeal)
    if appeal_id is not None:
        q = q.where(Appeal.id == appeal_id)
    found = keyset.rows(session, q, page, order)
    decided = {
        d.appeal_id: d
        for d in session.scalars(
            select(AppealDecision).where(AppealDecision.appeal_id.in_([a.id for a in found]))
        )
    }
    return [(a, decided.get(a.id)) for a in found]
