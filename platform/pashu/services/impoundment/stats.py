"""The register in numbers, for a dashboard: GROUP BY queries, not rows fetched."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from pashu.db.impoundment import AnimalStatus, CaseStatus, ImpoundedAnimal, Impoundment
from pashu.db.pounds import Pound

OPEN = (CaseStatus.IMPOUNDED.value, CaseStatus.PARTLY_RELEASED.value)


@dataclass(frozen=True)
class Stats:
    total: int
    open: int
    animals_in_pound: int
    by_status: list[tuple[str, int]]
    by_pound: list[tuple[str, int]]
    by_species: list[tuple[str, int]]  # animals in the pound


def stats(session: Session) -> Stats:
    by_status = [
        (status, int(n))
        for status, n in session.execute(
            select(Impoundment.status, func.count()).group_by(Impoundment.status)
        )
    ]
    by_pound = [
        (name, int(n))
        for name, n in session.execute(
            select(Pound.name, func.count(Impoundment.id))
            .join(
                Pound,
                (Pound.tenant_id == Impoundment.tenant_id) & (Pound.id == Impoundment.pound_id),
            )
            .where(Impoundment.status != CaseStatus.CORRECTED.value)
            .group_by(Pound.name)
        )
    ]
    by_species = [
        (species, int(n))
        for species, n in session.execute(
            select(ImpoundedAnimal.species, func.count())
            .where(ImpoundedAnimal.status == AnimalStatus.IN_POUND.value)
            .group_by(ImpoundedAnimal.species)
        )
    ]
    counts = dict(by_status)
    return Stats(
        total=sum(n for s, n in by_status if s != CaseStatus.CORRECTED.value),
        open=sum(counts.get(s, 0) for s in OPEN),
        animals_in_pound=sum(n for _, n in by_species),
        by_status=sorted(by_status, key=lambda r: (-r[1], r[0])),
        by_pound=sorted(by_pound, key=lambda r: (-r[1], r[0])),
        by_species=sorted(by_species, key=lambda r: (-r[1], r[0])),
    )
