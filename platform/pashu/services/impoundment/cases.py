"""Loading a case from the registers, and the facts of its course (`load`), for the model of
that course (course.py), which decides what the law says about it. The model's rules are
named here too, for the services that have always called them through `cases`."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal
from functools import cache
from typing import Any, Protocol, cast

from sqlalchemy import CursorResult, Select, select, update
from sqlalchemy.orm import Session

from pashu.core.errors import Conflict, NotFound
from pashu.db import bulk
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
from pashu.db.ledger import LedgerEntry, LedgerTransaction
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
    FineFact,
    LedgerLeg,
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
from pashu.services.ledger import ledger
from pashu.services.ledger.accounts import body_of
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
    *,
    money: bool = False,
) -> CourseFacts:
    """The facts of the case's course as the registers hold them: the one loader the
    mutations and the sweep build the model from (`all_animals`: read already). `money`:
    with the rates notified and the case's ledger, for its dues and its books."""
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
            Delivery.at,
            Delivery.under_protest,
            Delivery.amount_paid,
            Delivery.lines,
            Delivery.deposit_ledger_key,
            Delivery.id,
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
            delivery_fact(at, protest, amount, lines, key, id_, applied is not None)
            for at, protest, amount, lines, key, id_, applied in delivered
        ),
        fines=tuple(fine_facts(session, case.id)),
        auctions=tuple(AuctionFact(*r) for r in rounds),
        filed=tuple(
            ComplaintFact(id_, at, decided, bool(illegal), owes or ZERO)
            for id_, at, decided, illegal, owes in complained
        ),
        corrected=case.status == CaseStatus.CORRECTED.value,
        **(
            {
                "rates": tuple(rates(session)),
                "ledger": tuple(ledger_legs(session, [case.id]).get(case.id, ())),
                "body": body_of(session, case),
            }
            if money
            else {}
        ),
    )


ZERO = Decimal("0.00")
RECOVERED_FROM = "payer:buyer"  # the buyer's price pays a fine recovered by sale (fines.py)


def fine_facts(
    session: Session, case_id: uuid.UUID | None = None, fine_id: uuid.UUID | None = None
) -> list[FineFact]:
    """The fines on conviction for the trespass of the case's cattle (their offence linked to
    the case), or the one fine named, as a sale recovering one reads them: each with its
    amount, when it was imposed, its offence's section, when it was paid or recovered in
    full (its ledger key, `fines.ledger_key`) and what sales recovered of it so far (each
    part its own transaction keyed under the fine's, `fines.part_key`)."""
    q = select(Fine.id, Fine.at, Fine.amount, OffenceCase.section).join(
        OffenceCase,
        (OffenceCase.tenant_id == Fine.tenant_id) & (OffenceCase.id == Fine.case_id),
    )
    if case_id is not None:
        q = q.where(OffenceCase.impoundment_id == case_id)
    if fine_id is not None:
        q = q.where(Fine.id == fine_id)
    rows = session.execute(q.order_by(Fine.at, Fine.id)).all()
    if not rows:
        return []
    keys = {f"fine:{r[0]}": r[0] for r in rows}
    paid = dict(
        session.execute(
            select(LedgerTransaction.key, LedgerTransaction.at).where(
                bulk.among(session, LedgerTransaction.key, keys)
            )
        ).all()
    )
    recovered: dict[uuid.UUID, Decimal] = {}
    for key, key_id in keys.items():
        recovered[key_id] = -ledger.posted_under(session, key, RECOVERED_FROM)
    return [
        FineFact(id_, at, amount, section, paid.get(f"fine:{id_}"), recovered[id_])
        for id_, at, amount, section in rows
    ]


def fines_of(lines: Sequence[dict[str, Any]]) -> Decimal:
    """The fines a receipt's lines reckoned."""
    return sum((Decimal(x["amount"]) for x in lines if x["kind"] == "FINE"), ZERO)


def delivery_fact(
    at: datetime,
    under_protest: bool,
    amount: Decimal,
    lines: Sequence[dict[str, Any]],
    key: str | None,
    id_: uuid.UUID | None = None,
    applied: bool = False,
) -> DeliveryFact:
    """A delivery as the model reads it, its fines taken from the dues its receipt itemised
    (`applied`: a deposit under protest applied to the dues already)."""
    return DeliveryFact(at, under_protest, amount, fines_of(lines), key, id=id_, applied=applied)


@cache
def _legs(dialect: str) -> Select[str, uuid.UUID, datetime, str, str | None, str, Decimal]:
    """`ledger_legs`' statement, built once per dialect (the case page reads it every time)."""
    t, e = LedgerTransaction, LedgerEntry
    return (
        select(t.subject, t.id, t.at, t.kind, t.key, e.account, e.amount)
        .join(e, (e.tenant_id == t.tenant_id) & (e.transaction_id == t.id))
        .where(bulk.among_named(dialect, t.subject, "subjects"))
        .order_by(t.at, t.id, e.account)
    )


def ledger_legs(
    session: Session, case_ids: Sequence[uuid.UUID]
) -> dict[uuid.UUID, list[LedgerLeg]]:
    """The legs of the ledger transactions about each case, in one statement for them all."""
    subjects = {f"Impoundment:{i}": i for i in case_ids}
    rows = session.execute(_legs(session.get_bind().dialect.name), {"subjects": list(subjects)})
    found: dict[uuid.UUID, list[LedgerLeg]] = {i: [] for i in case_ids}
    for subject, tx, at, kind, key, acct, amount in rows:
        found[subjects[subject]].append(LedgerLeg(tx, at, kind, key, acct, amount))
    return found


class HasCaseStatus(Protocol):
    """A case whose status follows its animals: an `Impoundment`, or the sweep's row."""

    status: str


def refresh_status(case: HasCaseStatus, all_animals: Sequence[HeldAnimal]) -> None:
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
