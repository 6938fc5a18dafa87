"""Public types of comparative research: rows with typed facts, and the matrix of them."""

from __future__ import annotations

from decimal import Decimal

import strawberry

from pashu.core.citations import Confidence
from pashu.core.errors import PashuError
from pashu.jurisdictions import base, registry, research
from pashu.jurisdictions import comparison as core
from pashu.jurisdictions.vocabulary import ComparisonTopic
from pashu.schema.enums import described_enum
from pashu.schema.law.types import Citation, cites, source_note

described_enum(
    core.FactKind,
    {
        "DURATION": "A period (see duration)",
        "AMOUNT": "An amount in rupees (see amount)",
        "ROLES": "A list of roles",
        "SPECIES": "A list of species",
        "FUNDS": "A list of funds",
        "FLAG": "Yes or no",
        "TEXT": "Words only",
    },
    description="What kind of value a fact holds",
)
described_enum(
    core.Unit,
    {
        "HOURS": "Hours",
        "DAYS": "Days",
        "MONTHS": "Calendar months",
    },
    name="DurationUnit",
    description="The unit a period is given in",
)
described_enum(
    core.Counting,
    {
        "EXACT_INSTANT": 'Hours from the exact instant ("within twenty-four hours")',
        "FIRST_DAY_EXCLUDED": "Days per the General Clauses Act s.9: the first day excluded, the "
        "last included, in IST",
        "CALENDAR_MONTHS": "Calendar months to the same date (General Clauses Act s.3(35))",
    },
    description="How a period is counted",
)


@strawberry.type(description="A period as the Act gives it, with the rule it is counted by")
class FactDuration:
    count: int = strawberry.field(description="How many units")
    unit: core.Unit = strawberry.field(description="The unit")
    counting: core.Counting = strawberry.field(description="How the period is counted")
    starts: str = strawberry.field(description="The event it runs from, in the Act's words")


@strawberry.type(description="Rupees: fixed by the Act, bounded, or left to notification")
class FactAmount:
    fixed: Decimal | None = strawberry.field(
        description=("The amount the Act fixes in rupees (decimal string); null when it fixes none")
    )
    minimum: Decimal | None = strawberry.field(
        description="The least amount in rupees (decimal string)"
    )
    maximum: Decimal | None = strawberry.field(
        description="The greatest amount in rupees (decimal string)"
    )
    notified: bool = strawberry.field(description="Left to a notification, order or rules")
    fixed_by: str | None = strawberry.field(
        description="Who fixes it, where the Act leaves it to notification"
    )
    bound_factor: Decimal | None = strawberry.field(
        description="A notified amount may be at most this × the rate of boundBase"
    )
    bound_base: str | None = strawberry.field(description="The rate it is bounded by, if any")


@strawberry.type(description="One typed statement of a row, with its citations")
class ComparisonFact:
    key: str = strawberry.field(description="A stable key for the fact")
    label: str = strawberry.field(description="What the fact is, in words")
    kind: core.FactKind = strawberry.field(description="What kind of value it holds")
    confidence: Confidence = strawberry.field(description="How the text is known")
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )
    flag: bool | None = strawberry.field(description="The value, for a yes-or-no fact")
    duration: FactDuration | None = strawberry.field(description="The value, for a period")
    amount: FactAmount | None = strawberry.field(description="The value, for an amount")
    items: list[str] = strawberry.field(description="The values, for a list")
    shares: list[Decimal] = strawberry.field(description="FUNDS: each item's share (1 = all)")
    text: str | None = strawberry.field(description="The value, in words")
    unknown: bool = strawberry.field(description="The source hides the value: null, not none")

    @classmethod
    def of(cls, f: core.Fact) -> ComparisonFact:
        d, a = f.duration, f.amount
        return cls(
            key=f.key,
            label=f.label,
            kind=f.kind,
            confidence=f.confidence,
            citations=cites(f.cites),
            explanation=f.why,
            flag=f.flag,
            duration=FactDuration(count=d.count, unit=d.unit, counting=d.counting, starts=d.starts)
            if d
            else None,
            amount=FactAmount(
                fixed=a.fixed,
                minimum=a.minimum,
                maximum=a.maximum,
                notified=a.notified,
                fixed_by=a.fixed_by,
                bound_factor=a.bound_factor,
                bound_base=a.bound_base,
            )
            if a
            else None,
            items=list(f.items),
            shares=list(f.shares),
            text=f.text,
            unknown=f.unknown,
        )


@strawberry.type(description="One jurisdiction's answer on a topic")
class ComparisonRow:
    jurisdiction: strawberry.ID = strawberry.field(description="The jurisdiction's code")
    summary: str = strawberry.field(description="The answer in a sentence or two")
    confidence: Confidence = strawberry.field(
        description="The lowest confidence of the provisions it rests on"
    )
    citations: list[Citation] = strawberry.field(
        description="The provisions this rests on, most specific first"
    )
    provided: bool = strawberry.field(
        default=True, description="false: the Act has no such provision (cited to what it has)"
    )
    explanation: str = strawberry.field(
        default="", description="Why, in one line; says so where a reading is interpreted"
    )
    facts: list[ComparisonFact] = strawberry.field(
        description="The answer as typed facts (periods, amounts, lists)", default_factory=list
    )
    source_note: str | None = strawberry.field(
        default=None,
        description="What a reader must know of the sources the row rests on: e.g. a source "
        "that is a Bill, so the enacted Act's section numbers may differ; null "
        "where the sources are the Acts' own texts",
    )


@strawberry.type(description="One topic across jurisdictions, side by side")
class Comparison:
    topic: ComparisonTopic = strawberry.field(description="The topic")
    rows: list[ComparisonRow] = strawberry.field(description="One row per jurisdiction")


def row(plugin: base.Jurisdiction, topic: ComparisonTopic) -> ComparisonRow:
    code = strawberry.ID(plugin.code)
    try:
        a = research.answer(plugin, topic)
    except PashuError as err:  # a plugin that refuses the topic outright
        return ComparisonRow(
            jurisdiction=code,
            summary=err.message,
            confidence=Confidence.READ,
            citations=cites([err.citation] if err.citation else []),
            provided=False,
            source_note=source_note(plugin, [err.citation] if err.citation else []),
        )
    return ComparisonRow(
        jurisdiction=code,
        summary=a.summary,
        confidence=a.confidence,
        citations=cites(a.cites),
        provided=a.provided,
        explanation=a.why,
        facts=[ComparisonFact.of(f) for f in a.facts],
        source_note=source_note(plugin, a.cites),
    )


def matrix(
    topics: list[ComparisonTopic] | None, jurisdictions: list[strawberry.ID] | None
) -> list[Comparison]:
    """Any slice of topics × jurisdictions; None means all, in the contract's order."""
    plugins = (
        registry.installed()
        if jurisdictions is None
        else [registry.get(code) for code in dict.fromkeys(jurisdictions)]
    )
    chosen = list(ComparisonTopic) if topics is None else list(dict.fromkeys(topics))
    return [Comparison(topic=t, rows=[row(p, t) for p in plugins]) for t in chosen]
