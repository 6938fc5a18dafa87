"""Due work done one piece at a time, each decided by the law exactly as the batch
(services/clocks/_batch.py) decides it for many: a case's notices in order and then its
auction, a claim window closed, a tax instalment reminded, a deposit under protest applied.
The batch falls back to these when a batch cannot be written whole.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.legaltime import aware, ist
from pashu.db.impoundment import Impoundment
from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import Action
from pashu.services.clocks._due import CASE, DEPOSIT, INSTALMENT, Due, DueAction
from pashu.services.impoundment import (
    auctions,
    cases,
    deposits,
    notices,
    protest_deposits,
)
from pashu.services.impoundment.seizures import NOTICE_ACTIONS
from pashu.services.registration import reminders
from pashu.services.tenancy.tenants import Principal


def act_on_case(
    session: Session, who: Principal, case_id: uuid.UUID, as_of: datetime
) -> list[DueAction]:
    """Do the case's duties that have come by `as_of`: issue the notices in order, then
    schedule the auction. The case row is locked, so two workers take turns."""
    when = aware(as_of)
    plugin = registry.get(who.jurisdiction)
    case = session.scalar(
        select(Impoundment)
        .where(Impoundment.id == case_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    done: list[DueAction] = []
    # The case's next duty is the model of its course's answer (course.next_action, written
    # on the row by course.schedule after every act): what nextAction shows, and what the
    # batch (services/clocks/_batch.py) reads the same way.
    while case is not None and case.next_action is not None and case.next_action_at is not None:
        if case.next_action_at > when:
            break
        action = Action(case.next_action)
        if action in NOTICE_ACTIONS:
            notice = notices.issue(session, who, case, action, when)
            if notice is None:  # issued already by another worker
                break
            issued = cases.notices(session, case.id)
            done.append(
                DueAction(
                    action.value,
                    case.id,
                    when,
                    late=notices.late(plugin, case, issued, notice),
                    notice_id=notice.id,
                )
            )
            continue
        if action is Action.AUCTION:
            auction = auctions.schedule(session, who, case, when)
            if auction is not None:
                done.append(
                    DueAction(
                        "SCHEDULE_AUCTION",
                        case.id,
                        when,
                        auction_id=auction.id,
                        detail=f"round {auction.round} on {ist(auction.scheduled_for)}",
                    )
                )
        break
    return done


def act_on_window(
    session: Session, who: Principal, window_id: uuid.UUID, as_of: datetime
) -> list[DueAction]:
    closed = deposits.close_window(session, who, window_id, as_of)
    if closed is None:
        return []
    kind = "CREDIT_UNCLAIMED_SURPLUS" if closed.moved else "CLOSE_CLAIM_WINDOW"
    return [DueAction(kind, closed.impoundment_id, closed.at, detail=closed.outcome)]


def act_on_instalment(
    session: Session, who: Principal, instalment_id: uuid.UUID, as_of: datetime
) -> list[DueAction]:
    reminder = reminders.remind(session, who, instalment_id, as_of)
    if reminder is None:  # reminded already by another worker
        return []
    return [
        DueAction(
            "TAX_INSTALMENT_DUE",
            None,
            reminder.issued_at,
            instalment_id=instalment_id,
            detail=reminder.text.splitlines()[0],
        )
    ]


def act_on_deposit(
    session: Session, who: Principal, delivery_id: uuid.UUID, as_of: datetime
) -> list[DueAction]:
    applied = protest_deposits.apply(session, who, delivery_id, as_of)
    if applied is None:
        return []
    return [
        DueAction(
            "APPLY_PROTEST_DEPOSIT", applied.impoundment_id, applied.at, detail=applied.detail
        )
    ]


def act(session: Session, who: Principal, due: Due, as_of: datetime) -> list[DueAction]:
    if due.kind == DEPOSIT:
        return act_on_deposit(session, who, due.id, as_of)
    if due.kind == CASE:
        return act_on_case(session, who, due.id, as_of)
    if due.kind == INSTALMENT:
        return act_on_instalment(session, who, due.id, as_of)
    return act_on_window(session, who, due.id, as_of)
