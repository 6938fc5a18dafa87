"""Grazing grounds: a Village Council's declaration, the State Government's approval of it,
and the orders for a ground's control and management, each referred for prior approval.

Whether a declaration or an order is in force is the tenant's plugin's answer; the
register only records what was declared, referred and decided, never rewriting a row.
"""

from __future__ import annotations

import enum
import uuid
from dataclasses import dataclass, field
from datetime import date

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from pashu.core.decision import Decision
from pashu.core.errors import Conflict, NotFound, ValidationError
from pashu.db import audit, keyset
from pashu.db.keeping import GrazingDecision, GrazingGround, GrazingOrder
from pashu.db.keyset import Page
from pashu.db.pounds import LocalAuthority
from pashu.jurisdictions import registry
from pashu.jurisdictions.keeping import KeepingLaw
from pashu.jurisdictions.vocabulary import Capability
from pashu.services.keeping.keeping import (
    authority,
    clean,
    decision_on,
    facts_of,
    ground_facts,
    key,
    law,
)
from pashu.services.tenancy.tenants import Principal


class Subject(enum.Enum):
    GROUND = "GROUND"
    ORDER = "ORDER"


def grazing_law(who: Principal) -> KeepingLaw:
    """The tenant's keeping law, where its Act provides grazing grounds (the capability the
    API lists, so a page offers the register only where it is kept); NOT_IN_JURISDICTION
    naming the Act where it does not."""
    registry.get(who.jurisdiction).require(Capability.GRAZING_GROUNDS)
    return law(who)


@dataclass(frozen=True)
class Declaration:
    village_council: str
    name: str
    location: str
    extent: str | None
    reference: str
    declared_on: date
    effective_from: date
    effective_until: date | None = None


@dataclass
class OrderView:
    order: GrazingOrder
    decision: GrazingDecision | None
    in_force: Decision[bool]


@dataclass
class GroundView:
    ground: GrazingGround
    village_council: str
    decision: GrazingDecision | None
    in_force: Decision[bool]
    orders: list[OrderView] = field(default_factory=list)


def declare(session: Session, who: Principal, given: Declaration) -> GroundView:
    """Record a Village Council's declaration; it is not in force until approved."""
    who.require("clerk")
    rules = grazing_law(who)
    name = clean(given.name, "name")
    if given.effective_from < given.declared_on:
        raise ValidationError("a grazing ground cannot take effect before it is declared")
    if given.effective_until is not None and given.effective_until < given.effective_from:
        raise ValidationError(
            "a grazing ground cannot end before it begins", field="effectiveUntil"
        )
    council = authority(session, given.village_council)
    ground = GrazingGround(
        local_authority_id=council.id,
        name=name,
        name_key=key(name),
        location=clean(given.location, "location", 500),
        extent=clean(given.extent, "extent", 100) if given.extent else None,
        reference=clean(given.reference, "reference"),
        declared_on=given.declared_on,
        effective_from=given.effective_from,
        effective_until=given.effective_until,
        recorded_by=who.actor,
    )
    try:
        with session.begin_nested():
            session.add(ground)
            session.flush()
    except IntegrityError:
        raise Conflict(
            f"a grazing ground named {name!r} is declared already", field="name"
        ) from None
    in_force = rules.grazing_ground(ground_facts(session, ground), given.effective_from)
    audit.record(
        session,
        who.actor,
        "grazing.declare",
        f"GrazingGround:{ground.id}",
        after={"name": name, "villageCouncil": council.name, "reference": ground.reference},
    )
    return GroundView(ground, council.name, None, in_force)


def make_order(
    session: Session,
    who: Principal,
    *,
    ground_id: uuid.UUID,
    title: str,
    text: str,
    made_on: date,
    referred_on: date,
) -> OrderView:
    """An order for control and management, as made and referred for prior approval."""
    who.require("clerk")
    rules = grazing_law(who)
    ground = _ground(session, ground_id)
    if referred_on < made_on:
        raise ValidationError("an order is referred after it is made", field="referredOn")
    if made_on < ground.declared_on:
        raise ValidationError("an order cannot precede the declaration", field="madeOn")
    body = text.strip()
    if not body or len(body) > 20000:
        raise ValidationError("an order's text needs 1 to 20000 characters", field="text")
    order = GrazingOrder(
        ground_id=ground.id,
        title=clean(title, "title"),
        text=body,
        made_on=made_on,
        referred_on=referred_on,
        recorded_by=who.actor,
    )
    session.add(order)
    session.flush()
    audit.record(
        session,
        who.actor,
        "grazing.make_order",
        f"GrazingOrder:{order.id}",
        after={"ground": str(ground.id), "title": order.title},
    )
    return OrderView(order, None, rules.grazing_order(None))


def decide(
    session: Session,
    who: Principal,
    *,
    subject_id: uuid.UUID,
    approved: bool,
    decided_on: date,
    reference: str,
) -> GrazingDecision:
    """The State Government's approval or refusal of a declaration or an order, once."""
    who.require("clerk")
    grazing_law(who)  # NOT_IN_JURISDICTION where the Act has no grazing grounds
    ground = session.scalar(select(GrazingGround).where(GrazingGround.id == subject_id))
    order = session.scalar(select(GrazingOrder).where(GrazingOrder.id == subject_id))
    if ground is None and order is None:
        raise NotFound("no such grazing ground or order", field="subjectId")
    since = ground.declared_on if ground is not None else order.referred_on  # type: ignore[union-attr]
    if decided_on < since:
        raise ValidationError("a decision cannot precede what it decides", field="decidedOn")
    decision = GrazingDecision(
        subject_id=subject_id,
        subject_kind=(Subject.GROUND if ground is not None else Subject.ORDER).value,
        approved=approved,
        decided_on=decided_on,
        reference=clean(reference, "reference"),
        recorded_by=who.actor,
    )
    try:
        with session.begin_nested():
            session.add(decision)
            session.flush()
    except IntegrityError:
        raise Conflict("the State Government's decision on this is recorded already") from None
    audit.record(
        session,
        who.actor,
        "grazing.decide",
        f"{'GrazingGround' if ground is not None else 'GrazingOrder'}:{subject_id}",
        after={"approved": approved, "decidedOn": decided_on.isoformat()},
    )
    return decision


def _ground(session: Session, ground_id: uuid.UUID) -> GrazingGround:
    ground = session.scalar(select(GrazingGround).where(GrazingGround.id == ground_id))
    if ground is None:
        raise NotFound("no such grazing ground", field="groundId")
    return ground


def grounds(
    session: Session,
    who: Principal,
    on: date,
    ground_id: uuid.UUID | None = None,
    page: Page | None = None,
) -> list[GroundView]:
    """The tenant's grazing grounds by name, each with its decision, orders and whether it
    is in force on `on`."""
    rules = grazing_law(who)
    q = (
        select(GrazingGround, LocalAuthority.name, GrazingDecision)
        .join(
            LocalAuthority,
            (LocalAuthority.tenant_id == GrazingGround.tenant_id)
            & (LocalAuthority.id == GrazingGround.local_authority_id),
        )
        .outerjoin(
            GrazingDecision,
            (GrazingDecision.tenant_id == GrazingGround.tenant_id)
            & (GrazingDecision.subject_id == GrazingGround.id),
        )
    )
    if ground_id is not None:
        q = q.where(GrazingGround.id == ground_id)
    # By name (ix_grazing_grounds_page); a ground has at most one decision.
    order = [(GrazingGround.name, False), (GrazingGround.id, False)]
    views = {
        g.id: GroundView(g, council, d, rules.grazing_ground(facts_of(g, d), on))
        for g, council, d in keyset.rows(session, q, page, order, scalars=False)
    }
    if not views:
        return []
    orders = session.execute(
        select(GrazingOrder, GrazingDecision)
        .outerjoin(
            GrazingDecision,
            (GrazingDecision.tenant_id == GrazingOrder.tenant_id)
            & (GrazingDecision.subject_id == GrazingOrder.id),
        )
        .where(GrazingOrder.ground_id.in_(list(views)))
        .order_by(GrazingOrder.made_on, GrazingOrder.id)
    )
    for o, d in orders:
        views[o.ground_id].orders.append(
            OrderView(o, d, rules.grazing_order(None if d is None else d.approved))
        )
    return list(views.values())


def order_view(session: Session, who: Principal, order_id: uuid.UUID) -> OrderView:
    rules = grazing_law(who)  # NOT_IN_JURISDICTION first, as for the grounds
    order = session.scalar(select(GrazingOrder).where(GrazingOrder.id == order_id))
    if order is None:
        raise NotFound("no such grazing order")
    d = decision_on(session, order.id)
    return OrderView(order, d, rules.grazing_order(None if d is None else d.approved))
