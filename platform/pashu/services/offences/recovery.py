"""A fine on conviction recovered by selling the trespassing cattle (Cattle Trespass Act
1985 s.26), on the sale path of s.16: the fine comes out of the proceeds after the fines,
charges and expenses of s.16(2), and the rest and the balance go to the owner (s.16(3)).
Cattle that are not in a pound are sold for the fine by recovery_sales.py, on the same
rule (`owed`, `take`, `post`).

Whether a sale may recover the fine is the model's (services/impoundment/course.py,
`records.recoverable` and `records.sale_fine`, on the fine's facts `cases.fine_facts`
loads): here is only what the sale writes."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.citations import Citation
from pashu.db.offences import Fine, OffenceCase
from pashu.jurisdictions.base import Jurisdiction
from pashu.services.impoundment import cases, course
from pashu.services.impoundment.course import FineOwed
from pashu.services.ledger import ledger
from pashu.services.offences import fines


@dataclass(frozen=True)
class Recovery:
    fine: Fine
    section: str
    cites: list[Citation]
    owed: Decimal  # what earlier sales for the fine left of it
    before: Decimal  # what they recovered


def of_sale(session: Session, found: FineOwed) -> Recovery:
    """The fine a sale of the case's cattle recovers, as the model of the case's course
    allowed it (`course.require(Act.SALE, recovers_fine=...)`, records.sale_fine): its row,
    for the ledger."""
    fine = fines.get(session, found.fine.id)
    return Recovery(fine, found.fine.section, found.cites, found.owed, found.fine.recovered)


def owed(
    session: Session,
    plugin: Jurisdiction,
    fine_id: uuid.UUID,
    at: datetime,
    field: str = "recoversFineId",
) -> tuple[Recovery, OffenceCase]:
    """The fine, with its offence case, if it may be recovered by sale of cattle not in a
    pound (recovery_sales): the model's rule (`course.recoverable`: NOT_IN_JURISDICTION
    where the Act has no such recovery; its section, unpaid, imposed by `at`) on the fine's
    facts as the registers hold them."""
    named = cases.fine_facts(session, fine_id=fine_id)
    found = course.recoverable(plugin, named[0] if named else None, at, field)
    fine = fines.get(session, fine_id)
    offence = session.scalar(select(OffenceCase).where(OffenceCase.id == fine.case_id))
    assert offence is not None  # a fine's case is the tenant's own (foreign key)
    return of_sale(session, found), offence


def take(recovery: Recovery, left: Decimal) -> Decimal:
    """The fine out of what the proceeds leave after s.16(2). The fine is recovered "by sale
    of the all or any of the cattle": each sale recovers what it can of what is still owed,
    and the rest stays owed, for a further sale of the cattle or to be paid."""
    return min(recovery.owed, max(left, Decimal("0.00")))


def post(
    session: Session,
    recovery: Recovery,
    at: datetime,
    subject: str,
    amount: Decimal,
    sale_id: uuid.UUID,
    routes: list[tuple[str, Decimal]] | None = None,
) -> None:
    """The fine paid from the proceeds, as payFine would have credited it (`routes`, from
    `fines.credited`; the fine's own routes when not given), each sale's part its own
    transaction: `amount` goes to the fine's accounts in their order after what earlier
    sales recovered. The one that completes the fine carries the fine's own key (its
    `paidAt`); a part has a key of its own under it, so a second part never collides."""
    fine = recovery.fine
    shares: list[tuple[str, Decimal]] = []
    rest = amount
    if routes is None:
        routes = [(r["account"], Decimal(r["amount"])) for r in fine.routes]
    for account, owed in fines.routes_left(routes, recovery.before):
        part = min(rest, owed)
        rest -= part
        if part:
            shares.append((account, part))
    if not amount:
        return
    whole = amount == recovery.owed
    ledger.post(
        session,
        at=at,
        kind="offence.fine",
        memo=f"fine under section {recovery.section} recovered by sale: "
        + "; ".join(c.label for c in recovery.cites)
        + ("" if whole else f" (Rs {recovery.owed - amount} still owed)"),
        subject=subject,
        entries=[(fines.RECOVERED_FROM, -amount), *shares],
        key=fines.ledger_key(fine) if whole else fines.part_key(fine, sale_id),
    )
