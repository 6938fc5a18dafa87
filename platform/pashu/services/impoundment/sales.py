"""Selling impounded animals by public auction, or disposing of them otherwise, and the
account of the proceeds (Cattle Trespass Act 1985 ss.14(3), 16-19;
Animal (Control & Taxation) Act 2014 s.10)."""

from __future__ import annotations

import uuid
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.errors import Conflict, ValidationError, in_row
from pashu.core.legaltime import aware, ist
from pashu.core.money import rupees
from pashu.db import audit
from pashu.db.impoundment import AnimalStatus, ImpoundedAnimal, Impoundment, Sale
from pashu.db.types import new_id
from pashu.jurisdictions import registry
from pashu.jurisdictions.species import canonical
from pashu.jurisdictions.vocabulary import BuyerRole, Capability, MoneyKind, SaleAccounting
from pashu.services.impoundment import cases, course, sale_accounts
from pashu.services.impoundment.dues import compute
from pashu.services.impoundment.seizures import Person, _text
from pashu.services.ledger import accounts, ledger
from pashu.services.ledger.accounts import body_of, routed
from pashu.services.offences import recovery
from pashu.services.tenancy.tenants import Principal

SALE_EXPENSES = accounts.SALE_EXPENSES


@dataclass(frozen=True)
class Lot:
    species: str
    count: int


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
            left = sale_accounts.carried(sale.account)
    return left


def _pick(
    in_pound: list[ImpoundedAnimal], lots: list[Lot], row: tuple[str, int] | None
) -> list[ImpoundedAnimal]:
    """The animals the lots sold; an error of a lot names it (`lots`, its index), or the
    row of the caller's list it is (closeAuction's `results`)."""
    chosen: list[ImpoundedAnimal] = []
    for i, lot in enumerate(lots):
        with in_row(*(row or ("lots", i))):
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
    row: tuple[str, int] | None = None,
) -> Sale:
    """A sale by auction; with `decided_by`, a disposal otherwise than by auction; with
    `recovers_fine_id`, a sale for a fine on conviction (services/offences/recovery.py).
    `row`: the row of the caller's list input this sale is (an error of its buyer, amounts or
    lot names it)."""
    who.require("clerk", "finance")
    plugin = registry.get(who.jurisdiction)
    plugin.require(Capability.AUCTION)
    when = aware(at)
    proceeds, costs = rupees(price), rupees(expenses)
    with in_row(*row) if row else nullcontext():
        if proceeds < 0 or costs < 0:
            raise ValidationError("price and expenses cannot be negative")
        plugin.require_buyer(buyer_role)
    other = plugin.other_disposal() if decided_by else None
    case = cases.get(session, impoundment_id, lock=True)
    everything = cases.animals(session, case)
    in_pound = course.in_pound(everything)
    sold = _pick(in_pound, lots, row)
    # The model of the case's course: no second sale on one refusal, the Act's window (a
    # sale for a fine is timed by the fine, not by the notices), acts in their order, and
    # whether the fine may be recovered so (s.26: one of the case's, unpaid, imposed by then).
    facts = cases.load(session, plugin, case, everything)
    on_refusal = course.require(
        facts,
        course.Act.SALE,
        when,
        animal_ids=[a.id for a in sold],
        recovers_fine=recovers_fine_id,
    )
    fine = (
        recovery.of_sale(session, course.Course(facts).fine_owed(recovers_fine_id))
        if recovers_fine_id
        else None
    )
    accounting = plugin.sale_accounting()
    deducting = accounting.value is SaleAccounting.DEDUCT_CHARGES_HOLD_SURPLUS
    settled = course.settled_by_sale(plugin, case, everything, sold)
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
        # s.16(2): the expenses of sale come out of the proceeds too; what a sale short of
        # the dues could not meet is carried to the next, as the fines and feeding are.
        expenses_due = costs + owing.get("unrecoveredExpenses", Decimal(0))
        spent = min(left, expenses_due)
        left -= spent
        unpaid = {
            "unrecoveredFines": fines_due - fines,
            "unrecoveredFeeding": feeding_due - feeding,
            "unrecoveredExpenses": expenses_due - spent,
        }
        incurred = fines_due + feeding_due
        charges = {"fines": fines_due, "feeding": feeding_due, "expensesOfSale": expenses_due}
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
        # Where the proceeds fell short: owed still, not a disposal of the proceeds.
        short = {k: str(v) for k, v in unpaid.items() if v}
        if fine:
            disposal["fineOnConviction"] = str(recovered)
            if recovered < fine.owed:  # the rest stays owed (s.26)
                short["fineUnrecovered"] = str(fine.owed - recovered)
    else:
        # Deposited whole: the Act deducts nothing, not even the expenses of sale, before.
        left = Decimal("0.00")
        shares = routed(plugin, MoneyKind.SALE_PROCEEDS, proceeds, body)
        disposal = {"toFund": str(proceeds)}
        due = (dues.total or Decimal(0)) + owing.get("unrecovered", Decimal(0))
        unpaid = {"unrecovered": max(Decimal("0.00"), due - proceeds)}
        incurred, charges, short = due, {}, {}
        if on_refusal is not None and unpaid["unrecovered"]:  # the herd's dues come out of it
            short["unrecovered"] = str(unpaid["unrecovered"])
    account = {
        "cattleSeized": len(everything),
        "impoundedFrom": ist(case.impounded_at),
        "impoundedUntil": ist(when),
        # (c) what the sale had to meet: the dues now and what an earlier sale left.
        "finesAndCharges": str(incurred),
        "charges": {k: str(v) for k, v in charges.items()},
        "cattleSold": len(sold),
        "proceeds": str(proceeds),
        "disposal": disposal,  # (f): its lines add up to the proceeds
        "unrecovered": short,
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
        buyer_role=str(buyer_role),
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
