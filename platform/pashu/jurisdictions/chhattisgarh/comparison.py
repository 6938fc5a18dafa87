"""The Chhattisgarh Pashu (Niyantran) Adhiniyam, 1976, topic by topic, for comparison.

The Act regulates the keeping and movement of cattle by notified orders (s.4), punishes
contravention (s.8) and allows compounding (s.10). It has no pound, seizure, sale or
complaint chapter; on those topics its row says so, cited to what it does provide, and says
nothing of which other law may govern them (the source does not say). Every citation carries
the scan's mark: read, reconstructed or unknown.
"""

from __future__ import annotations

from collections.abc import Callable

from pashu.core.citations import Citation
from pashu.jurisdictions.acts import Act
from pashu.jurisdictions.comparison import (
    Amount,
    Answer,
    ComparisonLaw,
    Fact,
    FactKind,
    flag,
    listing,
    money,
    words,
)
from pashu.jurisdictions.vocabulary import ComparisonTopic as T

_NO_POUND = (
    "The Act has no pound, seizure or sale chapter; the source does not say which other law, "
    "if any, governs impounding in the State."
)


class ChhattisgarhComparisons(ComparisonLaw):
    def __init__(self, act: Act) -> None:
        self.act = act

    def c(self, section: str, subsection: str | None = None) -> Citation:
        return self.act.cite(section, subsection)

    def answer(self, topic: T) -> Answer | None:
        answers: dict[T, Callable[[], Answer]] = {
            T.TERRITORIAL_EXTENT: self._extent,
            T.KEEPING_RULES: self._keeping,
            T.SEIZURE_POWERS: self._seizure,
            T.POUND_KEEPER_DUTIES: self._pound,
            T.PERIODS: self._periods,
            T.IMPOUNDMENT_CHARGES: self._charges,
            T.SALE_PROCEDURE: self._sale,
            T.COMPLAINTS_AND_COMPENSATION: self._complaints,
            T.OFFENCES: self._offences,
            T.REGISTRATION_AND_LICENCES: self._licences,
            T.RULES_AND_DELEGATION: self._rules,
        }
        return answers[topic]() if topic in answers else None

    def provides(self, topic: T) -> bool:
        return topic not in {T.CLAIM_PERIOD, T.PROHIBITED_PURCHASERS}

    def facts(self, topic: T) -> list[Fact]:
        c = self.c
        if topic is T.CATTLE_DEFINITION:
            return [
                listing(
                    "cattle",
                    "Kinds named as cattle",
                    FactKind.SPECIES,
                    ["bull", "ox", "cow", "heifer", "buffalo", "goat", "sheep"],
                    [c("2", "a"), *(c("Schedule", i) for i in ("1", "2", "3", "4", "6", "7", "8"))],
                    "the legible items of the Schedule",
                ),
                words(
                    "schedule_item_5",
                    "Schedule item 5",
                    None,
                    [c("Schedule", "5")],
                    "illegible in the scan (most likely “Calves”); not applied",
                ),
                flag("defines_animal", "The Act defines “animal”", False, [c("2")], ""),
                flag(
                    "kinds_added_by_notification",
                    "Kinds of cattle may be added by notification",
                    True,
                    [c("3")],
                    "the State Government may add to, alter or amend the Schedule",
                ),
            ]
        if topic is T.CLAIM_PERIOD:
            return [
                flag(
                    "claim_period",
                    "A period to claim impounded animals",
                    False,
                    [c("10", "2")],
                    _NO_POUND,
                )
            ]
        return []

    def _absent(self, summary: str, cites: list[Citation], facts: list[Fact]) -> Answer:
        return Answer(summary, cites, "the Act has no such provision", facts, provided=False)

    def _extent(self) -> Answer:
        c = self.c
        return Answer(
            "The Act extends to the whole State and comes into force on the dates and in the "
            "areas the State Government appoints by notification, with different dates for "
            "different areas (s.1): it is in force only where and from when it has been so "
            "brought into force. Its orders under s.4 apply in the place or area each order "
            "specifies (s.4(1)).",
            [c("1"), c("4", "1")],
            "s.1 sets the extent and commencement",
            [
                words("extends_to", "Extends to", "the whole State", [c("1")]),
                flag(
                    "commencement_by_area",
                    "In force area by area, by notification",
                    True,
                    [c("1")],
                    "different dates for different areas",
                ),
            ],
        )

    def _keeping(self) -> Answer:
        c = self.c
        return Answer(
            "Where the State Government thinks it necessary or expedient for public safety, "
            "convenience or health, it may by notified order prohibit or regulate the keeping, "
            "maintaining or movement of cattle in a place or area the order specifies (s.4(1)). "
            "An order may regulate the stalling or herding of cattle, their number and places; "
            "the inspection of cattle and of the premises where they are kept; Gwala colonies; "
            "movement; licences and permits and their fees (s.4(2)(a)-(f), reconstructed). "
            "Orders are published or served as they specify (s.5, reconstructed). The Act itself "
            "lays down no rule of keeping: each rule is in a notified order.",
            [*(c("4", p) for p in ("1", "2/a", "2/b", "2/c", "2/d", "2/e", "2/f")), c("5")],
            "s.4 lets notified orders regulate keeping and movement",
            [
                flag(
                    "keeping_by_order",
                    "Keeping regulated by notified order",
                    True,
                    [c("4", "1")],
                    "",
                ),
                flag(
                    "inspection",
                    "Premises and animals may be inspected",
                    True,
                    [c("4", "2/b")],
                    "as an order provides",
                ),
                # Not unknown: the Act is legible on this and leaves it to the orders.
                words(
                    "keeper_required",
                    "Animals must be under a keeper",
                    "left to notified orders: the Act sets no such rule itself; an order under "
                    "s.4 may require it",
                    [c("4", "1")],
                    "s.4(1) leaves the regulation of keeping to notified orders",
                ),
            ],
        )

    def _seizure(self) -> Answer:
        c = self.c
        return self._absent(
            "The Act gives no power to seize trespassing cattle. It speaks of cattle, vehicles "
            "or other things “seized as liable to forfeiture” only in providing for their release "
            "on composition (s.10(2)), without saying who may seize them; the court may direct "
            "forfeiture of cattle in respect of which an order was contravened (s.8(2)). "
            + _NO_POUND,
            [c("10", "2"), c("8", "2")],
            [
                flag(
                    "seizure_power",
                    "A power to seize trespassing animals",
                    False,
                    [c("10", "2")],
                    "",
                ),
            ],
        )

    def _pound(self) -> Answer:
        c = self.c
        return self._absent(
            "The Act has no pound and no pound-keeper, and so no register of seizures, receipts, "
            "feeding, returns or custody of money. " + _NO_POUND,
            [c("longTitle"), c("4", "1")],
            [flag("pound", "Pounds and pound-keepers", False, [c("longTitle")], "")],
        )

    def _periods(self) -> Answer:
        c = self.c
        return self._absent(
            "The Act sets no period for any step: none to bring animals in, announce, notice, "
            "sell or claim, and none for compounding (s.10(2)) or forfeiture (s.8(2)). "
            + _NO_POUND,
            [c("10", "2"), c("8", "2")],
            [flag("periods", "Periods for impounded animals", False, [c("10", "2")], "")],
        )

    def _charges(self) -> Answer:
        c = self.c
        return self._absent(
            "The Act levies no fine per head on impounded animals and no feeding charge. The "
            "only amounts it leaves to be fixed are the fees for licences and permits under a "
            "notified order (s.4(2)(e), reconstructed), fixed in each order, with no bound in "
            "the Act. " + _NO_POUND,
            [c("4", "2/e")],
            [
                flag(
                    "fine_per_head",
                    "Fine per head of impounded animals",
                    False,
                    [c("4", "2/e")],
                    "",
                ),
                money(
                    "licence_fee",
                    "Licence or permit fee",
                    Amount(notified=True, fixed_by="the notified order"),
                    [c("4", "2/e")],
                ),
            ],
        )

    def _sale(self) -> Answer:
        c = self.c
        return self._absent(
            "The Act provides no sale of animals and so no account of a sale. Cattle in respect "
            "of which a s.4 order was contravened may be forfeited by the court (s.8(2)); seized "
            "cattle, vehicles or things may be released on composition on payment of a further "
            "sum up to their estimated value (s.10(2), reconstructed). " + _NO_POUND,
            [c("8", "2"), c("10", "2")],
            [
                flag("auction", "Sale by public auction", False, [c("8", "2")], ""),
                flag("forfeiture", "Forfeiture by the court", True, [c("8", "2")], ""),
            ],
        )

    def _complaints(self) -> Answer:
        c = self.c
        return self._absent(
            "The Act has no complaint of illegal seizure and awards no compensation. No suit, "
            "prosecution or other legal proceeding lies against any person, nor for damages "
            "against the State Government, for anything done in good faith under an order made "
            "under s.4 (s.12).",
            [c("12")],
            [
                flag(
                    "illegal_seizure_complaint",
                    "A complaint of illegal seizure lies",
                    False,
                    [c("12")],
                    "",
                ),
                flag(
                    "good_faith_protection",
                    "Protection for acts in good faith",
                    True,
                    [c("12")],
                    "",
                ),
            ],
        )

    def _offences(self) -> Answer:
        c = self.c
        return Answer(
            "Contravening an order under s.4 is punishable with imprisonment, or fine, or both "
            "(s.8(1)); the term and the fine cap are illegible in the scan and recorded as "
            "unknown. The court may direct forfeiture of the cattle (s.8(2)). Where a "
            "corporation offends, those in charge of its business are deemed guilty too "
            "(s.9(1); its proviso is illegible), and so is an officer by whose consent or neglect "
            "it was committed (s.9(2)). No court takes cognizance except on a written report of "
            "an officer the State Government authorises (s.10(1)); offences are tried summarily "
            "(s.11, reconstructed); any may be compounded for up to Rs 1,000 (s.10(2)). A "
            "fragment held as s.7 makes something conclusive proof that a person was bound to "
            "comply with a requirement; its number and heading cannot be read (s.7).",
            [
                c("8", "1"),
                c("8", "2"),
                c("9", "1"),
                c("9", "2"),
                c("10", "1"),
                c("11"),
                c("10", "2"),
                c("7"),
            ],
            "ss.7-11; the figures of s.8(1) are illegible",
            [
                flag(
                    "imprisonment",
                    "Any offence punishable with imprisonment",
                    True,
                    [c("8", "1")],
                    "",
                ),
                money(
                    "contravention_fine_cap",
                    "Fine for contravening an order, at most",
                    Amount(),
                    [c("8", "1")],
                    "illegible in the scan",
                    unknown=True,
                ),
                flag(
                    "corporate_liability",
                    "Officers of a corporation liable",
                    True,
                    [c("9", "1")],
                    "",
                ),
                flag(
                    "cognizance_on_report",
                    "Cognizance only on a written report",
                    True,
                    [c("10", "1")],
                    "",
                ),
                flag("summary_trial", "Tried summarily", True, [c("11")], ""),
            ],
        )

    def _licences(self) -> Answer:
        c = self.c
        return Answer(
            "The Act registers no animals and levies no tax. A notified order may provide for "
            "licences or permits and their fees (s.4(2)(e), reconstructed); the officer who "
            "compounds an offence may cancel the offender's licence or permit, or move the "
            "officer empowered to cancel it (s.10(4), reconstructed).",
            [c("4", "2/e"), c("10", "4")],
            "s.4(2)(e) licences under notified orders",
            [
                flag("animal_registration", "Animals are registered", False, [c("4", "2/e")], ""),
                flag("animal_tax", "Animals are taxed", False, [c("4", "2/e")], ""),
                flag(
                    "licences",
                    "Licences or permits",
                    True,
                    [c("4", "2/e")],
                    "under a notified order",
                ),
                flag(
                    "licence_cancelled_on_composition",
                    "Licence cancellable on composition",
                    True,
                    [c("10", "4")],
                    "",
                ),
            ],
        )

    def _rules(self) -> Answer:
        c = self.c
        return Answer(
            "The State Government may amend the Schedule by notification (s.3), may by notified "
            "order let an officer or authority also make orders under s.4 (s.6; the authorities "
            "it names are partly illegible), and makes rules after previous publication, laid "
            "before the Legislative Assembly (s.13).",
            [c("3"), c("6"), c("13")],
            "ss.3, 6 and 13",
            [
                words("rules_by", "Rules are made by", "the State Government", [c("13")]),
                flag("delegation", "Powers may be delegated", True, [c("6")], "by notified order"),
            ],
        )
