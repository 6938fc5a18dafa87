"""Running the clock on demand, proclamations, and auctions."""

from __future__ import annotations

import time
import uuid
from datetime import UTC, datetime
from decimal import Decimal
from typing import Annotated

import strawberry
from sqlalchemy.orm import Session

from pashu.core.errors import Conflict, in_row
from pashu.core.legaltime import aware
from pashu.core.recorded_at import act_at
from pashu.db.clocks import RunOutcome
from pashu.observability import metrics
from pashu.schema.clocks.types import Auction, DueAction
from pashu.schema.context import Info
from pashu.schema.impoundment.mutations import BuyerInput
from pashu.schema.impoundment.queries import decode_id
from pashu.schema.impoundment.types import Notice
from pashu.services import clocks as sweep
from pashu.services.impoundment import auctions, cases, notices
from pashu.services.impoundment.seizures import Person

# Every mutation takes one argument, `input`, whose type describes each of its fields.
INPUT = "What to record; each field is described on the input type"


@strawberry.input(description="Run the law's clocks for the tenant as of an instant")
class RunDueActionsInput:
    as_of: datetime | None = strawberry.field(default=None, description="Default: now")


@strawberry.input(description="A notice proclaimed")
class RecordProclamationInput:
    notice_id: strawberry.ID = strawberry.field(description="The notice's global id")
    at: datetime = strawberry.field(
        description="When it was proclaimed (ISO 8601 with offset; not after now)"
    )


@strawberry.input(description="An auction of a case's animals")
class ScheduleAuctionInput:
    impoundment_id: strawberry.ID = strawberry.field(description="The case's global id")
    scheduled_for: datetime | None = strawberry.field(
        default=None, description="When it is to be held"
    )
    place: str | None = strawberry.field(default=None, description="Where")
    conditions: str | None = strawberry.field(default=None, description="The conditions of sale")
    at: datetime | None = strawberry.field(
        default=None, description="When the public notice is issued (default: now)"
    )


@strawberry.input(description="What became of one lot")
class LotResultInput:
    lot_id: strawberry.ID = strawberry.field(description="The lot's global id")
    buyer: BuyerInput = strawberry.field(description="Who bought; omitted when unsold")
    price: Decimal = strawberry.field(description="The price in rupees (decimal string)")
    expenses: Decimal = strawberry.field(
        default=Decimal("0.00"), description="The expenses in rupees (decimal string)"
    )


@strawberry.input(description="An auction closed with its results")
class CloseAuctionInput:
    auction_id: strawberry.ID = strawberry.field(description="The auction's global id")
    at: datetime = strawberry.field(
        description="When it closed (ISO 8601 with offset; not after now)"
    )
    results: list[LotResultInput] = strawberry.field(
        description="The lots sold; the others stay in the pound and may be put up again"
    )


def _lot_id(gid: strawberry.ID, index: int) -> uuid.UUID:
    """A result's lot: one not a lot's id names the result."""
    with in_row("results", index):
        return decode_id(gid, "AuctionLot", "results.lotId")


@strawberry.type
class ClocksMutation:
    @strawberry.mutation(description="Do the department's due work now, as the sweep would")
    async def run_due_actions(
        self,
        info: Info,
        input: Annotated[
            RunDueActionsInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> list[DueAction]:
        who = info.context.require("clerk")
        when = aware(input.as_of) if input.as_of else datetime.now(UTC)

        def run(s: Session) -> list[DueAction]:
            started_seconds, started_at = time.monotonic(), datetime.now(UTC)
            done, failed = sweep.run(s, who, when)
            run_ = sweep.run_row(
                task="runDueActions",
                subject=None,
                as_of=when,
                outcome=RunOutcome.FAILED if failed else RunOutcome.OK,
                started_seconds=started_seconds,
                started_at=started_at,
                actions=len(done),
                error="; ".join(f"{f.due.kind} {f.due.id}: {f.code} {f.message}" for f in failed)
                or None,
            )
            s.add(run_)
            # Counted as the workers count theirs: a case the clock could not do shows on
            # the dashboard's failed runs and in pashu_task_runs_total{outcome="FAILED"}.
            metrics.observe_task("runDueActions", run_.outcome, time.monotonic() - started_seconds)
            return [DueAction.of(a) for a in done]

        return await info.context.write(run)

    @strawberry.mutation(description="Record when a notice was proclaimed (drum, Village Crier)")
    async def record_proclamation(
        self,
        info: Info,
        input: Annotated[
            RecordProclamationInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> Notice:
        who = info.context.require()
        notice_id = decode_id(input.notice_id, "Notice", "noticeId")
        return Notice.of(
            await info.context.write(
                lambda s: notices.record_proclamation(
                    s, who, notice_id=notice_id, at=act_at(input.at, "at")
                )
            )
        )

    @strawberry.mutation(description="Put a case's animals up for auction (a new round)")
    async def schedule_auction(
        self,
        info: Info,
        input: Annotated[
            ScheduleAuctionInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> Auction:
        who = info.context.require()
        case_id = decode_id(input.impoundment_id, "Impoundment", "impoundmentId")

        def run(s: Session) -> Auction:
            case = cases.get(s, case_id, lock=True)
            made = auctions.schedule(
                s,
                who,
                case,
                act_at(input.at, "at") if input.at else datetime.now(UTC),
                scheduled_for=input.scheduled_for,
                place=input.place,
                conditions=input.conditions,
            )
            if made is None:
                raise Conflict("an auction of this case is open; close it first")
            return Auction.of(made)

        return await info.context.write(run)

    @strawberry.mutation(description="Record an auction's results; sales go through recordSale")
    async def close_auction(
        self,
        info: Info,
        input: Annotated[
            CloseAuctionInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> Auction:
        who = info.context.require()
        auction_id = decode_id(input.auction_id, "Auction", "auctionId")
        results = [
            auctions.LotResult(
                lot_id=_lot_id(r.lot_id, i),
                buyer=Person(r.buyer.name, r.buyer.address),
                buyer_role=str(r.buyer.role),
                price=r.price,
                expenses=r.expenses,
            )
            for i, r in enumerate(input.results)
        ]
        return Auction.of(
            await info.context.write(
                lambda s: auctions.close(
                    s, who, auction_id=auction_id, at=act_at(input.at, "at"), results=results
                )
            )
        )
