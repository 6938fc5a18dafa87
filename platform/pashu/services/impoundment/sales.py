"""Selling impounded animals by public auction, or disposing of them otherwise, and the
account of the proceeds (Cattle Trespass Act 1985 ss.14(3), 16-19;
Animal (Control & Taxation) Act 2014 s.10)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.decision import Decision
from pashu.core.errors import Conflict, ProhibitedPurchaser, TooEarly, ValidationError
from pashu.core.legaltime import Window, aware, ist
from pashu.core.money import rupees
from pashu.db import audit
from pashu.db.impoundment import AnimalStatus, ImpoundedAnimal, Impoundment, Sale
from pashu.db.types import new_id
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.species import canonical
from pashu.jurisdictions.vocabulary import Action, BuyerRole, Capability, MoneyKind, SaleAccounting
from pashu.services.impoundment import cases
from pashu.services.impoundment.dues import compute
from pashu.services.impoundment.seizures import Person, _text
from pashu.services.ledger import ledger
from pashu.services.ledger.accounts import body_of, routed
from pashu.services.offences import recovery
from pashu.services.tenancy.tenants import Principal

SALE_EXPENSES = "payee:sale-expenses"


@dataclass(frozen=True)
class Lot:
    species: str
    count: int


def _check_buyer(plugin: Jurisdiction, role: BuyerRole) -> None:
    barred = plugin.prohibited_purchasers()
    if role in barred.value:
        raise ProhibitedPurchaser(
            f"a {role.value.lower().replace('_', ' ')} may not buy at this sale: {barred.why}",
            citation=barred.cites[0],
            field="buyer.role",
        )


def _check_time(plugin: Jurisdiction, case: Impoundment, at: datetime, session: Session) -> None:
    steps = cases.timeline(plugin, case, cases.notices(session, case.id))
    auction = cases.step(steps, Action.AUCTION)
    assert auction is not None  # every Act with an auction has the step
    if auction.projected:
        raise TooEarly(
            "the notices the Act requires before a sale have not been issued",
            citation=auction.cites[0],
        )
    if at < auction.window.not_before:
        raise TooEarly(
            f"the animals may be sold from {ist(auction.window.not_before)}",
            citation=auction.cites[0],
            notBefore=ist(auction.window.not_before),
        )


def _refusal_sale(plugin: Jurisdiction, case: Impoundment) -> Decision[Window] | None:
    """The rule of the sale that follows the owner's refusal to pay, if he refused; once
    that sale is held, what remains is the owner's (s.16(3)): no second sale on it."""
    if case.refused_at is None:
        return None
    rule = plugin.refusal_to_pay(cases.events(case, []))
    if case.refusal_sold_at is not None:
        raise Conflict(
            "as many animals as the dues needed were sold on "
            f"{case.refusal_sold_at.isoformat()}; the rest go back to the owner",
            citation=rule.cites[0],
        )
    return rule


def _unpaid(session: Session, case: Impoundment) -> dict[str, Decimal]:
    """What the sales since the owner's refusal left of the dues, by kind."""
    assert case.refused_at is not None
    found = session.scalars(
        select(Sale)
        .where(Sale.impoundment_id == case.id, Sale.at >= case.refused_at)
        .order_by(Sale.at, Sale.created_at)
    )
    left: dict[str, Decimal] = {}
    for sale in found:
        if sale.account.get("onRefusal"):  # each carries what the ones before it left
            disposal = sale.account["disposal"]
            keys = ("unrecoveredFines", "unrecoveredFeeding", "unrecovered")
            left = {k: Decimal(disposal[k]) for k in keys if k in disposal}
    return left


def _pick(in_pound: list[ImpoundedAnimal], lots: list[Lot]) -> list[ImpoundedAnimal]:
    chosen: list[ImpoundedAnimal] = []
    for lot in lots:
        species = canonical(lot.species)
        pool = [a for a in in_pound if a.species == species and a not in chosen]
        if lot.count < 1 or lot.count > len(pool):
            raise Conflict(f"{lot.count} {species} are not in the pound ({len(pool)} are)")
        chosen.extend(pool[: lot.count])
    return chosen


def record_sale(
    session: Session,
    who: Principal,
    *,
    impoundment_id: uuid.UUID,
    at: datetime,
    lots: list[Lot],
    buyer: Person,
    buyer_role: BuyerRole,
    price: Decimal,
    expenses: Decimal,
    decided_by: str | None = None,
    recovers_fine_id: uuid.UUID | None = None,
) -> Sale:
    """A sale by auction; with `decided_by`, a disposal otherwise than by auction; with
    `recovers_fine_id`, a sale for a fine on conviction (services/offences/recovery.py)."""
    who.require("clerk", "finance")
    plugin = registry.get(who.jurisdiction)
    plugin.require(Capability.AUCTION)
    when = aware(at)
    proceeds, costs = rupees(price), rupees(expenses)
    if proceeds < 0 or costs < 0:
        raise ValidationError("price and expenses cannot be negative")
    _check_buyer(plugin, buyer_role)
    other = plugin.other_disposal() if decided_by else None
    case = cases.get(session, impoundment_id, lock=True)
    on_refusal = _refusal_sale(plugin, case)
    fine = (
        recovery.prepare(session, plugin, case, recovers_fine_id, when)
        if recovers_fine_id
        else None
    )
    if fine is None:  # a sale for a fine is timed by the fine, not by the notices
        _check_time(plugin, case, when, session)
    everything = cases.animals(session, case)
    in_pound = [a for a in everything if a.status == AnimalStatus.IN_POUND.value]
    sold = _pick(in_pound, lots)
    accounting = plugin.sale_accounting()
    # Deducting: the charges of every animal in the pound come out of the proceeds. A sale
    # on the owner's refusal pays the whole herd's dues (s.16(1), s.10(2)) either way.
    deducting = accounting.value is SaleAccounting.DEDUCT_CHARGES_HOLD_SURPLUS
    settled = in_pound if deducting or on_refusal is not None else sold
    cases.not_before_reckoned(settled, when)
    dues = compute(plugin, cases.rates(session), case, settled, when)
    if dues.total is None:
        raise ValidationError(
            f"the charges cannot be worked out: {dues.unknown[0].why}",
            citation=dues.unknown[0].cites[0] if dues.unknown[0].cites else None,
        )
    sale_id = new_id()  # the sale row is written once, complete (append-only)
    status = AnimalStatus.SOLD if decided_by is None else AnimalStatus.DISPOSED
    cases.release(session, sold, status, when, sale_id=sale_id)
    for a in settled:
        a.fine_settled, a.charges_settled_at = True, when

    body = body_of(session, case)
    recovered = Decimal("0.00")
    # On the owner's refusal, what an earlier sale of the same refusal left unpaid is due
    # from this one: as many animals are sold as the dues need (s.16(1), s.10(2)).
    owing = _unpaid(session, case) if on_refusal is not None else {}
    if deducting:
        left = proceeds
        fines_due = dues.by_kind(MoneyKind.FINE) + owing.get("unrecoveredFines", Decimal(0))
        fines = min(left, fines_due)
        left -= fines
        feeding_due = dues.by_kind(MoneyKind.FEEDING_CHARGE) + owing.get(
            "unrecoveredFeeding", Decimal(0)
        )
        feeding = min(left, feeding_due)
        left -= feeding
        spent = min(left, costs)
        left -= spent
        unpaid = {
            "unrecoveredFines": fines_due - fines,
            "unrecoveredFeeding": feeding_due - feeding,
        }
        recovered = recovery.take(fine, left) if fine else Decimal("0.00")
        left -= recovered
        shares = (
            routed(plugin, MoneyKind.FINE, fines, body)
            + routed(plugin, MoneyKind.FEEDING_CHARGE, feeding, body)
            + ([(SALE_EXPENSES, spent)] if spent else [])
            + routed(plugin, MoneyKind.SURPLUS_PROCEEDS, left, body)
        )
        disposal: dict[str, Any] = {
            "finesToLocalAuthority": str(fines),
            "feedingToPoundKeeper": str(feeding),
            "expensesOfSale": str(spent),
            "balance": str(left),
        }
        # Where the proceeds fell short of the fines and charges.
        disposal.update({k: str(v) for k, v in unpaid.items() if v})
        if fine:
            disposal["fineOnConviction"] = str(recovered)
            if recovered < fine.owed:  # the rest stays owed (s.26)
                disposal["fineUnrecovered"] = str(fine.owed - recovered)
    else:
        # Deposited whole: the Act deducts nothing, not even the expenses of sale, before.
        left = Decimal("0.00")
        shares = routed(plugin, MoneyKind.SALE_PROCEEDS, proceeds, body)
        disposal = {"toFund": str(proceeds)}
        due = (dues.total or Decimal(0)) + owing.get("unrecovered", Decimal(0))
        unpaid = {"unrecovered": max(Decimal("0.00"), due - proceeds)}
        if on_refusal is not None and unpaid["unrecovered"]:  # the herd's dues come out of it
            disposal["unrecovered"] = str(unpaid["unrecovered"])
    account = {
        "cattleSeized": len(everything),
        "impoundedFrom": ist(case.impounded_at),
        "impoundedUntil": ist(when),
        "finesAndCharges": str(dues.total),
        "cattleSold": len(sold),
        "proceeds": str(proceeds),
        "disposal": disposal,
        "cites": [
            c.label
            for c in accounting.cites
            + (other.cites if other else [])
            + (on_refusal.cites if on_refusal else [])
            + (fine.cites if fine else [])
        ],
        "decidedBy": other.value if other else None,
        "onRefusal": on_refusal is not None,
        "recoversFine": str(fine.fine.id) if fine else None,
    }
    sale = Sale(
        id=sale_id,
        impoundment_id=case.id,
        at=when,
        by_auction=decided_by is None,
        decided_by=_text(decided_by, "decidedBy", limit=200) if decided_by else None,
        buyer_name=_text(buyer.name, "buyer.name", limit=200),
        buyer_address=_text(buyer.address, "buyer.address"),
        buyer_role=buyer_role.value,
        price=proceeds,
        expenses=costs,
        surplus=left if deducting else Decimal("0.00"),
        account=account,
        recorded_by=who.actor,
    )
    session.add(sale)
    session.flush()
    if fine:
        recovery.post(session, fine, when, f"Impoundment:{case.id}", recovered, sale.id)
    if proceeds - recovered:
        ledger.transfer(
            session,
            at=when,
            kind="impoundment.sale",
            memo="; ".join(c.label for c in accounting.cites),
            subject=f"Impoundment:{case.id}",
            source="payer:buyer",
            shares=shares,
            key=f"sale:{sale.id}",
        )
    # A sale for a fine (s.26) is no claim by the owner: cattle it leaves stay unclaimed and
    # s.14 runs on for them (report, notice, auction); on the owner's refusal, the dues met,
    # what remains is his (s.16(3)).
    if on_refusal is not None and (not any(unpaid.values()) or fine):
        case.refusal_sold_at = when
    cases.refresh(session, plugin, case, everything)
    session.flush()
    audit.record(
        session,
        who.actor,
        "impoundment.record_sale",
        f"Impoundment:{case.id}",
        after={"sale": str(sale.id), "account": account},
    )
    return sale
