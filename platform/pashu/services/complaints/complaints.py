"""Complaints of illegal seizure or detention (Cattle Trespass Act 1985 ss.20-22).

Filed within ten days from the seizure (s.20), in writing or verbally, a verbal one
taken down in writing by the Magistrate (s.21(1)); after the enquiry (s.21(2)) the
Magistrate decides. If the seizure was illegal: compensation up to the Act's cap with the
fines and expenses the complainant paid, payable by the seizer (s.22(1), through the
compensation service); cattle still held are released, their fines and charges laid on
the seizer (s.22(2)); a deposit made under protest (s.15) goes back to the complainant.
If not: the deposit is applied to the fines and charges as if paid.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from pashu.core.errors import Conflict, NotFound, ValidationError
from pashu.core.legaltime import aware
from pashu.core.money import rupees
from pashu.db import audit
from pashu.db.complaints import Complaint, ComplaintDecision
from pashu.db.impoundment import AnimalStatus, Delivery, Impoundment
from pashu.db.ledger import LedgerEntry, LedgerTransaction
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.penalties import CompensationKind
from pashu.jurisdictions.vocabulary import Capability, MoneyKind
from pashu.services.complaints import compensation
from pashu.services.impoundment import cases, course
from pashu.services.impoundment.dues import compute
from pashu.services.impoundment.seizures import Person, _text
from pashu.services.ledger import ledger
from pashu.services.ledger.accounts import PROTEST_DEPOSIT, body_of, routed
from pashu.services.offences import offences
from pashu.services.tenancy.tenants import Principal

FORMS = ("WRITTEN", "VERBAL")
ZERO = Decimal("0.00")


def file_complaint(
    session: Session,
    who: Principal,
    *,
    impoundment_id: uuid.UUID,
    at: datetime,
    complainant: Person,
    form: str,
    statement: str,
    taken_down_by: str | None = None,
) -> Complaint:
    who.require("clerk", "magistrate")
    plugin = registry.get(who.jurisdiction)
    plugin.require(Capability.ILLEGAL_SEIZURE_COMPLAINTS)
    case = cases.get(session, impoundment_id)
    when = aware(at)
    # The model of the case's course: the window for a complaint of illegal seizure.
    step = course.require(cases.load(session, plugin, case), course.Act.COMPLAINT, when)
    if form not in FORMS:
        raise ValidationError(f"form is one of {FORMS}", field="form")
    if form == "VERBAL" and not (taken_down_by or "").strip():
        raise ValidationError(
            "a verbal complaint is taken down in writing by the Magistrate: name him",
            citation=plugin.complaint_form().cites[0],
            field="takenDownBy",
        )
    row = Complaint(
        impoundment_id=case.id,
        at=when,
        complainant_name=_text(complainant.name, "complainant.name", limit=200),
        complainant_address=_text(complainant.address, "complainant.address"),
        form=form,
        statement=_text(statement, "statement", limit=20000),
        taken_down_by=_text(taken_down_by, "takenDownBy", limit=200) if taken_down_by else None,
        recorded_by=who.actor,
    )
    session.add(row)
    session.flush()
    audit.record(
        session,
        who.actor,
        "complaint.file",
        f"Complaint:{row.id}",
        after={"impoundment": str(case.id), "form": form, "cites": [c.label for c in step.cites]},
    )
    return row


PAYERS = ("SEIZER", "DETAINER")


@dataclass(frozen=True)
class Outcome:
    illegal: bool
    compensation: Decimal = ZERO
    fines_paid: Decimal = ZERO
    expenses: Decimal = ZERO
    # s.22: "the person who made the seizure or detained the cattle", as the Magistrate names
    # him: the seizer recorded in the register, or a detainer named here.
    payer: str = "SEIZER"
    detainer: Person | None = None


def _payer(plugin: Jurisdiction, case: Impoundment, outcome: Outcome) -> Person:
    # Who pays: the Act's rule of compensation for an illegal seizure, its section its own.
    cite = offences.law(plugin).compensation(CompensationKind.ILLEGAL_SEIZURE).cites[0]
    if outcome.payer not in PAYERS:
        raise ValidationError(f"payer is one of {PAYERS}", field="payer")
    if outcome.payer == "SEIZER":
        if outcome.detainer is not None:
            raise ValidationError(
                "the seizer pays: name a detainer only when the detainer is to pay",
                citation=cite,
                field="detainer",
            )
        return Person(case.seizer_name, case.seizer_address)
    if outcome.detainer is None:
        raise ValidationError(
            "name the person who detained the cattle, who is to pay",
            citation=cite,
            field="detainer",
        )
    return Person(
        _text(outcome.detainer.name, "detainer.name", limit=200),
        _text(outcome.detainer.address, "detainer.address"),
    )


def _deposited(session: Session, case_id: uuid.UUID) -> tuple[Decimal, Decimal]:
    """The fines, and the fines and charges, deposited under protest on the case's
    deliveries."""
    found = list(
        session.scalars(
            select(Delivery).where(Delivery.impoundment_id == case_id, Delivery.under_protest)
        )
    )
    fines = sum((Decimal(x["amount"]) for d in found for x in d.lines if x["kind"] == "FINE"), ZERO)
    return fines, sum((d.amount_paid for d in found), ZERO)


def _take_back_applied(
    session: Session, case_id: uuid.UUID, subject: str, when: datetime, complaint_id: uuid.UUID
) -> Decimal:
    """A deposit the clock applied because no complaint was on record when the window closed,
    though one made in time was entered later: taken back from the funds and returned."""
    keys = [
        k
        for k in session.scalars(
            select(Delivery.deposit_ledger_key).where(
                Delivery.impoundment_id == case_id, Delivery.deposit_ledger_key.is_not(None)
            )
        )
        if k is not None
    ]
    if not keys:
        return ZERO
    legs = session.execute(
        select(LedgerEntry.account, LedgerEntry.amount)
        .join(
            LedgerTransaction,
            (LedgerTransaction.tenant_id == LedgerEntry.tenant_id)
            & (LedgerTransaction.id == LedgerEntry.transaction_id),
        )
        .where(LedgerTransaction.key.in_(keys), LedgerEntry.amount > 0)
    ).all()
    total = sum((amount for _, amount in legs), ZERO)
    if total:
        ledger.post(
            session,
            at=when,
            kind="complaint.deposit_returned",
            memo="seizure adjudged illegal: the deposit applied when no complaint was on record "
            "is returned (s.15, s.22)",
            subject=subject,
            entries=[*((account, -amount) for account, amount in legs), ("payee:owner", total)],
            key=f"complaint:{complaint_id}:applied-returned",
        )
    return total


def decide(
    session: Session, who: Principal, *, complaint_id: uuid.UUID, at: datetime, outcome: Outcome
) -> ComplaintDecision:
    who.require("magistrate")
    plugin = registry.get(who.jurisdiction)
    plugin.require(Capability.ILLEGAL_SEIZURE_COMPLAINTS)
    complaint = session.scalar(select(Complaint).where(Complaint.id == complaint_id))
    if complaint is None:
        raise NotFound("no such complaint")
    when = aware(at)
    case = cases.get(session, complaint.impoundment_id, lock=True)
    # The model of the case's course: decided once, after the complaint, not after now; the
    # cattle released not before an act that reckoned their dues; the fines awarded those
    # the complainant keeps paid.
    course.require(
        cases.load(session, plugin, case),
        course.Act.DECIDE_COMPLAINT,
        when,
        complaint_id=complaint.id,
        illegal=outcome.illegal,
        fines_paid=rupees(outcome.fines_paid),
    )
    subject = f"Impoundment:{case.id}"
    held = ledger.subject_balances(session, subject).get(PROTEST_DEPOSIT, ZERO)
    complainant = Person(complaint.complainant_name, complaint.complainant_address)
    order_id, released, owed, owed_fines, returned = None, 0, ZERO, ZERO, ZERO
    payer: Person | None = None
    everything = cases.animals(session, case)
    if outcome.illegal:
        payer = _payer(plugin, case, outcome)
        in_pound = [a for a in everything if a.status == AnimalStatus.IN_POUND.value]
        if outcome.compensation > 0 or outcome.fines_paid > 0 or outcome.expenses > 0:
            order, _ = compensation.order_compensation(
                session,
                who,
                compensation.Order(
                    kind=CompensationKind.ILLEGAL_SEIZURE,
                    payer=payer,
                    recipient=Person(complainant.name, complainant.address),
                    amount=rupees(outcome.compensation),
                    at=when,
                    grounds=complaint.statement[:2000],
                    ordered_by=who.user_name,
                    fines_paid=rupees(outcome.fines_paid),
                    expenses=rupees(outcome.expenses),
                    release_ordered=bool(in_pound),
                    impoundment_id=case.id,
                ),
            )
            order_id = order.id
        if in_pound:  # s.22(2): released; their fines and charges laid on the payer
            dues = compute(plugin, cases.rates(session), case, in_pound, when)
            owed = dues.total if dues.total is not None else ZERO
            owed_fines = dues.by_kind(MoneyKind.FINE) if dues.total is not None else ZERO
            cases.release(session, in_pound, AnimalStatus.DELIVERED, when)
            for a in in_pound:
                a.fine_settled, a.charges_settled_at = True, when
            released = len(in_pound)
        # Animals delivered on a deposit under protest: the deposit goes back to the owner
        # whole (below), so their fines and charges, as their receipts reckoned them, are laid
        # on the payer with the others (s.22): the local authority and the pound-keeper are
        # not left without them, and the owner is not paid them twice.
        deposited_fines, deposited = _deposited(session, case.id)
        owed += deposited
        owed_fines += deposited_fines
        if held > 0:
            returned = held
            ledger.transfer(
                session,
                at=when,
                kind="complaint.deposit_returned",
                memo="seizure adjudged illegal: deposit under protest returned (s.15, s.22)",
                subject=subject,
                source=PROTEST_DEPOSIT,
                shares=[("payee:owner", held)],
                key=f"complaint:{complaint.id}",
            )
        returned += _take_back_applied(session, case.id, subject, when, complaint.id)
    elif held > 0:  # the deposit was the fines and charges after all: apply it
        lines = [
            line
            for d in session.scalars(
                select(Delivery).where(Delivery.impoundment_id == case.id, Delivery.under_protest)
            )
            for line in d.lines
        ]
        fines = sum((Decimal(x["amount"]) for x in lines if x["kind"] == "FINE"), ZERO)
        feeding = sum((Decimal(x["amount"]) for x in lines if x["kind"] != "FINE"), ZERO)
        ledger.transfer(
            session,
            at=when,
            kind="complaint.deposit_applied",
            memo="complaint dismissed: the deposit under protest is applied to the dues",
            subject=subject,
            source=PROTEST_DEPOSIT,
            shares=routed(plugin, MoneyKind.FINE, fines, body_of(session, case))
            + routed(plugin, MoneyKind.FEEDING_CHARGE, feeding, body_of(session, case)),
            key=f"complaint:{complaint.id}",
        )
    decision = ComplaintDecision(
        complaint_id=complaint.id,
        at=when,
        illegal=outcome.illegal,
        decided_by=who.actor,
        compensation_order_id=order_id,
        released_animals=released,
        seizer_owes=owed,
        deposit_returned=returned,
        recorded_by=who.actor,
        payer_capacity=outcome.payer if payer else None,
        payer_name=payer.name if payer else None,
        payer_address=payer.address if payer else None,
        seizer_fines=owed_fines if owed else None,
    )
    try:
        with session.begin_nested():
            session.add(decision)
            session.flush()
    except IntegrityError:
        raise Conflict("this complaint has been decided already") from None
    cases.refresh(session, plugin, case, everything)
    audit.record(
        session,
        who.actor,
        "complaint.decide",
        f"Complaint:{complaint.id}",
        after={
            "illegal": outcome.illegal,
            "released": released,
            "seizerOwes": str(owed),
            "depositReturned": str(returned),
            "payer": f"{outcome.payer}: {payer.name}" if payer else None,
        },
    )
    return decision
