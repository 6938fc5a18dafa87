"""The clock's dashboard: the department's recent task runs and failures."""

from __future__ import annotations

from typing import Annotated

import strawberry
from sqlalchemy import select

from pashu.db import clocks as db
from pashu.db import keyset
from pashu.schema.clocks.types import Auction, TaskRun
from pashu.schema.context import Info
from pashu.schema.paging import After, First, page
from pashu.services import clocks as sweep


@strawberry.type
class ClocksQuery:
    @strawberry.field(
        description="Runs of the clock's tasks, newest first (by start, then id); "
        "paged with `first` and `after`"
    )
    async def task_runs(
        self,
        info: Info,
        first: First = None,
        failed_only: Annotated[
            bool, strawberry.argument(description="Only runs that failed")
        ] = False,
        after: After = None,
    ) -> list[TaskRun]:
        info.context.require()
        asked = page("taskRuns", first, after, "TaskRun")
        rows = await info.context.read(lambda s: sweep.runs(s, asked, failed_only))
        return [TaskRun.of(r) for r in rows]


@strawberry.type
class AuctionsQuery:
    @strawberry.field(
        description="Auctions by date (the day scheduled, then id): the open ones (default) or "
        "all; paged with `first` and `after`"
    )
    async def auctions(
        self,
        info: Info,
        open_only: Annotated[
            bool, strawberry.argument(description="Only auctions not yet closed (default)")
        ] = True,
        first: First = None,
        after: After = None,
    ) -> list[Auction]:
        info.context.require()
        asked = page("auctions", first, after, "Auction")
        q = select(db.Auction)
        if open_only:
            q = q.where(db.Auction.closed_at.is_(None))
        order = [(db.Auction.scheduled_for, False), (db.Auction.id, False)]
        rows = await info.context.read(lambda s: keyset.rows(s, q, asked, order))
        return [Auction.of(a) for a in rows]
