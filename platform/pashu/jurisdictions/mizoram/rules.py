"""The Mizoram Animal (Control & Taxation) Act, 2014, as rules.

Each method implements the section its docstring names and cites it; readings of slips in
the text carry the `interpreted` marks of the Act's data (acts/*.yaml).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from pashu.core.citations import Citation, Confidence
from pashu.core.decision import Decision
from pashu.core.legaltime import Window, days_after, hours_after
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.extent import AreaGround, AreaRule, Extent
from pashu.jurisdictions.vocabulary import (
    Action,
    BuyerRole,
    Capability,
    Classification,
    ComparisonTopic,
    Kind,
    Kinds,
    MoneyKind,
    PlaceKind,
    RateKind,
    RateRule,
    Route,
    SaleAccounting,
    SeizurePower,
    TimelineEvents,
    TimelineStep,
)

VILLAGE_COUNCIL_FUND = "village_council_fund"
CONSOLIDATED_FUND = "consolidated_fund"

# s.2(b): "cattle" means cows, oxen, bulls and calves -- the canonical names it uses.
_CATTLE_NAMED = {"cow": "cows", "ox": "oxen", "bull": "bulls", "calf": "calves"}

# s.2(a): "any animal normally domesticated for whatever purpose or for rearing purposes".
_DOMESTICATED = frozenset(
    {
        "cow",
        "bull",
        "ox",
        "heifer",
        "calf",
        "buffalo",
        "camel",
        "horse",
        "mare",
        "gelding",
        "pony",
        "colt",
        "filly",
        "mule",
        "ass",
        "pig",
        "sheep",
        "ram",
        "ewe",
        "lamb",
        "goat",
        "kid",
        "fowl",
        "duck",
        "dog",
        "cat",
    }
)

# Named beside "Cattle" in s.4(3), so the Act treats them as animals but not as cattle.
_NAMED_BESIDE_CATTLE = frozenset({"mithun", "buffalo"})

_FEEDING_DAYS = (
    "the Village Council feeds and waters the seized animals, none to starve (s.8(1)), at "
    "charges at prescribed rates (s.8(2)); that is no period counted from a day, so the "
    "General Clauses Act s.9 (the first day excluded) does not apply: a charge is due for "
    "each day, in IST, on which the animals were held, the day seized and the day taken "
    "each counted once (held at 20:00 and taken at 22:00 the same day: one day)"
)
_HEIFER_NOTE = (
    "A heifer is not named in s.2(b); it is a young cow that has not calved, read as cattle "
    '(within "cows" and "calves").'
)
_ELEPHANT_NOTE = (
    'Whether an elephant is "normally domesticated" (s.2(a)) the Act does not settle: '
    "elephants are kept and worked, but tamed from the wild rather than domesticated."
)


def _a(species: str) -> str:
    """ "an ox", "a cow": the article, for a `why` that reads as a sentence."""
    vowel_sound = species[0] in "aeiou" and not species.startswith(("ewe", "u"))
    return ("an " if vowel_sound else "a ") + species


@dataclass
class Mizoram(Jurisdiction):
    """Seizure by the land-owner, custody and sale by the Village Council (Ch. III),
    registration and animal tax (Ch. IV), fines only (Ch. V)."""

    def _cite(self, label: str) -> Citation:
        return self.act.cite_label(label)

    # -- definitions ------------------------------------------------------------
    def classify(self, species: str) -> Classification:
        """s.2(b) "cattle" means cows, oxen, bulls and calves; s.2(a) "animal" includes any
        animal normally domesticated for whatever purpose or for rearing purposes."""
        return Classification(species, self._is_cattle(species), self._is_animal(species))

    def _is_cattle(self, species: str) -> Decision[bool | None]:
        b = self._cite("2(b)")
        if species in _CATTLE_NAMED:
            return Decision(True, [b], f'"{_CATTLE_NAMED[species]}" are named in s.2(b)')
        if species == "heifer":
            return Decision(
                True,
                [b.with_confidence(Confidence.INTERPRETED, _HEIFER_NOTE)],
                "a heifer, a young cow, is read as cattle: s.2(b) names cows and calves",
            )
        if species in _NAMED_BESIDE_CATTLE:
            return Decision(
                False,
                [b, self._cite("4")],
                f"{_a(species)} is not in s.2(b)'s list, and s.4(3) names it beside cattle",
            )
        return Decision(
            False, [b], f"s.2(b) names only cows, oxen, bulls and calves, not {_a(species)}"
        )

    def _is_animal(self, species: str) -> Decision[bool | None]:
        a = self._cite("2(a)")
        if species in _DOMESTICATED:
            return Decision(True, [a], f"{_a(species)} is an animal normally domesticated (s.2(a))")
        if species == "mithun":
            return Decision(
                True,
                [a, self._cite("4")],
                "the mithun is reared in the villages and s.4(3) controls mithuns as animals",
            )
        if species == "elephant":
            return Decision(
                None,
                [a.with_confidence(Confidence.INTERPRETED, _ELEPHANT_NOTE)],
                "the Act does not settle whether a tamed elephant is normally domesticated",
            )
        return Decision(
            None, [a], f"the Act does not say whether {_a(species)} is normally domesticated"
        )

    # -- extent ---------------------------------------------------------------
    def extent(self) -> Decision[Extent]:
        """s.1(2): the whole State except the areas of Municipalities and of the Chakma, Mara
        and Lai Autonomous District Councils; the proviso lets the Government exempt any area
        by notification, and vary or cancel it, without touching what was done before;
        s.1(3): in force from its publication in the Gazette."""
        own, proviso = self._cite("1(2)"), self._cite("1(2)(proviso)")
        return Decision(
            Extent(
                "the whole of Mizoram except the areas of Municipalities and of the Chakma, "
                "Mara and Lai Autonomous District Councils in Lawngtlai and Saiha Districts; "
                "the Government may exempt any area by notification, and vary or cancel it",
                True,
                (
                    AreaRule(
                        AreaGround.MUNICIPALITY,
                        False,
                        False,
                        (own, self._cite("2(e)")),
                        "an area within the jurisdiction of a Municipality: outside the Act",
                    ),
                    AreaRule(
                        AreaGround.AUTONOMOUS_DISTRICT_COUNCIL,
                        False,
                        False,
                        (own,),
                        "an area of the Chakma, Mara or Lai Autonomous District Council: "
                        "outside the Act",
                    ),
                    AreaRule(
                        AreaGround.EXEMPTION,
                        False,
                        True,
                        (proviso,),
                        "an area the Government exempts by notification in the Mizoram "
                        "Gazette, from its date; what was done before is unaffected",
                    ),
                    AreaRule(
                        AreaGround.CANCELLATION,
                        True,
                        True,
                        (proviso,),
                        "an exemption cancelled by notification: the Act applies again",
                    ),
                ),
            ),
            [own, proviso, self._cite("1(3)")],
            "s.1(2) sets the Act's extent and lets the Government exempt areas",
        )

    # -- impoundment ----------------------------------------------------------
    def impoundment_timeline(self, events: TimelineEvents) -> list[TimelineStep]:
        """s.7(1) seize and take to the Village Council; s.7(5) announce by Village Crier
        within 24 hours of the animals being brought; s.10(1) auction if not claimed within
        seven days from the announcement; s.10(4) refund on a claim within 15 days of the
        sale; after an owner's refusal to pay, s.10(2) (the sale from the refusal, with no
        refund). Missing events are projected at the earliest instant the law allows."""
        brought = events.impounded_at or events.seized_at
        brought_projected = events.impounded_at is None
        announced = events.announced_at or brought
        announced_projected = events.announced_at is None
        auction_from = days_after(announced, 7)  # General Clauses Act s.9
        sold = events.sold_at or auction_from
        steps = [
            TimelineStep(
                Action.DELIVER_TO_POUND,
                Window(events.seized_at, None),
                [self._cite("7(1)")],
                "the seizer takes the animal to a member, or the Secretary, of the Village "
                "Council, who has it tied in the enclosure set apart; the Act sets no time",
            ),
            TimelineStep(
                Action.ANNOUNCE_SEIZURE,
                Window(brought, hours_after(brought, 24)),
                [self._cite("7(5)")],
                "the Village Council announces the seizure through a Village Crier within "
                "twenty-four hours of the time the animals were brought",
                projected=brought_projected,
            ),
        ]
        if events.refused_at is not None:
            # s.10(2): a sale on the owner's refusal; no refund under s.10(4) follows it.
            if events.sold_at is None:
                steps.append(
                    TimelineStep(
                        Action.AUCTION,
                        Window(events.refused_at, None),
                        self.refusal_to_pay(events).cites,
                        "the owner claimed the animals but refused or failed to pay: the "
                        "Village Council has as many of them sold by public auction as are "
                        "necessary; the Act sets no time (interpreted: from the refusal)",
                    )
                )
            return steps
        return [
            *steps,
            TimelineStep(
                Action.AUCTION,
                Window(auction_from, None),
                [self._cite("10(1)")],
                "animals not claimed within seven days from the announcement are sold by "
                "public auction; the Act sets no time by which the sale must happen",
                projected=announced_projected,
            ),
            self.claim_on_proceeds(sold, projected=events.sold_at is None),
        ]

    def claim_on_proceeds(self, sold_at: datetime, projected: bool = False) -> TimelineStep:
        """s.10(4): a refund on a claim within 15 days of a sale under s.10(1)."""
        return TimelineStep(
            Action.CLAIM_SALE_PROCEEDS,
            Window(sold_at, days_after(sold_at, 15)),
            [self._cite("10(4)")],
            "after a sale under s.10(1) the owner may claim within 15 days of the sale "
            "and receive the proceeds less the feeding charges and fines due",
            projected=projected,
        )

    def impoundment_kinds(self) -> Kinds:
        """s.7(1): "any person who is the owner of any land or property, whether private or
        public"; s.2(f)(i): the owner of land or property includes its cultivator or occupier,
        a person who advanced cash for the cultivation of the crop, and the vendor or mortgagee
        of the crop; s.10(3): the Village Council, its members, secretary, their families and
        its employees may not buy. The Act names no aerodrome or habitual-trespass area."""
        land = (self._cite("7(1)"),)
        owners = (self._cite("7(1)"), self._cite("2(f)(i)"))
        barred = (self._cite("10(3)"),)
        return Kinds(
            places=(
                Kind("PRIVATE_LAND", "private land or property, or its crop", land),
                Kind("PUBLIC_PROPERTY", "public land or property", land),
            ),
            seizers=tuple(
                Kind(code, words, owners)
                for code, words in (
                    ("LAND_OWNER", "the owner of the land or property"),
                    ("CULTIVATOR", "the cultivator of the land or property"),
                    ("OCCUPIER", "the occupier of the land or property"),
                    ("CROP_FINANCIER", "one who advanced cash for the cultivation of the crop"),
                    ("CROP_VENDOR", "the vendor of the crop"),
                    ("CROP_MORTGAGEE", "the mortgagee of the crop"),
                )
            ),
            buyers=tuple(
                Kind(code, words, barred)
                for code, words in (
                    ("VILLAGE_COUNCIL_MEMBER", "a member of the Village Council"),
                    ("VILLAGE_COUNCIL_SECRETARY", "the Secretary of the Village Council"),
                    (
                        "VILLAGE_COUNCIL_FAMILY_MEMBER",
                        "a member of the family of a member or "
                        "the Secretary of the Village Council",
                    ),
                    ("VILLAGE_COUNCIL_EMPLOYEE", "an employee of the Village Council"),
                )
            ),
        )

    def seizure_powers(self) -> list[SeizurePower]:
        """s.7(1): the owner of any land or property, private or public (s.2(f)(i) says who
        that includes: `impoundment_kinds`), may seize "any animal trespassing upon such land
        or property causing damage thereto". The Act gives no one else a power of seizure."""
        kinds = self.declared_kinds()
        places = frozenset(k.code for k in kinds.places)
        cites = (self._cite("7(1)"), self._cite("2(f)(i)"))
        return [
            SeizurePower(
                kind.code,
                places,
                True,
                cites,
                f"{kind.label}, an owner of the land or property under s.2(f)(i), may seize an "
                "animal trespassing upon it and causing damage (s.7(1))",
            )
            for kind in kinds.seizers
        ]

    def refusal_to_pay(self, events: TimelineEvents) -> Decision[Window]:
        """s.10(2): if within the period of s.10(1) the owner or his agent claims the animals
        but refuses or fails to pay the feeding charges and fines of s.9, the Village Council
        has the animals, or as many of them as necessary, sold by public auction."""
        brought = events.impounded_at or events.seized_at
        announced = events.announced_at or brought
        return Decision(
            Window(brought, days_after(announced, 7)),
            [
                self._cite("10(2)").with_confidence(
                    Confidence.INTERPRETED,
                    "s.10(2) sets no time for the sale after the refusal: read as from the "
                    "refusal, without s.10(1)'s seven days, which are for animals not claimed",
                ),
                self._cite("9(1)"),
            ],
            "an owner who claims the animals within seven days of the announcement but refuses "
            "or fails to pay the feeding charges and fines has as many of them sold as are "
            "necessary (the sale from the refusal, interpreted); no refund under s.10(4) follows",
        )

    def fine_rate_kind(self, place: PlaceKind) -> Decision[RateKind]:
        """s.9(1): fines "at such rate as the Government may from time to time, by rules,
        prescribe for each kind of animals" -- one scale wherever the animal was seized."""
        return Decision(
            RateKind.FINE_PER_HEAD,
            [self._cite("9(1)")],
            "the Government prescribes the fine per kind of animal by rules; the Act draws no "
            "distinction by the place of seizure",
        )

    def prohibited_purchasers(self) -> Decision[frozenset[BuyerRole]]:
        """s.10(3): the Village Council, its members, secretary, their families and its
        employees shall not directly or indirectly purchase an animal sold under s.10."""
        return Decision(
            frozenset(k.code for k in self.declared_kinds().buyers),
            [self._cite("10(3)")],
            "nor may the Village Council itself buy, directly or indirectly, an animal it sells",
        )

    def register_entry(self) -> Decision[bool]:
        """s.7(3)-(4): the Village Council enters the number and description of the animals,
        the day and hour brought, the seizer's and (if known) the owner's names and full
        addresses, and gives the seizer a copy; the Act asks no signature of the seizer."""
        return Decision(
            False,
            [self._cite("7(3)"), self._cite("7(4)")],
            "entered in the Village Council's register; the seizer or his agent gets a copy",
        )

    def delivery_on_payment(self) -> Decision[None]:
        """s.9(1)-(2): delivered on payment of feeding charges and fines; the owner signs a
        receipt in the register."""
        return Decision(
            None,
            [self._cite("9(1)"), self._cite("9(2)")],
            "the owner or his agent takes the animals back on paying the feeding charges and "
            "fines, and signs a receipt in the Village Council's register",
        )

    def carcass_return(self) -> Decision[None]:
        """s.7(2): an animal hurt or killed while being seized gives its owner no claim for
        damages on the land's owner; the Village Council returns the carcass in full to its
        lawful owner at the earliest."""
        return Decision(
            None,
            [self._cite("7(2)")],
            "the land's owner is not liable for the injury or death; the Village Council "
            "returns the carcass in full to the animal's owner at the earliest possible",
        )

    def sale_accounting(self) -> Decision[SaleAccounting]:
        """s.10(4): sale proceeds are deposited in the Village Council Fund, refundable to
        an owner who claims within 15 days of a sale under s.10(1)."""
        return Decision(
            SaleAccounting.PROCEEDS_TO_FUND_REFUNDABLE,
            [self._cite("10(4)")],
            "the proceeds go to the Village Council Fund; on a claim within 15 days of a sale "
            "of unclaimed animals the owner receives them less feeding charges and fines",
        )

    def other_disposal(self) -> Decision[str]:
        """s.10(2) proviso: animals unlikely to fetch a fair price at auction may be disposed
        of as the Village Council thinks fit."""
        return Decision(
            "the Village Council",
            [self._cite("10(2)")],
            "animals not likely to fetch a fair price at auction may be disposed of as the "
            "Village Council thinks fit",
        )

    # -- money --------------------------------------------------------------
    def routing(self, kind: MoneyKind) -> Decision[list[Route]]:
        """s.19 fines, s.8(2) feeding charges, s.10(4) sale proceeds, s.12(1) registration
        fees: the Village Council Fund; s.13(2) animal tax: half each to the Village Council
        Fund and the Consolidated Fund of the State."""
        whole = [Route(VILLAGE_COUNCIL_FUND, Decimal(1))]
        if kind is MoneyKind.FINE:
            return Decision(
                whole,
                [self._cite("19")],
                "all fines collected under the Act are credited to the Village Council Fund "
                "(the Rs 500 of s.15(3) is paid to the victim)",
            )
        if kind is MoneyKind.OFFENCE_FINE:
            return Decision(
                whole,
                [self._cite("19")],
                "all fines collected under the Act, fines on conviction included, are credited "
                "to the Village Council Fund (the Rs 500 of s.15(3) is paid to the victim)",
            )
        if kind is MoneyKind.FEEDING_CHARGE:
            return Decision(
                whole,
                [self._feeding_collected(), self._cite("2(j)")],
                "the Village Council collects the feeding charges (s.8(2)); that they go to the "
                "Village Council Fund (s.2(j)) is interpreted: s.8(2) names no fund, and the Act "
                "names no other fund for them",
            )
        if kind is MoneyKind.SALE_PROCEEDS:
            return Decision(
                whole,
                [self._cite("10(4)")],
                "sale proceeds are deposited into the Village Council Fund, refundable on a "
                "claim within 15 days of a sale under s.10(1)",
            )
        if kind is MoneyKind.SURPLUS_PROCEEDS:
            return Decision(
                whole,
                [self._cite("10(4)")],
                "the Act keeps no surplus account: all proceeds go to the Village Council Fund, "
                "and what the owner does not claim within 15 days stays there",
            )
        if kind is MoneyKind.REGISTRATION_FEE:
            return Decision(
                whole,
                [self._cite("12(1)")],
                "the registration fee is credited to the Village Council Fund",
            )
        if kind is MoneyKind.ANIMAL_TAX:
            half = Decimal("0.5")
            return Decision(
                [Route(VILLAGE_COUNCIL_FUND, half), Route(CONSOLIDATED_FUND, half)],
                [self._cite("13(2)")],
                "fifty percent of the animal tax to the Village Council Fund, the balance "
                "to the Consolidated Fund of the State",
            )
        if kind is MoneyKind.COMPOSITION:
            raise self.not_provided(Capability.COMPOUNDING)
        if kind is MoneyKind.ESTABLISHMENT_FEE:
            raise self.not_provided(Capability.ESTABLISHMENT_REGISTRATION)
        raise self.not_provided(Capability.REGULATED_AREAS)  # LICENCE_FEE

    def rate_rules(self) -> dict[RateKind, RateRule]:
        """s.9(1) fines per kind of animal, s.8(2) feeding charges, s.12(1) registration
        fees, s.13(1) and s.11(2) animal tax: all fixed by the Government, none bounded."""
        return {
            RateKind.FINE_PER_HEAD: RateRule(
                RateKind.FINE_PER_HEAD, "the Government, by rules", [self._cite("9(1)")]
            ),
            RateKind.FEEDING_PER_HEAD_PER_DAY: RateRule(
                RateKind.FEEDING_PER_HEAD_PER_DAY,
                "the Government, as prescribed",
                [self._cite("8(2)")],
                counting=_FEEDING_DAYS,
            ),
            RateKind.REGISTRATION_FEE: RateRule(
                RateKind.REGISTRATION_FEE,
                "the Government, by notification",
                [self._cite("12(1)")],
            ),
            RateKind.ANIMAL_TAX: RateRule(
                RateKind.ANIMAL_TAX,
                "the Government, by notification",
                [self._cite("13(1)"), self._cite("11(2)")],
            ),
        }

    # -- research -----------------------------------------------------------
    def _feeding_collected(self) -> Citation:
        """s.8(2) says only "collected by the Village Council": the fund is our reading."""
        return self._cite("8(2)").with_confidence(
            Confidence.INTERPRETED,
            "s.8(2) says only that the feeding charges are “collected by the Village Council”; "
            "that they go to the Village Council Fund (s.2(j): a fund under its control) is a "
            "reading, not the text",
        )

    def compare(self, topic: ComparisonTopic) -> Decision[str]:
        """A summary of the Act on `topic`, each statement with its section."""
        summary, labels = _SUMMARIES[topic]
        topic_words = topic.value.lower().replace("_", " ")
        routing = topic is ComparisonTopic.MONEY_ROUTING
        return Decision(
            summary,
            [
                self._feeding_collected() if routing and label == "8(2)" else self._cite(label)
                for label in labels
            ],
            f"what the Act itself provides on {topic_words}",
        )


_SUMMARIES: dict[ComparisonTopic, tuple[str, list[str]]] = {
    ComparisonTopic.CATTLE_DEFINITION: (
        '"Cattle" means cows, oxen, bulls and calves (s.2(b)); calves are named expressly, '
        "and mithuns and buffaloes are named beside cattle, not as cattle (s.4(3)). "
        '"Animal" includes any animal normally domesticated for whatever purpose or for '
        "rearing purposes (s.2(a)).",
        ["2(b)", "2(a)", "4"],
    ),
    ComparisonTopic.CLAIM_PERIOD: (
        "The Village Council announces a seizure through a Village Crier within 24 hours of "
        "the animals being brought (s.7(5)). The owner may claim them on payment of feeding "
        "charges and fines (s.9(1)); animals not claimed within 7 days from the announcement "
        "are sold by public auction (s.10(1)). After such a sale the owner may claim within "
        "15 days of the sale and receives the proceeds less feeding charges and fines "
        "(s.10(4), interpreted).",
        ["7(5)", "9(1)", "10(1)", "10(4)"],
    ),
    ComparisonTopic.FINE_CAPS: (
        "Fines only; the Act provides no imprisonment. Up to Rs 500 for contravening ss.3-5 or "
        "letting animals stray or trespass (s.15(1)); Rs 500 to the victim of a vicious animal, "
        "with or instead of medical treatment (s.15(3), interpreted); up to Rs 500 for forcibly "
        "opposing a seizure or rescuing an animal (s.16, interpreted); up to Rs 500 for a "
        "person in charge or pound-keeper failing in his duties, or a prohibited purchase "
        "(s.17); up to Rs 200 for a first offence against the taxation chapter or the keeping "
        "of animals, and a fixed Rs 300 for each subsequent offence (s.18, interpreted). Fines "
        "on seized animals are prescribed by the Government per kind of animal, with no "
        "bound in the Act (s.9(1)).",
        ["15(1)", "15(3)", "16", "17", "18", "9(1)"],
    ),
    ComparisonTopic.COMPOUNDING: (
        "The Act provides no compounding: none of the offences of Chapter V (ss.15, 16, 17 and 18) "
        "may be compounded, and the Act names no composition fee or officer.",
        ["15", "16", "17", "18"],
    ),
    ComparisonTopic.PROHIBITED_PURCHASERS: (
        "The Village Council, any member or secretary of it, any member of their families and "
        "any other person employed by the Village Council may not directly or indirectly "
        "purchase an animal sold under s.10 (s.10(3)); a purchase in contravention is "
        "punished with a fine of up to Rs 500 (s.17).",
        ["10(3)", "17"],
    ),
    ComparisonTopic.MONEY_ROUTING: (
        "All fines go to the Village Council Fund (s.19); feeding charges are collected by "
        "the Village Council (s.8(2)), which names no fund: that they go to the Village Council "
        "Fund is interpreted; sale proceeds are deposited into the Village Council "
        "Fund, refundable less feeding charges and fines on a claim within 15 days of a sale "
        "under s.10(1) (s.10(4), interpreted); registration fees go to the Village Council "
        "Fund (s.12(1)); animal tax is split 50% to the Village Council Fund and 50% to the "
        "Consolidated Fund of the State (s.13(2)). There is no composition, establishment or "
        "licence fee.",
        ["19", "8(2)", "10(4)", "12(1)", "13(2)"],
    ),
}
