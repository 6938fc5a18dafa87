"""Public law queries: no token needed (DESIGN §7)."""

from __future__ import annotations

from datetime import datetime

import strawberry

from pashu.core.errors import NotFound, ValidationError
from pashu.jurisdictions import base, registry
from pashu.jurisdictions.search import bracketed, law_index
from pashu.jurisdictions.species import canonical
from pashu.schema.law import comparison
from pashu.schema.law.comparison import Comparison
from pashu.schema.law.jurisdiction import Jurisdiction
from pashu.schema.law.scenario import ScenarioAnswer, ScenarioInput, compare_scenario
from pashu.schema.law.types import (
    Classification,
    ComparisonTopic,
    LawHit,
    SectionRef,
    TextPart,
    TimelineStep,
    cites,
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
        return comparison.matrix([topic], None)[0]

    @strawberry.field(
        description="Any slice of topics × jurisdictions in one query (all when omitted)"
    )
    def compare_matrix(
        self,
        topics: list[ComparisonTopic] | None = None,
        jurisdictions: list[strawberry.ID] | None = None,
    ) -> list[Comparison]:
        return comparison.matrix(topics, jurisdictions)

    @strawberry.field(
        description="One set of facts run through every Act at once; nothing is stored"
    )
    def compare_scenario(self, facts: ScenarioInput) -> list[ScenarioAnswer]:
        return compare_scenario(facts)

    @strawberry.field(
        description='Full-text search over the Acts\' sections, best first; "quoted words" '
        "match as a phrase, other words as prefixes; filter by jurisdiction and by Act (its URI)"
    )
    def search_law(
        self,
        text: str,
        jurisdiction: strawberry.ID | None = None,
        first: int = 20,
        act: str | None = None,
    ) -> list[LawHit]:
        if jurisdiction is not None:
            registry.get(jurisdiction)
        if len(text) > 200:
            raise ValidationError("search text is limited to 200 characters", field="text")
        if act is not None and act not in {a.uri for p in registry.installed() for a in p.acts}:
            raise NotFound(f"no Act has the URI {act[:200]!r}", field="act")
        return [
            LawHit(
                jurisdiction=strawberry.ID(h.jurisdiction),
                section=SectionRef(
                    number=h.section.number,
                    heading=h.section.heading,
                    uri=h.section.uri,
                    act=h.act.title,
                    act_uri=h.act.uri,
                    confidence=h.section.confidence,
                ),
                snippet=bracketed(h.snippet),
                snippet_parts=[TextPart(text=t, matched=m) for t, m in h.snippet_parts],
                heading_parts=[TextPart(text=t, matched=m) for t, m in h.heading_parts],
                rank=h.rank,
            )
            for h in law_index().search(text, jurisdiction, page_size(first, MAX_HITS), act)
        ]
