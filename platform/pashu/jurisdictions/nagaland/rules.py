"""The Nagaland Cattle Trespass Act, 1985 as rules, beside the two other Nagaland texts held.

Each method implements the sections its docstring names and cites them. The Act's slips are
read as statutes/INTERPRETATION.md says; those citations carry confidence `interpreted`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from itertools import pairwise

from pashu.core.citations import Citation, Confidence
from pashu.core.decision import Decision
from pashu.core.errors import NotInJurisdiction, TooEarly, ValidationError
from pashu.core.legaltime import Window, aware, days_after, hours_after, ist, months_after
from pashu.jurisdictions.acts import Act
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.extent import AreaGround, AreaRule, Extent, KindRule
from pashu.jurisdictions.species import canonical
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
    ReleasingAuthority,
    Route,
    SaleAccounting,
    SeizurePower,
    TimelineEvents,
    TimelineStep,
)

MARKETING_ACT = "/akn/in-nl/act/1985/agricultural-produce-marketing"
ESTABLISHMENTS_ACT = "/akn/in-nl/act/0001/registration-of-establishments"
ESTABLISHMENTS_SECTION = "registration"  # the source gives no section number

# s.2(1) names these, in its own words (its spellings "gelding", "popies", "assess" kept).
NAMED_AS_CATTLE: dict[str, str] = {
    "cow": "cows",
    "ox": "oxen",
    "bull": "bulls",
    "elephant": "elephants",
    "camel": "camels",
    "buffalo": "buffaloes",
    "horse": "horses",
    "mare": "mares",
    "gelding": "gelding",
    "pony": "popies (ponies)",
    "colt": "colts",
    "filly": "fillies",
    "mule": "mules",
    "ass": "assess (asses)",
    "pig": "pigs",
    "ram": "rams",
    "ewe": "ewes",
    "sheep": "sheep",
    "lamb": "lambs",
    "goat": "goats",
    "kid": "kids",
    "fowl": "fowls",
}

# The young of cows and bulls, which s.2(1) does not name: cattle by INTERPRETATION.md.
YOUNG_OF_COWS_AND_BULLS: dict[str, str] = {
    "calf": "a calf is the young of cows and bulls",
    "heifer": "a heifer is a young female of cows and bulls that has not yet calved",
}

# Kinds a reader might take for cattle although s.2(1) does not name them.
NOT_NAMED: dict[str, str] = {
    "mithun": "a bovine of its own, the gayal, not one of the cows, oxen, bulls or buffaloes named",
}

# Kinds the word "fowls" may or may not cover: a reading, marked `interpreted`.
READ_OUT_OF_FOWLS: dict[str, str] = {
    "duck": "“fowls” read in its ordinary sense, the domestic hen and cock, beside the "
    "farm animals the list names; wider senses (any domestic bird) would take in ducks",
}

ONE = Decimal(1)
_FEEDING_DAYS = (
    "the charges are for feeding and watering (s.4), which the pound-keeper does from the "
    "day the cattle are brought until they are disposed of (s.8); that is no period counted "
    "from a day, so the General Clauses Act s.9 (the first day excluded) does not apply: a "
    "charge is due for each day, in IST, on which the cattle were in the pound, the day "
    "brought and the day taken each counted once (brought at 20:00 and taken at 22:00 the "
    "same day: one day)"
)
_DEPOSIT_NOTE = (
    "s.15 does not say what becomes of the deposit when no complaint follows; it is made in "
    "place of paying the fines and charges pending a complaint under s.20, so once the s.20 "
    "period has passed without one it is read as paid."
)
_CONVICTION_NOTE = (
    "ss.11(3) and 17(1) speak of fines levied on impounded cattle; s.18(1) credits 'all sums "
    "received on account of fines' to the local authority's fund, and that is read to take in "
    "fines on conviction under ss.24, 25 and 28, for which the Act names no other fund, and "
    "fines for the mischief s.26 names, which s.29 counts among fines recovered under the Act."
)


# Who may seize (s.9(1): on land, the animals doing damage; s.10: on public works, also those
# found straying), in the Act's words.
_BY_LAND = (
    ("CULTIVATOR", "the cultivator of the land"),
    ("OCCUPIER", "the occupier of the land"),
    ("CROP_RIGHT_HOLDER", "one who acquired a right to cultivate its crop"),
    ("CROP_VENDEE", "the vendee of the crop"),
    ("CROP_MORTGAGEE", "the mortgagee of the crop"),
)
_BY_OFFICE = (
    (
        "PUBLIC_WORKS_IN_CHARGE",
        "a person in charge of a public road, pleasure ground, plantation, canal, drainage "
        "work, tank, embankment or the like",
    ),
    ("POLICE_OFFICER", "an officer of police"),
    ("LOCAL_AUTHORITY_OFFICER", "an officer of a local authority, within its jurisdiction"),
    ("EMPOWERED_OFFICER", "an officer the Director has empowered"),
)


@dataclass
class Nagaland(Jurisdiction):
    """Nagaland: the Cattle Trespass Act, 1985 (principal), the Agricultural Produce
    Marketing (Regulating) Act, 1985 (headings only) and one unnamed Act's provision on
    the registration of establishments."""

    # -- the texts --------------------------------------------------------------
    def _act(self, uri: str) -> Act:
        return next(a for a in self.acts if a.uri == uri)

    @property
    def marketing(self) -> Act:
        return self._act(MARKETING_ACT)

    @property
    def establishments(self) -> Act:
        return self._act(ESTABLISHMENTS_ACT)

    def _cite(self, label: str) -> Citation:
        return self.act.cite_label(label)

    def _establishments(self, subsection: str) -> Citation:
        return self.establishments.cite(ESTABLISHMENTS_SECTION, subsection)

    def _as_written(self) -> Citation:
        """s.2(1) for a kind it names, or plainly leaves out: read as written.

        The `interpreted` mark on 2(1) concerns calves only; a kind the sub-section names
        word for word is not an interpretation.
        """
        definitions = self.act.section("2")
        return self.act.cite("2", "1").with_confidence(definitions.confidence, None)

    def not_provided(self, capability: Capability) -> NotInJurisdiction:
        """As the base refusal, but for compounding names the one text that mentions it.

        The marketing Act's s.25 is headed “Compounding of offences”; its terms are unknown,
        so the refusal cites it (confidence unknown) rather than deny it exists.
        """
        if capability is not Capability.COMPOUNDING:
            return super().not_provided(capability)
        return NotInJurisdiction(
            f"{self.act.title} provides no compounding; {self.marketing.title} provides it "
            "(s.25, “Compounding of offences”) but only that heading is held, so its terms are "
            "unknown and no composition is recorded",
            citation=self.marketing.cite("25"),
            jurisdiction=self.code,
            capability=capability.value,
        )

    # -- definitions ------------------------------------------------------------
    def classify(self, species: str) -> Classification:
        """s.2(1): “cattle” means cows, oxen, and bulls, and includes elephants, ... kids, and
        fowls and such other kinds of animals as the Government may, by notification in the
        Gazette specify. The Act defines no “animal”."""
        name = canonical(species)
        return Classification(name, self._is_cattle(name), self._is_animal())

    def _is_cattle(self, name: str) -> Decision[bool | None]:
        if name in NAMED_AS_CATTLE:
            return Decision(
                True, [self._as_written()], f"s.2(1) names {NAMED_AS_CATTLE[name]} as cattle"
            )
        if name in YOUNG_OF_COWS_AND_BULLS:
            return Decision(
                True,
                [self._cite("2(1)")],
                f"{YOUNG_OF_COWS_AND_BULLS[name]}: s.2(1) names neither calves nor heifers but "
                "names the young of the other animals it lists (colts, fillies, lambs, kids), so "
                "the young of cows and bulls are read as cattle (interpreted)",
            )
        if name in READ_OUT_OF_FOWLS:
            return Decision(
                False,
                [
                    self._cite("2(1)").with_confidence(
                        Confidence.INTERPRETED, READ_OUT_OF_FOWLS[name]
                    )
                ],
                f"s.2(1) names “fowls” but not the {name}: whether fowls include ducks is a "
                f"reading, not the text (interpreted): {READ_OUT_OF_FOWLS[name]}; the Government "
                "may specify it by notification in the Gazette",
            )
        aside = f" ({NOT_NAMED[name]})" if name in NOT_NAMED else ""
        return Decision(
            False,
            [self._as_written()],
            f"s.2(1) does not name the {name}{aside}; it would be cattle only if the "
            "Government specified it by notification in the Gazette",
        )

    def _is_animal(self) -> Decision[bool | None]:
        return Decision(
            None,
            [self.act.cite("2")],
            "the Act has no term “animal”: s.2 defines only “cattle”, and its rules apply to "
            "cattle alone",
        )

    # -- extent and kinds --------------------------------------------------------
    def extent(self) -> Decision[Extent]:
        """s.1(2)(a): the whole State; s.1(2)(b): the Government may by notification exclude
        any area from the Act's operation from the date it specifies; s.1(3): in force from
        the date the Government appoints."""
        exclude = self._cite("1(2)(b)")
        rescind = exclude.with_confidence(
            Confidence.INTERPRETED,
            "s.1(2)(b) does not say an exclusion may be withdrawn; a power to issue a "
            "notification includes the power to rescind it (General Clauses Act, 1897, s.21).",
        )
        return Decision(
            Extent(
                "the whole State of Nagaland, except an area the Government excludes from the "
                "Act's operation by notification in the Gazette, from the date it specifies",
                True,
                (
                    AreaRule(
                        AreaGround.EXCLUSION,
                        False,
                        True,
                        (exclude,),
                        "an area excluded by notification, from the date it specifies",
                    ),
                    AreaRule(
                        AreaGround.CANCELLATION,
                        True,
                        True,
                        (rescind,),
                        "an exclusion rescinded: the Act operates there again (interpreted)",
                    ),
                ),
            ),
            [self._cite("1(2)(a)"), exclude, self._cite("1(3)")],
            "s.1(2) extends the Act to the whole State and lets areas be excluded",
        )

    def kinds(self) -> Decision[KindRule]:
        """s.2(1): cattle include "such other kinds of animals as the Government may, by
        notification in the Gazette specify"."""
        rescind = self._as_written().with_confidence(
            Confidence.INTERPRETED,
            "s.2(1) does not say a kind specified may be taken out again; a power to issue a "
            "notification includes the power to rescind it (General Clauses Act, 1897, "
            "s.21). Only a notified kind can be: those the sub-section names stay cattle.",
        )
        return Decision(
            KindRule(
                True,
                (self._as_written(),),
                "the Government may specify other kinds of animals as cattle by notification "
                "in the Gazette (s.2(1)), and rescind such a notification (General Clauses Act "
                "s.21, interpreted)",
                rescission=rescind,
            ),
            [self._as_written()],
            "s.2(1) lets the Government add kinds of animals to cattle, and (General Clauses "
            "Act s.21) rescind what it added",
        )

    # -- impoundment ------------------------------------------------------------
    def impoundment_timeline(self, events: TimelineEvents) -> list[TimelineStep]:
        """ss.9(1) and 10 (to the pound within 24 hours), 14 (report after 7 days unclaimed,
        notice and drum, auction 7 days after the notice), 17(3) (surplus held 3 months) and
        20 (complaint within 10 days of seizure); after an owner's refusal to pay, 16(1)
        (the sale at the Director's time, without s.14's periods).

        A missing event is projected at the earliest instant the Act allows: impounding at
        the seizure, the notice when the report may first be made (14(2) “thereupon”), the
        sale when the auction may first be held.
        """
        _in_order(events)
        seized = events.seized_at
        impounded = events.impounded_at or seized
        report_opens = days_after(impounded, 7)  # 14(1): seven days from impounding
        if events.noticed_at is not None and events.noticed_at < report_opens:
            raise TooEarly(
                f"noticedAt is {ist(events.noticed_at)}, before the report of s.14(1) could be "
                f"made ({ist(report_opens)}): the notice of s.14(2) follows the report "
                "(“thereupon”)",
                citation=self._cite("14(2)"),
                field="noticedAt",
                notBefore=ist(report_opens),
            )
        noticed = events.noticed_at or report_opens
        auction_opens = days_after(noticed, 7)  # 14(3): seven days from the notice
        refused = events.refused_at
        if refused is not None:
            auction_opens = refused  # 16(1): the owner claimed; s.14's seven days do not run
        sold = events.sold_at or auction_opens
        steps = [
            TimelineStep(
                Action.DELIVER_TO_POUND,
                Window(seized, hours_after(seized, 24)),
                [self._cite("9(1)"), self._cite("10")],
                "seized cattle are sent to the pound within twenty-four hours (s.9(1) from "
                "land, s.10 from public roads, canals and the like)",
            ),
        ]
        # Cattle whose owner appeared and refused to pay are not "not claimed" (s.14).
        if refused is None or events.noticed_at is not None:
            steps += [
                TimelineStep(
                    Action.REPORT_UNCLAIMED,
                    Window(report_opens),
                    [self._cite("14(1)")],
                    "cattle not claimed within seven days from the date of impounding are "
                    "reported to the local authority or the officer the Director specifies; "
                    "no time is set",
                    projected=events.impounded_at is None,
                ),
                TimelineStep(
                    Action.PUBLISH_NOTICE,
                    Window(report_opens),
                    [self._cite("14(2)")],
                    "thereupon the local authority or officer posts a notice in its office and "
                    "has it proclaimed by beat of drum in the village and the nearest market "
                    "place; no time is set",
                    projected=events.impounded_at is None,
                ),
            ]
        if refused is None:
            steps.append(
                TimelineStep(
                    Action.AUCTION,
                    Window(auction_opens),
                    [self._cite("14(3)"), self._cite("16(1)")],
                    "cattle not claimed within seven days from the date of the notice are sold "
                    "by public auction (s.14(3); a sale under s.16(1) follows the same "
                    "conditions); no time is set",
                    projected=events.noticed_at is None,
                )
            )
        elif events.sold_at is None:  # once the sale the refusal calls for is held, no more
            steps.append(
                TimelineStep(
                    Action.AUCTION,
                    Window(refused),
                    self.refusal_to_pay(events).cites,
                    "the owner appeared and refused or omitted to pay: as many of the cattle as "
                    "are necessary are sold by public auction at the place and time and on the "
                    "conditions of s.14 (as the Director directs), without s.14(3)'s seven days "
                    "(interpreted)",
                )
            )
        return [
            *steps,
            TimelineStep(
                Action.COMPLAIN_ILLEGAL_SEIZURE,
                Window(seized, days_after(seized, 10)),
                [self._cite("20")],
                "a complaint of illegal seizure or detention lies within ten days from the date "
                "of seizure (s.20, read with “from”)",
            ),
            self.claim_on_proceeds(sold, projected=events.sold_at is None),
        ]

    def claim_on_proceeds(self, sold_at: datetime, projected: bool = False) -> TimelineStep:
        """s.17(3): the surplus held in deposit for a claim within three months."""
        return TimelineStep(
            Action.CLAIM_SURPLUS,
            Window(sold_at, months_after(sold_at, 3)),
            [self._surplus_window()],
            "the local authority holds the surplus unclaimed proceeds in deposit for a claim "
            "within three months (interpreted: s.17(3) does not say from when; counted from "
            "the sale, when the surplus first exists)",
            projected=projected,
        )

    def impoundment_kinds(self) -> Kinds:
        """s.9(1) and s.10 name who may seize (`seizure_powers`); s.11(2) the local areas the
        Director notifies for habitual trespass and s.12 the aerodromes, where a higher fine per
        head runs; s.19(1) who may not buy at a sale."""
        land, public = (self._cite("9(1)"),), (self._cite("10"),)
        return Kinds(
            places=(
                Kind("PRIVATE_LAND", "land or its crop", land),
                Kind(
                    "PUBLIC_PROPERTY",
                    "a public road, pleasure ground, plantation, canal, drainage work, tank, "
                    "embankment or the like",
                    public,
                ),
                Kind(
                    "HABITUAL_TRESPASS_AREA",
                    "a local area the Director has notified for habitual trespass: a fine per "
                    "head at most twice the scale",
                    (self._cite("11(2)"),),
                ),
                Kind(
                    "AERODROME",
                    "an aerodrome the Director has notified: a fine per head at most four "
                    "times the scale",
                    (self._cite("12"),),
                ),
            ),
            seizers=(
                *(Kind(code, words, land) for code, words in _BY_LAND),
                *(Kind(code, words, public) for code, words in _BY_OFFICE),
            ),
            buyers=tuple(
                Kind(code, words, (self._cite("19(1)"),))
                for code, words in (
                    ("POLICE_OFFICER", "a police officer"),
                    ("OFFICER_UNDER_ACT", "an officer appointed under the Act"),
                    ("POUND_KEEPER", "a pound-keeper appointed under the Act"),
                    (
                        "LOCAL_AUTHORITY_MEMBER",
                        "a member of the local authority controlling the pound",
                    ),
                )
            ),
        )

    def seizure_powers(self) -> list[SeizurePower]:
        """s.9(1): the cultivator or occupier of any land, a person who has acquired a right to
        cultivate its crop, or the vendee or mortgagee of the crop, may seize cattle
        "trespassing on such land and doing damage thereto or to any crop"; s.10: persons in
        charge of public roads, pleasure grounds, plantations, canals, drainage works, tanks,
        embankments and the like, officers of police, officers of local authorities and
        officers the Director empowers may seize cattle doing damage to them "or found straying
        thereon". The owner of land as such is not named."""
        land = (self._cite("9(1)"),)
        anywhere = frozenset(k.code for k in self.declared_kinds().places)
        by_land = dict(_BY_LAND)
        public = (self._cite("10"),)
        works = frozenset({"PUBLIC_PROPERTY", "HABITUAL_TRESPASS_AREA", "AERODROME"})
        by_office = dict(_BY_OFFICE)
        return [
            *(
                SeizurePower(
                    c,
                    anywhere,
                    True,
                    land,
                    f"{w} may seize cattle trespassing on the land and doing damage to it or "
                    "its crop (s.9(1))",
                )
                for c, w in by_land.items()
            ),
            *(
                SeizurePower(
                    c,
                    works,
                    False,
                    public,
                    f"{w} may seize cattle doing damage to public roads, canals, tanks and the "
                    "like, or found straying on them (s.10)",
                )
                for c, w in by_office.items()
            ),
        ]

    def _surplus_window(self) -> Citation:
        """s.17(3) "within three months": from the sale is a reading, the text names no start."""
        return self._cite("17(3)").with_confidence(
            Confidence.INTERPRETED,
            "“within three months” names no start; counted from the sale, when the surplus "
            "first exists (it is sent to the local authority after the sale)",
        )

    def refusal_to_pay(self, events: TimelineEvents) -> Decision[Window]:
        """s.16(1): if the owner or his agent appears and refuses or omits to pay (or, in the
        case of s.15, to deposit) the fines and expenses, the cattle or as many of them as
        may be necessary are sold by public auction at such place and time and subject to
        such conditions as are referred to in s.14."""
        return Decision(
            Window(events.impounded_at or events.seized_at),
            [
                self._cite("16(1)").with_confidence(
                    Confidence.INTERPRETED,
                    "“such place and time ... as are referred to in section 14” read as the "
                    "place and time the Director directs under s.14(3), not its seven days "
                    "after the notice, which are for cattle not claimed",
                ),
                self._cite("14(3)"),
            ],
            "an owner who appears while the cattle are impounded and refuses or omits to pay "
            "(or to deposit under s.15) has as many of them sold as the fines and expenses "
            "need, at the place and time the Director directs (interpreted: s.14(3)'s seven "
            "days are for cattle not claimed)",
        )

    def delivery_after_sale(self) -> Decision[None]:
        """s.16(2)-(4): fines, feeding and sale expenses come out of the proceeds; the
        remaining cattle and the balance go to the owner with an account of (a) the cattle
        seized, (b) the time impounded, (c) the fines and charges, (d) the cattle sold,
        (e) the proceeds and (f) their disposal, against his receipt."""
        return Decision(
            None,
            [self._cite("16(2)"), self._cite("16(3)"), self._cite("16(4)")],
            "the remaining cattle and the balance of the proceeds are delivered to the owner or "
            "his agent with the account of s.16(3)(a)-(f); he gives a receipt for them",
        )

    def delivery_refused_after_sale(self) -> Decision[None]:
        """s.16(5): an owner who refuses the remaining cattle and the surplus proceeds: both
        are deemed unclaimed and disposed of under the Act (ss.14, 17(3), 18(1))."""
        return Decision(
            None,
            [self._cite("16(5)"), self._cite("14(1)"), self._cite("17(3)")],
            "the remaining cattle and the surplus proceeds are deemed unclaimed: the cattle "
            "follow s.14 (report, notice, auction), the surplus is held in deposit (s.17(3))",
        )

    def release_by_order(self) -> Decision[frozenset[ReleasingAuthority]]:
        """s.19(2): no pound-keeper releases or delivers impounded cattle otherwise than under
        Chapter IV unless the Director, the local authority, the Magistrate acting under
        Chapter V or a Civil Court orders it in writing stating the reasons."""
        return Decision(
            frozenset(ReleasingAuthority),  # all four are named
            [self._cite("19(2)")],
            "the pound-keeper may release cattle otherwise than on payment or sale only on a "
            "written order stating its reasons, of the Director, the local authority, the "
            "Magistrate acting under Chapter V or a Civil Court",
        )

    def recovery_by_sale(self) -> Decision[frozenset[str]]:
        """s.26: "Any fine imposed under section 25 or for the offence of mischief by causing
        cattle to tresspass on any land" may be recovered by sale of all or any of the cattle
        by which the trespass was committed, seized in the act or not, the convict's own or
        only in his charge. The sale follows s.16 and its balance s.16(3)/s.17(3)
        (interpreted: s.26 names no procedure for the sale and says nothing of a surplus)."""
        return Decision(
            frozenset({"25", "26"}),
            [
                self._cite("26"),
                self._cite("16(2)").with_confidence(
                    Confidence.INTERPRETED,
                    "s.26 names no procedure for the sale: the public auction of s.16, with "
                    "its deductions and account, is used",
                ),
                self._cite("17(3)").with_confidence(
                    Confidence.INTERPRETED,
                    "s.26 is silent on what the sale leaves over the fine and the expenses of "
                    "sale: as the balance of a sale under s.16 it is the owner's (s.16(3)), "
                    "and the local authority holds it in deposit for his claim (s.17(3))",
                ),
            ],
            "a fine under s.25, or for the offence of mischief by causing cattle to trespass, "
            "may be recovered by selling all or any of the trespassing cattle, seized in the "
            "act or not, the convict's or only in his charge; sold by public auction as under "
            "s.16 (interpreted), the fine taken from the proceeds before the balance, which "
            "is the owner's and is held by the local authority for his claim (s.17(3), "
            "interpreted: s.26 says nothing of it)",
        )

    def fine_rate_kind(self, place: PlaceKind) -> Decision[RateKind]:
        """s.11(1): the Director's scale per head; s.11(2): up to double it in a notified
        habitual-trespass area; s.12: up to four times it in a notified aerodrome."""
        if place == "HABITUAL_TRESPASS_AREA":
            return Decision(
                RateKind.HABITUAL_AREA_FINE_PER_HEAD,
                [self._cite("11(2)")],
                "in a local area the Director has notified for habitual trespass, the fine per "
                "head is the one that notification specifies",
            )
        if place == "AERODROME":
            return Decision(
                RateKind.AERODROME_FINE_PER_HEAD,
                [self._cite("12")],
                "in an aerodrome the Director has notified, the fine per head is the one that "
                "notification specifies",
            )
        return Decision(
            RateKind.FINE_PER_HEAD,
            [self._cite("11(1)")],
            "for every head of cattle impounded the pound-keeper levies the fine on the "
            "Director's scale notified in the Gazette",
        )

    def register_entry(self) -> Decision[bool]:
        """s.7: the pound-keeper enters the number and description of the cattle, the day and
        hour brought, the seizer's and (if known) the owner's name and residence; the seizer
        signs the register and gets a copy of the entries."""
        return Decision(
            True,
            [self._cite("7")],
            "entered in the pound-keeper's register, signed by the seizer, who is given a copy",
        )

    def delivery_on_payment(self) -> Decision[None]:
        """s.13: delivered on payment of the fines and charges; the owner signs a receipt in
        the register."""
        return Decision(
            None,
            [self._cite("13")],
            "the pound-keeper delivers the cattle on payment of the fines and charges incurred; "
            "the owner or his agent signs a receipt in the register",
        )

    def delivery_on_deposit(self) -> Decision[None]:
        """s.15: an owner who disputes the seizure and is about to complain under s.20 gets
        the cattle on depositing the fines and charges."""
        return Decision(
            None,
            [self._cite("15"), self._cite("20")],
            "the cattle are delivered on a deposit of the fines and charges made under protest; "
            "a complaint of illegal seizure may follow within ten days of the seizure",
        )

    def deposit_unused(self) -> Decision[None]:
        """s.15 gives the cattle on a deposit because "the owner is about to make a complaint
        under section 20"; when the ten days of s.20 pass with none, the deposit is what it
        was made for: the fines (s.11(3)) and the feeding charges (s.17(2))."""
        return Decision(
            None,
            [
                self._cite("15").with_confidence(Confidence.INTERPRETED, _DEPOSIT_NOTE),
                self._cite("20"),
                self._cite("11(3)"),
                self._cite("17(2)"),
            ],
            "no complaint followed the deposit within ten days of the seizure: the deposit is "
            "applied, the fines to the local authority's fund and the feeding charges to the "
            "pound-keeper",
        )

    def complaint_form(self) -> Decision[None]:
        """s.21(1): "It may be either in writing or verbal. If it be verbal the substance of
        it shall be taken down in writing by the Magistrate." """
        return Decision(
            None,
            [self._cite("21(1)")],
            "a complaint is made in writing or by word of mouth; a verbal one is taken down "
            "in writing by the Magistrate",
        )

    def dues_of_illegal_seizure(self) -> Decision[None]:
        """s.22(2): cattle not yet released are released, and the fines and expenses leviable
        are paid by the person who made the seizure or detained the cattle; they go where the
        Act sends fines (s.11(3)) and feeding charges (s.17(2))."""
        return Decision(
            None,
            [self._cite("22(2)"), self._cite("11(3)"), self._cite("17(2)")],
            "the fines and charges of the cattle released are paid by the person who made the "
            "seizure or detained them: the fines to the local authority's fund, the feeding "
            "charges to the pound-keeper",
        )

    def sale_accounting(self) -> Decision[SaleAccounting]:
        """s.16(2)-(5), s.17: fines, feeding charges and sale expenses are deducted from the
        proceeds; the balance goes to the owner with an account, or is held in deposit."""
        return Decision(
            SaleAccounting.DEDUCT_CHARGES_HOLD_SURPLUS,
            [
                self._cite("16(2)"),
                self._cite("16(3)"),
                self._cite("17(1)"),
                self._cite("17(2)"),
                self._cite("17(3)"),
            ],
            "fines go to the local authority, feeding charges to the pound-keeper, and the "
            "balance to the owner with an account, or into the local authority's deposit",
        )

    def sale_account_clauses(self) -> dict[str, Citation]:
        """s.16(3)(a)-(f): the cattle seized, the time impounded, the fines and charges
        incurred, the cattle sold, the proceeds, and the manner of their disposal."""
        return {letter: self._cite(f"16(3)({letter})") for letter in "abcdef"}

    def other_disposal(self) -> Decision[str]:
        """s.14(3) proviso: cattle unlikely to fetch a fair price may be disposed of as the
        Director thinks fit."""
        return Decision(
            "the Director",
            [self._cite("14(3)")],
            "cattle the Director thinks unlikely to fetch a fair price at auction may be "
            "disposed of in such other manner as he thinks fit",
        )

    def prohibited_purchasers(self) -> Decision[frozenset[BuyerRole]]:
        """s.19(1): no police officer, other officer or pound-keeper appointed under the Act,
        nor member of the local authority controlling the pound, may purchase at a sale."""
        return Decision(
            frozenset(k.code for k in self.declared_kinds().buyers),
            [self._cite("19(1)")],
            "police officers, officers and pound-keepers appointed under the Act, and members "
            "of the local authority controlling the pound may not buy, directly or indirectly",
        )

    # -- money --------------------------------------------------------------------
    def routing(self, kind: MoneyKind) -> Decision[list[Route]]:
        """ss.11(3), 16(2)-(3), 17, 18(1) and 29; the unnamed Act's sub-sections (3) and (6)."""
        if kind is MoneyKind.FINE:
            return Decision(
                [Route("local_authority_fund", ONE)],
                [self._cite("11(3)"), self._cite("17(1)"), self._cite("18(1)")],
                "fines levied on impounded cattle, aerodrome fines included, are credited to the "
                "fund of the local authority controlling the pound",
            )
        if kind is MoneyKind.OFFENCE_FINE:
            return Decision(
                [Route("local_authority_fund", ONE)],
                [
                    self._cite("18(1)").with_confidence(Confidence.INTERPRETED, _CONVICTION_NOTE),
                    self._cite("29"),
                ],
                "a reading: s.18(1)'s 'all sums received on account of fines' is read to take in "
                "fines on conviction (ss.24, 25, 28, and for the mischief s.26 names), credited "
                "to the local authority's fund; a convicting Magistrate may apply fines under "
                "ss.25, 26 and 28 as compensation",
            )
        if kind is MoneyKind.FEEDING_CHARGE:
            return Decision(
                [Route("pound_keeper", ONE)],
                [self._cite("17(2)")],
                "feeding and watering charges, deducted on a sale or paid on delivery, are the "
                "pound-keeper's",
            )
        if kind is MoneyKind.SALE_PROCEEDS:
            return Decision(
                [],
                [self._cite(s) for s in ("16(2)", "16(3)", "17(1)", "17(2)", "17(3)")],
                "not shared in fixed parts: the fines, feeding charges and expenses of sale are "
                "deducted (fines to the local authority, charges to the pound-keeper; the Act "
                "does not say who receives the expenses) and the balance goes to the owner, or "
                "into deposit if unclaimed",
            )
        if kind is MoneyKind.SURPLUS_PROCEEDS:
            return Decision(
                [Route("surplus", ONE)],
                [self._cite("17(3)"), self._cite("18(1)")],
                "the local authority holds unclaimed surplus proceeds in deposit for three "
                "months, then credits them to its fund",
            )
        if kind is MoneyKind.ESTABLISHMENT_FEE:
            return Decision(
                [],
                [self._establishments("3"), self._establishments("6")],
                "the State Government prescribes the fee, but the source does not say who "
                "receives it (the penalty for default is realised by the Collector as a public "
                "demand)",
            )
        raise self.not_provided(_CHAPTER_OF[kind])

    def rate_rules(self) -> dict[RateKind, RateRule]:
        """ss.11(1), 11(2), 12 and 4; the unnamed Act's sub-section (3). The scale of s.11(1)
        may differ "for different local areas or for different localities within the same
        local areas", and each local authority fixes its pounds' feeding rates (s.4): those
        may be notified for a local authority or a pound."""
        return {
            RateKind.FINE_PER_HEAD: RateRule(
                RateKind.FINE_PER_HEAD,
                "the Director",
                [self._cite("11(1)")],
                by_local_area=True,  # "different scales ... for different local areas"
            ),
            RateKind.HABITUAL_AREA_FINE_PER_HEAD: RateRule(
                RateKind.HABITUAL_AREA_FINE_PER_HEAD,
                "the Director",
                [self._cite("11(2)")],
                bound_base=RateKind.FINE_PER_HEAD,
                bound_factor=Decimal(2),  # "not exceeding double"
                by_local_area=True,  # "in any local areas"
            ),
            RateKind.AERODROME_FINE_PER_HEAD: RateRule(
                RateKind.AERODROME_FINE_PER_HEAD,
                "the Director",
                [self._cite("12")],
                bound_base=RateKind.FINE_PER_HEAD,
                bound_factor=Decimal(4),  # "not exceeding four times"
                by_aerodrome=True,  # "in any aerodrome ... seized within such aerodrome"
            ),
            RateKind.FEEDING_PER_HEAD_PER_DAY: RateRule(
                RateKind.FEEDING_PER_HEAD_PER_DAY,
                "the local authority",
                [self._cite("4")],
                by_local_area=True,  # each local authority fixes its pounds' rates
                local_only=True,  # "that authority shall fix": never one for the State
                counting=_FEEDING_DAYS,
            ),
            RateKind.REGISTRATION_FEE: RateRule(
                RateKind.REGISTRATION_FEE,
                "the State Government",
                [self._establishments("3")],
                per_species=False,  # a fee for registering an establishment
            ),
        }

    # -- research -------------------------------------------------------------------
    def compare(self, topic: ComparisonTopic) -> Decision[str]:
        """One paragraph per topic; see the sections each cites."""
        if topic is ComparisonTopic.CATTLE_DEFINITION:
            return Decision(
                "“Cattle” (s.2(1)) means cows, oxen and bulls, and includes elephants, camels, "
                "buffaloes, horses, mares, geldings, ponies, colts, fillies, mules, asses, pigs, "
                "rams, ewes, sheep, lambs, goats, kids and fowls (22 kinds named), and any other "
                "kind of animal the Government specifies by notification in the Gazette. Calves "
                "are not named; they are read as cattle, being the young of cows and bulls "
                "(interpreted), and heifers with them. Mithun, ducks, dogs and cats are not "
                "named. The Act has no term “animal”.",
                [self._cite("2(1)")],
                "s.2(1) defines cattle by a list",
            )
        if topic is ComparisonTopic.CLAIM_PERIOD:
            return Decision(
                "An owner who appears and claims impounded cattle gets them on paying the fines "
                "and charges (s.13), or on depositing them if he disputes the seizure (s.15). "
                "Cattle not claimed within 7 days from the date of impounding are reported "
                "(s.14(1)); a notice is posted and proclaimed by beat of drum (s.14(2)); cattle "
                "not claimed within 7 days from the date of the notice are sold by public "
                "auction (s.14(3)). Surplus proceeds are held in deposit for 3 months for a "
                "claim (s.17(3); counted from the sale, interpreted: the text names no start). "
                "A complaint of illegal seizure lies within 10 days from the "
                "date of seizure (s.20, interpreted).",
                [self._cite(s) for s in ("13", "15", "14(1)", "14(2)", "14(3)", "17(3)", "20")],
                "ss.13-15 and 17(3) set the periods for claims; s.20 for complaints",
            )
        if topic is ComparisonTopic.FINE_CAPS:
            return Decision(
                "On conviction before a Magistrate: forcibly opposing a seizure or rescuing "
                "seized cattle, imprisonment up to 6 months or a fine up to Rs 500 or both "
                "(s.24); letting cattle stray or trespass and damage land, crops or public "
                "roads, a fine of not less than Rs 25 and not more than Rs 250 or imprisonment "
                "up to 3 months or both (s.25); a pound-keeper failing in his duties, a fine up "
                "to Rs 50, recoverable from his salary (s.28). No fixed fine for subsequent "
                "offences. The fine per head of impounded cattle follows the Director's notified "
                "scale (s.11(1)), up to 2 times that scale in a notified habitual-trespass area "
                "(s.11(2)) and up to 4 times in a notified aerodrome (s.12, whose “section II” is "
                "read as s.11, interpreted). Compensation for an "
                "illegal seizure is at most Rs 100, besides fines and expenses (s.22(1)).",
                [self._cite(s) for s in ("24", "25", "28", "11(1)", "11(2)", "12", "22(1)")],
                "Chapter VI sets the penalties; ss.11-12 bound the notified fines per head",
            )
        if topic is ComparisonTopic.COMPOUNDING:
            return Decision(
                "The Nagaland Cattle Trespass Act, 1985 has no compounding: its offences "
                "(ss.24, 25 and 28) are punished on conviction. The Nagaland Agricultural "
                "Produce Marketing (Regulating) Act, 1985 provides compounding of offences "
                "(s.25, “Compounding of offences”), but only that heading is held: which "
                "offences it covers, who may compound them and for what sum are unknown, so "
                "the platform records no composition.",
                [self.marketing.cite("25"), self._cite("24"), self._cite("25"), self._cite("28")],
                "the Cattle Trespass Act has none; the marketing Act's s.25 is known by its "
                "heading alone (terms unknown)",
            )
        if topic is ComparisonTopic.PROHIBITED_PURCHASERS:
            return Decision(
                "No police officer, no other officer or pound-keeper appointed under the Act, "
                "and no member of the local authority controlling the pound may purchase cattle, "
                "directly or indirectly, at a sale under the Act (s.19(1)). A pound-keeper who "
                "purchases contrary to s.19 is liable to a fine up to Rs 50 (s.28).",
                [self._cite("19(1)"), self._cite("28")],
                "s.19(1) lists who may not buy",
            )
        return Decision(
            "Fines on impounded cattle, aerodrome fines included, are credited to the local "
            "authority's fund, that of the authority controlling the pound (s.11(3), "
            "interpreted; s.18(1)), and fines on conviction too on a reading of s.18(1)'s "
            "'all sums received on account of fines' (interpreted). On a sale the fines, the "
            "feeding and watering charges and the expenses of sale are deducted from the proceeds "
            "(s.16(2)): the fines go to the local authority (s.17(1)), the feeding charges to the "
            "pound-keeper, who also keeps those paid on delivery (s.17(2)), and the balance to "
            "the owner (s.16(3)). A deposit under protest no complaint follows within the ten "
            "days of s.20 is applied to those fines and charges (s.15, interpreted). Unclaimed "
            "surplus is held in deposit by the local authority for 3 months, then credited to "
            "its fund (ss.17(3), 18(1)). Fines on conviction "
            "under ss.25, 26 and 28 may be applied as compensation (s.29). The fee for "
            "registering an establishment is prescribed by the State Government; the source "
            "does not say who receives it (unnamed Act, sub-section (3)).",
            [
                *(self._cite(s) for s in ("11(3)", "16(2)", "16(3)", "17(1)", "17(2)")),
                *(self._cite(s) for s in ("17(3)", "18(1)", "29", "15", "20")),
                self._establishments("3"),
            ],
            "ss.11(3) and 16-18 route the money of an impoundment",
        )


# Money of a chapter the texts held do not have, and the capability it would need.
_CHAPTER_OF: dict[MoneyKind, Capability] = {
    MoneyKind.REGISTRATION_FEE: Capability.ANIMAL_REGISTRATION,
    MoneyKind.ANIMAL_TAX: Capability.ANIMAL_TAX,
    MoneyKind.COMPOSITION: Capability.COMPOUNDING,
    MoneyKind.LICENCE_FEE: Capability.REGULATED_AREAS,
}


def _in_order(events: TimelineEvents) -> None:
    """The events given must be timezone-aware and follow one another."""
    given: list[tuple[str, datetime]] = [
        (name, aware(at))
        for name, at in (
            ("seized_at", events.seized_at),
            ("impounded_at", events.impounded_at),
            ("noticed_at", events.noticed_at),
            ("sold_at", events.sold_at),
        )
        if at is not None
    ]
    for (earlier, first), (later, then) in pairwise(given):
        if then < first:
            raise ValidationError(f"{later} ({ist(then)}) is before {earlier} ({ist(first)})")
