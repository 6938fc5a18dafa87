"""Public law queries: no token needed (DESIGN §7)."""

from __future__ import annotations

from datetime import datetime

import strawberry

from pashu.core.citations import Confidence
from pashu.core.errors import PashuError, ValidationError
from pashu.jurisdictions import base, registry
from pashu.jurisdictions.search import law_index
from pashu.jurisdictions.species import canonical
from pashu.schema.law.jurisdiction import Jurisdiction
from pashu.schema.law.types import (
    Classification,
    Comparison,
    ComparisonRow,
    ComparisonTopic,
    LawHit,
    SectionRef,
    TimelineStep,
    cites,
    decision_row,
)
from pashu.schema.limits import page_size


@strawberry.input
class TimelineEventsInput:
    seized_at: datetime
    impounded_at: datetime | None = None
    announced_at: datetime | None = None
    noticed_at: datetime | None = None
    sold_at: datetime | None = None


def _events(e: TimelineEventsInput) -> base.TimelineEvents:
    events = base.TimelineEvents(
        seized_at=e.seized_at,
        impounded_at=e.impounded_at,
        announced_at=e.announced_at,
        noticed_at=e.noticed_at,
        sold_at=e.sold_at,
    )
    order = [events.seized_at, events.impounded_at, events.sold_at]
    known = [t for t in order if t is not None]
    for t in known:
        if t.tzinfo is None:
            raise ValidationError("instants need a time zone offset, e.g. +05:30")
    if known != sorted(known):
        raise ValidationError("events must follow each other: seized, impounded, sold")
    return events


MAX_HITS = 50  # a search answers at most this many sections


@strawberry.type
class LawQuery:
    @strawberry.field(description="Every installed jurisdiction")
    def jurisdictions(self) -> list[Jurisdiction]:
        return [Jurisdiction(_plugin=p) for p in registry.installed()]

    @strawberry.field
    def jurisdiction(self, code: strawberry.ID) -> Jurisdiction | None:
        return Jurisdiction(_plugin=registry.get(code)) if code in registry.codes() else None

    @strawberry.field(description="Is this species cattle, an animal, under each Act?")
    def classify_animal(self, species: str) -> list[Classification]:
        name = canonical(species)
        rows = []
        for p in registry.installed():
            c = p.classify(name)
            rows.append(
                Classification(
                    jurisdiction=strawberry.ID(p.code),
                    species=name,
                    is_cattle=c.is_cattle.value,
                    is_animal=c.is_animal.value,
                    confidence=c.is_cattle.confidence,
                    citations=cites([*c.is_cattle.cites, *c.is_animal.cites]),
                    explanation=" ".join(x for x in (c.is_cattle.why, c.is_animal.why) if x),
                )
            )
        return rows

    @strawberry.field(description="Who must do what by when, as half-open windows")
    def impoundment_timeline(
        self, jurisdiction: strawberry.ID, events: TimelineEventsInput
    ) -> list[TimelineStep]:
        plugin = registry.get(jurisdiction)
        return [TimelineStep.of(s) for s in plugin.impoundment_timeline(_events(events))]

    @strawberry.field(description="One topic across every jurisdiction, side by side")
    def compare(self, topic: ComparisonTopic) -> Comparison:
        rows = []
        for p in registry.installed():
            try:
                rows.append(decision_row(p.code, p.compare(topic)))
            except PashuError as err:
                rows.append(
                    ComparisonRow(
                        jurisdiction=strawberry.ID(p.code),
                        summary=err.message,
                        confidence=Confidence.READ,
                        citations=cites([err.citation] if err.citation else []),
                    )
                )
        return Comparison(topic=topic, rows=rows)

    @strawberry.field(description="Full-text search over the Acts' sections, best first")
    def search_law(
        self, text: str, jurisdiction: strawberry.ID | None = None, first: int = 20
    ) -> list[LawHit]:
        if jurisdiction is not None:
            registry.get(jurisdiction)
        if len(text) > 200:
            raise ValidationError("search text is limited to 200 characters")
        return [
            LawHit(
                jurisdiction=strawberry.ID(h.jurisdiction),
                section=SectionRef(
                    number=h.section.number,
                    heading=h.section.heading,
                    uri=h.section.uri,
                    act=h.act.title,
                ),
                snippet=h.snippet,
            )
            for h in law_index().search(text, jurisdiction, page_size(first, MAX_HITS))
        ]
