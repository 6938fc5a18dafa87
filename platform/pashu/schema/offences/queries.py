"""Offence cases and vicious-animal status (a token, any role)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import strawberry
from sqlalchemy.orm import Session

from pashu.jurisdictions import registry
from pashu.schema.context import Info
from pashu.schema.law.types import cites
from pashu.schema.offences.types import CompensationOrder, OffenceCase, ViciousStatus
from pashu.schema.paging import After, First, page
from pashu.services.offences import compensation_orders, offences, vicious
from pashu.services.offences.fines import ledger_key, paid_at
from pashu.services.offences.offences import CaseStatus


@strawberry.type
class OffencesQuery:
    @strawberry.field(
        description="The tenant's offence cases, latest committed first (then id); paged with "
        "`first` and `after`"
    )
    async def offence_cases(
        self,
        info: Info,
        status: Annotated[
            CaseStatus | None, strawberry.argument(description="Only cases in this status")
        ] = None,
        first: First = None,
        after: After = None,
    ) -> list[OffenceCase]:
        who = info.context.require()
        asked = page("offenceCases", first, after, "OffenceCase")

        def load(s: Session) -> list[OffenceCase]:
            views = offences.cases(s, registry.get(who.jurisdiction), status, asked)
            paid = paid_at(s, [ledger_key(f) for v in views for f in v.fines])
            return [OffenceCase.of(v, paid) for v in views]

        return await info.context.read(load)

    @strawberry.field(
        description="The tenant's compensation orders, latest ordered first (then id), each "
        "with its payment or recovery as a fine (null: not yet); paged with `first` and `after`"
    )
    async def compensation_orders(
        self,
        info: Info,
        unrecovered: Annotated[
            bool,
            strawberry.argument(
                description="Only the orders not yet recorded paid or recovered as a fine"
            ),
        ] = False,
        first: First = None,
        after: After = None,
    ) -> list[CompensationOrder]:
        who = info.context.require()
        asked = page("compensationOrders", first, after, "CompensationOrder")

        def load(s: Session) -> list[CompensationOrder]:
            found = compensation_orders.orders(s, who, unrecovered, asked)
            return [CompensationOrder.of(row, cites(c)) for row, c in found]

        return await info.context.read(load)

    @strawberry.field(description="Whether an animal is vicious at an instant, with citations")
    async def vicious_status(
        self,
        info: Info,
        animal: Annotated[
            str, strawberry.argument(description="The animal, as recorded on its events")
        ],
        at: Annotated[
            datetime, strawberry.argument(description="The instant judged (ISO 8601 with offset)")
        ],
    ) -> ViciousStatus:
        who = info.context.require()
        return ViciousStatus.of(
            await info.context.read(lambda s: vicious.status(s, who, animal, at))
        )
