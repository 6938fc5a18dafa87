"""Registration of establishments: registration and yearly renewal, the fee in force, the
penalty for default, and the certificate as a document (text and PDF)."""

from __future__ import annotations

import uuid
from datetime import date, datetime

from fpdf import FPDF
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from pashu.core.citations import Citation
from pashu.core.errors import Conflict, NotFound
from pashu.core.legaltime import aware, legal_date
from pashu.db import audit, keyset
from pashu.db.establishments import Establishment, EstablishmentRegistration
from pashu.db.keyset import Page
from pashu.jurisdictions import registry
from pashu.jurisdictions.notifications import in_force
from pashu.jurisdictions.vocabulary import Capability, MoneyKind, RateKind
from pashu.services.rates.rates import as_notification, notifications
from pashu.services.registration.registration import clean, credit_funds, key, notified, rate_for
from pashu.services.tenancy.tenants import Principal


def renew_establishment_registration(
    session: Session,
    principal: Principal,
    establishment: str,
    last_date: date,
    applied_at: datetime,
    valid_application_on_time: bool,
) -> tuple[Establishment, EstablishmentRegistration]:
    """Register (the first time) or renew an establishment for twelve months, charging the
    fee in force on the day of the application and any penalty for default."""
    principal.require("clerk")
    plugin = registry.get(principal.jurisdiction)
    law = plugin.registration_law(Capability.ESTABLISHMENT_REGISTRATION)
    name = clean(establishment, "establishment")
    applied_at = aware(applied_at)
    applied_on = legal_date(applied_at)
    fee_rule = law.establishment_fee()
    fees = notified(session, RateKind.REGISTRATION_FEE)
    fee = rate_for(fees, RateKind.REGISTRATION_FEE, None, applied_on, fee_rule.cites[0])
    penalty = law.establishment_penalty(fee, last_date, applied_on, valid_application_on_time)
    found = session.scalar(select(Establishment).where(Establishment.name_key == key(name)))
    previous = None if found is None else latest(session, found.id)
    term = law.establishment_term(applied_on, previous.valid_until if previous else None).value
    if previous is not None and previous.valid_from >= applied_on:
        raise Conflict(
            f"{found.name if found else name} was registered on "
            f"{previous.valid_from.isoformat()}; a renewal must follow it",
            field="appliedAt",
        )
    est = found or Establishment(name=name, name_key=key(name))
    session.add(est)
    session.flush()
    count = session.scalar(select(func.count()).select_from(EstablishmentRegistration)) or 0
    reference = in_force(
        [as_notification(r) for r in notifications(session, RateKind.REGISTRATION_FEE)],
        RateKind.REGISTRATION_FEE,
        None,
        applied_on,
    )
    row = EstablishmentRegistration(
        establishment_id=est.id,
        kind="REGISTRATION" if previous is None else "RENEWAL",
        certificate_no=f"REG/{applied_on.year}/{count + 1:06d}",
        last_date=last_date,
        applied_at=applied_at,
        valid_application_on_time=valid_application_on_time,
        fee=fee,
        penalty=penalty.value,
        default_days=max((applied_on - last_date).days, 0) if penalty.value else 0,
        valid_from=term.valid_from,
        valid_until=term.valid_until,
        fee_reference=reference.reference if reference else "",
        recorded_by=principal.actor,
    )
    session.add(row)
    session.flush()
    subject = f"EstablishmentRegistration:{row.id}"
    credit_funds(
        session,
        plugin,
        MoneyKind.ESTABLISHMENT_FEE,
        fee,
        at=applied_at,
        payer=f"payer:employer:{est.id}",
        subject=subject,
        memo=f"{row.kind.lower()} fee of {est.name}",
        key=f"establishment-fee:{row.id}",
    )
    audit.record(
        session,
        principal.actor,
        "establishment.renew",
        subject,
        after={
            "establishment": est.name,
            "kind": row.kind,
            "fee": str(fee),
            "penalty": str(penalty.value),
            "validUntil": term.valid_until.isoformat(),
            "why": penalty.why,
        },
    )
    return est, row


def latest(session: Session, establishment_id: uuid.UUID) -> EstablishmentRegistration | None:
    return session.scalar(
        select(EstablishmentRegistration)
        .where(EstablishmentRegistration.establishment_id == establishment_id)
        .order_by(EstablishmentRegistration.valid_from.desc(), EstablishmentRegistration.id)
        .limit(1)
    )


def establishments(
    session: Session, page: Page | None = None, establishment_id: uuid.UUID | None = None
) -> list[tuple[Establishment, list[EstablishmentRegistration]]]:
    """Establishments by name (ix_establishments_page), each with its registrations."""
    order = [(Establishment.name_key, False), (Establishment.id, False)]
    q = select(Establishment)
    if establishment_id is not None:
        q = q.where(Establishment.id == establishment_id)
    found = keyset.rows(session, q, page, order)
    regs: dict[uuid.UUID, list[EstablishmentRegistration]] = {e.id: [] for e in found}
    for r in session.scalars(
        select(EstablishmentRegistration)
        .where(EstablishmentRegistration.establishment_id.in_(list(regs)))
        .order_by(EstablishmentRegistration.valid_from)
    ):
        regs.setdefault(r.establishment_id, []).append(r)
    return [(e, regs[e.id]) for e in found]


def registration_by_id(
    session: Session, registration_id: uuid.UUID
) -> tuple[Establishment, EstablishmentRegistration]:
    row = session.execute(
        select(Establishment, EstablishmentRegistration)
        .join(
            EstablishmentRegistration,
            (EstablishmentRegistration.tenant_id == Establishment.tenant_id)
            & (EstablishmentRegistration.establishment_id == Establishment.id),
        )
        .where(EstablishmentRegistration.id == registration_id)
    ).first()
    if row is None:
        raise NotFound("no such establishment registration")
    return row[0], row[1]


def certificate_text(est: Establishment, reg: EstablishmentRegistration, under: Citation) -> str:
    """The certificate of registration (or renewal), to be displayed at the establishment."""
    what = (
        "CERTIFICATE OF REGISTRATION"
        if reg.kind == "REGISTRATION"
        else ("RENEWAL CERTIFICATE OF REGISTRATION")
    )
    lines = [
        what,
        f"Under: {under.act_title}, sub-section ({under.subsection})",
        "",
        f"Certificate no.: {reg.certificate_no}",
        f"Establishment: {est.name}",
        f"Valid from {reg.valid_from.isoformat()} to {reg.valid_until.isoformat()}",
        f"Fee paid: Rs {reg.fee}",
    ]
    if reg.penalty:
        lines.append(f"Penalty for default: Rs {reg.penalty} ({reg.default_days} day(s))")
    lines += [
        "",
        "To be kept prominently displayed at a conspicuous place of the establishment.",
    ]
    return "\n".join(lines) + "\n"


def certificate_pdf(text: str) -> bytes:
    """The same certificate as a printable PDF (core fonts: Latin-1 text only)."""
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", size=12)
    for line in text.splitlines():
        safe = line.encode("latin-1", "replace").decode("latin-1")
        pdf.multi_cell(0, 8, safe or " ", new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())
