"""A rate notification as the API shows it, with the bound the Act puts on its kind."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal

import strawberry
from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.db.rates import RateNotification as RateNotificationRow
from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import RateKind, RateRule
from pashu.schema.context import Context
from pashu.schema.law.types import Citation, cites
from pashu.schema.node import Node, node_type, to_global_id


@strawberry.type(description="The Act's cap on a rate: `factor` × the `base` rate in force")
class RateBound:
    factor: Decimal = strawberry.field(
        description="How many times the base the rate may be at most (decimal string)"
    )
    base: RateKind = strawberry.field(description="The rate it is bounded by")
    citation: Citation = strawberry.field(description="The provision setting the bound")


@strawberry.type(description="An amount fixed by notification from a date (a gazette record)")
class RateNotification(Node):
    kind: RateKind = strawberry.field(description="The rate's kind")
    species: str | None = strawberry.field(description="null: every species")
    amount: Decimal = strawberry.field(description="The amount in rupees (decimal string)")
    effective_from: date = strawberry.field(description="The day it takes effect (IST)")
    published_on: date = strawberry.field(
        description="The day the Gazette published it (IST); never after effectiveFrom. "
        "Notifications entered before it was recorded show their effective day"
    )
    aerodrome: str | None = strawberry.field(
        description="The aerodrome a rate fixed for aerodromes is for (it governs seizures "
        "whose place names it); null for any other rate"
    )
    reference: str = strawberry.field(description="The gazette reference")
    published_by: str = strawberry.field(description="Who entered it")
    created_at: datetime = strawberry.field(
        description="When it was entered (ISO 8601 with offset, shown in IST)"
    )
    local_authority_id: strawberry.ID | None = strawberry.field(
        description="Limited to this local authority's pounds; null with poundId: every area"
    )
    pound_id: strawberry.ID | None = strawberry.field(description="Limited to this pound")
    _jurisdiction: strawberry.Private[str]
    explanation: str | None = strawberry.field(
        default=None,
        description="On publishing: why it was admitted (the bound checked, or a higher rate a "
        "new base now holds down); null when read back",
    )

    def _rule(self) -> RateRule | None:
        return registry.get(self._jurisdiction).rate_rules().get(self.kind)

    @strawberry.field(description="The cap the Act puts on this kind; null when none")
    def bound(self) -> RateBound | None:
        rule = self._rule()
        if rule is None or rule.bound_base is None or rule.bound_factor is None:
            return None
        return RateBound(
            factor=rule.bound_factor, base=rule.bound_base, citation=Citation.of(rule.cites[0])
        )

    @strawberry.field(description="The provisions that leave this rate to notification")
    def citations(self) -> list[Citation]:
        rule = self._rule()
        return cites(rule.cites) if rule is not None else []

    @classmethod
    def of(
        cls, row: RateNotificationRow, jurisdiction: str, explanation: str | None = None
    ) -> RateNotification:
        return cls(
            id=to_global_id("RateNotification", row.id),
            kind=RateKind(row.kind),
            species=row.species,
            amount=row.amount,
            effective_from=row.effective_from,
            published_on=row.published_on,
            aerodrome=row.aerodrome,
            reference=row.reference,
            published_by=row.published_by,
            created_at=row.created_at,
            local_authority_id=to_global_id("LocalAuthority", row.local_authority_id)
            if row.local_authority_id
            else None,
            pound_id=to_global_id("Pound", row.pound_id) if row.pound_id else None,
            _jurisdiction=jurisdiction,
            explanation=explanation,
        )


@node_type("RateNotification")
async def _notification(ctx: Context, pk: uuid.UUID) -> RateNotification | None:
    principal = ctx.require()

    def load(s: Session) -> RateNotificationRow | None:
        return s.scalar(select(RateNotificationRow).where(RateNotificationRow.id == pk))

    row = await ctx.read(load)
    return RateNotification.of(row, principal.jurisdiction) if row else None
