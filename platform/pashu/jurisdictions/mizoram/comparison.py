"""The Mizoram Animal (Control & Taxation) Act, 2014, topic by topic, for comparison.

Each answer is what the Act's own sections say, cited; the facts beside the prose are the
same statements typed. Readings of the text's slips carry the `interpreted` marks of the
Act's data (acts/*.yaml).
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
    Unit,
    flag,
    listing,
    money,
    period,
    rupees,
    words,
)
from pashu.jurisdictions.vocabulary import ComparisonTopic as T


class MizoramComparisons(ComparisonLaw):
    def __init__(self, act: Act) -> None:
        self.act = act

    def c(self, label: str) -> Citation:
        return self.act.cite_label(label)

    def answer(self, topic: T) -> Answer | None:
        answers: dict[T, Callable[[], Answer]] = {
            T.TERRITORIAL_EXTENT: self._extent,
            T.KEEPING_RULES: self._keeping,
            T.SEIZURE_POWERS: self._seizure,
            T.POUND_KEEPER_DUTIES: self._custody,
            T.PERIODS: self._periods,
            T.IMPOUNDMENT_CHARGES: self._charges,
            T.SALE_PROCEDURE: self._sale,
            T.COMPLAINTS_AND_COMPENSATION: self._complaints,
            T.OFFENCES: self._offences,
            T.REGISTRATION_AND_LICENCES: self._registration,
            T.RULES_AND_DELEGATION: self._rules,
        }
        return answers[topic]() if topic in answers else None

    def provides(self, topic: T) -> bool:
        return topic not in {T.COMPOUNDING}

    def facts(self, topic: T) -> list[Fact]:
        c = self.c
        if topic is T.CATTLE_DEFINITION:
            return [
                listing(
                    "cattle",
                    "Kinds named as cattle",
                    FactKind.SPECIES,
                    ["cow", "ox", "bull", "calf"],
                    [c("2(b)")],
                    "s.2(b): cows, oxen, bulls and calves",
                ),
                listing(
                    "named_beside_cattle",
                    "Kinds named beside cattle, not as cattle",
                    FactKind.SPECIES,
                    ["mithun", "horse", "buffalo"],
                    [c("4(3)")],
                ),
                flag(
                    "defines_animal",
                    "The Act defines “animal”",
                    True,
                    [c("2(a)")],
                    "any animal normally domesticated for whatever purpose or for rearing",
                ),
                flag(
                    "kinds_added_by_notification",
                    "Kinds of cattle may be added by notification",
                    False,
                    [c("2(b)")],
                    "s.2(b) is a closed list with no power to add to it",
                ),
            ]
        if topic is T.CLAIM_PERIOD:
            return self._period_facts()
        return []

    # -- the chapters ----------------------------------------------------------------
    def _extent(self) -> Answer:
        c = self.c
        return Answer(
            "The Act extends to the whole of Mizoram except the areas within Municipalities and "
            "of the Chakma, Mara and Lai Autonomous District Councils in Lawngtlai and Saiha "
            "Districts (s.1(2)); the Government may exempt any area from the whole or any part "
            "of it by notification, without affecting what was done before (s.1(2) proviso). It "
            "came into force on its publication in the Mizoram Gazette (s.1(3)). Its seizure "
            "chapter applies in Village Council areas (Chapter III, s.7(1)).",
            [c("1(2)"), c("1(3)"), c("7(1)")],
            "s.1 sets the extent and commencement",
            [
                words(
                    "extends_to",
                    "Extends to",
                    "the whole of Mizoram",
                    [c("1(2)")],
                ),
                listing(
                    "excluded_areas",
                    "Areas excluded by the Act itself",
                    FactKind.TEXT,
                    [
                        "Municipalities",
                        "Chakma Autonomous District Council",
                        "Mara Autonomous District Council",
                        "Lai Autonomous District Council",
                    ],
                    [c("1(2)")],
                ),
                flag(
                    "areas_excluded_by_notification",
                    "The Government may exclude areas by notification",
                    True,
                    [c("1(2)")],
                    "s.1(2) proviso: exemption from the whole or any portion of the Act",
                ),
                words(
                    "commencement",
                    "Commencement",
                    "on publication in the Mizoram Gazette",
                    [c("1(3)")],
                ),
            ],
        )

    def _keeping(self) -> Answer:
        c = self.c
        return Answer(
            "No animal may be left anywhere except under the watch of a keeper, and no owner may "
            "let it trespass (s.3). Fowls and pigs are kept in confinement (s.4(1)); goats graze "
            "under a keeper or tethered, and are kept in a shed at night (s.4(2)); cattle, "
            "mithuns, horses and buffaloes are kept as goats are, or within a grazing ground the "
            "Village Council notifies with the State Government (s.4(3), interpreted: the text's "
            "“clause (b)” is read as s.4(2)); other animals are fenced in or tied (s.4(4)). "
            "Animals are kept clean and sanitary as rules prescribe (s.5). A Village Council may "
            "declare a grazing ground with the Government's approval (s.6). Designated persons "
            "inspect animals and their keeping (s.21).",
            [c("3"), c("4(1)"), c("4(2)"), c("4(3)"), c("4(4)"), c("5"), c("6(1)"), c("21")],
            "Chapter II (ss.3-6) and s.21",
            [
                flag("keeper_required", "Animals must be under a keeper", True, [c("3(1)")], ""),
                listing(
                    "confined_kinds",
                    "Kinds kept in confinement",
                    FactKind.SPECIES,
                    ["fowl", "pig"],
                    [c("4(1)")],
                ),
                flag(
                    "grazing_grounds",
                    "Grazing grounds may be declared",
                    True,
                    [c("6(1)")],
                    "by the Village Council with the State Government's approval",
                ),
                flag("inspection", "Premises and animals may be inspected", True, [c("21")], ""),
            ],
        )

    def _seizure(self) -> Answer:
        c = self.c
        return Answer(
            "Any owner of land or property, private or public, may seize an animal trespassing on "
            "it and causing damage, and take it to a member of the Village Council, or in their "
            "absence its Secretary, who has it tied where the Council sets apart (s.7(1)). The "
            "land's owner is not liable for an animal hurt or killed in the seizure; the Village "
            "Council returns the carcass (s.7(2)). “Owner” of land includes the cultivator, "
            "occupier and whoever advanced cash for the crop, and the vendor or mortgagee of the "
            "crop (s.2(f)(i)). Police officers are given no power of seizure.",
            [c("7(1)"), c("7(2)"), c("2(f)(i)")],
            "s.7(1) gives the power to the owner of the land",
            [
                listing(
                    "seizers",
                    "Who may seize",
                    FactKind.ROLES,
                    ["OWNER_OF_LAND_OR_PROPERTY"],
                    [c("7(1)"), c("2(f)(i)")],
                ),
                listing(
                    "places",
                    "Where",
                    FactKind.TEXT,
                    ["PRIVATE_LAND", "PUBLIC_PROPERTY"],
                    [c("7(1)")],
                    "land or property, whether private or public, trespassed upon and damaged",
                ),
                flag(
                    "damage_required",
                    "The animal must be causing damage",
                    True,
                    [c("7(1)")],
                    "“trespassing upon such land or property causing damage thereto”",
                ),
                words(
                    "custodian",
                    "Taken to",
                    "a member, or the Secretary, of the Village Council",
                    [c("7(1)")],
                ),
            ],
        )

    def _custody(self) -> Answer:
        c = self.c
        return Answer(
            "The Act has no pound-keeper of its own: the Village Council keeps the seized animals "
            "in the place it sets apart (s.7(1)). It keeps registers of animals seized and of "
            "those hurt or killed (s.7(3)); enters the number and description, the day and hour "
            "brought, the seizer's and the owner's names and addresses, and gives the seizer a "
            "copy (s.7(4), with its second “(c)” read as (d)); must not let them starve and feeds "
            "and waters them (s.8(1)); delivers them on payment, against the owner's signed "
            "receipt in its register (s.9). A person in charge of the animals or a pound-keeper "
            "who fails in these duties is fined up to Rs 500 (s.17). Sale proceeds go to the "
            "Village Council Fund (s.10(4)); no returns are prescribed by the Act.",
            [c("7(1)"), c("7(3)"), c("7(4)"), c("8(1)"), c("9(2)"), c("17"), c("10(4)")],
            "ss.7-9 give the Village Council the keeper's duties",
            [
                words("keeper", "Keeps the animals", "the Village Council", [c("7(1)")]),
                flag("register", "Keeps a register of seizures", True, [c("7(3)"), c("7(4)")], ""),
                flag("seizer_signs", "The seizer signs the register", False, [c("7(4)")], ""),
                flag("seizer_copy", "The seizer gets a copy of the entry", True, [c("7(4)")], ""),
                flag("feeds_and_waters", "Feeds and waters the animals", True, [c("8(1)")], ""),
                flag("owner_receipt", "The owner signs a receipt", True, [c("9(2)")], ""),
                flag(
                    "returns",
                    "Returns to the Government",
                    False,
                    [c("7(3)")],
                    "the Act prescribes registers but no returns",
                ),
                money(
                    "duty_fine_cap",
                    "Fine for failing in these duties, at most",
                    Amount(maximum=rupees(500)),
                    [c("17")],
                ),
            ],
        )

    def _period_facts(self) -> list[Fact]:
        c = self.c
        return [
            flag(
                "to_pound_time_set",
                "A time is set to bring the animal in",
                False,
                [c("7(1)")],
                "s.7(1) sets no time",
            ),
            period(
                "announce_within",
                "Announcement by the Village Crier, within",
                24,
                Unit.HOURS,
                "the time the animals were brought",
                [c("7(5)")],
            ),
            period(
                "sale_if_unclaimed_after",
                "Sold by auction if not claimed within",
                7,
                Unit.DAYS,
                "the date of announcement",
                [c("10(1)")],
            ),
            period(
                "refund_claim_within",
                "Owner's claim to the sale proceeds, within",
                15,
                Unit.DAYS,
                "the sale",
                [c("10(4)")],
            ),
        ]

    def _periods(self) -> Answer:
        c = self.c
        return Answer(
            "No time is set for bringing a seized animal to the Village Council (s.7(1)). The "
            "Council announces the seizure by Village Crier within 24 hours of the animals being "
            "brought, counted from the instant (s.7(5)). Animals not claimed within 7 days from "
            "the date of announcement are sold by auction (s.10(1)); days are counted excluding "
            "the first day (General Clauses Act s.9), in IST. After a sale of unclaimed animals "
            "the owner may claim the proceeds within 15 days of the sale (s.10(4), interpreted). "
            "Registration is due within one month (s.12(1)). An animal that has been the cause "
            "of a penalty in court, or has bitten or maimed without provocation, “within the "
            "past six months” is vicious (s.2(k)(ii)-(iii)): for six months after the event "
            "(interpreted). The animal tax is paid, at the owner's option, annually in one "
            "instalment or half-yearly in two, within a time to be prescribed (s.11(3)).",
            [
                c("7(1)"),
                c("7(5)"),
                c("10(1)"),
                c("10(4)"),
                c("12(1)"),
                c("2(k)(ii)"),
                c("2(k)(iii)"),
                c("11(3)"),
            ],
            "ss.7(5), 10(1), 10(4), 12(1), 2(k)(ii)-(iii) and 11(3) set the periods",
            [
                *self._period_facts(),
                period(
                    "register_within",
                    "Owners report and register their animals within",
                    1,
                    Unit.MONTHS,
                    "a date s.12(1) does not name",
                    [c("12(1)")],
                ),
                period(
                    "vicious_for",
                    "An animal is vicious after a court penalty or an unprovoked bite, for",
                    6,
                    Unit.MONTHS,
                    "the penalty or the bite (“within the past six months”)",
                    [c("2(k)(ii)"), c("2(k)(iii)")],
                    "read as six months after the event (interpreted)",
                ),
                period(
                    "tax_annually",
                    "Animal tax, at the owner's option, paid annually in one instalment: every",
                    12,
                    Unit.MONTHS,
                    "a time to be prescribed (s.11(3))",
                    [c("11(3)")],
                    "“annually in one installment”; the time of payment is left to rules",
                ),
                period(
                    "tax_half_yearly",
                    "Or half-yearly in two instalments: every",
                    6,
                    Unit.MONTHS,
                    "a time to be prescribed (s.11(3))",
                    [c("11(3)")],
                    "“half yearly in two installments”; the time of payment is left to rules",
                ),
            ],
        )

    def _charges(self) -> Answer:
        c = self.c
        return Answer(
            "Feeding charges are at rates the Government prescribes, collected by the Village "
            "Council from the owner (s.8(2)); fines on seized animals at rates the Government "
            "prescribes by rules for each kind of animal (s.9(1)). The Act fixes no amount and "
            "sets no bound on either, and draws no distinction by the place of seizure.",
            [c("8(2)"), c("9(1)")],
            "ss.8(2) and 9(1) leave both to the Government",
            [
                money(
                    "fine_per_head",
                    "Fine per animal",
                    Amount(notified=True, fixed_by="the Government, by rules"),
                    [c("9(1)")],
                    "per kind of animal; no bound in the Act",
                ),
                money(
                    "feeding_per_day",
                    "Feeding charge",
                    Amount(notified=True, fixed_by="the Government, as prescribed"),
                    [c("8(2)")],
                    "no bound in the Act",
                ),
                flag(
                    "rates_by_place",
                    "Fines differ by the place of seizure",
                    False,
                    [c("9(1)")],
                    "one scale per kind of animal",
                ),
            ],
        )

    def _sale(self) -> Answer:
        c = self.c
        return Answer(
            "Animals not claimed within 7 days of the announcement are sold by public auction "
            "(s.10(1)); so are the animals, or as many as necessary, of an owner who claims them "
            "but refuses or fails to pay (s.10(2)). Animals unlikely to fetch a fair price may be "
            "disposed of as the Village Council thinks fit (s.10(2) proviso). The Council, its "
            "members, secretary, their families and employees may not buy (s.10(3)). The "
            "proceeds go to the Village Council Fund, refunded to the owner who claims within 15 "
            "days of a sale of unclaimed animals, less the feeding charges and fines (s.10(4), "
            "interpreted). The Act requires no account of the sale to the owner.",
            [c("10(1)"), c("10(2)"), c("10(3)"), c("10(4)")],
            "s.10 is the whole sale procedure",
            [
                flag("auction", "Sale by public auction", True, [c("10(1)")], ""),
                flag(
                    "sale_on_refusal",
                    "Sold when the owner appears but will not pay",
                    True,
                    [c("10(2)")],
                    "the animals or any of them, as necessary",
                ),
                flag("other_disposal", "Other disposal if no fair price", True, [c("10(2)")], ""),
                flag(
                    "account_to_owner",
                    "An account of the sale is given to the owner",
                    False,
                    [c("10(4)")],
                    "the proceeds go whole to the Village Council Fund",
                ),
                words("proceeds_to", "Proceeds go to", "the Village Council Fund", [c("10(4)")]),
            ],
        )

    def _complaints(self) -> Answer:
        c = self.c
        return Answer(
            "The Act has no complaint of illegal seizure: an owner cannot dispute the seizure "
            "before a Magistrate under it. Compensation runs the other way: the owner of animals "
            "straying on land pays reasonable compensation for proved damage as the Village "
            "Council orders (s.15(2)); the owner of a vicious animal that attacks a person pays "
            "for the victim's treatment or Rs 500 to the victim, or both (s.15(3), interpreted). "
            "The right to sue in a competent court for damage to crops is saved (s.20). The "
            "land's owner owes nothing for an animal hurt in a lawful seizure (s.7(2)).",
            [c("15(2)"), c("15(3)"), c("20"), c("7(2)")],
            "the Act provides compensation but no complaint of illegal seizure",
            [
                flag(
                    "illegal_seizure_complaint",
                    "A complaint of illegal seizure lies",
                    False,
                    [c("7(1)")],
                    "no such provision",
                ),
                words(
                    "damage_compensation_by",
                    "Compensation for damage ordered by",
                    "the Village Council",
                    [c("15(2)")],
                ),
                money(
                    "vicious_animal_payment",
                    "Payment to the victim of a vicious animal",
                    Amount(fixed=rupees(500)),
                    [c("15(3)")],
                    "with or instead of the medical treatment a doctor advises",
                ),
                flag("civil_suit_saved", "The right to sue is saved", True, [c("20")], ""),
            ],
        )

    def _offences(self) -> Answer:
        c = self.c
        return Answer(
            "Fines only, no imprisonment: contravening ss.3-5 or letting animals stray or "
            "trespass, up to Rs 500 (s.15(1)); forcibly opposing a seizure or rescuing, up to "
            "Rs 500 (s.16, interpreted: “or with both” names no second punishment); a keeper or "
            "pound-keeper failing in his duties, or a prohibited purchase, up to Rs 500 (s.17); "
            "contravening the taxation chapter or keeping animals contrary to the Act, up to "
            "Rs 200 and Rs 300 for every subsequent offence (s.18, interpreted). The Act names no "
            "court and no procedure of trial; none of its offences may be compounded.",
            [c("15(1)"), c("16"), c("17"), c("18")],
            "Chapter V",
            [
                flag(
                    "imprisonment", "Any offence punishable with imprisonment", False, [c("16")], ""
                ),
            ],
        )

    def _registration(self) -> Answer:
        c = self.c
        return Answer(
            "Every owner reports his animals (adult and young, by kind) to the Village Council "
            "within one month and registers them on a fee the Government fixes by notification; "
            "the fee goes to the Village Council Fund (s.12(1)). Animal tax at rates the "
            "Government notifies is collected by the Village Council (s.11(2), s.13(1)), paid "
            "yearly or in two half-yearly instalments at the owner's option (s.11(3)), half to "
            "the Village Council Fund and half to the Consolidated Fund of the State (s.13(2)). "
            "Animals of the Central and State Governments, the North-Eastern Council, their "
            "corporations and Village Councils are exempt (s.11(2) proviso). Appeals lie as "
            "prescribed (s.14). The Act has no licences and no registration of establishments.",
            [c("12(1)"), c("11(2)"), c("11(3)"), c("13(1)"), c("13(2)"), c("14")],
            "Chapter IV",
            [
                flag("animal_registration", "Animals are registered", True, [c("12(1)")], ""),
                flag("animal_tax", "Animals are taxed", True, [c("11(2)"), c("13(1)")], ""),
                money(
                    "registration_fee",
                    "Registration fee",
                    Amount(notified=True, fixed_by="the Government, by notification"),
                    [c("12(1)")],
                ),
                money(
                    "animal_tax",
                    "Animal tax",
                    Amount(notified=True, fixed_by="the Government, by notification"),
                    [c("13(1)")],
                ),
                flag("licences", "Licences or permits", False, [c("11(1)")], "no such provision"),
            ],
        )

    def _rules(self) -> Answer:
        c = self.c
        return Answer(
            "The Government makes rules by notification in the Mizoram Gazette, laid before the "
            "Legislative Assembly (s.22). The Act repeals the Mizoram Animal (Control & "
            "Taxation) Act, 1980, saving what was done under it (s.23). It provides no delegation "
            "of powers beyond the designated persons the Government appoints for inspection "
            "(s.21).",
            [c("22(1)"), c("22(2)"), c("23(1)"), c("23(2)"), c("21")],
            "Chapter VI",
            [
                words("rules_by", "Rules are made by", "the Government", [c("22(1)")]),
                flag(
                    "delegation", "Powers may be delegated", False, [c("21")], "no such provision"
                ),
            ],
        )
