"""Compounding an offence: composition money within the Act's cap, release of seized things
on a further sum up to their estimated value, the effect (an acquittal: no further
proceedings) and the cancellation of the offender's licence or permit.

Whether and how an offence may be compounded comes from the plugin (`require(COMPOUNDING)`
and `penalties.compounding(offence)`); the money is received at once and posted to the ledger.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy.orm import Session

from pashu.core.citations import Citation
from pashu.core.errors import FineAboveCap, ValidationError
from pashu.core.money import rupees
from pashu.db import audit
from pashu.db.offences import Composition
from pashu.jurisdictions import Capability, registry
from pashu.jurisdictions.vocabulary import MoneyKind
from pashu.services.ledger import accounts, ledger
from pashu.services.offences.fines import routes_for
from pashu.services.offences.offences import (
    StepKind,
    law,
    not_before_offence,
    require_open,
    text,
    view,
)
from pashu.services.regulated_areas import regulated_areas
from pashu.services.tenancy.tenants import Principal

# s.10(4)-style cancellation, carried out by the licence register (services.regulated_areas).
CANCELLED = "CANCELLED"


@dataclass(frozen=True)
class Release:
    """Seized cattle, vehicle or other things released on a further sum."""

    sum: Decimal
    estimated_value: Decimal
    things: str


@dataclass(frozen=True)
class LicenceCancellation:
    licence_id: uuid.UUID
    reason: str


def compound(
    session: Session,
    who: Principal,
    case_id: uuid.UUID,
    amount: Decimal,
    at: datetime,
    release: Release | None = None,
    cancellation: LicenceCancellation | None = None,
) -> Composition:
    who.require("magistrate")
    plugin = registry.get(who.jurisdiction)
    plugin.require(Capability.COMPOUNDING)
    v = view(session, plugin, case_id)
    rule = law(plugin).compounding(v.offence).value  # refuses an offence not compoundable
    require_open(plugin, v, "second composition")
    not_before_offence(v, at, "a composition")
    if v.fines:
        raise ValidationError(
            "the case ended in a fine; there is nothing left to compound", citation=rule.cap_cite
        )
    amount = rupees(amount)
    if amount <= 0:
        raise ValidationError("composition money is an amount above zero", field="amount")
    if rule.composition_max is not None and amount > rule.composition_max:
        raise FineAboveCap(
            f"composition money may not exceed Rs {rule.composition_max}",
            citation=rule.cap_cite,
            cap=str(rule.composition_max),
        )
    further = _release_sum(release, rule.release_cite) if release else None
    total = amount + (further or Decimal(0))
    body = accounts.body_of_case(session, v.case.impoundment_id)
    routes, note = routes_for(plugin, MoneyKind.COMPOSITION, total, body)
    comp = Composition(
        case_id=v.case.id,
        amount=amount,
        release_sum=further,
        estimated_value=release.estimated_value if release else None,
        things_released=text(release.things, "things") if release else None,
        at=at,
        after_proceedings=v.has(StepKind.SENT_TO_COURT),
        # CG s.10(3): "deemed to amount to an acquittal" where proceedings have been
        # instituted; before any, composition bars them instead.
        acquitted=rule.acquittal and v.has(StepKind.SENT_TO_COURT),
        licence_id=cancellation.licence_id if cancellation else None,
        licence_reason=text(cancellation.reason, "reason") if cancellation else None,
        licence_cancellation=CANCELLED if cancellation else None,
        routes=[{"account": a, "amount": str(x)} for a, x in routes],
        routing_note=note,
        accepted_by=who.actor,
    )
    session.add(comp)
    session.flush()
    if cancellation is not None:
        if not rule.cancels_licence:
            raise ValidationError("the Act gives no power to cancel a licence on compounding")
        regulated_areas.cancel_licence(
            session,
            who,
            cancellation.licence_id,
            cancellation.reason,
            at,
            offender_key=regulated_areas.key(v.case.offender_name),
        )
    ledger.post(
        session,
        at=at,
        kind="offence.composition",
        memo=f"composition under section {v.offence.section}: {note}"[:500],
        subject=f"OffenceCase:{v.case.id}",
        entries=[("payer:offender", -total), *routes],
        key=f"composition:{comp.id}",
    )
    audit.record(
        session,
        who.actor,
        "offence.compound",
        f"OffenceCase:{v.case.id}",
        after={"amount": str(amount), "releaseSum": str(further) if further else None},
    )
    return comp


def _release_sum(release: Release, cite: Citation) -> Decimal:
    """s.10(2)-style release: the further sum may not exceed the things' estimated value."""
    further, estimate = rupees(release.sum), rupees(release.estimated_value)
    if further < 0 or estimate <= 0:
        raise ValidationError("the further sum and the estimated value are amounts above zero")
    if further > estimate:
        raise FineAboveCap(
            f"the further sum for release may not exceed the estimated value, Rs {estimate}",
            citation=cite,
            cap=str(estimate),
            field="releaseSum",
        )
    return further
