"""Animal tax instalments falling due: found with one indexed query, reminded once.

The Act leaves the time of payment to rules (s.11(3)); an instalment's `due_on` is what
the assessment fixed. When that day has come and the instalment is unpaid, the clock
issues a reminder for the owner, once (a unique key per instalment).
"""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import exists, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from pashu.core.documents import Document, day
from pashu.core.legaltime import aware, legal_date
from pashu.db import audit
from pashu.db.registration import AnimalRegistration, Owner, TaxInstalment, TaxPayment
from pashu.db.reminders import TaxReminder
from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import Capability
from pashu.services.tenancy.tenants import Principal


def due(session: Session, as_of: datetime) -> list[uuid.UUID]:
    """Unpaid instalments whose day has come and that have no reminder yet."""
    on = legal_date(aware(as_of))
    paid = exists().where(
        TaxPayment.tenant_id == TaxInstalment.tenant_id,
        TaxPayment.instalment_id == TaxInstalment.id,
    )
    reminded = exists().where(
        TaxReminder.tenant_id == TaxInstalment.tenant_id,
        TaxReminder.instalment_id == TaxInstalment.id,
    )
    return list(
        session.scalars(
            select(TaxInstalment.id)
            .where(TaxInstalment.due_on <= on, ~paid, ~reminded)
            .order_by(TaxInstalment.due_on)
        )
    )


def remind(
    session: Session, who: Principal, instalment_id: uuid.UUID, as_of: datetime
) -> TaxReminder | None:
    """The reminder, or None if another worker issued it already."""
    plugin = registry.get(who.jurisdiction)
    rule = plugin.registration_law(Capability.ANIMAL_TAX).tax_amount()
    row = session.execute(
        select(TaxInstalment, Owner)
        .join(
            AnimalRegistration,
            (AnimalRegistration.tenant_id == TaxInstalment.tenant_id)
            & (AnimalRegistration.id == TaxInstalment.registration_id),
        )
        .join(
            Owner,
            (Owner.tenant_id == AnimalRegistration.tenant_id)
            & (Owner.id == AnimalRegistration.owner_id),
        )
        .where(TaxInstalment.id == instalment_id)
    ).first()
    if row is None:
        return None
    instalment, owner = row
    doc = Document(
        f"Animal tax: instalment {instalment.number} of {instalment.year} is due",
        [
            ("Owner", f"{owner.name}, {owner.address}"),
            ("Period", f"{day(instalment.period_start)} to {day(instalment.period_end)}"),
            ("Amount", f"Rs {instalment.amount}"),
            ("Due on", day(instalment.due_on) if instalment.due_on else "not fixed"),
        ],
        rule.cites,
        footer="Pay at the Village Council; this reminder was issued by its scheduled clock.",
    )
    reminder = TaxReminder(
        instalment_id=instalment.id,
        issued_at=aware(as_of),
        text=doc.text(),
        issued_by=who.actor,
    )
    try:
        with session.begin_nested():
            session.add(reminder)
            session.flush()
    except IntegrityError:
        return None
    audit.record(
        session,
        who.actor,
        "tax.remind",
        f"TaxInstalment:{instalment.id}",
        after={"amount": str(instalment.amount), "year": instalment.year},
    )
    return reminder
