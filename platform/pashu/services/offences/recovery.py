"""A fine on conviction recovered by selling the trespassing cattle (Cattle Trespass Act
1985 s.26), on the sale path of s.16: the fine comes out of the proceeds after the fines,
charges and expenses of s.16(2), and the rest and the balance go to the owner (s.16(3)).
Cattle that are not in a pound are sold for the fine by recovery_sales.py, on the same
rule (`owed`, `take`, `post`)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.citations import Citation
from pashu.core.errors import Conflict, TooEarly, ValidationError
from pashu.db.impoundment import Impoundment
from pashu.db.offences import Fine, OffenceCase
from pashu.jurisdictions.base import Jurisdiction
from pashu.services.ledger import ledger
from pashu.services.offences import fines


@dataclass(frozen=True)
class Recovery:
    fine: Fine
    section: str
    cites: list[Citation]
    owed: Decimal  # what earlier sales for the fine left of it
    before: Decimal  # what they recovered


def prepare(
    session: Session, plugin: Jurisdiction, case: Impoundment, fine_id: uuid.UUID, at: datetime
) -> Recovery:
    """The fine this sale recovers, if the Act lets it be recovered so and it is still owed."""
    recovery, offence = owed(session, plugin, fine_id, at)
    if offence.impoundment_id != case.id:
        raise ValidationError(
            "only the cattle by which the trespass was committed may be sold for the fine; "
            "the offence is not linked to this case",
            citation=recovery.cites[0],
            field="recoversFineId",
        )
    return recovery


def owed(
    session: Session,
    plugin: Jurisdiction,
    fine_id: uuid.UUID,
    at: datetime,
    field: str = "recoversFineId",
) -> tuple[Recovery, OffenceCase]:
    """The fine, with its offence case, if the Act lets it be recovered by sale of the cattle
    (NOT_IN_JURISDICTION where it has no such recovery), it is unpaid, and it was imposed by
    `at`; for a sale of impounded cattle (`prepare`) or of cattle at large (recovery_sales)."""
    rule = plugin.recovery_by_sale()
    cite = rule.cites[0]
    fine = fines.get(session, fine_id)
    offence = session.scalar(select(OffenceCase).where(OffenceCase.id == fine.case_id))
    assert offence is not None  # a fine's case is the tenant's own (foreign key)
    if offence.section not in rule.value:
        raise ValidationError(
            f"a fine under section {offence.section} is not recovered by sale: {rule.why}",
            citation=cite,
            field=field,
        )
    if fines.paid_at(session, [fines.ledger_key(fine)]):
        raise Conflict("this fine has been paid already", citation=cite)
    before = fines.recovered(session, fine)
    if at < fine.at:
        raise TooEarly(
            "the cattle can be sold for a fine only once it is imposed",
            citation=cite,
            notBefore=fine.at.isoformat(),
        )
    before = fines.recovered(session, fine)
    return Recovery(fine, offence.section, rule.cites, fine.amount - before, before), offence


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
