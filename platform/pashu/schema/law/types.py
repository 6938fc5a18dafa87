"""Public types of the law itself: jurisdictions, Acts, sections, offences, decisions."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

import strawberry

from pashu.core.citations import Citation as CoreCitation
from pashu.core.citations import Confidence
from pashu.jurisdictions import base
from pashu.jurisdictions.acts import Act as CoreAct
from pashu.jurisdictions.acts import Section as CoreSection
from pashu.jurisdictions.base import (
    Action,
    BuyerRole,
    Capability,
    ComparisonTopic,
    MoneyKind,
    RateKind,
)

# The core's enums become GraphQL enums as they are (strawberry marks the class).
strawberry.enum(Capability, description="A chapter an Act may provide")
strawberry.enum(Confidence, description="How a provision's text is known")
strawberry.enum(Action, name="TimelineAction")
strawberry.enum(ComparisonTopic)
strawberry.enum(MoneyKind)
strawberry.enum(RateKind)
strawberry.enum(BuyerRole)


@strawberry.type(description="A provision a rule rests on")
class Citation:
    uri: str
    section: str = strawberry.field(description='As lawyers write it: "14(3)"')
    act: str
    act_uri: str
    confidence: Confidence
    note: str | None = strawberry.field(description="How an unclear text is read, if it is")

    @classmethod
    def of(cls, c: CoreCitation) -> Citation:
        return cls(
            uri=c.uri,
            section=c.label,
            act=c.act_title,
            act_uri=c.act_uri,
            confidence=c.confidence,
            note=c.note,
        )


def cites(items: list[CoreCitation] | tuple[CoreCitation, ...]) -> list[Citation]:
    return [Citation.of(c) for c in items]


@strawberry.type
class Section:
    number: str
    heading: str
    text: str
    uri: str
    chapter: str | None
    confidence: Confidence
    note: str | None

    @classmethod
    def of(cls, s: CoreSection) -> Section:
        return cls(
            number=s.number,
            heading=s.heading,
            text=s.text,
            uri=s.uri,
            chapter=s.chapter,
            confidence=s.confidence,
            note=s.note,
        )


@strawberry.type
class Act:
    uri: str
    title: str
    short_title: str
    year: int | None
    confidence: Confidence
    note: str | None
    _act: strawberry.Private[CoreAct]

    @strawberry.field
    def sections(self, number: str | None = None) -> list[Section]:
        secs = self._act.sections
        return [Section.of(s) for s in secs if number is None or s.number == number]

    @classmethod
    def of(cls, a: CoreAct) -> Act:
        return cls(
            uri=a.uri,
            title=a.title,
            short_title=a.short_title,
            year=a.year,
            confidence=a.confidence,
            note=a.note,
            _act=a,
        )


@strawberry.type(description="An offence with its bounds exactly as the Act gives them")
class Offence:
    code: str
    section: str
    title: str
    citation: Citation
    citations: list[Citation]
    fine_min: Decimal | None
    fine_max: Decimal | None
    subsequent_fine: Decimal | None = strawberry.field(
        description="A fixed fine for every subsequent offence"
    )
    imprisonment_max_months: int | None
    compoundable: bool
    composition_max: Decimal | None
    unknown_fields: list[str] = strawberry.field(
        description="Bounds the source text hides: null here means unknown, not unlimited"
    )
    note: str | None
    recoverable_from_salary: bool = strawberry.field(
        default=False, description="The fine may be recovered by deduction from salary"
    )

    @classmethod
    def of(cls, o: base.Offence) -> Offence:
        return cls(
            code=o.code,
            section=o.section,
            title=o.title,
            citation=Citation.of(o.citation),
            citations=cites(o.cites),
            fine_min=o.fine_min,
            fine_max=o.fine_max,
            subsequent_fine=o.subsequent_fine,
            imprisonment_max_months=o.imprisonment_max_months,
            compoundable=o.compoundable,
            composition_max=o.composition_max,
            unknown_fields=[_camel(f) for f in o.unknown],
            note=o.note,
            recoverable_from_salary=o.recoverable_from_salary,
        )


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p.title() for p in rest)


@strawberry.type
class FundShare:
    fund: str
    fund_name: str
    share: Decimal
    account: str = strawberry.field(
        description='The ledger\'s name for it before any holder: "fund:<fund>" or "deposit:<fund>"'
    )
    holder: str = strawberry.field(
        description="STATE (one account), LOCAL_BODY (one per local authority: the case's) or "
        "POUND_KEEPER (one per pound)"
    )


@strawberry.type(description="Where one kind of money goes")
class MoneyRoute:
    kind: MoneyKind
    shares: list[FundShare]
    citations: list[Citation]
    explanation: str


@strawberry.type(description="An amount the Act leaves to notification, and its bound")
class RateRule:
    kind: RateKind
    fixed_by: str
    per_species: bool
    bound_base: RateKind | None
    bound_factor: Decimal | None
    citations: list[Citation]
    by_local_area: bool = strawberry.field(
        default=False,
        description="The rate may differ by local area: a notification may name a local "
        "authority or a pound, and the most specific in force governs",
    )


@strawberry.type
class ProhibitedPurchasers:
    roles: list[BuyerRole]
    citations: list[Citation]
    explanation: str


@strawberry.type
class Classification:
    jurisdiction: strawberry.ID
    species: str
    is_cattle: bool | None = strawberry.field(description="null: the Act does not say")
    is_animal: bool | None = strawberry.field(description="null: the Act has no such term")
    confidence: Confidence
    citations: list[Citation]
    explanation: str


@strawberry.type
class TimelineStep:
    action: Action
    not_before: datetime = strawberry.field(description="First instant the step is allowed")
    deadline: datetime | None = strawberry.field(
        description="First instant at which the step is late; null when the Act sets none"
    )
    citation: Citation
    citations: list[Citation]
    explanation: str
    projected: bool = strawberry.field(
        description="Computed from an event that has not happened, at its earliest lawful time"
    )
    required: bool = strawberry.field(
        default=True,
        description="false: the case closed (every animal delivered, sold or disposed of) "
        "before this step, so the Act no longer requires it",
    )

    @classmethod
    def of(cls, s: base.TimelineStep, required: bool = True) -> TimelineStep:
        why = s.why if required else f"no longer required: the case has closed ({s.why})"
        return cls(
            action=s.action,
            not_before=s.window.not_before,
            deadline=s.window.deadline,
            citation=Citation.of(s.cites[0]),
            citations=cites(s.cites),
            explanation=why,
            projected=s.projected,
            required=required,
        )


@strawberry.type
class SectionRef:
    number: str
    heading: str
    uri: str
    act: str
    act_uri: str = ""
    confidence: Confidence = Confidence.READ


@strawberry.type(description="A run of text; matched: words the search asked for")
class TextPart:
    text: str
    matched: bool


@strawberry.type
class LawHit:
    jurisdiction: strawberry.ID
    section: SectionRef
    snippet: str = strawberry.field(description="Matched words in [ ]; see snippetParts")
    snippet_parts: list[TextPart] = strawberry.field(default_factory=list)
    heading_parts: list[TextPart] = strawberry.field(default_factory=list)
    rank: float = strawberry.field(default=0.0, description="BM25: smaller is a better match")
