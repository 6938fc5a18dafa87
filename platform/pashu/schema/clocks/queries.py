"""The clock's dashboard: the department's recent task runs and failures."""

from __future__ import annotations

from typing import Annotated

import strawberry
from sqlalchemy import select

from pashu.db import clocks as db
from pashu.schema.clocks.types import Auction, TaskRun
from pashu.schema.context import Info
from pashu.schema.limits import page_size
from pashu.services import sweep

MAX_RUNS = 200


@strawberry.type
class ClocksQuery:
    @strawberry.field(description="Recent runs of the clock's tasks, newest first")
    async def task_runs(
        self,
        info: Info,
        first: Annotated[
            int | None, strawberry.argument(description="How many runs (at most the page maximum)")
        ] = 50,
        failed_only: Annotated[
            bool, strawberry.argument(description="Only runs that failed")
        ] = False,
    ) -> list[TaskRun]:
        info.context.require()
        size = page_size(first, MAX_RUNS)
        rows = await info.context.read(lambda s: sweep.runs(s, size, failed_only))
        return [TaskRun.of(r) for r in rows]


@strawberry.type
class AuctionsQuery:
    @strawberry.field(description="Auctions by date: the open ones (default) or all")
    async def auctions(
        self,
        info: Info,
        open_only: Annotated[
            bool, strawberry.argument(description="Only auctions not yet closed (default)")
        ] = True,
        first: Annotated[
            int | None,
            strawberry.argument(description="How many auctions (at most the page maximum)"),
        ] = 50,
    ) -> list[Auction]:
        info.context.require()
        size = page_size(first, MAX_RUNS)
        q = select(db.Auction).order_by(db.Auction.scheduled_for, db.Auction.id).limit(size)
        if open_only:
            q = q.where(db.Auction.closed_at.is_(None))
        rows = await info.context.read(lambda s: list(s.scalars(q)))
        return [Auction.of(a) for a in rows]
