"""The Nagaland Cattle Trespass Act, 1985 (and the other Nagaland texts held), topic by topic,
for comparison.

Each answer is what the sections say, cited; the facts beside the prose are the same
statements typed. The Act's slips are read as statutes/INTERPRETATION.md says.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

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
from pashu.jurisdictions.nagaland.rules import NAMED_AS_CATTLE
from pashu.jurisdictions.vocabulary import ComparisonTopic as T

ESTABLISHMENTS_SECTION = "registration"  # the source gives the provision no number


class NagalandComparisons(ComparisonLaw):
    def __init__(self, act: Act, establishments: Act, marketing: Act | None = None) -> None:
        self.act = act
        self.establishments = establishments
        self.marketing = marketing

    def c(self, label: str) -> Citation:
        return self.act.cite_label(label)

    def e(self, subsection: str) -> Citation:
        return self.establishments.cite(ESTABLISHMENTS_SECTION, subsection)

    def answer(self, topic: T) -> Answer | None:
        answers: dict[T, Callable[[], Answer]] = {
            T.TERRITORIAL_EXTENT: self._extent,
            T.KEEPING_RULES: self._keeping,
            T.SEIZURE_POWERS: self._seizure,
            T.POUND_KEEPER_DUTIES: self._pound_keeper,
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
        # Compounding is provided, by the marketing Act's s.25 (terms unknown), though not
        # by the Cattle Trespass Act: the row says both rather than "not provided".
        return True

    def facts(self, topic: T) -> list[Fact]:
        c = self.c
        if topic is T.CATTLE_DEFINITION:
            return [
                listing(
                    "cattle",
                    "Kinds named as cattle",
                    FactKind.SPECIES,
                    list(NAMED_AS_CATTLE),
                    [c("2(1)")],
                    "s.2(1) names 22 kinds; calves and heifers are read in (interpreted)",
                ),
                flag("defines_animal", "The Act defines “animal”", False, [c("2")], ""),
                flag(
                    "kinds_added_by_notification",
                    "Kinds of cattle may be added by notification",
                    True,
                    [c("2(1)")],
                    "“such other kinds of animals as the Government may ... specify”",
                ),
            ]
        if topic is T.CLAIM_PERIOD:
            return self._period_facts()
        if topic is T.COMPOUNDING:
            return self._compounding_facts()
        return []

    def _compounding_facts(self) -> list[Fact]:
        facts = [
            flag(
                "cattle_trespass_act_compounding",
                "The Cattle Trespass Act provides compounding",
                False,
                [self.c("24"), self.c("25"), self.c("28")],
                "its offences (ss.24, 25, 28) are punished on conviction; none is compoundable",
            )
        ]
        if self.marketing is not None:
            facts.append(
                words(
                    "marketing_act_compounding",
                    "The Agricultural Produce Marketing Act provides compounding (s.25); terms",
                    None,
                    [self.marketing.cite("25")],
                    "s.25 is headed “Compounding of offences”; only the heading is held, so "
                    "which offences, who compounds and for what sum are unknown",
                )
            )
        return facts

    def _extent(self) -> Answer:
        c = self.c
        return Answer(
            "The Act extends to the whole of Nagaland (s.1(2)(a)); the Government may by "
            "notification exclude any area from its operation from a date it specifies "
            "(s.1(2)(b)). It comes into force on the date the Government appoints by "
            "notification (s.1(3)). It repeals the Cattle Trespass Act, 1871 in the Districts "
            "of Kohima, Mokokchung, Phek, Wokha and Zunheboto, and pounds established under that "
            "Act are deemed established under this one (s.34).",
            [c("1(2)"), c("1(3)"), c("34")],
            "s.1 sets the extent and commencement",
            [
                words("extends_to", "Extends to", "the whole of Nagaland", [c("1(2)")]),
                flag(
                    "areas_excluded_by_notification",
                    "The Government may exclude areas by notification",
                    True,
                    [c("1(2)")],
                    "s.1(2)(b)",
                ),
                words(
                    "commencement",
                    "Commencement",
                    "on the date the Government appoints by notification",
                    [c("1(3)")],
                ),
            ],
        )

    def _keeping(self) -> Answer:
        c = self.c
        return Answer(
            "The Act has no rules on how animals are to be kept (no confinement, shed or grazing "
            "ground): it deals with cattle that trespass. An owner, keeper or attendant who "
            "causes or suffers cattle to stray without a keeper, or to damage land, crops or a "
            "public road by trespass, commits an offence (s.25).",
            [c("25")],
            "the Act has no keeping chapter; s.25 punishes straying",
            [
                flag(
                    "keeping_rules",
                    "Rules on how animals are kept",
                    False,
                    [c("25")],
                    "no such provision",
                ),
                flag("straying_an_offence", "Straying without a keeper", True, [c("25")], ""),
            ],
            provided=False,
        )

    def _seizure(self) -> Answer:
        c = self.c
        return Answer(
            "The cultivator or occupier of land, a person with a right to cultivate its crop, or "
            "the vendee or mortgagee of the crop may seize cattle trespassing on the land and "
            "damaging it or its crop, and sends them to the pound for the area within 24 hours "
            "(s.9(1)); the police aid against resistance and rescue (s.9(2)). Persons in charge "
            "of public roads, pleasure grounds, plantations, canals, drainage works, tanks and "
            "embankments, police officers, officers of local authorities and officers the "
            "Director empowers may seize cattle damaging them or straying on them, to the nearest "
            "pound within 24 hours (s.10). Special fines apply in notified habitual-trespass "
            "areas (s.11(2)) and aerodromes (s.12).",
            [c("9(1)"), c("9(2)"), c("10"), c("11(2)"), c("12")],
            "ss.9 and 10 give the powers of seizure",
            [
                listing(
                    "seizers",
                    "Who may seize",
                    FactKind.ROLES,
                    [
                        "CULTIVATOR_OR_OCCUPIER",
                        "VENDEE_OR_MORTGAGEE_OF_CROP",
                        "PERSON_IN_CHARGE_OF_PUBLIC_WORKS",
                        "POLICE_OFFICER",
                        "LOCAL_AUTHORITY_OFFICER",
                        "OFFICER_EMPOWERED_BY_DIRECTOR",
                    ],
                    [c("9(1)"), c("10")],
                ),
                listing(
                    "places",
                    "Where",
                    FactKind.TEXT,
                    ["PRIVATE_LAND", "PUBLIC_PROPERTY", "HABITUAL_TRESPASS_AREA", "AERODROME"],
                    [c("9(1)"), c("10"), c("11(2)"), c("12")],
                ),
                flag(
                    "damage_required_on_land",
                    "On land, the cattle must be doing damage",
                    True,
                    [c("9(1)")],
                    "on public works, straying is enough (s.10)",
                ),
                period(
                    "to_pound_within",
                    "Sent to the pound within",
                    24,
                    Unit.HOURS,
                    "the seizure",
                    [c("9(1)"), c("10")],
                ),
            ],
        )

    def _pound_keeper(self) -> Answer:
        c = self.c
        return Answer(
            "Pounds are established where the Director directs, and he fixes the area each serves"
            " (s.3); they are under the local authority's control (s.4). Every pound is in the "
            "charge of a pound-keeper appointed by the local authority, a public servant, whose "
            "salary the local authority pays (ss.5, 18(2)). He keeps the registers and furnishes "
            "the returns the Government directs (s.6); enters the number and description of the "
            "cattle, the day and hour brought, the seizer's and the owner's names and residences,"
            " has the seizer sign and gives him a copy (s.7); takes charge of, feeds and waters "
            "the cattle until they are disposed of (s.8); delivers them on payment against the "
            "owner's signed receipt (s.13); reports cattle unclaimed for 7 days (s.14(1)); keeps "
            "the feeding charges (s.17(2)); may not buy at a sale nor release cattle otherwise "
            "than as the Act provides or a written order directs (s.19). A list of fines and "
            "charges is exhibited at every pound (s.11(4)). Failing in these duties: a fine up to"
            " Rs 50, recoverable from his salary (s.28).",
            [
                *(c(s) for s in ("3(1)", "3(2)", "4", "5(1)", "5(2)", "18(2)", "6", "7", "8")),
                *(c(s) for s in ("13", "14(1)", "17(2)")),
                *(c(s) for s in ("19(1)", "19(2)", "11(4)", "28")),
            ],
            "ss.3-8 set up pounds and the pound-keeper's duties",
            [
                words(
                    "keeper",
                    "Keeps the animals",
                    "a pound-keeper appointed by the local authority",
                    [c("5(1)")],
                ),
                flag("register", "Keeps a register of seizures", True, [c("6"), c("7")], ""),
                flag("seizer_signs", "The seizer signs the register", True, [c("7")], ""),
                flag("seizer_copy", "The seizer gets a copy of the entry", True, [c("7")], ""),
                flag("feeds_and_waters", "Feeds and waters the animals", True, [c("8")], ""),
                flag("owner_receipt", "The owner signs a receipt", True, [c("13")], ""),
                flag(
                    "returns",
                    "Returns to the Government",
                    True,
                    [c("6")],
                    "such returns as the Government directs",
                ),
                flag("rates_exhibited", "Fines and charges exhibited", True, [c("11(4)")], ""),
                money(
                    "duty_fine_cap",
                    "Fine for failing in these duties, at most",
                    Amount(maximum=rupees(50)),
                    [c("28")],
                    "recoverable by deduction from salary",
                ),
            ],
        )

    def _period_facts(self) -> list[Fact]:
        c = self.c
        return [
            period(
                "to_pound_within",
                "Sent to the pound within",
                24,
                Unit.HOURS,
                "the seizure",
                [c("9(1)"), c("10")],
            ),
            period(
                "report_unclaimed_after",
                "Reported if not claimed within",
                7,
                Unit.DAYS,
                "the date of impounding",
                [c("14(1)")],
            ),
            period(
                "sale_if_unclaimed_after",
                "Sold by auction if not claimed within",
                7,
                Unit.DAYS,
                "the date of the notice",
                [c("14(3)")],
            ),
            period(
                "complaint_within",
                "Complaint of illegal seizure, within",
                10,
                Unit.DAYS,
                "the date of seizure",
                [c("20")],
            ),
            period(
                "surplus_claim_within",
                "Claim to the surplus proceeds, within",
                3,
                Unit.MONTHS,
                "the sale",
                [c("17(3)")],
                "s.17(3) does not say from when; counted from the sale, as the timeline is",
            ),
        ]

    def _periods(self) -> Answer:
        c = self.c
        return Answer(
            "Seized cattle are sent to the pound within 24 hours, counted from the instant "
            "(ss.9(1), 10). Cattle not claimed within 7 days from the date of impounding are "
            "reported (s.14(1)) and a notice is posted and proclaimed by beat of drum "
            "“thereupon”, no time set (s.14(2)); cattle not claimed within 7 days from the date "
            "of the notice are sold by auction (s.14(3)). A complaint of illegal seizure lies "
            "within 10 days from the date of seizure (s.20, interpreted). Unclaimed surplus is "
            "held 3 months, calendar months, for a claim (s.17(3); counted from the sale, "
            "interpreted: the text names no start). Days are counted excluding "
            "the first day (General Clauses Act s.9), in IST.",
            [c("9(1)"), c("10"), c("14(1)"), c("14(2)"), c("14(3)"), c("20"), c("17(3)")],
            "ss.9, 10, 14, 17(3) and 20 set the periods",
            [
                *self._period_facts(),
                flag(
                    "notice_time_set",
                    "A time is set for the notice",
                    False,
                    [c("14(2)")],
                    "“thereupon”",
                ),
            ],
        )

    def _charges(self) -> Answer:
        c = self.c
        return Answer(
            "The pound-keeper levies a fine for every head impounded on the scale the Director "
            "notifies in the Gazette; scales may differ by local area, locality and kind of "
            "cattle (s.11(1)). In a local area notified for habitual trespass the fine may be up "
            "to double that scale (s.11(2)); in a notified aerodrome up to four times it (s.12). "
            "The local authority fixes the charges for feeding and watering (s.4). The Act fixes "
            "no amount. A list of fines and charges is exhibited at every pound (s.11(4)).",
            [c("11(1)"), c("11(2)"), c("12"), c("4"), c("11(4)")],
            "ss.4, 11 and 12",
            [
                money(
                    "fine_per_head",
                    "Fine per head",
                    Amount(notified=True, fixed_by="the Director"),
                    [c("11(1)")],
                    "by local area, locality and kind of cattle",
                ),
                money(
                    "habitual_area_fine_per_head",
                    "Fine per head in a habitual-trespass area",
                    Amount(
                        notified=True,
                        fixed_by="the Director",
                        bound_factor=Decimal(2),
                        bound_base="FINE_PER_HEAD",
                    ),
                    [c("11(2)")],
                    "not exceeding double the scale",
                ),
                money(
                    "aerodrome_fine_per_head",
                    "Fine per head in an aerodrome",
                    Amount(
                        notified=True,
                        fixed_by="the Director",
                        bound_factor=Decimal(4),
                        bound_base="FINE_PER_HEAD",
                    ),
                    [c("12")],
                    "not exceeding four times the scale",
                ),
                money(
                    "feeding_per_day",
                    "Feeding and watering charge",
                    Amount(notified=True, fixed_by="the local authority"),
                    [c("4")],
                ),
                flag(
                    "rates_by_place", "Fines differ by the place of seizure", True, [c("11(1)")], ""
                ),
            ],
        )

    def _sale(self) -> Answer:
        c = self.c
        return Answer(
            "Cattle unclaimed 7 days after the notice are sold by public auction by the local "
            "authority or officer, at the place and time and on the conditions the Director "
            "directs (s.14(3)); cattle unlikely to fetch a fair price may be disposed of as the "
            "Director thinks fit (s.14(3) proviso). If the owner appears but refuses or omits to "
            "pay, or to deposit, the cattle or as many as necessary are sold (s.16(1)). The "
            "fines, feeding charges and expenses of sale are deducted (s.16(2)); the remaining "
            "cattle and the balance go to the owner with an account of the cattle seized, the "
            "time impounded, the fines and charges, the cattle sold, the proceeds and their "
            "disposal (s.16(3)), against his receipt (s.16(4)); what he refuses is deemed "
            "unclaimed (s.16(5)). Fines go to the local authority, charges to the pound-keeper, "
            "unclaimed surplus into deposit for 3 months (s.17). Officers, pound-keepers and "
            "members of the local authority may not buy (s.19(1)).",
            [
                c(s)
                for s in ("14(3)", "16(1)", "16(2)", "16(3)", "16(4)", "16(5)", "17(3)", "19(1)")
            ],
            "ss.14(3) and 16-19",
            [
                flag("auction", "Sale by public auction", True, [c("14(3)")], ""),
                flag(
                    "sale_on_refusal",
                    "Sold when the owner appears but will not pay",
                    True,
                    [c("16(1)")],
                    "as many as may be necessary",
                ),
                flag("other_disposal", "Other disposal if no fair price", True, [c("14(3)")], ""),
                flag(
                    "account_to_owner",
                    "An account of the sale is given to the owner",
                    True,
                    [c("16(3)")],
                    "six particulars, (a) to (f)",
                ),
                words(
                    "proceeds_to",
                    "Proceeds go to",
                    "the owner, after deductions; unclaimed, into the local authority's deposit",
                    [c("16(3)"), c("17(3)")],
                ),
            ],
        )

    def _complaints(self) -> Answer:
        c = self.c
        return Answer(
            "A person whose cattle were seized or detained in contravention of the Act may "
            "complain within 10 days from the date of seizure to the Deputy Commissioner or an "
            "authorised Magistrate (s.20, interpreted), in person or by an agent, in writing or "
            "orally (s.21). If the seizure or detention is adjudged illegal, the Magistrate "
            "awards the complainant reasonable compensation up to Rs 100, to be paid by the "
            "person who made the seizure or detained the cattle, with the fines paid and "
            "expenses incurred in procuring their release (s.22(1)); if the cattle have not been "
            "released, he orders their release and directs that the fines and expenses leviable "
            "under the Act be paid by that person (s.22(2)); recovered "
            "as fines under the Code of Criminal Procedure (s.23, read as referring to s.22). An "
            "owner about to complain gets his cattle on a deposit (s.15). Fines under ss.25, 26 "
            "and 28 may be applied as compensation for proved loss (s.29); the right to sue in a "
            "civil court is saved (s.30) and compensation so paid is set off (s.31).",
            [c(s) for s in ("20", "21(1)", "22(1)", "22(2)", "23", "15", "29", "30", "31")],
            "Chapters V and VII",
            [
                flag(
                    "illegal_seizure_complaint",
                    "A complaint of illegal seizure lies",
                    True,
                    [c("20")],
                    "",
                ),
                period(
                    "complaint_within",
                    "Complaint within",
                    10,
                    Unit.DAYS,
                    "the date of seizure",
                    [c("20")],
                ),
                money(
                    "illegal_seizure_compensation",
                    "Compensation for an illegal seizure, at most",
                    Amount(maximum=rupees(100)),
                    [c("22(1)")],
                    "besides the fines paid and expenses incurred",
                ),
                flag("deposit_under_protest", "Delivery on a deposit", True, [c("15")], ""),
                flag("civil_suit_saved", "The right to sue is saved", True, [c("30")], ""),
                flag("set_off", "Compensation is set off in a suit", True, [c("31")], ""),
            ],
        )

    def _offences(self) -> Answer:
        c = self.c
        return Answer(
            "On conviction before a Magistrate: forcibly opposing a seizure or rescuing cattle, "
            "imprisonment up to 6 months or a fine up to Rs 500 or both (s.24); letting cattle "
            "stray or damage land, crops or roads, a fine of Rs 25 to Rs 250 or imprisonment up "
            "to 3 months or both (s.25), recoverable by sale of the cattle (s.26), investigated "
            "by police without a Magistrate's order but no arrest without warrant (s.27, read as "
            "its text says: s.25); a pound-keeper failing in his duties, a fine up to Rs 50 "
            "(s.28). None may be compounded under this Act.",
            [c("24"), c("25"), c("26"), c("27"), c("28")],
            "Chapter VI",
            [
                flag(
                    "imprisonment", "Any offence punishable with imprisonment", True, [c("24")], ""
                ),
                flag(
                    "police_investigate_without_order",
                    "Police may investigate without a Magistrate's order",
                    True,
                    [c("27")],
                    "an offence under s.25 (interpreted)",
                ),
            ],
        )

    def _registration(self) -> Answer:
        c, e = self.c, self.e
        return Answer(
            "The Cattle Trespass Act registers no animals and levies no tax. A provision of an "
            "unnamed Nagaland Act requires every employer to register his establishment, renewed "
            "every twelve months, on a fee the State Government prescribes, with a certificate "
            "displayed; carrying on business without one after the last date costs a penalty "
            "equal to the fee plus Rs 2 a day of default, realised by the Collector as a public "
            "demand, unless a valid application was made in time (sub-sections (1)-(6)).",
            [e("1"), e("3"), e("5"), e("6"), c("2")],
            "the establishments provision; the Cattle Trespass Act has none",
            [
                flag("animal_registration", "Animals are registered", False, [c("2")], ""),
                flag("animal_tax", "Animals are taxed", False, [c("2")], ""),
                flag(
                    "establishment_registration",
                    "Establishments are registered",
                    True,
                    [e("1")],
                    "",
                ),
                period(
                    "establishment_renewal",
                    "Registration renewed every",
                    12,
                    Unit.MONTHS,
                    "the registration",
                    [e("1")],
                ),
                money(
                    "establishment_fee",
                    "Registration fee",
                    Amount(notified=True, fixed_by="the State Government"),
                    [e("3")],
                ),
                money(
                    "default_per_day",
                    "Additional penalty per day of default",
                    Amount(fixed=rupees(2)),
                    [e("6")],
                ),
            ],
        )

    def _rules(self) -> Answer:
        c = self.c
        return Answer(
            "The Director may delegate any of his powers to an officer of his department by "
            "notification, and withdraw them (s.32). The Government makes rules, laid before the "
            "Legislative Assembly for seven days (s.33). The Act repeals the Cattle Trespass "
            "Act, 1871 in five districts (s.34).",
            [c("32"), c("33(1)"), c("33(2)"), c("34")],
            "Chapter VIII",
            [
                words("rules_by", "Rules are made by", "the Government", [c("33(1)")]),
                flag("delegation", "Powers may be delegated", True, [c("32")], "by the Director"),
            ],
        )
