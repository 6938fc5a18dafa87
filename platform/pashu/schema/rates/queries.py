"""The tenant's rate notifications (needs a token, any role)."""

from __future__ import annotations

from datetime import date
from typing import Annotated

import strawberry
from sqlalchemy.orm import Session

from pashu.db import keyset
from pashu.db.rates import RateNotification as RateNotificationRow
from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import RateKind
from pashu.schema.context import Info
from pashu.schema.paging import After, First, page
from pashu.schema.rates.types import RateNotification
from pashu.services.rates import rates


@strawberry.type
class RatesQuery:
    @strawberry.field(
        description="The tenant's notifications in the order published (then id); with "
        "`asOf`, only those in force that day, by kind, species and day effective; paged with "
        "`first` and `after`"
    )
    async def notifications(
        self,
        info: Info,
        kind: Annotated[
            RateKind | None, strawberry.argument(description="Only notifications of this rate kind")
        ] = None,
        as_of: Annotated[
            date | None, strawberry.argument(description="Only those in force on this day")
        ] = None,
        first: First = None,
        after: After = None,
    ) -> list[RateNotification]:
        principal = info.context.require()
        asked = page("notifications", first, after, "RateNotification")

        def load(s: Session) -> list[RateNotificationRow]:
            if as_of is None:
                return rates.notifications(s, kind, asked)
            plugin = registry.get(principal.jurisdiction)
            # What is in force is worked out from every notification, and holds one per
            # kind, species and area: a page of that answer.
            found = rates.rates_in_force(s, plugin, as_of, kind)
            return keyset.in_memory(found, asked, lambda r: r.id)

        rows = await info.context.read(load)
        return [RateNotification.of(r, principal.jurisdiction) for r in rows]
