"""Notified orders, the licences and permits under them, and the checks of an activity."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal

import strawberry
from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.decision import Decision
from pashu.db import regulated_areas as rows
from pashu.jurisdictions.registration import (
    ActivityAnswer,
    CattleActivity,
    OrderEffect,
    PermitKind,
    RegistrationLaw,
)
from pashu.jurisdictions.vocabulary import Capability
from pashu.schema.context import Context
from pashu.schema.law.types import Citation, cites
from pashu.schema.node import Node, node_type, to_global_id
from pashu.schema.registration.common import law
from pashu.services.regulated_areas import regulated_areas as service


@strawberry.type(description="A notified order for an area, from a date")
class NotifiedOrder(Node):
    title: str = strawberry.field(description="The order's title")
    reference: str = strawberry.field(description="The gazette reference")
    area: str = strawberry.field(description="The area it covers")
    effect: OrderEffect = strawberry.field(description="Whether it prohibits or regulates")
    activities: list[CattleActivity] = strawberry.field(description="What it governs")
    clauses: list[str] = strawberry.field(
        description="The clauses of the order-making power it rests on"
    )
    species: list[str] | None = strawberry.field(description="null: every kind of cattle")
    effective_from: date = strawberry.field(
        description="The first day it is in force (a calendar day in IST)"
    )
    effective_until: date | None = strawberry.field(
        description="The last day it is in force, if set (a calendar day in IST)"
    )
    licence_fee: Decimal | None = strawberry.field(
        description="The fee for a licence in rupees (decimal string)"
    )
    permit_fee: Decimal | None = strawberry.field(
        description="The fee for a permit in rupees (decimal string)"
    )
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )

    @classmethod
    def of(cls, o: rows.NotifiedOrder, rules: RegistrationLaw) -> NotifiedOrder:
        basis = rules.order_clauses(o.clauses.split(","))
        activities = [
            a
            for a, on in (
                (CattleActivity.KEEPING, o.keeping),
                (CattleActivity.MOVEMENT, o.movement),
            )
            if on
        ]
        return cls(
            id=to_global_id("NotifiedOrder", o.id),
            title=o.title,
            reference=o.reference,
            area=o.area,
            effect=OrderEffect(o.effect),
            activities=activities,
            clauses=list(basis.value),
            species=o.species,
            effective_from=o.effective_from,
            effective_until=o.effective_until,
            licence_fee=o.licence_fee,
            permit_fee=o.permit_fee,
            citations=cites(basis.cites),
            explanation=basis.why,
        )


@strawberry.type(description="A licence or permit granted under a regulating order")
class CattleLicence(Node):
    order_id: strawberry.ID = strawberry.field(description="The order's global id")
    kind: PermitKind = strawberry.field(description="Licence or permit")
    holder: str = strawberry.field(description="Who holds it")
    valid_from: date = strawberry.field(
        description="The first day it is valid (a calendar day in IST)"
    )
    valid_until: date | None = strawberry.field(
        description="The last day it is valid (a calendar day in IST)"
    )
    fee: Decimal = strawberry.field(description="The fee in rupees (decimal string)")
    granted_at: datetime = strawberry.field(
        description="When it was granted (ISO 8601 with offset, shown in IST)"
    )
    cancelled_at: datetime | None = strawberry.field(description="When it was cancelled, if it was")
    cancellation_reason: str | None = strawberry.field(description="Why it was cancelled")
    citations: list[Citation] = strawberry.field(description="Cancellation's basis, if cancelled")

    @classmethod
    def of(
        cls, lic: rows.Licence, cancel: rows.LicenceCancellation | None, rules: RegistrationLaw
    ) -> CattleLicence:
        return cls(
            id=to_global_id("CattleLicence", lic.id),
            order_id=to_global_id("NotifiedOrder", lic.order_id),
            kind=PermitKind(lic.kind),
            holder=lic.holder,
            valid_from=lic.valid_from,
            valid_until=lic.valid_until,
            fee=lic.fee,
            granted_at=lic.granted_at,
            cancelled_at=cancel.cancelled_at if cancel else None,
            cancellation_reason=cancel.reason if cancel else None,
            citations=cites(rules.licence_cancellation(cancel.on_composition).cites)
            if cancel
            else [],
        )


@strawberry.type(description="Whether an activity with an animal is allowed in an area on a day")
class ActivityCheck:
    allowed: bool | None = strawberry.field(description="null: it cannot be said (see why)")
    needs_licence: bool = strawberry.field(description="Whether a licence or permit is needed")
    order: NotifiedOrder | None = strawberry.field(description="The order that decides, if any")
    confidence: str = strawberry.field(description="How the rule's text is known")
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )

    @classmethod
    def of(
        cls,
        d: Decision[ActivityAnswer],
        order: rows.NotifiedOrder | None,
        rules: RegistrationLaw,
    ) -> ActivityCheck:
        return cls(
            allowed=d.value.allowed,
            needs_licence=d.value.needs_permit,
            order=NotifiedOrder.of(order, rules) if order else None,
            confidence=d.confidence.value,
            citations=cites(d.cites),
            explanation=d.why,
        )


@node_type("NotifiedOrder")
async def _order(ctx: Context, pk: uuid.UUID) -> NotifiedOrder | None:
    rules = law(ctx.require(), Capability.REGULATED_AREAS)

    def load(s: Session) -> NotifiedOrder | None:
        o = s.scalar(select(rows.NotifiedOrder).where(rows.NotifiedOrder.id == pk))
        return NotifiedOrder.of(o, rules) if o else None

    return await ctx.read(load)


@node_type("CattleLicence")
async def _licence(ctx: Context, pk: uuid.UUID) -> CattleLicence | None:
    rules = law(ctx.require(), Capability.REGULATED_AREAS)

    def load(s: Session) -> CattleLicence | None:
        found = service.licences(s, licence_id=pk)
        return CattleLicence.of(*found[0], rules) if found else None

    return await ctx.read(load)
