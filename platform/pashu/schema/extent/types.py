"""Where an Act is in force, who may seize and where, and kinds notified into an Act."""

from __future__ import annotations

from datetime import date

import strawberry

from pashu.core.citations import Confidence
from pashu.core.decision import Decision
from pashu.db import extent as rows
from pashu.jurisdictions import base
from pashu.jurisdictions.extent import AreaGround, AreaRule, Extent, KindRule
from pashu.schema.enums import described_enum
from pashu.schema.kinds import PlaceKind, SeizerCapacity, code
from pashu.schema.law.types import Citation, cites
from pashu.schema.node import Node, to_global_id

described_enum(
    AreaGround,
    {
        "MUNICIPALITY": "A municipal area, which the Act leaves out",
        "AUTONOMOUS_DISTRICT_COUNCIL": "An area of an Autonomous District Council, which the Act "
        "leaves out",
        "EXEMPTION": "Exempted from the Act by notification",
        "EXCLUSION": "Excluded from the Act's operation by notification",
        "COMMENCEMENT": "The Act brought into force in the area by notification",
        "CANCELLATION": "An exemption or exclusion cancelled: the Act is in force again",
    },
    description="Why an Act is, or is not, in force in an area",
)


@strawberry.type(description="A ground on which an area is in or out of the Act's force")
class ExtentGround:
    ground: AreaGround = strawberry.field(description="The ground")
    in_force: bool = strawberry.field(description="What an entry on this ground makes the area")
    by_notification: bool = strawberry.field(
        description="false: the Act's own words; true: a gazette notification"
    )
    summary: str = strawberry.field(description="What it means under the Act")
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")

    @classmethod
    def of(cls, r: AreaRule) -> ExtentGround:
        return cls(
            ground=r.ground,
            in_force=r.in_force,
            by_notification=r.by_notification,
            summary=r.summary,
            citations=cites(r.cites),
        )


@strawberry.type(description="Where the Act is in force")
class ActExtent:
    summary: str = strawberry.field(description="Where the Act is in force, in a sentence")
    default_in_force: bool | None = strawberry.field(
        description="An area no entry names: in force (true), or not known (null)"
    )
    grounds: list[ExtentGround] = strawberry.field(description="What changes that")
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")
    confidence: Confidence = strawberry.field(description="How the text is known")
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )

    @classmethod
    def of(cls, d: Decision[Extent]) -> ActExtent:
        return cls(
            summary=d.value.summary,
            default_in_force=d.value.default_in_force,
            grounds=[ExtentGround.of(r) for r in d.value.rules],
            citations=cites(d.cites),
            confidence=d.confidence,
            explanation=d.why,
        )


@strawberry.type(description="A power of seizure the Act gives")
class SeizurePower:
    capacity: SeizerCapacity = strawberry.field(description="Who may seize")
    places: list[PlaceKind] = strawberry.field(description="At which kinds of place")
    damage_required: bool = strawberry.field(
        description="Only an animal found doing damage may be seized (not one merely straying)"
    )
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )

    @classmethod
    def of(cls, p: base.SeizurePower, order: list[str]) -> SeizurePower:
        """`order`: the Act's kinds of place, in the order its plugin declares them."""
        return cls(
            capacity=code(p.capacity),
            places=[code(k) for k in order if k in p.places],
            damage_required=p.damage_required,
            citations=cites(p.cites),
            explanation=p.why,
        )


@strawberry.type(description="Kinds of animal the Government may add to the Act by notification")
class NotifiedKinds:
    removable: bool = strawberry.field(description="Kinds may also be taken out")
    summary: str = strawberry.field(description="Which kinds the Act lets a notification add")
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")

    @classmethod
    def of(cls, d: Decision[KindRule]) -> NotifiedKinds:
        return cls(removable=d.value.removable, summary=d.value.summary, citations=cites(d.cites))


@strawberry.type(description="A recorded entry: from its date, the Act is or is not in force")
class ExtentNotification(Node):
    area: str = strawberry.field(description="The area")
    ground: AreaGround = strawberry.field(description="Why the Act is, or is not, in force there")
    in_force: bool = strawberry.field(description="Whether the Act is in force there from then")
    effective_from: date = strawberry.field(
        description="The day it takes effect (a calendar day in IST)"
    )
    reference: str = strawberry.field(description="The notification's gazette reference")

    @classmethod
    def of(cls, r: rows.ExtentNotification) -> ExtentNotification:
        return cls(
            id=to_global_id("ExtentNotification", r.id),
            area=r.area,
            ground=AreaGround(r.ground),
            in_force=r.in_force,
            effective_from=r.effective_from,
            reference=r.reference,
        )


@strawberry.type(description="A recorded notification adding (or taking out) a kind of animal")
class KindNotification(Node):
    species: str = strawberry.field(description="The species")
    included: bool = strawberry.field(description="Whether the kind is brought under the Act")
    effective_from: date = strawberry.field(
        description="The day it takes effect (a calendar day in IST)"
    )
    reference: str = strawberry.field(description="The notification's gazette reference")

    @classmethod
    def of(cls, r: rows.KindNotification) -> KindNotification:
        return cls(
            id=to_global_id("KindNotification", r.id),
            species=r.species,
            included=r.included,
            effective_from=r.effective_from,
            reference=r.reference,
        )


@strawberry.type(description="Whether the Act is in force in an area on a day, and why")
class ForceInArea:
    area: str = strawberry.field(description="The area")
    on: date = strawberry.field(description="The day judged (a calendar day in IST)")
    in_force: bool | None = strawberry.field(description="null: not known")
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )
