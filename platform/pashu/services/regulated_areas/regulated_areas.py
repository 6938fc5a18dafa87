"""Regulated areas (an Act's notified orders): notified orders prohibiting or regulating the
keeping or movement of cattle in an area, licences and permits under them, the check whether
an activity is allowed, and cancellation of a licence (e.g. on composition of an offence)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.decision import Decision
from pashu.core.errors import Conflict, NotFound, ValidationError
from pashu.core.legaltime import aware, legal_date
from pashu.core.money import rupees
from pashu.db import audit, keyset
from pashu.db.base import utcnow
from pashu.db.keyset import Page
from pashu.db.regulated_areas import Licence, LicenceCancellation, NotifiedOrder
from pashu.jurisdictions import registry
from pashu.jurisdictions.registration import (
    ActivityAnswer,
    CattleActivity,
    OrderEffect,
    OrderFacts,
    PermitFacts,
    PermitKind,
)
from pashu.jurisdictions.species import canonical
from pashu.jurisdictions.vocabulary import Capability, MoneyKind
from pashu.services.extent import extent
from pashu.services.registration.registration import clean, credit_funds, key
from pashu.services.tenancy.tenants import Principal


@dataclass(frozen=True)
class OrderInput:
    title: str
    reference: str
    area: str
    effect: OrderEffect
    activities: Sequence[CattleActivity]
    clauses: Sequence[str]
    effective_from: date
    effective_until: date | None = None
    species: Sequence[str] | None = None
    licence_fee: Decimal | None = None
    permit_fee: Decimal | None = None


def _fee(value: Decimal | None, what: str) -> Decimal | None:
    if value is None:
        return None
    fee = rupees(value)
    if fee < 0:
        raise ValidationError(f"a {what} cannot be negative", field=what)
    return fee


def record_order(session: Session, principal: Principal, given: OrderInput) -> NotifiedOrder:
    """Enter a notified order in the register, with the clauses of the Act it rests on."""
    principal.require("clerk")
    plugin = registry.get(principal.jurisdiction)
    law = plugin.registration_law(Capability.REGULATED_AREAS)
    clauses = law.order_clauses(given.clauses)
    if not given.activities:
        raise ValidationError("an order prohibits or regulates keeping, movement or both")
    if given.effective_until is not None and given.effective_until < given.effective_from:
        raise ValidationError("an order cannot end before it begins", field="effectiveUntil")
    species: list[str] | None = None
    if given.species:
        species = sorted({canonical(s) for s in given.species})
        for kind in extent.classify_all(session, plugin, species, given.effective_from):
            is_cattle = kind.is_cattle
            if is_cattle.value is False:
                raise ValidationError(
                    f"a notified order governs cattle only: {is_cattle.why}",
                    citation=is_cattle.cites[0],
                    field="species",
                )
    licence_fee = _fee(given.licence_fee, "licenceFee")
    permit_fee = _fee(given.permit_fee, "permitFee")
    if given.effect is OrderEffect.PROHIBIT and (licence_fee is not None or permit_fee is not None):
        raise ValidationError(
            "an order that prohibits grants no licence or permit, so it fixes no fee",
            citation=clauses.cites[0],
        )
    reference = clean(given.reference, "reference")
    if session.scalar(select(NotifiedOrder.id).where(NotifiedOrder.reference == reference)):
        raise Conflict(f"an order {reference!r} is on the register", field="reference")
    area = clean(given.area, "area")
    # An order under the Act reaches only an area where the Act is in force (s.1-style).
    extent.require_in_force(session, plugin, area, given.effective_from, "area")
    order = NotifiedOrder(
        title=clean(given.title, "title", 300),
        reference=reference,
        area=area,
        area_key=key(area),
        effect=given.effect.value,
        keeping=CattleActivity.KEEPING in given.activities,
        movement=CattleActivity.MOVEMENT in given.activities,
        clauses=",".join(clauses.value),
        species=species,
        effective_from=given.effective_from,
        effective_until=given.effective_until,
        licence_fee=licence_fee,
        permit_fee=permit_fee,
        recorded_by=principal.actor,
    )
    session.add(order)
    session.flush()
    audit.record(
        session,
        principal.actor,
        "order.record",
        f"NotifiedOrder:{order.id}",
        after={"reference": reference, "area": area, "effect": order.effect, "why": clauses.why},
    )
    return order


def facts(order: NotifiedOrder) -> OrderFacts:
    activities = {CattleActivity.KEEPING} if order.keeping else set()
    if order.movement:
        activities.add(CattleActivity.MOVEMENT)
    provides = {
        kind
        for kind, fee in (
            (PermitKind.LICENCE, order.licence_fee),
            (PermitKind.PERMIT, order.permit_fee),
        )
        if fee is not None
    }
    return OrderFacts(
        ref=f"order {order.reference} ({order.title})",
        area=order.area,
        effect=OrderEffect(order.effect),
        activities=frozenset(activities),
        clauses=tuple(c for c in order.clauses.split(",") if c),
        effective_from=order.effective_from,
        effective_until=order.effective_until,
        species=None if order.species is None else frozenset(order.species),
        provides=frozenset(provides),
    )


def order(session: Session, order_id: uuid.UUID) -> NotifiedOrder:
    found = session.scalar(select(NotifiedOrder).where(NotifiedOrder.id == order_id))
    if found is None:
        raise NotFound("no such notified order")
    return found


def orders(
    session: Session, area: str | None = None, page: Page | None = None
) -> list[NotifiedOrder]:
    """Orders by the day they take effect, then reference (ix_notified_orders_page)."""
    q = select(NotifiedOrder)
    if area is not None:
        q = q.where(NotifiedOrder.area_key == key(area))
    order = [
        (NotifiedOrder.effective_from, False),
        (NotifiedOrder.reference, False),
        (NotifiedOrder.id, False),
    ]
    return keyset.rows(session, q, page, order)


def grant_licence(
    session: Session,
    principal: Principal,
    order_id: uuid.UUID,
    kind: PermitKind,
    holder: str,
    valid_from: date,
    valid_until: date | None,
    at: datetime,
) -> Licence:
    """A licence or permit under a regulating order, for the fee the order fixes."""
    principal.require("clerk")
    plugin = registry.get(principal.jurisdiction)
    law = plugin.registration_law(Capability.REGULATED_AREAS)
    at = aware(at)
    parent = order(session, order_id)
    cite = law.licensing().cites[0]
    if parent.effect != OrderEffect.REGULATE.value:
        raise ValidationError(
            f"order {parent.reference} prohibits; no licence or permit is granted under it",
            citation=cite,
        )
    fee = parent.licence_fee if kind is PermitKind.LICENCE else parent.permit_fee
    if fee is None:
        raise ValidationError(
            f"order {parent.reference} provides no {kind.value.lower()} (it fixes no fee for one)",
            citation=cite,
            field="kind",
        )
    if valid_until is not None and valid_until < valid_from:
        raise ValidationError("a licence cannot end before it begins", field="validUntil")
    if valid_from < parent.effective_from:
        raise ValidationError(
            f"order {parent.reference} takes effect on {parent.effective_from.isoformat()}",
            field="validFrom",
        )
    name = clean(holder, "holder")
    licence = Licence(
        order_id=parent.id,
        kind=kind.value,
        holder=name,
        holder_key=key(name),
        valid_from=valid_from,
        valid_until=valid_until,
        fee=fee,
        granted_at=at,
        granted_by=principal.actor,
    )
    session.add(licence)
    session.flush()
    subject = f"Licence:{licence.id}"
    if fee > 0:
        credit_funds(
            session,
            plugin,
            MoneyKind.LICENCE_FEE,
            fee,
            at=at,
            payer=f"payer:licensee:{licence.holder_key}",
            subject=subject,
            memo=f"{kind.value.lower()} fee under order {parent.reference}",
            key=f"licence-fee:{licence.id}",
        )
    audit.record(
        session,
        principal.actor,
        "licence.grant",
        subject,
        after={"order": parent.reference, "kind": kind.value, "holder": name, "fee": str(fee)},
    )
    return licence


def cancel_licence(
    session: Session,
    principal: Principal,
    licence_id: uuid.UUID,
    reason: str,
    at: datetime | None = None,
    offender_key: str | None = None,
) -> LicenceCancellation:
    """Cancel a licence or permit: as the order provides, or -- given the offender whose
    offence is being compounded -- on that composition, which reaches only a licence
    granted to the offender."""
    principal.require("clerk", "magistrate")
    plugin = registry.get(principal.jurisdiction)
    law = plugin.registration_law(Capability.REGULATED_AREAS)
    on_composition = offender_key is not None
    basis = law.licence_cancellation(on_composition)
    licence = session.scalar(select(Licence).where(Licence.id == licence_id))
    if licence is None:
        raise NotFound("no such licence or permit")
    if on_composition and licence.holder_key != offender_key:
        raise ValidationError(
            f"the licence or permit is held by {licence.holder}, not by the offender: a "
            "composition cancels only a licence granted to the offender",
            citation=basis.cites[0],
            field="cancelLicenceId",
        )
    if session.scalar(
        select(LicenceCancellation.id).where(LicenceCancellation.licence_id == licence.id)
    ):
        raise Conflict("this licence or permit is cancelled already")
    cancellation = LicenceCancellation(
        licence_id=licence.id,
        reason=clean(reason, "reason", 1000),
        on_composition=on_composition,
        cancelled_at=aware(at) if at is not None else utcnow(),
        cancelled_by=principal.actor,
    )
    session.add(cancellation)
    session.flush()
    audit.record(
        session,
        principal.actor,
        "licence.cancel",
        f"Licence:{licence.id}",
        after={"reason": cancellation.reason, "basis": basis.cites[0].label},
    )
    return cancellation


def licences(
    session: Session,
    order_id: uuid.UUID | None = None,
    holder: str | None = None,
    licence_id: uuid.UUID | None = None,
    page: Page | None = None,
) -> list[tuple[Licence, LicenceCancellation | None]]:
    """Licences in the order granted (ix_cattle_licences_page), each with its cancellation."""
    q = select(Licence)
    if licence_id is not None:
        q = q.where(Licence.id == licence_id)
    if order_id is not None:
        q = q.where(Licence.order_id == order_id)
    if holder is not None:
        q = q.where(Licence.holder_key == key(holder))
    found = keyset.rows(session, q, page, [(Licence.granted_at, False), (Licence.id, False)])
    cancelled = {
        c.licence_id: c
        for c in session.scalars(
            select(LicenceCancellation).where(
                LicenceCancellation.licence_id.in_([lic.id for lic in found])
            )
        )
    }
    return [(lic, cancelled.get(lic.id)) for lic in found]


def valid_on(licence: Licence, cancellation: LicenceCancellation | None, on: date) -> bool:
    if on < licence.valid_from or (licence.valid_until is not None and on > licence.valid_until):
        return False
    return cancellation is None or legal_date(cancellation.cancelled_at) > on


def check(
    session: Session,
    principal: Principal,
    activity: CattleActivity,
    species: str,
    area: str,
    on: date,
    holder: str | None = None,
) -> tuple[Decision[ActivityAnswer], NotifiedOrder | None]:
    """May `holder` keep (or move) `species` in `area` on `on`? The order that decides, too."""
    plugin = registry.get(principal.jurisdiction)
    law = plugin.registration_law(Capability.REGULATED_AREAS)
    name = canonical(species)
    is_cattle = extent.classify(session, plugin, name, on).is_cattle
    rows = orders(session, area)
    by_ref = {facts(o).ref: o for o in rows}
    permits: list[PermitFacts] = []
    if holder is not None:
        ids = {o.id: facts(o).ref for o in rows}
        for lic, cancelled in licences(session, holder=holder):
            if lic.order_id in ids and valid_on(lic, cancelled, on):
                permits.append(
                    PermitFacts(
                        ref=f"{lic.kind.lower()} {lic.id}",
                        order_ref=ids[lic.order_id],
                        kind=PermitKind(lic.kind),
                        holder=lic.holder,
                    )
                )
    decision = law.activity_allowed(
        activity, name, is_cattle, on, [facts(o) for o in rows], permits
    )
    deciding = by_ref.get(decision.value.order_ref or "")
    return decision, deciding
