"""Loading a case from the registers, and the facts of its course (`load`), for the model of
that course (course.py), which decides what the law says about it. The model's rules are
named here too, for the services that have always called them through `cases`."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any, cast

from sqlalchemy import CursorResult, select, update
from sqlalchemy.orm import Session

from pashu.core.errors import Conflict, NotFound
from pashu.db.clocks import Auction
from pashu.db.complaints import Complaint, ComplaintDecision
from pashu.db.impoundment import (
    AnimalStatus,
    CaseStatus,
    Delivery,
    ImpoundedAnimal,
    Impoundment,
    Notice,
    Sale,
)
from pashu.db.ledger import LedgerTransaction
from pashu.db.offences import Fine, OffenceCase
from pashu.db.refusals import ReleaseOrder
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.notifications import Notification
from pashu.services.impoundment.course import DUTIES as DUTIES
from pashu.services.impoundment.course import (
    AuctionFact,
    ComplaintFact,
    CourseFacts,
    DeliveryFact,
    facts_of,
)
from pashu.services.impoundment.course import CaseInstants as CaseInstants
from pashu.services.impoundment.course import HasStatus as HasStatus
from pashu.services.impoundment.course import HeldAnimal as HeldAnimal
from pashu.services.impoundment.course import IssuedNotice as IssuedNotice
from pashu.services.impoundment.course import SoldAt as SoldAt
from pashu.services.impoundment.course import chosen as chosen
from pashu.services.impoundment.course import claim_window as claim_window
from pashu.services.impoundment.course import complaint_open as complaint_open
from pashu.services.impoundment.course import course_timeline as course_timeline
from pashu.services.impoundment.course import done_at as done_at
from pashu.services.impoundment.course import events as events
from pashu.services.impoundment.course import forget_timelines as forget_timelines
from pashu.services.impoundment.course import no_longer_required as no_longer_required
from pashu.services.impoundment.course import not_before_reckoned as not_before_reckoned
from pashu.services.impoundment.course import schedule as schedule
from pashu.services.impoundment.course import step as step
from pashu.services.impoundment.course import timeline as timeline
from pashu.services.rates.rates import load as load_rates


def get(session: Session, impoundment_id: uuid.UUID, *, lock: bool = False) -> Impoundment:
    """The case, in the caller's tenant; another tenant's looks like none at all."""
    q = select(Impoundment).where(Impoundment.id == impoundment_id)
    if lock:
        q = q.with_for_update()
    case = session.scalar(q)
    if case is None:
        raise NotFound("no such impoundment")
    return case


def animals(session: Session, case: Impoundment) -> list[ImpoundedAnimal]:
    return list(
        session.scalars(
            select(ImpoundedAnimal)
            .where(ImpoundedAnimal.impoundment_id == case.id)
            .order_by(ImpoundedAnimal.id)
        )
    )


def notices(session: Session, case_id: uuid.UUID) -> list[Notice]:
    return list(session.scalars(select(Notice).where(Notice.impoundment_id == case_id)))


def rates(session: Session) -> list[Notification]:
    return load_rates(session)


def sales(session: Session, case_id: uuid.UUID) -> list[Sale]:
    q = select(Sale).where(Sale.impoundment_id == case_id)
    return list(session.scalars(q.order_by(Sale.at, Sale.created_at)))


def load(
    session: Session,
    plugin: Jurisdiction,
    case: Impoundment,
    all_animals: Sequence[ImpoundedAnimal] | None = None,
) -> CourseFacts:
    """The facts of the case's course as the registers hold them: the one loader the
    mutations and the sweep build the model from (`all_animals`: read already)."""
    held = animals(session, case) if all_animals is None else all_animals
    # Each complaint with its decision, in one statement.
    complained = session.execute(
        select(
            Complaint.id,
            Complaint.at,
            ComplaintDecision.at,
            ComplaintDecision.illegal,
            ComplaintDecision.seizer_owes,
        )
        .outerjoin(
            ComplaintDecision,
            (ComplaintDecision.tenant_id == Complaint.tenant_id)
            & (ComplaintDecision.complaint_id == Complaint.id),
        )
        .where(Complaint.impoundment_id == case.id)
        .order_by(Complaint.at)
    ).all()
    released = session.scalars(
        select(ReleaseOrder.released_at)
        .where(ReleaseOrder.impoundment_id == case.id)
        .order_by(ReleaseOrder.released_at)
    )
    # Each delivery with whether its deposit under protest was applied (its ledger key).
    delivered = session.execute(
        select(
            Delivery.id,
            Delivery.at,
            Delivery.under_protest,
            Delivery.lines,
            LedgerTransaction.id,
        )
        .outerjoin(
            LedgerTransaction,
            (LedgerTransaction.tenant_id == Delivery.tenant_id)
            & (LedgerTransaction.key == Delivery.deposit_ledger_key),
        )
        .where(Delivery.impoundment_id == case.id)
        .order_by(Delivery.at)
    )
    fined = session.scalars(
        select(Fine.id)
        .join(
            OffenceCase,
            (OffenceCase.tenant_id == Fine.tenant_id) & (OffenceCase.id == Fine.case_id),
        )
        .where(OffenceCase.impoundment_id == case.id)
        .order_by(Fine.at)
    )
    rounds = session.execute(
        select(Auction.id, Auction.scheduled_for, Auction.notice_issued_at, Auction.closed_at)
        .where(Auction.impoundment_id == case.id)
        .order_by(Auction.round)
    )
    return facts_of(
        plugin,
        case,
        notices(session, case.id),
        held,
        sales(session, case.id),
        complaints=tuple(at for _, at, *_ in complained),
        release_orders=tuple(released),
        deliveries=tuple(
            DeliveryFact(at, protest, id_, fines_of(lines), applied is not None)
            for id_, at, protest, lines, applied in delivered
        ),
        fines=tuple(fined),
        auctions=tuple(AuctionFact(*r) for r in rounds),
        filed=tuple(
            ComplaintFact(id_, at, decided, bool(illegal), owes or ZERO)
            for id_, at, decided, illegal, owes in complained
        ),
        corrected=case.status == CaseStatus.CORRECTED.value,
    )


ZERO = Decimal("0.00")


def fines_of(lines: Sequence[dict[str, Any]]) -> Decimal:
    """The fines a receipt's lines reckoned."""
    return sum((Decimal(x["amount"]) for x in lines if x["kind"] == "FINE"), ZERO)


def refresh_status(case: Impoundment, all_animals: Sequence[HeldAnimal]) -> None:
    """Keep the case's status in step with its animals (for the dashboard's filters)."""
    states = {a.status for a in all_animals}
    if states == {AnimalStatus.IN_POUND.value}:
        case.status = CaseStatus.IMPOUNDED.value
    elif AnimalStatus.IN_POUND.value in states:
        case.status = CaseStatus.PARTLY_RELEASED.value
    elif states == {AnimalStatus.DELIVERED.value}:
        case.status = CaseStatus.DELIVERED.value
    else:
        case.status = CaseStatus.DISPOSED.value


def release(
    session: Session,
    chosen: Sequence[ImpoundedAnimal],
    status: AnimalStatus,
    at: datetime,
    **link: uuid.UUID,
) -> None:
    """Take animals out of the pound, exactly once: a second clerk racing for the same
    animals finds them gone and gets CONFLICT (the caller's transaction rolls back)."""
    ids = [a.id for a in chosen]
    done = cast(
        CursorResult[Any],
        session.execute(
            update(ImpoundedAnimal)
            .where(
                ImpoundedAnimal.id.in_(ids),
                ImpoundedAnimal.status == AnimalStatus.IN_POUND.value,
            )
            .values(status=status.value, released_at=at, **link)
            .execution_options(synchronize_session="fetch")
        ),
    ).rowcount
    if done != len(ids):
        raise Conflict("some of these animals have already left the pound")


def refresh(
    session: Session,
    plugin: Jurisdiction,
    case: Impoundment,
    all_animals: Sequence[ImpoundedAnimal],
) -> None:
    """After anything happens to a case: its status and its next duty."""
    refresh_status(case, all_animals)
    schedule(plugin, case, notices(session, case.id), all_animals)
