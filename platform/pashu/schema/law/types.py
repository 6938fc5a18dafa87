"""Public types of the law itself: jurisdictions, Acts, sections, offences, decisions."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from datetime import datetime
from decimal import Decimal
from enum import Enum
from typing import Annotated

import strawberry

from pashu.core.citations import Citation as CoreCitation
from pashu.core.citations import Confidence
from pashu.jurisdictions import base
from pashu.jurisdictions.acts import Act as CoreAct
from pashu.jurisdictions.acts import Dated as CoreDated
from pashu.jurisdictions.acts import Related as CoreRelated
from pashu.jurisdictions.acts import Section as CoreSection
from pashu.jurisdictions.vocabulary import (
    Action,
    Capability,
    ComparisonTopic,
    MoneyKind,
    RateKind,
)
from pashu.schema.enums import described_enum
from pashu.schema.kinds import BuyerRole

# The core's enums become GraphQL enums as they are (strawberry marks the class).
described_enum(
    Capability,
    {
        "IMPOUNDMENT": "Seizure of trespassing animals and their keeping in a pound until claimed "
        "(Animal Control & Taxation Act ss.7-9, Cattle Trespass Act ss.9-14)",
        "AUCTION": "Sale by public auction of animals not claimed in time (Animal Control & "
        "Taxation Act s.10, Cattle Trespass Act ss.14(3), 16)",
        "ANIMAL_REGISTRATION": "Registration of animals with the Village Council (Animal Control "
        "& Taxation Act s.12)",
        "ANIMAL_TAX": "The tax on animals kept (Animal Control & Taxation Act s.13)",
        "ESTABLISHMENT_REGISTRATION": "Registration of establishments keeping cattle (the Cattle "
        "Trespass Act's establishment-registration provision)",
        "REGULATED_AREAS": "Orders prohibiting or regulating the keeping of cattle in notified "
        "areas, with licences (Pashu (Niyantran) Adhiniyam s.4)",
        "COMPOUNDING": "Offences that may be compounded for a sum instead of prosecution (Pashu "
        "(Niyantran) Adhiniyam s.10)",
        "ILLEGAL_SEIZURE_COMPLAINTS": "Complaints to a magistrate of illegal seizure or "
        "detention, with compensation (Cattle Trespass Act ss.20-22)",
        "GRAZING_GROUNDS": "Grazing grounds a Village Council declares with the State "
        "Government's approval, and orders for their control and management (Animal Control & "
        "Taxation Act s.6)",
    },
    description="A chapter an Act may provide; an operation of a chapter the tenant's Act lacks "
    "is refused with NOT_IN_JURISDICTION",
)
described_enum(
    Confidence,
    {
        "READ": "The words are legible and applied as written",
        "INTERPRETED": "The text has a slip or leaves the point open; applied as the reading in "
        "the answer's explanation says",
        "RECONSTRUCTED": "Partly legible (the scan); the most likely reading is applied",
        "UNKNOWN": "Not legible: no value is given (null), never an invented number",
    },
    description="How a provision's text is known",
)
described_enum(
    Action,
    {
        "DELIVER_TO_POUND": "The seizer takes the animals to the pound (Cattle Trespass Act "
        "ss.9(1), 10: within 24 hours of seizure; Animal Control & Taxation Act s.7: to the "
        "Village Council, no time set)",
        "ANNOUNCE_SEIZURE": "The seizure is announced through the Village Crier within 24 hours "
        "of the animals being brought (Animal Control & Taxation Act s.7)",
        "REPORT_UNCLAIMED": "Cattle unclaimed seven days from impounding are reported to the "
        "local authority (Cattle Trespass Act s.14(1))",
        "PUBLISH_NOTICE": "Notice of the unclaimed cattle posted and proclaimed by beat of drum "
        "(Cattle Trespass Act s.14(2))",
        "AUCTION": "Sale by public auction of animals still unclaimed (Animal Control & Taxation "
        "Act s.10(1): seven days from the announcement; Cattle Trespass Act s.14(3): seven days "
        "from the notice)",
        "COMPLAIN_ILLEGAL_SEIZURE": "A complaint of illegal seizure or detention, within ten days "
        "from the seizure (Cattle Trespass Act s.20)",
        "CLAIM_SALE_PROCEEDS": "The owner's claim to the sale proceeds less fines and charges, "
        "within 15 days of the sale (Animal Control & Taxation Act s.10)",
        "CLAIM_SURPLUS": "A claim to the surplus proceeds held in deposit, within three months "
        "(Cattle Trespass Act s.17(3); counted from the sale, an interpreted reading)",
        "DELIVER_REST": "After the sale on the owner's refusal to pay, the remaining animals "
        "delivered to the owner, or refused by him (Cattle Trespass Act s.16(3), (5); Animal "
        "Control & Taxation Act ss.9(1), 10(2); no time is set, an interpreted reading)",
    },
    name="TimelineAction",
    description="A step of an impoundment's timeline: who must do what, by when, under which "
    "section; days are counted per the General Clauses Act s.9 in IST",
)
described_enum(
    ComparisonTopic,
    {
        "CATTLE_DEFINITION": "Which species each Act counts as cattle, or as animals",
        "CLAIM_PERIOD": "How long an owner has to claim impounded animals before sale",
        "FINE_CAPS": "The least and greatest fines for each Act's offences, and imprisonment",
        "COMPOUNDING": "Whether an offence may be compounded, and for how much",
        "PROHIBITED_PURCHASERS": "Who may not buy at an auction of impounded animals",
        "MONEY_ROUTING": "Which fund receives fines, charges, proceeds, fees and taxes",
        "TERRITORIAL_EXTENT": "Where each Act is in force, and what changes that",
        "KEEPING_RULES": "How and where animals must be kept, and what an inspector may check",
        "SEIZURE_POWERS": "Who may seize animals, at which kinds of place, on what condition",
        "POUND_KEEPER_DUTIES": "What the keeper of a pound must record, feed and report",
        "PERIODS": "Every period the Acts set (hours, days, months), side by side",
        "IMPOUNDMENT_CHARGES": "The fines per head and feeding charges an impounded animal incurs",
        "SALE_PROCEDURE": "How unclaimed animals are sold and the proceeds accounted for",
        "COMPLAINTS_AND_COMPENSATION": "Remedies for an illegal seizure, and who pays compensation",
        "OFFENCES": "The offences each Act creates, with their penalties",
        "REGISTRATION_AND_LICENCES": "Registration of animals or establishments, and licences",
        "RULES_AND_DELEGATION": "What each Act lets the government make rules about or delegate",
    },
    description="A subject compared across every jurisdiction's Acts (compare, compareMatrix)",
)
described_enum(
    MoneyKind,
    {
        "FINE": "Fines levied per head on impounded animals (Animal Control & Taxation Act s.9, "
        "Cattle Trespass Act s.11)",
        "OFFENCE_FINE": "Fines on conviction for an offence under the Act",
        "FEEDING_CHARGE": "Charges for feeding impounded animals, per head per day (Animal "
        "Control & Taxation Act s.8, Cattle Trespass Act s.4)",
        "SALE_PROCEEDS": "The price an impounded animal fetched at sale",
        "SURPLUS_PROCEEDS": "What is left of the proceeds after fines, charges and expenses, held "
        "for the owner (Animal Control & Taxation Act s.10, Cattle Trespass Act s.17)",
        "REGISTRATION_FEE": "Fees for registering animals (Animal Control & Taxation Act s.12)",
        "ANIMAL_TAX": "The tax on animals kept (Animal Control & Taxation Act s.13)",
        "COMPOSITION": "Sums paid to compound an offence (Pashu (Niyantran) Adhiniyam s.10)",
        "ESTABLISHMENT_FEE": "Fees for registering an establishment keeping cattle (Cattle "
        "Trespass Act)",
        "LICENCE_FEE": "Fees for a licence or permit under an order (Pashu (Niyantran) Adhiniyam "
        "s.4)",
    },
    description="A kind of money an Act routes to a fund",
)
described_enum(
    RateKind,
    {
        "FINE_PER_HEAD": "Fine per head of impounded animal, in rupees (Animal Control & Taxation "
        "Act s.9, Cattle Trespass Act s.11(1))",
        "FEEDING_PER_HEAD_PER_DAY": "Feeding charge per head per day of impoundment, in rupees "
        "(Animal Control & Taxation Act s.8, Cattle Trespass Act s.4)",
        "HABITUAL_AREA_FINE_PER_HEAD": "Fine per head for cattle seized in a notified habitual "
        "trespass area, at most twice the scale (Cattle Trespass Act s.11(2))",
        "AERODROME_FINE_PER_HEAD": "Fine per head for cattle seized on an aerodrome, at most four "
        "times the scale (Cattle Trespass Act s.12)",
        "REGISTRATION_FEE": "Fee for registering an animal or an establishment, in rupees",
        "ANIMAL_TAX": "Tax per animal, in rupees (Animal Control & Taxation Act s.13)",
    },
    description="An amount an Act leaves to notification; a tenant publishes it with the date it "
    "takes effect and its gazette reference",
)


@strawberry.type(description="A provision a rule rests on")
class Citation:
    uri: str = strawberry.field(
        description=(
            "Akoma Ntoso URI of the provision; resolves on this server (HTML, or "
            "AKN XML on request)"
        )
    )
    section: str = strawberry.field(description='As lawyers write it: "14(3)"')
    act: str = strawberry.field(description="The Act's title")
    act_uri: str = strawberry.field(description="Akoma Ntoso URI of the whole Act")
    confidence: Confidence = strawberry.field(description="How the provision's text is known")
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


def source_note(plugin: base.Jurisdiction, items: Iterable[CoreCitation] = ()) -> str | None:
    """What a reader must know of the sources an answer rests on (a Bill, not the enacted
    Act; an extract whose attribution is a reading): the notes of the Acts it cites, or of
    the jurisdiction's principal Act when it cites none."""
    uris = {c.act_uri for c in items} or {plugin.act.uri}
    notes = [a.source_note for a in plugin.acts if a.uri in uris and a.source_note]
    return " ".join(dict.fromkeys(notes)) or None


@strawberry.type(description="One section of an Act, as the text gives it")
class Section:
    number: str = strawberry.field(description='The section number as the Act writes it: "14"')
    heading: str = strawberry.field(description="The section's heading")
    text: str = strawberry.field(
        description="The section's words as the source gives them; a span the scan does not "
        'show legibly is "[illegible]" inside the text'
    )
    uri: str = strawberry.field(
        description="Akoma Ntoso URI of the section; resolves on this server"
    )
    chapter: str | None = strawberry.field(
        description="The chapter it is in, if the Act has chapters"
    )
    confidence: Confidence = strawberry.field(description="How its text is known")
    note: str | None = strawberry.field(description="How an unclear text is read, if it is")
    summary: str | None = strawberry.field(
        default=None,
        description="Our account of the section in our own words, where its text is hard to "
        "read (the scan): an editorial summary, never the Act's words; null where the text "
        "speaks for itself",
    )

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
            summary=s.summary,
        )


@strawberry.type(description="An Act a jurisdiction encodes, with every section")
class Act:
    uri: str = strawberry.field(
        description="Akoma Ntoso FRBR URI of the Act; resolves on this server"
    )
    title: str = strawberry.field(description="The Act's full title")
    short_title: str = strawberry.field(description="The Act's short title")
    year: int | None = strawberry.field(
        description="The year of the Act; null when the source does not show it"
    )
    confidence: Confidence = strawberry.field(
        description="How the Act's source as a whole is known (its sections carry their own)"
    )
    note: str | None = strawberry.field(
        description="What is known of the source, if it is imperfect"
    )
    number: str = strawberry.field(
        description="The Act's number, as its Akoma Ntoso FRBRnumber: the number the source "
        'gives it ("21" for Act No. 21 of 1976), or its name where the source gives none'
    )
    author: str | None = strawberry.field(
        description="The legislature that made it; null where the source does not say"
    )
    long_title: str | None = strawberry.field(
        description="The long title in the source's words; null where it is not held"
    )
    preamble: str | None = strawberry.field(
        description="The enacting words in the source's words; null where they are not held"
    )
    enacted: ActEvent = strawberry.field(
        description="When the Act was made (passed or assented to), as the source gives it"
    )
    publication: ActEvent | None = strawberry.field(
        description="Its publication in the Gazette, as the source gives it; null where the "
        "source says nothing of it"
    )
    commencement: ActEvent = strawberry.field(
        description="How and when it comes into force, with the provision that says so (the "
        "date is null where it rests on a notification the sources do not hold)"
    )
    repeals: list[RelatedAct] = strawberry.field(
        description="The Acts it repeals, with the provision that repeals them"
    )
    adopted_from: RelatedAct | None = strawberry.field(
        description="The Act it is, adopted from another State's law; null if it is its own"
    )
    source: str | None = strawberry.field(
        default=None,
        description="What the text served is taken from (the Act's text, a gazette scan, a Bill, "
        "an extract)",
    )
    source_note: str | None = strawberry.field(
        default=None,
        description="What a reader must know before relying on the text, where it is not the "
        "enacted Act's own (a Bill: the enacted Act's words and section numbers may differ) or "
        "its attribution is a reading; null where the source is the Act's text",
    )
    _act: strawberry.Private[CoreAct]

    @strawberry.field(description="The Act's sections in order; one when `number` is given")
    def sections(
        self,
        number: Annotated[
            str | None,
            strawberry.argument(
                description='Only the section with this number, as the Act writes it ("14")'
            ),
        ] = None,
    ) -> list[Section]:
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
            number=a.document.number,
            author=a.document.author,
            long_title=a.document.long_title or _held_long_title(a),
            preamble=a.document.preamble,
            enacted=ActEvent.of(a, a.document.enacted),
            publication=ActEvent.of(a, a.document.published) if a.document.published else None,
            commencement=ActEvent.of(a, a.document.commencement),
            repeals=[RelatedAct.of(a, r) for r in a.document.repeals],
            adopted_from=RelatedAct.of(a, a.document.adopted_from)
            if a.document.adopted_from
            else None,
            source=a.source,
            source_note=a.source_note,
            _act=a,
        )


def _held_long_title(a: CoreAct) -> str | None:
    held = next((s for s in a.sections if s.number.lower() == "longtitle"), None)
    return held.text if held else None


@strawberry.enum(description="How much of a date the source gives")
class DatePrecision(Enum):
    DAY = strawberry.enum_value("day", description="The day: `date` is set")
    YEAR = strawberry.enum_value(
        "year", description="Only the year: `date` is null and `year` is set"
    )
    UNKNOWN = strawberry.enum_value("unknown", description="Nothing: the source does not say")


@strawberry.type(description="An event of an Act's life (its making, publication, commencement)")
class ActEvent:
    date: dt.date | None = strawberry.field(
        description="The day, where the source gives it; null otherwise (never a guessed day)"
    )
    year: int | None = strawberry.field(description="The year, where the source gives it")
    precision: DatePrecision = strawberry.field(description="How much of the date is known")
    name: str | None = strawberry.field(
        description='What the date is ("assent"), or the Gazette it was published in'
    )
    note: str | None = strawberry.field(description="What the source says of it, in a sentence")
    citation: Citation | None = strawberry.field(
        description="The provision of the Act that says it, where one does"
    )

    @classmethod
    def of(cls, a: CoreAct, d: CoreDated) -> ActEvent:
        return cls(
            date=d.day,
            year=d.year,
            precision=DatePrecision(d.precision),
            name=d.name,
            note=d.note,
            citation=Citation.of(a.cite_label(d.cite)) if d.cite else None,
        )


@strawberry.type(description="Another Act this one repeals or is adopted from (not held here)")
class RelatedAct:
    title: str = strawberry.field(description="Its title as the source writes it")
    number: str | None = strawberry.field(description="Its number, where the source gives it")
    year: int | None = strawberry.field(description="Its year")
    uri: str | None = strawberry.field(
        description="Its Akoma Ntoso work URI (an identifier: its text is not served here)"
    )
    note: str | None = strawberry.field(description="What the source says of it")
    citation: Citation | None = strawberry.field(
        description="The provision of this Act that says it, where one does"
    )

    @classmethod
    def of(cls, a: CoreAct, r: CoreRelated) -> RelatedAct:
        return cls(
            title=r.title,
            number=r.number,
            year=r.year,
            uri=r.uri,
            note=r.note,
            citation=Citation.of(a.cite_label(r.cite)) if r.cite else None,
        )


@strawberry.type(description="An offence with its bounds exactly as the Act gives them")
class Offence:
    code: str = strawberry.field(description="Stable code of the offence within its jurisdiction")
    section: str = strawberry.field(
        description='The section creating it, as the Act writes it: "29"'
    )
    title: str = strawberry.field(description="What the offence is")
    citation: Citation = strawberry.field(description="The section creating the offence")
    citations: list[Citation] = strawberry.field(description="Every provision its penalty rests on")
    fine_min: Decimal | None = strawberry.field(
        description=(
            "Least fine in rupees (decimal string); null where the Act sets none "
            "or the text is illegible (see unknownFields)"
        )
    )
    fine_max: Decimal | None = strawberry.field(
        description=(
            "Greatest fine in rupees (decimal string); null where the Act sets "
            "none or the text is illegible (see unknownFields)"
        )
    )
    subsequent_fine: Decimal | None = strawberry.field(
        description="A fixed fine for every subsequent offence"
    )
    imprisonment_max_months: int | None = strawberry.field(
        description=(
            "Longest imprisonment in months; null where the Act gives none or it is illegible"
        )
    )
    compoundable: bool = strawberry.field(
        description="Whether the Act lets the offence be compounded"
    )
    composition_max: Decimal | None = strawberry.field(
        description=(
            "Greatest sum it may be compounded for, in rupees; null where not "
            "compoundable or not given"
        )
    )
    unknown_fields: list[str] = strawberry.field(
        description="Bounds the source text hides: null here means unknown, not unlimited"
    )
    note: str | None = strawberry.field(description="How an unclear text is read, if it is")
    recoverable_from_salary: bool = strawberry.field(
        default=False, description="The fine may be recovered by deduction from salary"
    )
    confidence: Confidence = strawberry.field(
        default=Confidence.READ,
        description="How the provision creating the offence is known; UNKNOWN: the source does "
        "not show that the offence exists",
    )
    applicable: bool = strawberry.field(
        default=True,
        description="false: listed for research only; the source does not show the offence "
        "(see unknownReason), so no case, fine or composition is recorded under it "
        "(recordOffence refuses it with NOT_IN_JURISDICTION)",
    )
    unknown_reason: str | None = strawberry.field(
        default=None,
        description="Why the offence is not applied, where it is not; or why bounds listed "
        "in unknownFields are unknown",
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
            confidence=o.citation.confidence,
            applicable=o.applicable,
            unknown_reason=o.unknown_reason,
        )


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p.title() for p in rest)


@strawberry.type(description="A share of one kind of money going to one fund")
class FundShare:
    fund: str = strawberry.field(description="The fund's key")
    fund_name: str = strawberry.field(description="The fund's name as the Act gives it")
    share: Decimal = strawberry.field(
        description="The fraction of the money it receives (0 to 1, decimal string)"
    )
    account: str = strawberry.field(
        description='The ledger\'s name for it before any holder: "fund:<fund>" or "deposit:<fund>"'
    )
    holder: str = strawberry.field(
        description="STATE (one account), LOCAL_BODY (one per local authority: the case's) or "
        "POUND_KEEPER (one per pound)"
    )


@strawberry.type(description="Where one kind of money goes")
class MoneyRoute:
    kind: MoneyKind = strawberry.field(description="The kind of money")
    shares: list[FundShare] = strawberry.field(description="Where it goes, in shares summing to 1")
    citations: list[Citation] = strawberry.field(
        description="The provisions this rests on, most specific first"
    )
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )


@strawberry.type(description="An amount the Act leaves to notification, and its bound")
class RateRule:
    kind: RateKind = strawberry.field(description="The rate's kind")
    fixed_by: str = strawberry.field(
        description=("Who fixes it under the Act (e.g. the State Government by notification)")
    )
    per_species: bool = strawberry.field(description="Whether it is fixed per species")
    bound_base: RateKind | None = strawberry.field(
        description="The rate it is bounded by, if any (e.g. the ordinary scale)"
    )
    bound_factor: Decimal | None = strawberry.field(
        description=(
            "How many times the base it may be at most (decimal string); null when unbounded"
        )
    )
    citations: list[Citation] = strawberry.field(
        description="The provisions this rests on, most specific first"
    )
    by_local_area: bool = strawberry.field(
        default=False,
        description="The rate may differ by local area: a notification may name a local "
        "authority or a pound, and the most specific in force governs",
    )


@strawberry.type(description="Who may not buy at the Act's auctions")
class ProhibitedPurchasers:
    roles: list[BuyerRole] = strawberry.field(description="The buyer roles the Act bars")
    citations: list[Citation] = strawberry.field(
        description="The provisions this rests on, most specific first"
    )
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )


@strawberry.type(
    description=("Whether a species is cattle, or an animal, under one jurisdiction's Act")
)
class Classification:
    jurisdiction: strawberry.ID = strawberry.field(description="The jurisdiction's code")
    species: str = strawberry.field(description="The species, in the controlled vocabulary")
    is_cattle: bool | None = strawberry.field(description="null: the Act does not say")
    is_animal: bool | None = strawberry.field(description="null: the Act has no such term")
    confidence: Confidence = strawberry.field(description="How the definition's text is known")
    citations: list[Citation] = strawberry.field(description="The definitions it rests on")
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )


@strawberry.type(
    description=(
        "One step of an impoundment's timeline as a half-open window [notBefore, deadline)"
    )
)
class TimelineStep:
    action: Action = strawberry.field(description="What must be done")
    not_before: datetime = strawberry.field(description="First instant the step is allowed")
    deadline: datetime | None = strawberry.field(
        description="First instant at which the step is late; null when the Act sets none"
    )
    citation: Citation = strawberry.field(description="The main provision the step rests on")
    citations: list[Citation] = strawberry.field(
        description="The provisions this rests on, most specific first"
    )
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )
    projected: bool = strawberry.field(
        description="Computed from an event that has not happened, at its earliest lawful time"
    )
    required: bool = strawberry.field(
        default=True,
        description="false: the case closed (every animal delivered, sold or disposed of) "
        "before this step, so the Act no longer requires it",
    )
    done_at: datetime | None = strawberry.field(
        default=None,
        description="When the step was taken, from the case's records (the pound's receipt, "
        "the notice of its kind, the first sale by auction); null: not taken, or not a step "
        "the department records (the owner's complaint or claim), or a scenario",
    )
    late: bool = strawberry.field(
        default=False,
        description="true: taken at or after its deadline (doneAt >= deadline, the window's "
        "own test); a step not yet taken whose deadline has passed is the case's "
        "nextAction.overdue",
    )
    days_late: int | None = strawberry.field(
        default=None,
        description="For a step taken late: the days (IST) from the last day it was allowed "
        "(excluded) to the day it was taken (included), at least 1; null when not late",
    )

    @classmethod
    def of(
        cls, s: base.TimelineStep, required: bool = True, done_at: datetime | None = None
    ) -> TimelineStep:
        why = s.why if required else f"no longer required: the case has closed ({s.why})"
        days_late = s.window.days_late(done_at) if done_at is not None else None
        return cls(
            action=s.action,
            not_before=s.window.not_before,
            deadline=s.window.deadline,
            citation=Citation.of(s.cites[0]),
            citations=cites(s.cites),
            explanation=why,
            projected=s.projected,
            required=required,
            done_at=done_at,
            late=days_late is not None,
            days_late=days_late,
        )


@strawberry.type(description="A section as a search hit names it")
class SectionRef:
    number: str = strawberry.field(description='The section number: "14"')
    heading: str = strawberry.field(description="The section's heading")
    uri: str = strawberry.field(description="Akoma Ntoso URI of the section")
    act: str = strawberry.field(description="The Act's title")
    act_uri: str = strawberry.field(default="", description="Akoma Ntoso URI of the Act")
    confidence: Confidence = strawberry.field(
        default=Confidence.READ, description="How the section's text is known"
    )


@strawberry.type(description="A run of text; matched: words the search asked for")
class TextPart:
    text: str = strawberry.field(description="The text of the run")
    matched: bool = strawberry.field(description="Whether the run is a word the search asked for")


@strawberry.type(description="A section matching a search")
class LawHit:
    jurisdiction: strawberry.ID = strawberry.field(description="The jurisdiction's code")
    section: SectionRef = strawberry.field(description="The section found")
    snippet: str = strawberry.field(description="Matched words in [ ]; see snippetParts")
    snippet_parts: list[TextPart] = strawberry.field(
        description="The snippet as runs of text, matched or not", default_factory=list
    )
    heading_parts: list[TextPart] = strawberry.field(
        description="The heading as runs of text, matched or not", default_factory=list
    )
    rank: float = strawberry.field(
        default=0.0,
        description="How well the section matches, a score: larger is a better match (BM25 "
        "negated, weighting the heading 4 to 1), compared within its group; hits come best "
        "first, in groups: sections whose words match, then sections known by their heading "
        "alone, then editorial notes. Compare within one answer only",
    )
    editorial: bool = strawberry.field(
        default=False,
        description="true: the words matched are our editorial notes on the section (its "
        "summary, the reading of an unclear text), not the Act's words; the snippet is the note",
    )
