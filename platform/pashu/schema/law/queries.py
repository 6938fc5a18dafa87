"""Public law queries: no token needed (DESIGN §7)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

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


@strawberry.input(
    description="What has happened to a seizure so far; instants are ISO 8601 with an offset "
    "(e.g. +05:30), each no earlier than the one before"
)
class TimelineEventsInput:
    seized_at: datetime = strawberry.field(description="When the animals were seized")
    impounded_at: datetime | None = strawberry.field(
        default=None, description="When they were received into the pound, if yet"
    )
    announced_at: datetime | None = strawberry.field(
        default=None, description="When the seizure was announced (by the Village Crier), if yet"
    )
    noticed_at: datetime | None = strawberry.field(
        default=None, description="When the notice of unclaimed cattle was published, if yet"
    )
    sold_at: datetime | None = strawberry.field(
        default=None, description="When the animals were sold, if they were"
    )


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

    @strawberry.field(description="One jurisdiction by its code; null when none is installed")
    def jurisdiction(
        self,
        code: Annotated[
            strawberry.ID,
            strawberry.argument(description="The jurisdiction's code, as `jurisdictions` lists it"),
        ],
    ) -> Jurisdiction | None:
        return Jurisdiction(_plugin=registry.get(code)) if code in registry.codes() else None

    @strawberry.field(description="Is this species cattle, an animal, under each Act?")
    def classify_animal(
        self,
        species: Annotated[
            str,
            strawberry.argument(
                description="A species name or synonym (donkey, hen, oxen); an unknown one is "
                "refused with UNKNOWN_SPECIES, listing the vocabulary"
            ),
        ],
    ) -> list[Classification]:
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
                    # The two answers often rest on one section (an Act's definition of
                    # cattle): cited once, in the order first cited.
                    citations=cites(list(dict.fromkeys([*c.is_cattle.cites, *c.is_animal.cites]))),
                    # Two clauses of one line, kept apart: "...(s.3); the Act defines...".
                    explanation="; ".join(x for x in (c.is_cattle.why, c.is_animal.why) if x),
                )
            )
        return rows

    @strawberry.field(description="Who must do what by when, as half-open windows")
    def impoundment_timeline(
        self,
        jurisdiction: Annotated[
            strawberry.ID, strawberry.argument(description="The jurisdiction's code")
        ],
        events: Annotated[
            TimelineEventsInput,
            strawberry.argument(description="What has happened so far; later steps are projected"),
        ],
    ) -> list[TimelineStep]:
        plugin = registry.get(jurisdiction)
        return [TimelineStep.of(s) for s in plugin.impoundment_timeline(_events(events))]

    @strawberry.field(description="One topic across every jurisdiction, side by side")
    def compare(
        self,
        topic: Annotated[ComparisonTopic, strawberry.argument(description="The topic compared")],
    ) -> Comparison:
        return comparison.matrix([topic], None)[0]

    @strawberry.field(
        description="Any slice of topics × jurisdictions in one query (all when omitted)"
    )
    def compare_matrix(
        self,
        topics: Annotated[
            list[ComparisonTopic] | None,
            strawberry.argument(description="The topics (rows); every topic when omitted"),
        ] = None,
        jurisdictions: Annotated[
            list[strawberry.ID] | None,
            strawberry.argument(description="Jurisdiction codes (columns); all when omitted"),
        ] = None,
    ) -> list[Comparison]:
        return comparison.matrix(topics, jurisdictions)

    @strawberry.field(
        description="One set of facts run through every Act at once; nothing is stored"
    )
    def compare_scenario(
        self,
        facts: Annotated[
            ScenarioInput, strawberry.argument(description="The facts of one imagined case")
        ],
    ) -> list[ScenarioAnswer]:
        return compare_scenario(facts)

    @strawberry.field(
        description='Full-text search over the Acts\' sections, best first; "quoted words" '
        "match as a phrase, other words as prefixes; filter by jurisdiction and by Act (its URI)"
    )
    def search_law(
        self,
        text: Annotated[
            str,
            strawberry.argument(
                description='Words to find (at most 200 characters); "quoted" words as a phrase'
            ),
        ],
        jurisdiction: Annotated[
            strawberry.ID | None,
            strawberry.argument(description="Only this jurisdiction's Acts (its code)"),
        ] = None,
        first: Annotated[
            int, strawberry.argument(description="How many hits, best first (1 to 50)")
        ] = 20,
        act: Annotated[
            str | None, strawberry.argument(description="Only the Act with this Akoma Ntoso URI")
        ] = None,
        editorial: Annotated[
            bool | None,
            strawberry.argument(
                description="null: the Acts' words and our editorial notes (labelled "
                "`editorial`, after the Acts' words); false: the Acts' words only; true: the "
                "editorial notes only"
            ),
        ] = None,
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
                editorial=h.editorial,
            )
            for h in law_index().search(
                text, jurisdiction, page_size(first, MAX_HITS), act, editorial
            )
        ]
