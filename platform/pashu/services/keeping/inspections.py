"""Persons designated to inspect animals and the arrangements for keeping them, and their
visits: what they found of keeping and hygiene, checked against the tenant's rules.

A visit that finds a contravention (a way of keeping the rules forbid, or animals kept
unhygienically) opens an offence case under the section the plugin names, through the
offences service, in the same transaction: a visit is never recorded without its case.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.decision import Decision
from pashu.core.errors import NotFound, NotInJurisdiction, ValidationError, in_row
from pashu.core.legaltime import aware, legal_date
from pashu.db import audit, keyset
from pashu.db.keeping import Inspection, InspectionFinding, Inspector
from pashu.db.keyset import Page
from pashu.db.pounds import LocalAuthority
from pashu.jurisdictions.keeping import (
    DesignatedBy,
    InspectionRule,
    KeepingMode,
    TimeOfDay,
)
from pashu.jurisdictions.penalties import OffenderRole
from pashu.services.keeping import keeping as keeping_service
from pashu.services.keeping.keeping import authority, clean, law
from pashu.services.offences import offences
from pashu.services.regulated_areas import regulated_areas
from pashu.services.tenancy.tenants import Principal

MAX_FINDINGS = 50
MAX_HEADS = 10_000


@dataclass(frozen=True)
class FindingInput:
    species: str
    heads: int
    mode: KeepingMode
    time: TimeOfDay
    grazing_ground_id: uuid.UUID | None = None


@dataclass
class InspectionView:
    inspection: Inspection
    inspector: Inspector
    findings: list[InspectionFinding] = field(default_factory=list)


def designate(
    session: Session,
    who: Principal,
    *,
    name: str,
    designated_by: DesignatedBy,
    village_council: str | None,
    designated_on: date,
    reference: str,
) -> tuple[Inspector, str | None]:
    """Record a person designated to inspect, by the Government or a Village Council."""
    who.require("clerk")
    rule = law(who).inspection()
    if designated_by not in rule.value.designators:
        raise ValidationError(
            f"persons to inspect are not designated by the {designated_by.value.lower()}",
            citation=rule.cites[0],
            field="designatedBy",
        )
    council: LocalAuthority | None = None
    if designated_by is DesignatedBy.VILLAGE_COUNCIL:
        if not village_council:
            raise ValidationError("name the Village Council", field="villageCouncil")
        council = authority(session, village_council)
    elif village_council:
        raise ValidationError(
            "a person designated by the Government names no Village Council",
            field="villageCouncil",
        )
    person = Inspector(
        name=clean(name, "name"),
        designated_by=designated_by.value,
        local_authority_id=council.id if council else None,
        designated_on=designated_on,
        reference=clean(reference, "reference"),
        recorded_by=who.actor,
    )
    session.add(person)
    session.flush()
    audit.record(
        session,
        who.actor,
        "inspection.designate",
        f"Inspector:{person.id}",
        after={"name": person.name, "by": designated_by.value, "reference": person.reference},
    )
    return person, council.name if council else None


def record_visit(
    session: Session,
    who: Principal,
    *,
    inspector_id: uuid.UUID,
    at: datetime,
    place: str,
    owner_name: str,
    owner_address: str,
    findings: list[FindingInput],
    hygienic: bool | None,
    notes: str = "",
    area: str | None = None,
) -> InspectionView:
    """A visit and its findings; a contravention found opens an offence case. `place` is the
    premises visited; `area`, the area under the order providing for inspection (None: the
    place is itself named by the order)."""
    who.require("clerk")
    rule = law(who).inspection()
    inspector = session.scalar(select(Inspector).where(Inspector.id == inspector_id))
    if inspector is None:
        raise NotFound("no such inspector", field="inspectorId")
    when = aware(at)
    if when > datetime.now(UTC) + timedelta(minutes=5):
        raise ValidationError("a visit cannot be recorded before it happens", field="at")
    if legal_date(when) < inspector.designated_on:
        raise ValidationError(
            "the inspector was not yet designated on that day", citation=rule.cites[0], field="at"
        )
    under = clean(area, "area", 200) if area is not None and area.strip() else None
    if rule.value.order_clause is not None:
        # Inspection exists only under an order in force in the area that provides for it;
        # the premises visited lie in that area (s.4(2)(b)).
        _order_provides(session, rule, under or clean(place, "place", 300), legal_date(when))
    if not findings and hygienic is None:
        raise ValidationError("a visit records what was found", field="findings")
    if len(findings) > MAX_FINDINGS:
        raise ValidationError(f"at most {MAX_FINDINGS} findings a visit", field="findings")
    owner = offences.person(owner_name, owner_address, "owner")
    where = clean(place, "place", 300)
    checked = []
    grounds: keeping_service.Grounds = {}
    for i, f in enumerate(findings):
        with in_row("findings", i):  # an error of one finding names it
            if not 1 <= f.heads <= MAX_HEADS:
                raise ValidationError(f"heads are 1 to {MAX_HEADS}", field="findings")
            result = keeping_service.check(
                session,
                who,
                species=f.species,
                mode=f.mode,
                time=f.time,
                place=under or where,
                on=legal_date(when),
                grazing_ground_id=f.grazing_ground_id,
                grounds=grounds,
            )
        checked.append((f, result))
    contravention = hygienic is False or any(not r.decision.value.complies for _, r in checked)
    case_id = None
    if contravention:
        # The keeping rules and the hygiene duty are offences under one section (s.15(1)).
        case = offences.record_offence(
            session,
            who,
            section=rule.value.offence_section,
            offender=owner,
            role=OffenderRole.OWNER,
            committed_at=when,
        )
        case_id = case.case.id
    visit = Inspection(
        inspector_id=inspector.id,
        at=when,
        place=where,
        area=under,
        owner_name=owner.name,
        owner_address=owner.address,
        hygienic=hygienic,
        notes=notes.strip(),
        contravention=contravention,
        offence_case_id=case_id,
        recorded_by=who.actor,
    )
    session.add(visit)
    session.flush()
    rows = [
        InspectionFinding(
            inspection_id=visit.id,
            species=r.species,
            heads=f.heads,
            mode=f.mode.value,
            time_of_day=f.time.value,
            grazing_ground_id=r.ground.id if r.ground is not None else None,
            complies=r.decision.value.complies,
            sections=", ".join(c.label for c in r.decision.cites)[:200],
            explanation=r.decision.why,
        )
        for f, r in checked
    ]
    session.add_all(rows)
    session.flush()
    audit.record(
        session,
        who.actor,
        "inspection.record_visit",
        f"Inspection:{visit.id}",
        after={
            "inspector": inspector.name,
            "contravention": contravention,
            "offenceCase": str(case_id) if case_id else None,
            "findings": [
                {"species": x.species, "mode": x.mode, "complies": x.complies} for x in rows
            ],
        },
    )
    return InspectionView(visit, inspector, rows)


def _order_provides(session: Session, rule: Decision[InspectionRule], place: str, on: date) -> None:
    clause = rule.value.order_clause
    for order in regulated_areas.orders(session, place):
        facts = regulated_areas.facts(order)
        if facts.in_force(on) and clause in facts.clauses:
            return
    raise NotInJurisdiction(
        f"no notified order in force in {place} on {on.isoformat()} provides for inspection",
        citation=rule.cites[0],
        field="place",
    )


def visits(
    session: Session,
    who: Principal,
    *,
    inspector_id: uuid.UUID | None = None,
    contravention: bool | None = None,
    inspection_id: uuid.UUID | None = None,
    page: Page | None = None,
) -> list[InspectionView]:
    """Visits, latest first, with their findings (two queries, whatever the number)."""
    law(who).inspection()
    q = select(Inspection, Inspector).join(
        Inspector,
        (Inspector.tenant_id == Inspection.tenant_id) & (Inspector.id == Inspection.inspector_id),
    )
    if inspector_id is not None:
        q = q.where(Inspection.inspector_id == inspector_id)
    if contravention is not None:
        q = q.where(Inspection.contravention.is_(contravention))
    if inspection_id is not None:
        q = q.where(Inspection.id == inspection_id)
    # Latest first (ix_keeping_inspections_page).
    order = [(Inspection.at, True), (Inspection.id, True)]
    views = {v.id: InspectionView(v, p) for v, p in keyset.rows(session, q, page, order, False)}
    if views:
        for f in session.scalars(
            select(InspectionFinding)
            .where(InspectionFinding.inspection_id.in_(list(views)))
            .order_by(InspectionFinding.created_at, InspectionFinding.id)
        ):
            views[f.inspection_id].findings.append(f)
    return list(views.values())


def visit(session: Session, who: Principal, inspection_id: uuid.UUID) -> InspectionView | None:
    found = visits(session, who, inspection_id=inspection_id)
    return found[0] if found else None


def inspectors(
    session: Session,
    who: Principal,
    page: Page | None = None,
    inspector_id: uuid.UUID | None = None,
) -> list[tuple[Inspector, str | None]]:
    """Inspectors by name (ix_keeping_inspectors_page)."""
    law(who).inspection()
    q = select(Inspector, LocalAuthority.name).outerjoin(
        LocalAuthority,
        (LocalAuthority.tenant_id == Inspector.tenant_id)
        & (LocalAuthority.id == Inspector.local_authority_id),
    )
    if inspector_id is not None:
        q = q.where(Inspector.id == inspector_id)
    order = [(Inspector.name, False), (Inspector.id, False)]
    return [(i, n) for i, n in keyset.rows(session, q, page, order, scalars=False)]
