"""Chhattisgarh Pashu (Niyantran) Adhiniyam, 1976: the rules, each beside its section.

The Act lets the State Government regulate, by notified order, the keeping and movement of
cattle in an area (s.4), punishes contravention (s.8) and lets it be compounded (s.10). It has
no pound, seizure or auction chapter (which other law, if any, governs impounding in the State
the source does not say, so nothing here states it), and the impoundment questions of the
contract (timeline, fine scale, prohibited purchasers) keep the base class's NOT_IN_JURISDICTION
refusal.

The only source is an OCR scan; every citation carries the statute file's mark (read /
reconstructed / unknown) and an illegible figure is never turned into a value.
"""

from __future__ import annotations

from collections.abc import Callable

from pashu.core.citations import Citation, Confidence
from pashu.core.decision import Decision
from pashu.jurisdictions import species as vocabulary
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.extent import AreaGround, AreaRule, Extent, KindRule
from pashu.jurisdictions.vocabulary import (
    Capability,
    Classification,
    ComparisonTopic,
    MoneyKind,
    RateKind,
    RateRule,
    Route,
)

# Schedule (s.2(a)): the canonical species each legible item names -> (item, its words).
SCHEDULE: dict[str, tuple[str, str]] = {
    "bull": ("1", "Bulls"),
    "ox": ("2", "Bullocks"),
    "cow": ("3", "Cows"),
    "heifer": ("4", "Heifers"),
    "buffalo": ("6", "Buffaloes"),
    "goat": ("7", "Goats"),
    "sheep": ("8", "Sheep"),
}

# Species the Schedule names by their kind rather than literally: the item names the animal
# without distinguishing sex or age, so the male, female and young of it are read as included.
READ_AS: dict[str, tuple[str, str]] = {
    "ram": ("8", "A ram is a male sheep; item 8 'Sheep' is read to include sheep of either sex."),
    "ewe": ("8", "A ewe is a female sheep; item 8 'Sheep' is read to include sheep of either sex."),
    "lamb": (
        "8",
        "A lamb is a young sheep; item 8 'Sheep' names no age and is read to include lambs.",
    ),
    "kid": (
        "7",
        "A kid is a young goat; item 7 'Goats' names no age and is read to include kids.",
    ),
}

# Schedule item 5 is illegible (most likely "Calves"): the species it most likely names.
ILLEGIBLE: dict[str, str] = {"calf": "5"}

# Money of chapters this Act does not have -> the chapter (refused with NOT_IN_JURISDICTION).
ABSENT_CHAPTER: dict[MoneyKind, Capability] = {
    MoneyKind.FEEDING_CHARGE: Capability.IMPOUNDMENT,
    MoneyKind.SALE_PROCEEDS: Capability.AUCTION,
    MoneyKind.SURPLUS_PROCEEDS: Capability.AUCTION,
    MoneyKind.REGISTRATION_FEE: Capability.ANIMAL_REGISTRATION,
    MoneyKind.ANIMAL_TAX: Capability.ANIMAL_TAX,
    MoneyKind.ESTABLISHMENT_FEE: Capability.ESTABLISHMENT_REGISTRATION,
}


class Chhattisgarh(Jurisdiction):
    """The State's animal-control law: notified orders (s.4), penalties (s.8), compounding
    (s.10)."""

    # -- definitions ------------------------------------------------------------
    def classify(self, species: str) -> Classification:
        """s.2(a): "cattle" means any of the animals specified in the Schedule.

        The Act has no term "animal", so is_animal is None for every species.
        """
        name = vocabulary.canonical(species)
        return Classification(
            species=name,
            is_cattle=self._is_cattle(name),
            is_animal=Decision(
                None,
                [self.act.cite("2")],
                "the Act defines no term 'animal' (s.2 defines cattle, corporation, director "
                "and notified order); it regulates cattle only",
            ),
        )

    def _is_cattle(self, name: str) -> Decision[bool | None]:
        definition = self.act.cite("2", "a")
        if name in SCHEDULE:
            item, words = SCHEDULE[name]
            return Decision(
                True,
                [definition, self.act.cite("Schedule", item)],
                f"'{words}' is item {item} of the Schedule, whose animals are cattle (s.2(a))",
            )
        if name in READ_AS:
            item, reading = READ_AS[name]
            cite = self.act.cite("Schedule", item).with_confidence(Confidence.INTERPRETED, reading)
            return Decision(True, [definition, cite], reading)
        if name in ILLEGIBLE:
            item = ILLEGIBLE[name]
            return Decision(
                None,
                [definition, self.act.cite("Schedule", item)],
                f"Schedule item {item} is illegible in the scan; it most likely reads 'Calves', "
                "but an illegible item is not applied, so whether a calf is cattle is unknown",
            )
        # Not among the legible items: the "no" rests on item 5 as much as a calf's "yes"
        # would, and item 5 is illegible (unknown), so the answer is unknown, not a "no".
        return Decision(
            None,
            [definition, self.act.cite("Schedule", "5"), self.act.cite("3")],
            f"{vocabulary.a(name)} is not among the legible items of the Schedule (items 1-4 "
            "and 6-8, s.2(a)), but item 5 is illegible in the scan: it most likely reads "
            f"'Calves', yet an illegible item is not applied, so whether {vocabulary.a(name)} is "
            "cattle is unknown; the State Government may add animals to the Schedule by "
            "notification (s.3)",
        )

    # -- extent and kinds -------------------------------------------------------
    def extent(self) -> Decision[Extent]:
        """s.1: extends to the whole State; comes into force on the dates and in the areas
        the State Government appoints by notification, different dates for different areas.
        An area with no appointment recorded: whether the Act is in force there is unknown."""
        s1 = self.act.cite("1")
        return Decision(
            Extent(
                "the whole State, in force in each area from the date the State Government "
                "appoints for it by notification; where no appointment is recorded, whether "
                "the Act is in force is not known",
                None,
                (
                    AreaRule(
                        AreaGround.COMMENCEMENT,
                        True,
                        True,
                        (s1,),
                        "an area where the State Government has brought the Act into force by "
                        "notification, from the date appointed",
                    ),
                ),
            ),
            [s1],
            "s.1 brings the Act into force area by area",
        )

    def kinds(self) -> Decision[KindRule]:
        """s.3: the State Government may by notification add to, alter or amend the
        Schedule, whose animals are cattle (s.2(a))."""
        cites = (self.act.cite("3"), self.act.cite("2", "a"))
        return Decision(
            KindRule(
                True,
                cites,
                "the State Government may by notification add to, alter or amend the Schedule "
                "(s.3)",
            ),
            list(cites),
            "s.3 lets the Schedule be amended by notification",
        )

    # -- money --------------------------------------------------------------
    def routing(self, kind: MoneyKind) -> Decision[list[Route]]:
        """The Act names no fund: ss.4(2)(e), 8(1) and 10(2) create money but do not say who
        receives it. Money of chapters the Act lacks is refused."""
        if kind in ABSENT_CHAPTER:
            raise self.not_provided(ABSENT_CHAPTER[kind])
        silent: dict[MoneyKind, tuple[Citation, str]] = {
            MoneyKind.FINE: (self.act.cite("8", "1"), "a fine on conviction under s.8(1)"),
            MoneyKind.OFFENCE_FINE: (
                self.act.cite("8", "1"),
                "a fine on conviction under s.8(1)",
            ),
            MoneyKind.COMPOSITION: (
                self.act.cite("10", "2"),
                "composition money and the further sum for release of seized things (s.10(2))",
            ),
            MoneyKind.LICENCE_FEE: (
                self.act.cite("4", "2/e"),
                "a fee for a licence or permit under a notified order (s.4(2)(e))",
            ),
        }
        cite, money = silent[kind]
        return Decision([], [cite], f"the Act does not say who receives {money}")

    def rate_rules(self) -> dict[RateKind, RateRule]:
        """None: licence and permit fees are fixed in each notified order under s.4(2)(e), not
        by a general notification of rates."""
        return {}

    # -- research -----------------------------------------------------------
    def compare(self, topic: ComparisonTopic) -> Decision[str]:
        """A short summary of the Act on `topic`, citing what it rests on."""
        summaries: dict[ComparisonTopic, Callable[[], Decision[str]]] = {
            ComparisonTopic.CATTLE_DEFINITION: self._compare_cattle,
            ComparisonTopic.CLAIM_PERIOD: self._compare_claim_period,
            ComparisonTopic.FINE_CAPS: self._compare_fine_caps,
            ComparisonTopic.COMPOUNDING: self._compare_compounding,
            ComparisonTopic.PROHIBITED_PURCHASERS: self._compare_purchasers,
            ComparisonTopic.MONEY_ROUTING: self._compare_money,
        }
        return summaries[topic]()

    def _compare_cattle(self) -> Decision[str]:
        """s.2(a), Schedule, s.3."""
        cite = self.act.cite
        return Decision(
            '"Cattle" means any of the animals specified in the Schedule (s.2(a)): 1 Bulls, '
            "2 Bullocks, 3 Cows, 4 Heifers, 5 [illegible, most likely Calves], 6 Buffaloes, "
            "7 Goats, 8 Sheep. Item 5 cannot be read, so whether a calf is cattle is unknown. "
            "The State Government may add to, alter or amend the Schedule by notification "
            '(s.3). The Act has no term "animal".',
            [cite("2", "a"), cite("Schedule"), cite("Schedule", "5"), cite("3")],
            "the Schedule defines cattle; its item 5 is illegible",
        )

    def _compare_claim_period(self) -> Decision[str]:
        """No impoundment chapter; ss.8(2) and 10(2) are the Act's only words on seized cattle."""
        return Decision(
            "The Act has no pound, seizure or auction chapter and so sets no claim period; the "
            "source does not say which other law, if any, governs impounding in the State. "
            "Under the Act itself, cattle in respect of which a s.4 order was contravened may be "
            "forfeited by the court (s.8(2), numbering reconstructed; a second limb on other "
            "things is illegible), and cattle, vehicles or other things seized as "
            "liable to forfeiture may be released on composition, on payment of a further sum "
            "not exceeding their estimated value (s.10(2)); no time is set for either.",
            [self.act.cite("8", "2"), self.act.cite("10", "2")],
            "the Act has no impoundment chapter",
        )

    def _compare_fine_caps(self) -> Decision[str]:
        """s.8(1) (illegible figures), s.8 margin note, s.8(2), s.10(2)."""
        cite = self.act.cite
        return Decision(
            "Contravening an order under s.4 is punishable with imprisonment for a term, or "
            "fine, or both (s.8(1); no section number can be read between 6 and 9, so the "
            "numbering is reconstructed), but both figures are illegible in the scan: the term "
            "most likely reads one year and the fine cap cannot be read; neither is applied, and "
            "both are recorded as unknown. A margin note “Attempts and Abetment” is legible but "
            "not its text: that an attempt or abetment is punishable as the contravention is an "
            "inference (unknown). No minimum fine and no higher penalty for a subsequent offence "
            "can be read. The court may direct forfeiture of the cattle, and of other things "
            "under an illegible second limb (s.8(2)). Any offence may be compounded for up to "
            "Rs 1,000 (s.10(2)).",
            [cite("8", "1"), cite("8", "margin"), cite("8", "2"), cite("10", "2")],
            "the penalty figures of s.8(1) are illegible",
        )

    def _compare_compounding(self) -> Decision[str]:
        """s.10(1)-(4)."""
        cite = self.act.cite
        return Decision(
            "The State Government or an officer it authorises may, before or after proceedings "
            "are instituted, accept from the person charged a composition sum not exceeding "
            'Rs 1,000 ("one thousand" is legible), and release cattle, vehicles or other '
            "things seized as liable to forfeiture on payment of a further sum not exceeding "
            "their value as the officer estimates it (s.10(2)). On payment the person, if in "
            "custody, is discharged, the seized things are released, no further proceedings "
            "are taken; where proceedings have been instituted in a criminal court, the "
            "composition is deemed to amount to an acquittal (s.10(3)). The compounding "
            "officer may also cancel a licence or permit granted under the Act to the offender, "
            "or move the empowered officer to cancel it (s.10(4)). No court takes cognizance of "
            "an offence except on a written report of the facts by an officer authorised by the "
            "State Government (s.10(1)).",
            [cite("10", "1"), cite("10", "2"), cite("10", "3"), cite("10", "4")],
            "s.10 provides compounding; sub-sections (2) to (4) are reconstructed",
        )

    def _compare_purchasers(self) -> Decision[str]:
        """No auction chapter; s.8(2) forfeiture is the Act's only disposal of cattle."""
        return Decision(
            "The Act has no auction chapter and bars no one from buying: it provides no sale "
            "of impounded cattle (the source does not say which other law, if any, governs "
            "impounding in the State). Cattle in respect of which an order was contravened may be "
            "forfeited by the court (s.8(2), numbering reconstructed; what else its illegible "
            "second limb reaches is unknown); the Act says nothing of their sale.",
            [self.act.cite("8", "2")],
            "the Act has no auction chapter",
        )

    def _compare_money(self) -> Decision[str]:
        """ss.4(2)(e), 8(1), 10(2): money without a named fund."""
        cite = self.act.cite
        return Decision(
            "The Act names no fund for any money: it does not say who receives fines on "
            "conviction (s.8(1)), composition money and the further sum paid for the release of "
            "seized things (s.10(2)), or licence and permit fees fixed in notified orders "
            "(s.4(2)(e)). It has no feeding charges, sale proceeds, registration fees, animal "
            "tax or establishment fees.",
            [cite("8", "1"), cite("10", "2"), cite("4", "2/e")],
            "the Act names no fund",
        )
