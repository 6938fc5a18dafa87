"""Per-request DataLoaders of the offences domain: a page of compensation orders reads their
payments or recoveries in one statement, not one per order."""

from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy.orm import Session
from strawberry.dataloader import DataLoader

from pashu.db.offences import CompensationRecovery
from pashu.schema.context import Context
from pashu.services.offences import compensation_orders


def recoveries(ctx: Context) -> DataLoader[uuid.UUID, CompensationRecovery | None]:
    name = "compensation_recoveries"
    if name not in ctx.loaders:

        async def load(ids: list[uuid.UUID]) -> list[Any]:
            def query(s: Session) -> list[Any]:
                return list(compensation_orders.recoveries(s, ids))

            return await ctx.read(query)

        ctx.loaders[name] = DataLoader(load)
    loader: DataLoader[uuid.UUID, CompensationRecovery | None] = ctx.loaders[name]
    return loader
