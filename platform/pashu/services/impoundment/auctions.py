"""Public auctions of impounded animals: scheduled with a public notice and lots once the
window of the tenant's Act opens, closed by recording each lot's sale through the
impoundment's sale service; unsold lots stay in the pound for a new round.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from decimal import Decimal
from typing import Any, Protocol, cast

from sqlalchemy import CursorResult, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from pashu.core.documents import when
from pashu.core.errors import Conflict, NotFound, ValidationError
from pashu.core.legaltime import IST, aware, legal_date
from pashu.db import audit, bulk
from pashu.db.bulk import New
from pashu.db.clocks import Auction, AuctionLot, LotStatus
from pashu.db.impoundment import AnimalStatus, Impoundment
from pashu.db.types import new_id
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.vocabulary import Action, BuyerRole
from pashu.services.impoundment import cases, course, notices, sales
from pashu.services.impoundment.seizures import Person, _text
from pashu.services.tenancy.tenants import Principal

# Not law: the Acts held set no notice period for the auction (one leaves place, time and
# conditions to an officer's order; see each plugin's `auction_terms`). The sweep's default
# gives the public three clear days' notice, at 11:00 IST; a clerk may schedule otherwise
# (the scheduleAuction mutation).
DEFAULT_NOTICE_DAYS = 3
DEFAULT_HOUR = time(11, 0)


@dataclass(frozen=True)
class LotResult:
    lot_id: uuid.UUID
    buyer: Person
    buyer_role: BuyerRole
    price: Decimal
    expenses: Decimal


def default_date(as_of: datetime) -> datetime:
    return datetime.combine(
        legal_date(as_of) + timedelta(days=DEFAULT_NOTICE_DAYS + 1), DEFAULT_HOUR, tzinfo=IST
    )


def open_auction(session: Session, case_id: uuid.UUID) -> Auction | None:
    return session.scalar(
        select(Auction).where(Auction.impoundment_id == case_id, Auction.closed_at.is_(None))
    )


def schedule(
    session: Session,
    who: Principal,
    case: Impoundment,
    as_of: datetime,
    *,
    scheduled_for: datetime | None = None,
    place: str | None = None,
    conditions: str | None = None,
) -> Auction | None:
    """Schedule the next round of the case's auction, with its public notice and one lot
    per species of the animals still in the pound. None when a round is open already (a
    second worker, a retry), so each round is scheduled exactly once."""
    who.require("clerk")
    plugin = registry.get(who.jurisdiction)
    issued = aware(as_of)
    on = auction_date(plugin, case, cases.notices(session, case.id), issued, scheduled_for)
    if open_auction(session, case.id) is not None:
        return None
    in_pound = [a for a in cases.animals(session, case) if a.status == AnimalStatus.IN_POUND.value]
    base = notices.fields(session, case, issued) if in_pound else {}
    last = session.scalar(select(func.max(Auction.round)).where(Auction.impoundment_id == case.id))
    row, lots, event = compose(
        plugin, who, case, in_pound, base, issued, on, (last or 0) + 1, place, conditions
    )
    auction = Auction(**row.values)
    try:
        with session.begin_nested():
            session.add(auction)
            session.flush()
    except IntegrityError:  # another worker scheduled this round a moment ago
        return None
    bulk.insert_all(session, [*lots, event])
    return auction


class Identified(Protocol):
    """A case as a round's rows name it: an `Impoundment`, or the sweep's narrower row."""

    @property
    def id(self) -> uuid.UUID: ...


def auction_date(
    plugin: Jurisdiction,
    case: cases.CaseInstants,
    recorded: Sequence[cases.IssuedNotice],
    issued: datetime,
    scheduled_for: datetime | None,
) -> datetime:
    """When the round is held, or the Act's refusal (the model of the case's course): no
    sale due, or too early."""
    on = aware(scheduled_for) if scheduled_for else default_date(issued)
    facts = course.facts_of(plugin, case, recorded)
    course.require(facts, course.Act.SCHEDULE_AUCTION, issued, scheduled_for=on)
    return on


def compose(
    plugin: Jurisdiction,
    who: Principal,
    case: Identified,
    in_pound: Sequence[cases.HeldAnimal],
    base: dict[str, str],
    issued: datetime,
    on: datetime,
    round_: int,
    place: str | None = None,
    conditions: str | None = None,
) -> tuple[New, list[New], New]:
    """The round (an `Auction`'s values), its lots and its audit event, from what was read
    (`base`: the notice's fields, notices.fields); nothing is added to a session (the sweep
    writes all three with bulk.insert_all, no ORM object)."""
    if not in_pound:
        raise Conflict("no animal of this case is in the pound")
    by_species: dict[str, list[Any]] = defaultdict(list)
    for a in in_pound:
        by_species[a.species].append(a)
    terms = plugin.clock_law().auction_terms()
    where = _text(place, "place") if place else f"{base['pound']}, {base['authority']}"
    terms_text = (
        _text(conditions, "conditions", limit=2000) if conditions else terms.value.conditions
    )
    groups = sorted(by_species.items())
    described = [notices.describe(group) for _, group in groups]  # in the notice and the lots
    lots_text = "; ".join(f"lot {i}: {d}" for i, d in enumerate(described, start=1))
    values = {
        **base,
        "auction_at": when(on),
        "auction_place": where,
        "conditions": terms_text,
        "lots": lots_text,
    }
    doc = notices.render(plugin, Action.AUCTION, values)
    auction_id = new_id()
    auction = New(
        Auction,
        {
            "id": auction_id,
            "impoundment_id": case.id,
            "round": round_,
            "scheduled_for": on,
            "place": where,
            "conditions": terms_text,
            "notice_text": doc.text()[:8000],
            "notice_issued_at": issued,
            "scheduled_by": who.actor,
        },
    )
    lots = [
        New(
            AuctionLot,
            {
                "auction_id": auction_id,
                "impoundment_id": case.id,
                "number": i,
                "species": species,
                "count": len(group),
                "description": d[:1000],
                "animal_ids": [str(a.id) for a in group],
                "status": LotStatus.OFFERED.value,
            },
        )
        for i, ((species, group), d) in enumerate(zip(groups, described, strict=True), start=1)
    ]
    event = audit.event(
        who.actor,
        "auction.schedule",
        f"Impoundment:{case.id}",
        after={
            "auction": str(auction_id),
            "round": round_,
            "scheduledFor": on.isoformat(),
            "place": where,
            "lots": lots_text,
            "cites": [c.label for c in terms.cites],
        },
    )
    return auction, lots, event


def get(session: Session, auction_id: uuid.UUID, *, lock: bool = False) -> Auction:
    q = select(Auction).where(Auction.id == auction_id).execution_options(populate_existing=True)
    found = session.scalar(q.with_for_update() if lock else q)
    if found is None:
        raise NotFound("no such auction", field="auctionId")
    return found


def lots(session: Session, auction_ids: list[uuid.UUID]) -> list[AuctionLot]:
    return list(
        session.scalars(
            select(AuctionLot)
            .where(AuctionLot.auction_id.in_(auction_ids))
            .order_by(AuctionLot.auction_id, AuctionLot.number)
        )
    )


def close(
    session: Session,
    who: Principal,
    *,
    auction_id: uuid.UUID,
    at: datetime,
    results: list[LotResult],
) -> Auction:
    """Record the auction's results: each lot sold is a sale of the impoundment (with every
    rule of sales.record_sale: the window, the barred buyers, the account of proceeds); the
    lots without a result were not sold and their animals stay in the pound."""
    who.require("clerk", "finance")
    held = aware(at)
    auction = get(session, auction_id, lock=True)
    # The model of the case's course: the round closed once, not before the day it is
    # notified for, nor after now; each lot sold is then a sale (Act.SALE, below).
    plugin = registry.get(who.jurisdiction)
    case = cases.get(session, auction.impoundment_id)
    course.require(
        cases.load(session, plugin, case), course.Act.CLOSE_AUCTION, held, auction_id=auction.id
    )
    offered = {lot.id: lot for lot in lots(session, [auction.id])}
    seen: set[uuid.UUID] = set()
    for i, r in enumerate(results):
        if r.lot_id not in offered:
            raise ValidationError("not a lot of this auction", field="results.lotId", index=i)
        if r.lot_id in seen:
            raise ValidationError("a lot is sold once", field="results.lotId", index=i)
        seen.add(r.lot_id)
    closed = cast(
        CursorResult[Any],
        session.execute(
            update(Auction)
            .where(Auction.id == auction.id, Auction.closed_at.is_(None))
            .values(closed_at=held, closed_by=who.actor)
            .execution_options(synchronize_session="fetch")
        ),
    ).rowcount
    if closed != 1:
        raise Conflict("this auction is closed already")
    sold: dict[str, str] = {}
    for i, r in enumerate(results):
        lot = offered[r.lot_id]
        sale = sales.record_sale(
            session,
            who,
            impoundment_id=auction.impoundment_id,
            at=held,
            lots=[sales.Lot(lot.species, lot.count)],
            buyer=r.buyer,
            buyer_role=r.buyer_role,
            price=r.price,
            expenses=r.expenses,
            row=("results", i),  # its buyer, price or animals refused: this result
        )
        lot.status, lot.sale_id = LotStatus.SOLD.value, sale.id
        sold[str(lot.number)] = str(sale.id)
    for lot in offered.values():
        if lot.id not in seen:
            lot.status = LotStatus.UNSOLD.value
    session.flush()
    audit.record(
        session,
        who.actor,
        "auction.close",
        f"Impoundment:{auction.impoundment_id}",
        before={"closedAt": None},
        after={"auction": str(auction.id), "at": held.isoformat(), "soldLots": sold},
    )
    session.refresh(auction)
    return auction
