"""The clock's dashboard: the department's recent task runs and failures."""

from __future__ import annotations

import strawberry

from pashu.schema.clocks.types import TaskRun
from pashu.schema.context import Info
from pashu.schema.limits import page_size
from pashu.services import sweep

MAX_RUNS = 200


@strawberry.type
class ClocksQuery:
    @strawberry.field(description="Recent runs of the clock's tasks, newest first")
    async def task_runs(
        self, info: Info, first: int | None = 50, failed_only: bool = False
    ) -> list[TaskRun]:
        info.context.require()
        size = page_size(first, MAX_RUNS)
        rows = await info.context.read(lambda s: sweep.runs(s, size, failed_only))
        return [TaskRun.of(r) for r in rows]
