"""The register in numbers: counts by status, pound and species (GROUP BY in SQL)."""

from __future__ import annotations

import strawberry

from pashu.schema.context import Info
from pashu.services.impoundment import stats as service


@strawberry.type(description="A count under a key")
class Count:
    key: str = strawberry.field(description="What is counted (a status, a pound's name)")
    count: int = strawberry.field(description="How many")


@strawberry.type(description="The register in numbers")
class ImpoundmentStats:
    total: int = strawberry.field(description="Cases on the register (corrections not counted)")
    open: int = strawberry.field(description="Cases with animals still in the pound")
    animals_in_pound: int = strawberry.field(description="Animals now in the tenant's pounds")
    by_status: list[Count] = strawberry.field(description="Cases by status")
    by_pound: list[Count] = strawberry.field(
        description="Cases by pound (corrected entries left out)"
    )
    by_species: list[Count] = strawberry.field(description="Animals in the pound, by species")


def _counts(rows: list[tuple[str, int]]) -> list[Count]:
    return [Count(key=k, count=n) for k, n in rows]


@strawberry.type
class StatsQuery:
    @strawberry.field(description="Counts for a dashboard, computed in the database")
    async def impoundment_stats(self, info: Info) -> ImpoundmentStats:
        info.context.require()
        s = await info.context.read(service.stats)
        return ImpoundmentStats(
            total=s.total,
            open=s.open,
            animals_in_pound=s.animals_in_pound,
            by_status=_counts(s.by_status),
            by_pound=_counts(s.by_pound),
            by_species=_counts(s.by_species),
        )
