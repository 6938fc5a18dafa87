"""A fine on conviction recovered by sale of cattle that are not in a pound (Cattle Trespass
Act 1985 s.26): "by sale of the all or any of the cattle by which the tresspass was
committed, whether they were seized in the act of tresspassing or not, and whether they are
the property of the person convicted of the offence, or were only in his charge".

The cattle are named on the sale (their number and description, the place of sale, their
owner); whether the fine may be recovered so, and how the proceeds go, is the plugin's
(`recovery_by_sale`, the same rule as a sale of impounded cattle for a fine, recovery.py):
the expenses of sale first, then the fine to the fund it was imposed for, and the balance,
the owner's, held by the local authority in deposit for his claim (`routing(SURPLUS_PROCEEDS)`).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.errors import Conflict, ValidationError
from pashu.core.legaltime import aware, ist
from pashu.core.money import rupees
from pashu.core.people import Person
from pashu.db import audit
from pashu.db.impoundment import AnimalStatus, ImpoundedAnimal
from pashu.db.offences import FineRecoverySale
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.vocabulary import BuyerRole, Holder, MoneyKind
from pashu.services.impoundment.sales import SALE_EXPENSES
from pashu.services.ledger import accounts, ledger
from pashu.services.offences import fines, recovery
from pashu.services.offences.offences import person, text
from pashu.services.tenancy.tenants import Principal


@dataclass(frozen=True)
class Cattle:
    """The cattle sold, as the sale names them."""

    description: str  # the number and description, e.g. "2 cows, brown, white blaze"
    count: int
    all_of_them: bool  # all the cattle by which the trespass was committed, or only some
    owner: Person  # whose they are: the convict's, or another's in his charge (s.26)


def record(
    session: Session,
    who: Principal,
    *,
    fine_id: uuid.UUID,
    at: datetime,
    cattle: Cattle,
    place: str,
    buyer: Person,
    buyer_role: BuyerRole,
    price: Decimal,
    expenses: Decimal,
    local_authority: str | None = None,
) -> FineRecoverySale:
    """The sale, with its account; CONFLICT if the fine is paid or recovered already, or
    the offence's impoundment case still holds cattle in the pound (sell those with the
    case's sale, `recordSale(recoversFineId)`)."""
    who.require("clerk", "finance")
    plugin = registry.get(who.jurisdiction)
    when = aware(at)
    found, offence = recovery.owed(session, plugin, fine_id, when, field="fineId")
    cite = found.cites[0]
    proceeds, costs = rupees(price), rupees(expenses)
    if proceeds < 0 or costs < 0:
        raise ValidationError("price and expenses cannot be negative")
    if not 1 <= cattle.count <= 10_000:
        raise ValidationError("the sale names 1 to 10000 head of cattle", field="cattle.count")
    plugin.require_buyer(buyer_role)
    place = text(" ".join(place.split()), "place", 400)
    buyer = person(buyer.name, buyer.address, "buyer")
    if offence.impoundment_id is not None and _in_pound(session, offence.impoundment_id):
        raise Conflict(
            "the offence arises from an impoundment case whose cattle are in the pound: sell "
            "them with that case's sale (recordSale with recoversFineId)",
            citation=cite,
        )
    if session.scalar(select(FineRecoverySale.id).where(FineRecoverySale.fine_id == fine_id)):
        raise Conflict("this fine has been recovered by a sale already", citation=cite)
    body = _body(session, plugin, found, offence.impoundment_id, local_authority)
    # Where the fine itself names no local body (recorded before it had to), the one named
    # here receives it; none named, the sale is refused as its payment would be.
    credit = fines.credited(session, plugin, found.fine, local_authority)

    # The expenses of sale come out first, then the fine (s.16(2) as the rule reads s.26),
    # and what is left is the balance (the rule's reading of s.16(3), s.17(3)).
    left = proceeds
    spent = min(left, costs)
    left -= spent
    recovered = recovery.take(found, left)
    left -= recovered
    held = accounts.routed(plugin, MoneyKind.SURPLUS_PROCEEDS, left, body)
    if any(accounts.names_no_holder(plugin, a) for a, _ in held):
        raise ValidationError(
            "the balance is held by a local authority, and the fine names none: name the "
            "local body (localAuthority)",
            citation=plugin.routing(MoneyKind.SURPLUS_PROCEEDS).cites[0],
            field="localAuthority",
        )
    disposal: dict[str, str] = {
        "expensesOfSale": str(spent),
        "fineOnConviction": str(recovered),
        "balance": str(left),
    }
    account: dict[str, Any] = {
        "cattleSold": cattle.count,
        "cattle": cattle.description,
        "allTheCattle": cattle.all_of_them,
        "place": place,
        "soldAt": ist(when),
        "owner": {"name": cattle.owner.name, "address": cattle.owner.address},
        "fine": str(found.fine.amount),
        # Short of what was owed of the fine: the rest stays owed, to be paid (s.26).
        "fineUnrecovered": str(found.owed - recovered),
        "proceeds": str(proceeds),
        "disposal": disposal,
        "cites": [c.label for c in found.cites],
    }
    sale = FineRecoverySale(
        fine_id=found.fine.id,
        at=when,
        cattle=cattle.description,
        head_count=cattle.count,
        all_sold=cattle.all_of_them,
        place=place,
        owner_name=cattle.owner.name,
        owner_address=cattle.owner.address,
        buyer_name=buyer.name,
        buyer_address=buyer.address,
        buyer_role=buyer_role,
        price=proceeds,
        expenses=costs,
        recovered=recovered,
        balance=left,
        account=account,
        recorded_by=who.actor,
    )
    session.add(sale)
    session.flush()
    subject = f"OffenceCase:{offence.id}"
    recovery.post(session, found, when, subject, recovered, sale.id, credit)
    rest = ([(SALE_EXPENSES, spent)] if spent else []) + held
    if rest:
        ledger.transfer(
            session,
            at=when,
            kind="offence.fine_sale",
            memo="; ".join(c.label for c in found.cites),
            subject=subject,
            source="payer:buyer",
            shares=rest,
            key=f"fine-sale:{sale.id}",
        )
    audit.record(
        session,
        who.actor,
        "offence.fine_recovery_sale",
        subject,
        after={"sale": str(sale.id), "account": account},
    )
    return sale


def named_cattle(description: str, count: int, all_of_them: bool, owner: Person) -> Cattle:
    """The cattle as the clerk names them, cleaned (VALIDATION on an empty description)."""
    return Cattle(
        text(" ".join(description.split()), "cattle.description", 1000),
        count,
        all_of_them,
        person(owner.name, owner.address, "cattle.owner"),
    )


def _in_pound(session: Session, impoundment_id: uuid.UUID) -> bool:
    return (
        session.scalar(
            select(ImpoundedAnimal.id)
            .where(
                ImpoundedAnimal.impoundment_id == impoundment_id,
                ImpoundedAnimal.status == AnimalStatus.IN_POUND.value,
            )
            .limit(1)
        )
        is not None
    )


def _body(
    session: Session,
    plugin: Jurisdiction,
    found: recovery.Recovery,
    impoundment_id: uuid.UUID | None,
    named: str | None,
) -> accounts.Body:
    """The local body whose authority holds the balance: the one the fine was imposed for
    (its fund's account names it), else the case's pound's, else the one named here."""
    routes = [r["account"] for r in found.fine.routes]
    authority = accounts.holder_of(plugin, routes, Holder.LOCAL_BODY)
    body = accounts.body_of_case(session, impoundment_id)
    if authority is None:
        authority = body.authority_id
    if named is not None:
        given = fines.named_authority(session, named)
        if authority not in (None, given.id):
            raise ValidationError(
                "the fine belongs to another local body, whose authority holds the balance; "
                "leave localAuthority out",
                field="localAuthority",
            )
        authority = given.id
    return accounts.Body(authority, body.pound_id)
