"""compareScenario: one set of facts through every Act at once; public, nothing stored."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

import strawberry

from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import Action, RateKind, ReleasingAuthority
from pashu.schema.enums import described_enum
from pashu.schema.impoundment.types import Dues, NextAction
from pashu.schema.kinds import BuyerRole, PlaceKind, code
from pashu.schema.law.types import Citation, TimelineStep, cites, source_note
from pashu.services.law import scenarios
from pashu.services.law.scenarios import Conduct, SupposedAct

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


described_enum(
    SupposedAct,
    {
        "DELIVER": "The animals delivered to the owner on payment (deliverToOwner)",
        "DELIVER_ON_DEPOSIT": "The animals delivered on a deposit under protest "
        "(deliverToOwner, underProtest)",
        "REFUSAL": "The owner's refusal to pay (recordRefusalToPay)",
        "SALE": "A sale (recordSale)",
        "DELIVER_REST": "After the sale on the owner's refusal, the rest delivered to him "
        "(deliverRest)",
        "REFUSE_REST": "After the sale on the owner's refusal, the rest refused by him "
        "(deliverRest, accepted: false)",
        "RELEASE_BY_ORDER": "A release by order (releaseByOrder)",
        "COMPLAINT": "A complaint of illegal seizure (fileComplaint)",
        "DECIDE_COMPLAINT": "The complaint's decision (decideComplaint)",
        "RECORD_INJURY": "Animals dead of an injury suffered while being seized "
        "(recordInjury, died)",
    },
    name="ScenarioAct",
    description="An act a scenario supposes, asked of the Act as the mutation named records it",
)


@strawberry.input(description="Animals of one species in the scenario")
class ScenarioAnimalInput:
    species: str = strawberry.field(description="The species (a name or synonym)")
    count: int = strawberry.field(description="How many head")


_NAMED = (
    "The animals it is of, by species and count, taken from those still in the pound; "
    "default: every animal still in the pound"
)


@strawberry.input(description="A delivery to the owner, whole or in part")
class ScenarioDeliveryInput:
    at: datetime = strawberry.field(description="When (ISO 8601 with offset)")
    animals: list[ScenarioAnimalInput] | None = strawberry.field(default=None, description=_NAMED)
    under_protest: bool = strawberry.field(
        default=False, description="On a deposit of the dues under protest, where the Act has one"
    )


@strawberry.input(description="A sale of impounded animals")
class ScenarioSaleInput:
    at: datetime = strawberry.field(description="When (ISO 8601 with offset)")
    animals: list[ScenarioAnimalInput] | None = strawberry.field(
        default=None,
        description=_NAMED + ". A sale on the owner's refusal without a price is supposed to "
        "meet the dues (the Act sells as many as are necessary)",
    )
    price: Decimal | None = strawberry.field(
        default=None,
        description="What the lot fetched in all, in rupees (decimal string). On the owner's "
        "refusal, a price short of the dues (on the scenario's rates, with what an earlier sale "
        "on the same refusal left) leaves the rest to another sale on that refusal, as "
        "recordSale reckons it",
    )
    expenses: Decimal = strawberry.field(
        default=Decimal("0.00"),
        description="The expenses of this sale in rupees (decimal string), where the Act takes "
        "them out of the proceeds",
    )
    recovers_fine: int | None = strawberry.field(
        default=None,
        description="A sale for a fine on conviction, where the Act lets one be recovered by "
        "sale of the cattle: the fine's place in the scenario's fines, counting from 0, asked as "
        "recordSale's recoversFineId is. It recovers what the proceeds leave after the fines, "
        "charges and expenses of sale, up to what is owed of the fine (without a price, all of "
        "it); the rest stays owed, for a further sale",
    )


@strawberry.input(description="After the sale on the owner's refusal: the rest delivered or not")
class ScenarioRestInput:
    at: datetime = strawberry.field(description="When (ISO 8601 with offset)")
    accepted: bool = strawberry.field(
        default=True, description="false: the owner refuses to take them back"
    )


@strawberry.input(description="A release of impounded animals by order")
class ScenarioReleaseInput:
    at: datetime = strawberry.field(description="When released (ISO 8601 with offset)")
    authority: ReleasingAuthority = strawberry.field(description="Who ordered it")
    ordered_at: datetime | None = strawberry.field(
        default=None, description="When it was ordered (ISO 8601 with offset); default: at"
    )
    animals: list[ScenarioAnimalInput] | None = strawberry.field(default=None, description=_NAMED)


@strawberry.input(description="A complaint of illegal seizure, and its decision")
class ScenarioComplaintInput:
    at: datetime = strawberry.field(description="When filed (ISO 8601 with offset)")
    decided_at: datetime | None = strawberry.field(
        default=None, description="When decided (ISO 8601 with offset); null: not decided"
    )
    illegal: bool = strawberry.field(
        default=False,
        description="Decided: the seizure adjudged illegal (the animals still held released)",
    )


@strawberry.input(
    description="A further refusal or omission to pay, besides the owner's conduct: after the "
    "rest was refused, the owner may appear and refuse again"
)
class ScenarioRefusalInput:
    at: datetime = strawberry.field(description="When (ISO 8601 with offset)")
    deposit: bool = strawberry.field(
        default=False,
        description="A refusal to make the deposit of a disputed seizure, where the Act has one",
    )


@strawberry.input(description="Animals that died of an injury suffered while being seized")
class ScenarioDeathInput:
    at: datetime = strawberry.field(
        description="When they died (ISO 8601 with offset); not before the seizure, perhaps "
        "before they were brought to the pound"
    )
    animals: list[ScenarioAnimalInput] = strawberry.field(
        description="The animals that died, by species and count, taken from those still in "
        "the pound"
    )


@strawberry.input(
    description="A fine on conviction for the trespass of these cattle, its offence linked to "
    "the case"
)
class ScenarioFineInput:
    at: datetime = strawberry.field(description="When it was imposed (ISO 8601 with offset)")
    amount: Decimal = strawberry.field(description="The fine in rupees (decimal string)")
    section: str | None = strawberry.field(
        default=None,
        description="The section of the offence; default: the first each Act lets a fine be "
        "recovered by sale under, where it has such a recovery",
    )


def _herds(given: list[ScenarioAnimalInput] | None) -> list[scenarios.Herd] | None:
    return None if given is None else [scenarios.Herd(a.species, a.count) for a in given]


@strawberry.input(description="A rate as a notification would fix it, checked as one is")
class ScenarioRateInput:
    kind: RateKind = strawberry.field(description="The rate's kind")
    amount: Decimal = strawberry.field(description="The amount in rupees (decimal string)")
    effective_from: date = strawberry.field(
        description="The day it takes effect (a calendar day in IST)"
    )
    species: str | None = strawberry.field(
        default=None, description="The species it is for, where the rate is per species"
    )


@strawberry.input(
    description=("The facts of one imagined case, run through every Act; nothing is stored")
)
class ScenarioInput:
    animals: list[ScenarioAnimalInput] = strawberry.field(description="The animals seized")
    seized_at: datetime = strawberry.field(
        description="When they were seized (ISO 8601 with offset)"
    )
    place: PlaceKind | None = strawberry.field(
        default=None,
        description="The kind of place they were seized at; by default the first each Act names "
        "(its land, under each built-in Act)",
    )
    impounded_at: datetime | None = strawberry.field(
        default=None,
        description="When the pound received them (ISO 8601 with offset); default: at the seizure",
    )
    announced_at: datetime | None = strawberry.field(
        default=None, description="When the seizure was announced (ISO 8601 with offset)"
    )
    reported_at: datetime | None = strawberry.field(
        default=None,
        description="When cattle unclaimed were reported, where the Act asks for a report "
        "(ISO 8601 with offset)",
    )
    noticed_at: datetime | None = strawberry.field(
        default=None,
        description=("When the notice of unclaimed cattle was published (ISO 8601 with offset)"),
    )
    owner: Conduct = strawberry.field(default=Conduct.ABSENT, description="What the owner does")
    owner_appears_at: datetime | None = strawberry.field(
        default=None, description="Required when the owner appears (owner other than ABSENT)"
    )
    rates: list[ScenarioRateInput] = strawberry.field(
        description="Rates as notifications would fix them", default_factory=list
    )
    sale_price: Decimal | None = strawberry.field(
        default=None,
        description="A hypothetical sale of every impounded animal at once: the total price "
        "the whole lot fetches, in rupees (decimal string), not a price per animal (two cows "
        'at "5000" fetch Rs 5,000 together)',
    )
    sale_expenses: Decimal = strawberry.field(
        default=Decimal("0.00"), description="The expenses of a sale in rupees (decimal string)"
    )
    as_of: datetime | None = strawberry.field(
        default=None,
        description="The dues are worked out on this instant; default: the owner's appearance, "
        "else the earliest sale",
    )
    deliveries: list[ScenarioDeliveryInput] = strawberry.field(
        default_factory=list,
        description="Deliveries to the owner, whole or in part, besides the owner's conduct",
    )
    sales: list[ScenarioSaleInput] = strawberry.field(
        default_factory=list, description="Sales of the animals, whole or in part"
    )
    rest: ScenarioRestInput | None = strawberry.field(
        default=None,
        description="After the sale on the owner's refusal: the rest delivered to him or refused",
    )
    releases: list[ScenarioReleaseInput] = strawberry.field(
        default_factory=list, description="Releases by order"
    )
    complaint: ScenarioComplaintInput | None = strawberry.field(
        default=None, description="A complaint of illegal seizure, and its decision"
    )
    refusals: list[ScenarioRefusalInput] = strawberry.field(
        default_factory=list,
        description="Further refusals to pay, besides the owner's conduct (REFUSES at "
        "ownerAppearsAt is the first); at one instant, each follows the rest of the one before",
    )
    rests: list[ScenarioRestInput] = strawberry.field(
        default_factory=list,
        description="After each further sale on a refusal, in order: the rest delivered or "
        "refused (after rest, if given)",
    )
    complaints: list[ScenarioComplaintInput] = strawberry.field(
        default_factory=list,
        description="Further complaints of illegal seizure, each with its own decision "
        "(after complaint, if given)",
    )
    deaths: list[ScenarioDeathInput] = strawberry.field(
        default_factory=list,
        description="Deaths of injuries suffered while being seized (recordInjury, died)",
    )
    fines: list[ScenarioFineInput] = strawberry.field(
        default_factory=list,
        description="Fines on conviction for the trespass of these cattle, none paid; a sale "
        "may recover one (sales: recoversFine)",
    )

    def facts(self) -> scenarios.Facts:
        return scenarios.Facts(
            animals=[scenarios.Herd(a.species, a.count) for a in self.animals],
            seized_at=self.seized_at,
            place=str(self.place) if self.place else None,
            impounded_at=self.impounded_at,
            announced_at=self.announced_at,
            reported_at=self.reported_at,
            noticed_at=self.noticed_at,
            conduct=self.owner,
            owner_appears_at=self.owner_appears_at,
            rates=[
                scenarios.Rate(r.kind, r.amount, r.effective_from, r.species) for r in self.rates
            ],
            sale_price=self.sale_price,
            sale_expenses=self.sale_expenses,
            as_of=self.as_of,
            deliveries=[
                scenarios.Delivered(d.at, _herds(d.animals), d.under_protest)
                for d in self.deliveries
            ],
            sales=[
                scenarios.Sold(x.at, _herds(x.animals), x.price, x.expenses, x.recovers_fine)
                for x in self.sales
            ],
            rest=scenarios.Rest(self.rest.at, self.rest.accepted) if self.rest else None,
            releases=[
                scenarios.Released(r.at, r.authority, r.ordered_at, _herds(r.animals))
                for r in self.releases
            ],
            complaint=(
                scenarios.Complained(
                    self.complaint.at, self.complaint.decided_at, self.complaint.illegal
                )
                if self.complaint
                else None
            ),
            refusals=[scenarios.Refused(r.at, r.deposit) for r in self.refusals],
            rests=[scenarios.Rest(r.at, r.accepted) for r in self.rests],
            complaints=[
                scenarios.Complained(c.at, c.decided_at, c.illegal) for c in self.complaints
            ],
            deaths=[
                scenarios.Died(d.at, [scenarios.Herd(a.species, a.count) for a in d.animals])
                for d in self.deaths
            ],
            fines=[scenarios.Fined(f.at, f.amount, f.section) for f in self.fines],
        )


@strawberry.type(description="One Act's answer on one question of the scenario")
class ScenarioCell:
    summary: str = strawberry.field(description="The answer in a sentence")
    lawful: bool | None = strawberry.field(description="null: the Act does not settle it")
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")

    @classmethod
    def of(cls, c: scenarios.Cell | None) -> ScenarioCell | None:
        return (
            None if c is None else cls(summary=c.summary, lawful=c.lawful, citations=cites(c.cites))
        )


@strawberry.type(description="How one Act classes the scenario's animals of one species")
class ScenarioAnimal:
    species: str = strawberry.field(description="The species")
    count: int = strawberry.field(description="How many head")
    impoundable: bool = strawberry.field(description="Cattle or an animal under the Act")
    is_cattle: bool | None = strawberry.field(
        description="Whether the Act counts them as cattle; null where it does not say"
    )
    is_animal: bool | None = strawberry.field(
        description=("Whether the Act counts them as animals; null where it has no such term")
    )
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )


@strawberry.type(description="A step the facts say was taken: inside its window or not")
class ScenarioStepCheck:
    action: Action = strawberry.field(description="The step")
    at: datetime = strawberry.field(
        description="When the facts say it was taken (ISO 8601 with offset, shown in IST)"
    )
    lawful: bool | None = strawberry.field(description="null: the Act has no such step")
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )


@strawberry.type(
    description="An act the facts suppose, asked of the Act as the mutation recording it asks"
)
class ScenarioActCheck:
    act: SupposedAct = strawberry.field(description="The act")
    at: datetime = strawberry.field(
        description="When the facts say it was done (ISO 8601 with offset, shown in IST)"
    )
    lawful: bool = strawberry.field(
        description="false: a register would refuse it, and the course runs on without it"
    )
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")
    explanation: str = strawberry.field(
        description="Why, in one line: the rule applied, or the refusal's message"
    )


@strawberry.type(description="A rate of the scenario checked as a notification would be")
class ScenarioRateCheck:
    kind: RateKind = strawberry.field(description="The rate's kind")
    species: str | None = strawberry.field(description="The species, if per species")
    amount: Decimal = strawberry.field(description="The amount in rupees (decimal string)")
    effective_from: date = strawberry.field(
        description="The day it takes effect (a calendar day in IST)"
    )
    accepted: bool = strawberry.field(description="Whether the Act allows it")
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )


@strawberry.type(description="Rupees of one kind going to one account")
class ScenarioShare:
    kind: str = strawberry.field(description="The kind of money")
    account: str = strawberry.field(description="fund:<key>, owner, deposit:<kind>, expenses:sale")
    account_name: str = strawberry.field(description="The account's name as the Act calls it")
    amount: Decimal = strawberry.field(description="Rupees (decimal string)")
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")


@strawberry.type(description="One Act's answers for the scenario")
class ScenarioAnswer:
    jurisdiction: strawberry.ID = strawberry.field(description="The jurisdiction's code")
    provided: bool = strawberry.field(description="false: the Act has no impoundment chapter")
    refusal: ScenarioCell | None = strawberry.field(
        description="Why the Act cannot take the scenario, if it cannot"
    )
    animals: list[ScenarioAnimal] = strawberry.field(description="How the Act classes the animals")
    timeline: list[TimelineStep] = strawberry.field(description="The timeline the facts give")
    steps: list[ScenarioStepCheck] = strawberry.field(
        description="The steps the facts say were taken (the impounding, the notices), each "
        "inside its window or not; a notice a register would refuse is unlawful, with the "
        "refusal's reason, and the course runs on without it"
    )
    acts: list[ScenarioActCheck] = strawberry.field(
        description="The other acts the facts suppose (the owner's, deliveries, sales, the "
        "rest, releases, a complaint and its decision), each as the registers would take it"
    )
    rates: list[ScenarioRateCheck] = strawberry.field(description="The scenario's rates, checked")
    dues: Dues | None = strawberry.field(description="What the owner must pay")
    next_action: NextAction | None = strawberry.field(
        description="The department's next duty on the facts, as a recorded case's nextAction "
        "gives it; null when none is open"
    )
    earliest_sale: datetime | None = strawberry.field(
        description=(
            "The first instant the animals may be sold (ISO 8601 with offset, shown in IST)"
        )
    )
    earliest_sale_citations: list[Citation] = strawberry.field(
        description="The provisions the earliest sale rests on"
    )
    prohibited_purchasers: list[BuyerRole] = strawberry.field(description="Who may not buy")
    prohibited_purchasers_citations: list[Citation] = strawberry.field(
        description="The provisions barring them"
    )
    owner: ScenarioCell | None = strawberry.field(
        description="What follows from the owner's conduct"
    )
    money: list[ScenarioShare] = strawberry.field(description="Where the money goes")
    source_note: str | None = strawberry.field(
        default=None,
        description="What a reader must know of the Act's source: e.g. a source that is a "
        "Bill, so the enacted Act's section numbers may differ; null where the source is "
        "the Act's own text",
    )

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
            timeline=[TimelineStep.of(s, s.action not in o.not_required) for s in o.timeline],
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
            acts=[
                ScenarioActCheck(
                    act=a.act,
                    at=a.at,
                    lawful=a.lawful,
                    citations=cites(a.cites),
                    explanation=a.why,
                )
                for a in o.acts
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
            next_action=(
                NextAction(
                    action=o.next_duty.action,
                    not_before=o.next_duty.not_before,
                    deadline=o.next_duty.deadline,
                )
                if o.next_duty is not None
                else None
            ),
            earliest_sale=o.earliest_sale,
            earliest_sale_citations=cites(o.earliest_sale_cites),
            prohibited_purchasers=[code(r) for r in o.prohibited],
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
            source_note=source_note(registry.get(o.jurisdiction)),
        )


def compare_scenario(facts: ScenarioInput) -> list[ScenarioAnswer]:
    return [ScenarioAnswer.of(o) for o in scenarios.run(facts.facts())]
