"""Offence cases: recording an offence against a person, the officer's written report,
sending the case to court, and a court's order of forfeiture.

What an Act says -- which offences exist, who may be charged, whether a court needs a
written report, whether forfeiture exists -- comes from the tenant's plugin (its offence
catalogue and `penalties` rules). A case is a register entry: its status is read from the
rows recorded after it (steps, fines, compositions), never written over.
"""

from __future__ import annotations

import enum
import uuid
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.errors import Conflict, NotFound, NotInJurisdiction, ValidationError
from pashu.core.legaltime import aware
from pashu.core.people import Person
from pashu.db import audit, keyset
from pashu.db.keyset import Page
from pashu.db.offences import Composition, Fine, OffenceCase, OffenceStep
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.penalties import OffenderRole, PenaltyLaw
from pashu.jurisdictions.vocabulary import Offence
from pashu.services.impoundment import cases as impoundments
from pashu.services.tenancy.tenants import Principal

RECORDERS = ("clerk", "magistrate")


class StepKind(enum.Enum):
    REPORT = "REPORT"  # an authorised officer's written report of the facts
    SENT_TO_COURT = "SENT_TO_COURT"
    FORFEITURE = "FORFEITURE"  # a court's direction that the animals be forfeited


class CaseStatus(enum.Enum):
    RECORDED = "RECORDED"
    REPORTED = "REPORTED"
    IN_COURT = "IN_COURT"
    FINED = "FINED"
    COMPOUNDED = "COMPOUNDED"  # an acquittal: no further proceedings


def person(name: str, address: str, what: str) -> Person:
    clean = Person(" ".join(name.split()), " ".join(address.split()))
    if not clean.name or len(clean.name) > 200:
        raise ValidationError(f"the {what} needs a name of 1 to 200 characters", field=what)
    if not clean.address or len(clean.address) > 400:
        raise ValidationError(f"the {what} needs an address of 1 to 400 characters", field=what)
    return clean


def text(value: str, what: str, limit: int = 4000) -> str:
    clean = value.strip()
    if not clean or len(clean) > limit:
        raise ValidationError(f"{what} must be 1 to {limit} characters", field=what)
    return clean


@dataclass
class CaseView:
    """A case with everything recorded on it, in order."""

    case: OffenceCase
    offence: Offence
    steps: list[OffenceStep] = field(default_factory=list)
    fines: list[Fine] = field(default_factory=list)
    compositions: list[Composition] = field(default_factory=list)

    def has(self, kind: StepKind) -> bool:
        return any(s.kind == kind.value for s in self.steps)

    @property
    def status(self) -> CaseStatus:
        if self.compositions:
            return CaseStatus.COMPOUNDED
        if self.fines:
            return CaseStatus.FINED
        if self.has(StepKind.SENT_TO_COURT):
            return CaseStatus.IN_COURT
        if self.has(StepKind.REPORT):
            return CaseStatus.REPORTED
        return CaseStatus.RECORDED

    @property
    def forfeited(self) -> bool:
        return self.has(StepKind.FORFEITURE)


def law(plugin: Jurisdiction) -> PenaltyLaw:
    """The Act's penalty rules; an Act whose plugin has none provides none of them."""
    if plugin.penalties is None:
        acts = "; ".join(a.title for a in plugin.acts)
        raise NotInJurisdiction(f"{acts}: no penalty rules are encoded", jurisdiction=plugin.code)
    return plugin.penalties


def record_offence(
    session: Session,
    who: Principal,
    *,
    section: str,
    offender: Person,
    role: OffenderRole,
    committed_at: datetime,
    impoundment_id: uuid.UUID | None = None,
    corporation: str | None = None,
) -> CaseView:
    """A case naming an offence of the tenant's Act (NOT_IN_JURISDICTION if it has none)."""
    who.require(*RECORDERS)
    plugin = registry.get(who.jurisdiction)
    offence = plugin.offence(section)
    law(plugin).charge(offence, role)  # refuses a role the Act makes no one liable in
    aware(committed_at)
    corp = " ".join((corporation or "").split()) or None
    if role is OffenderRole.OFFICER_OF_CORPORATION and corp is None:
        raise ValidationError("an officer is charged for a named corporation", field="corporation")
    if impoundment_id is not None:
        impoundments.get(session, impoundment_id)  # NOT_FOUND unless the tenant's own
    case = OffenceCase(
        offence_code=offence.code,
        section=offence.section,
        offender_name=offender.name,
        offender_address=offender.address,
        offender_key=offender.key,
        role=role.value,
        corporation=corp,
        committed_at=committed_at,
        impoundment_id=impoundment_id,
        recorded_by=who.actor,
    )
    session.add(case)
    session.flush()
    audit.record(
        session,
        who.actor,
        "offence.record",
        f"OffenceCase:{case.id}",
        after={"section": offence.section, "offender": offender.name, "role": role.value},
    )
    return CaseView(case, offence)


def view(session: Session, plugin: Jurisdiction, case_id: uuid.UUID) -> CaseView:
    """The case of the caller's tenant, or NOT_FOUND (another tenant's is none at all)."""
    case = session.scalar(select(OffenceCase).where(OffenceCase.id == case_id))
    if case is None:
        raise NotFound("no such offence case")
    return _views(session, plugin, [case])[0]


def cases(
    session: Session,
    plugin: Jurisdiction,
    status: CaseStatus | None = None,
    page: Page | None = None,
) -> list[CaseView]:
    """The tenant's cases, latest committed first (ix_offence_cases_page). A case's status
    follows from its steps, so a page is filled batch by batch."""

    def keep(batch: list[OffenceCase]) -> list[CaseView]:
        return [v for v in _views(session, plugin, batch) if status is None or v.status is status]

    order = [(OffenceCase.committed_at, True), (OffenceCase.id, True)]
    return keyset.filled(session, select(OffenceCase), page, order, keep)


def _views(session: Session, plugin: Jurisdiction, rows: list[OffenceCase]) -> list[CaseView]:
    by_id = {r.id: CaseView(r, plugin.offence(r.offence_code)) for r in rows}
    if not by_id:
        return []
    ids = list(by_id)
    for step in session.scalars(
        select(OffenceStep).where(OffenceStep.case_id.in_(ids)).order_by(OffenceStep.at)
    ):
        by_id[step.case_id].steps.append(step)
    for fine in session.scalars(select(Fine).where(Fine.case_id.in_(ids)).order_by(Fine.at)):
        by_id[fine.case_id].fines.append(fine)
    for comp in session.scalars(
        select(Composition).where(Composition.case_id.in_(ids)).order_by(Composition.at)
    ):
        by_id[comp.case_id].compositions.append(comp)
    return [by_id[r.id] for r in rows]


def require_open(plugin: Jurisdiction, v: CaseView, doing: str) -> None:
    """s.10(3)-style effect: after composition (an acquittal) no further proceedings."""
    if v.compositions:
        rule = law(plugin).compounding(v.offence).value
        raise Conflict(
            f"the offence was compounded, which amounts to an acquittal: no {doing}",
            citation=rule.effect_cite,
        )


def not_before_offence(v: CaseView, at: datetime, what: str) -> None:
    if aware(at) < v.case.committed_at:
        raise ValidationError(f"{what} cannot precede the offence", field="at")


def _step(
    session: Session, who: Principal, v: CaseView, kind: StepKind, at: datetime, by: str, body: str
) -> CaseView:
    step = OffenceStep(
        case_id=v.case.id,
        kind=kind.value,
        at=at,
        authority=text(by, "authority", 200),
        text=text(body, "text"),
        recorded_by=who.actor,
    )
    session.add(step)
    session.flush()
    v.steps.append(step)
    audit.record(
        session,
        who.actor,
        f"offence.{kind.value.lower()}",
        f"OffenceCase:{v.case.id}",
        after={"authority": step.authority, "at": at.isoformat()},
    )
    return v


def record_report(
    session: Session, who: Principal, case_id: uuid.UUID, at: datetime, officer: str, facts: str
) -> CaseView:
    """An authorised officer's report in writing of the facts of the offence."""
    who.require(*RECORDERS)
    plugin = registry.get(who.jurisdiction)
    v = view(session, plugin, case_id)
    require_open(plugin, v, "report")
    not_before_offence(v, at, "a report")
    if v.has(StepKind.REPORT):
        raise Conflict("the case has a written report already")
    return _step(session, who, v, StepKind.REPORT, at, officer, facts)


def send_to_court(
    session: Session, who: Principal, case_id: uuid.UUID, at: datetime, court: str
) -> CaseView:
    """Refused where the Act lets a court take cognizance only on a written report and the
    case has none; and after a composition (an acquittal)."""
    who.require(*RECORDERS)
    plugin = registry.get(who.jurisdiction)
    v = view(session, plugin, case_id)
    require_open(plugin, v, "sending to court")
    not_before_offence(v, at, "sending to court")
    require_cognizable(plugin, v)
    if v.has(StepKind.SENT_TO_COURT):
        raise Conflict("the case is in court already")
    return _step(session, who, v, StepKind.SENT_TO_COURT, at, court, f"sent to {court}")


def require_cognizable(plugin: Jurisdiction, v: CaseView) -> None:
    needs_report = law(plugin).cognizance()
    if needs_report.value and not v.has(StepKind.REPORT):
        raise ValidationError(
            "no court takes cognizance of this offence without an authorised officer's written "
            "report of the facts; record the report first",
            citation=needs_report.cites[0],
        )


def order_forfeiture(
    session: Session, who: Principal, case_id: uuid.UUID, at: datetime, court: str, things: str
) -> CaseView:
    """A direction by the court trying the case that the animals be forfeited."""
    who.require("magistrate")
    plugin = registry.get(who.jurisdiction)
    rule = law(plugin).forfeiture()
    v = view(session, plugin, case_id)
    require_open(plugin, v, "forfeiture")
    if not v.has(StepKind.SENT_TO_COURT):
        raise ValidationError(
            "only the court trying the case may direct forfeiture; the case is not in court",
            citation=rule.cites[0],
        )
    if v.forfeited:
        raise Conflict("forfeiture has been directed already")
    not_before_offence(v, at, "a forfeiture order")
    return _step(session, who, v, StepKind.FORFEITURE, at, court, things)
