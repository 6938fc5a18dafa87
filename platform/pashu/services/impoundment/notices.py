"""The notices an Act requires on a case, rendered from the tenant's own templates, issued
through the register's rules (seizures.record_notice), and proclaimed when that is done."""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Protocol, cast

from sqlalchemy import CursorResult, select, update
from sqlalchemy.orm import Session

from pashu.core.documents import Document, when
from pashu.core.errors import Conflict, NotFound, PashuError
from pashu.core.legaltime import aware
from pashu.db import audit
from pashu.db.impoundment import AnimalStatus, Impoundment, Notice
from pashu.db.pounds import LocalAuthority, Pound
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.clocks import (
    FIELDS,
)
from pashu.jurisdictions.vocabulary import Action
from pashu.services.impoundment import cases, course, seizures
from pashu.services.tenancy.tenants import Principal


def describe(animals: Sequence[cases.HeldAnimal]) -> str:
    """The number and description of the animals, as the register has them."""
    heads = Counter(a.species for a in animals)
    parts = []
    for species, n in sorted(heads.items()):
        marks = sorted(
            {a.description for a in animals if a.species == species and a.description}
            | {f"tag {a.ear_tag}" for a in animals if a.species == species and a.ear_tag}
        )
        parts.append(f"{n} {species}" + (f" ({', '.join(marks)})" if marks else ""))
    return "; ".join(parts)


class NoticeCase(cases.CaseInstants, Protocol):
    """A case as a notice's fields read it: an `Impoundment`, or the sweep's narrower row."""

    @property
    def register_number(self) -> int: ...

    @property
    def place(self) -> str: ...

    @property
    def owner_name(self) -> str | None: ...

    @property
    def owner_address(self) -> str | None: ...


def fields(
    session: Session, case: Impoundment, issued_at: datetime, **extra: str
) -> dict[str, str]:
    """Everything a template may name (jurisdictions/clocks.FIELDS), from the register."""
    in_pound = [a for a in cases.animals(session, case) if a.status == AnimalStatus.IN_POUND.value]
    found = session.execute(
        select(Pound.name, LocalAuthority.name)
        .join(
            LocalAuthority,
            (LocalAuthority.tenant_id == Pound.tenant_id)
            & (LocalAuthority.id == Pound.local_authority_id),
        )
        .where(Pound.id == case.pound_id)
    ).one()
    return values_of(case, in_pound, found[0], found[1], issued_at, **extra)


def values_of(
    case: NoticeCase,
    in_pound: Sequence[cases.HeldAnimal],
    pound: str,
    authority: str,
    issued_at: datetime,
    **extra: str,
) -> dict[str, str]:
    """`fields` from what was read already (the sweep reads a batch of cases at once)."""
    values = {
        "register_number": str(case.register_number),
        "animals": describe(in_pound),
        "heads": str(len(in_pound)),
        "place_seized": case.place,
        "pound": pound,
        "authority": authority,
        "seized_at": when(case.seized_at),
        "impounded_at": when(case.impounded_at),
        "owner": f"{case.owner_name}, {case.owner_address}" if case.owner_name else "not known",
        "issued_at": when(issued_at),
        "auction_at": "",
        "auction_place": "",
        "conditions": "",
        "lots": "",
    }
    values.update(extra)
    assert set(values) == set(FIELDS)  # a template may use any field; all are filled
    return values


def render(plugin: Jurisdiction, action: Action, values: dict[str, str]) -> Document:
    """The notice for `action` in the tenant's template, filled in."""
    rule = plugin.clock_law().notice_template(action)
    t = rule.value
    return Document(
        t.title.format_map(values),
        [(label.format_map(values), value.format_map(values)) for label, value in t.rows],
        rule.cites,
        footer=t.footer.format_map(values),
    )


def issue(
    session: Session, who: Principal, case: Impoundment, action: Action, at: datetime
) -> Notice | None:
    """Issue the notice `action` on `case` at `at`, rendered from the tenant's template.

    Returns None when it was issued already (a second worker, a redelivered task): the
    register's unique key per case and kind makes the notice exist exactly once.
    """
    plugin = registry.get(who.jurisdiction)
    plugin.clock_law().notice_template(action)  # an Act without this notice refuses first
    doc = render(plugin, action, fields(session, case, at))
    try:
        return seizures.record_notice(
            session, who, impoundment_id=case.id, kind=action, issued_at=at, text=doc.text()
        )
    except Conflict:
        return None


def record(
    session: Session,
    who: Principal,
    *,
    impoundment_id: uuid.UUID,
    kind: Action,
    issued_at: datetime,
    proclaimed_at: datetime | None = None,
    text: str = "",
) -> Notice:
    """A notice recorded by hand as it was made. Where the Act prescribes what the notice
    states (Cattle Trespass Act 1985 s.14(2): (a) the number and description of the cattle,
    (b) where seized, (c) where impounded), the record carries it, from the register, as the
    sweep's notices do; the text as made, if given, follows it."""
    plugin = registry.get(who.jurisdiction)
    case = cases.get(session, impoundment_id)
    try:
        plugin.clock_law().notice_template(kind)
    except PashuError:  # the Act prescribes no notice of this kind: kept as given
        body = text
    else:
        doc = render(plugin, kind, fields(session, case, aware(issued_at)))
        given = text.strip()
        body = doc.text() + (f"\n\nAs made: {given}" if given else "")
    return seizures.record_notice(
        session,
        who,
        impoundment_id=impoundment_id,
        kind=kind,
        issued_at=issued_at,
        proclaimed_at=proclaimed_at,
        text=body,
    )


def late(
    plugin: Jurisdiction,
    case: cases.CaseInstants,
    issued: Sequence[cases.IssuedNotice],
    n: cases.IssuedNotice,
) -> bool:
    """Was `n` made after the time the Act allows for it?"""
    step = cases.step(cases.timeline(plugin, case, issued), Action(n.kind))
    return step is not None and step.window.is_late(n.issued_at)


def stored(plugin: Jurisdiction, n: Notice) -> Document:
    """The notice as issued: its stored text (the record), printable as PDF."""
    lines = n.text.splitlines()
    title = lines[0] if lines else n.kind
    body = "\n".join(line for line in lines[2:]) if len(lines) > 2 else ""
    try:
        cites = plugin.clock_law().notice_template(Action(n.kind)).cites
    except Exception:  # a notice recorded by hand for a kind without a template
        cites = []
    return Document(title, [], cites, footer=body.strip())


def record_proclamation(
    session: Session, who: Principal, *, notice_id: uuid.UUID, at: datetime
) -> Notice:
    """The notice was proclaimed (by beat of drum, by the Village Crier) at `at`; once."""
    who.require("clerk")
    plugin = registry.get(who.jurisdiction)
    notice = session.scalar(select(Notice).where(Notice.id == notice_id))
    if notice is None:
        raise NotFound("no such notice", field="noticeId")
    proclaimed = aware(at)
    case = cases.get(session, notice.impoundment_id)
    # The model of the case's course: where the Act has the notice proclaimed, once, after
    # it is issued, not after now.
    course.require(
        cases.load(session, plugin, case), course.Act.PROCLAIM, proclaimed, notice_id=notice.id
    )
    rule = plugin.clock_law().notice_template(Action(notice.kind))
    done = cast(
        CursorResult[Any],
        session.execute(
            update(Notice)
            .where(Notice.id == notice.id, Notice.proclaimed_at.is_(None))
            .values(proclaimed_at=proclaimed)
            .execution_options(synchronize_session="fetch")
        ),
    ).rowcount
    if done != 1:
        raise Conflict("the proclamation of this notice is recorded already")
    audit.record(
        session,
        who.actor,
        "impoundment.record_proclamation",
        f"Impoundment:{notice.impoundment_id}",
        before={"proclaimedAt": None},
        after={
            "notice": str(notice.id),
            "kind": notice.kind,
            "proclaimedAt": proclaimed.isoformat(),
            "by": rule.value.proclaimed_by,
        },
    )
    session.refresh(notice)
    return notice
