"""compareScenario: one set of facts through every Act at once; public, nothing stored."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

import strawberry

from pashu.jurisdictions.base import Action, BuyerRole, PlaceKind, RateKind
from pashu.schema.enums import described_enum
from pashu.schema.impoundment.types import Dues
from pashu.schema.law.types import Citation, TimelineStep, cites
from pashu.services import scenarios
from pashu.services.scenarios import Conduct

described_enum(
    Conduct,
    {
        "ABSENT": "Never appears: the animals go to sale",
        "PAYS": "Appears and pays the dues",
        "REFUSES": "Appears but refuses or omits to pay",
        "DISPUTES": "Appears, disputes the seizure and deposits the dues under protest",
    },
    name="OwnerConduct",
    description="What the owner does",
)


@strawberry.input
class ScenarioAnimalInput:
    species: str
    count: int


@strawberry.input(description="A rate as a notification would fix it, checked as one is")
class ScenarioRateInput:
    kind: RateKind
    amount: Decimal
    effective_from: date
    species: str | None = None


@strawberry.input
class ScenarioInput:
    animals: list[ScenarioAnimalInput]
    seized_at: datetime
    place: PlaceKind = PlaceKind.PRIVATE_LAND
    impounded_at: datetime | None = None
    announced_at: datetime | None = None
    noticed_at: datetime | None = None
    owner: Conduct = Conduct.ABSENT
    owner_appears_at: datetime | None = strawberry.field(
        default=None, description="Required when the owner appears (owner other than ABSENT)"
    )
    rates: list[ScenarioRateInput] = strawberry.field(default_factory=list)
    sale_price: Decimal | None = strawberry.field(
        default=None, description="A hypothetical price for every impounded animal, sold at once"
    )
    sale_expenses: Decimal = Decimal("0.00")
    as_of: datetime | None = strawberry.field(
        default=None,
        description="The dues are worked out on this instant; default: the owner's appearance, "
        "else the earliest sale",
    )

    def facts(self) -> scenarios.Facts:
        return scenarios.Facts(
            animals=[scenarios.Herd(a.species, a.count) for a in self.animals],
            seized_at=self.seized_at,
            place=self.place,
            impounded_at=self.impounded_at,
            announced_at=self.announced_at,
            noticed_at=self.noticed_at,
            conduct=self.owner,
            owner_appears_at=self.owner_appears_at,
            rates=[
                scenarios.Rate(r.kind, r.amount, r.effective_from, r.species) for r in self.rates
            ],
            sale_price=self.sale_price,
            sale_expenses=self.sale_expenses,
            as_of=self.as_of,
        )


@strawberry.type(description="One Act's answer on one question of the scenario")
class ScenarioCell:
    summary: str
    lawful: bool | None = strawberry.field(description="null: the Act does not settle it")
    citations: list[Citation]

    @classmethod
    def of(cls, c: scenarios.Cell | None) -> ScenarioCell | None:
        return (
            None if c is None else cls(summary=c.summary, lawful=c.lawful, citations=cites(c.cites))
        )


@strawberry.type
class ScenarioAnimal:
    species: str
    count: int
    impoundable: bool = strawberry.field(description="Cattle or an animal under the Act")
    is_cattle: bool | None
    is_animal: bool | None
    citations: list[Citation]
    explanation: str


@strawberry.type(description="A step the facts say was taken: inside its window or not")
class ScenarioStepCheck:
    action: Action
    at: datetime
    lawful: bool | None = strawberry.field(description="null: the Act has no such step")
    citations: list[Citation]
    explanation: str


@strawberry.type
class ScenarioRateCheck:
    kind: RateKind
    species: str | None
    amount: Decimal
    effective_from: date
    accepted: bool
    citations: list[Citation]
    explanation: str


@strawberry.type(description="Rupees of one kind going to one account")
class ScenarioShare:
    kind: str
    account: str = strawberry.field(description="fund:<key>, owner, deposit:<kind>, expenses:sale")
    account_name: str
    amount: Decimal
    citations: list[Citation]


@strawberry.type
class ScenarioAnswer:
    jurisdiction: strawberry.ID
    provided: bool = strawberry.field(description="false: the Act has no impoundment chapter")
    refusal: ScenarioCell | None
    animals: list[ScenarioAnimal]
    timeline: list[TimelineStep]
    steps: list[ScenarioStepCheck]
    rates: list[ScenarioRateCheck]
    dues: Dues | None
    earliest_sale: datetime | None
    earliest_sale_citations: list[Citation]
    prohibited_purchasers: list[BuyerRole]
    prohibited_purchasers_citations: list[Citation]
    owner: ScenarioCell | None
    money: list[ScenarioShare]

    @classmethod
    def of(cls, o: scenarios.Outcome) -> ScenarioAnswer:
        return cls(
            jurisdiction=strawberry.ID(o.jurisdiction),
            provided=o.provided,
            refusal=ScenarioCell.of(o.refusal),
            animals=[
                ScenarioAnimal(
                    species=a.species,
                    count=a.count,
                    impoundable=a.impoundable,
                    is_cattle=a.is_cattle,
                    is_animal=a.is_animal,
                    citations=cites(a.cites),
                    explanation=a.why,
                )
                for a in o.animals
            ],
            timeline=[TimelineStep.of(s) for s in o.timeline],
            steps=[
                ScenarioStepCheck(
                    action=s.action,
                    at=s.at,
                    lawful=s.lawful,
                    citations=cites(s.cites),
                    explanation=s.why,
                )
                for s in o.steps
            ],
            rates=[
                ScenarioRateCheck(
                    kind=r.rate.kind,
                    species=r.rate.species,
                    amount=r.rate.amount,
                    effective_from=r.rate.effective_from,
                    accepted=r.accepted,
                    citations=cites(r.cites),
                    explanation=r.why,
                )
                for r in o.rates
            ],
            dues=Dues.of(o.dues) if o.dues is not None else None,
            earliest_sale=o.earliest_sale,
            earliest_sale_citations=cites(o.earliest_sale_cites),
            prohibited_purchasers=o.prohibited,
            prohibited_purchasers_citations=cites(o.prohibited_cites),
            owner=ScenarioCell.of(o.owner),
            money=[
                ScenarioShare(
                    kind=m.kind,
                    account=m.account,
                    account_name=m.account_name,
                    amount=m.amount,
                    citations=cites(m.cites),
                )
                for m in o.money
            ],
        )


def compare_scenario(facts: ScenarioInput) -> list[ScenarioAnswer]:
    return [ScenarioAnswer.of(o) for o in scenarios.run(facts.facts())]
