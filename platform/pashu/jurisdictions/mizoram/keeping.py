"""Chapter II of the Mizoram Animal (Control & Taxation) Act, 2014 (ss.3-6: animals kept
under control, how each kind is kept, hygiene, grazing grounds), s.21 (designated persons
who inspect), and the Village Council's registers (ss.7(3), 12(2), 13(3))."""

from __future__ import annotations

from datetime import date

from pashu.core.citations import Citation, Confidence
from pashu.core.decision import Decision
from pashu.jurisdictions.keeping import (
    DesignatedBy,
    GroundFacts,
    InspectionRule,
    KeepingAnswer,
    KeepingLaw,
    KeepingMode,
    KeepingRule,
    ReturnsRule,
    TimeOfDay,
)
from pashu.jurisdictions.species import a

M = KeepingMode
CONFINEMENT = frozenset({M.CONFINED, M.IN_SHED, M.FENCED})
GRAZING = frozenset({M.UNDER_KEEPER, M.TETHERED}) | CONFINEMENT

_GOATS = frozenset({"goat", "kid"})
_LARGE = frozenset(
    {
        # s.2(b) cattle, with the heifer read as cattle as the plugin's classification does
        "cow",
        "ox",
        "bull",
        "calf",
        "heifer",
        "mithun",
        # "horses": the kind, whatever the sex or age
        "horse",
        "mare",
        "gelding",
        "pony",
        "colt",
        "filly",
        "buffalo",
    }
)

_NIGHT_NOTE = (
    "s.4(2)(ii) “in confinement or detention in a shed meant for the animals”: read as "
    "confinement (a pen, a fenced compound) or detention in a shed; a shed is what the text "
    "names, other confinement is read in."
)
_GROUND_NOTE = (
    "s.6(1) declares a grazing ground “so as to keep animals to have free movement within "
    "such area”; only s.4(3) names grazing grounds. Read: goats and other animals may move "
    "freely within a grazing ground in force too, but fowls and pigs must still be kept in "
    "confinement (s.4(1) admits no exception)."
)

_AT_LARGE_NOTE = (
    "s.3(1) lets no animal alone “any time anywhere except under the watch of a keeper”; "
    "s.6(1) declares a grazing ground “so as to keep animals to have free movement within "
    "such area in search of food for themselves”. Read: within an approved grazing ground in "
    "force, the particular provision for free movement (s.6(1), with s.4(3)) prevails over the "
    "general one, so an animal may be there without a keeper. The Act does not say so in terms."
)

RULES = (
    KeepingRule(
        clause="4(1)",
        kinds="Fowls and pigs",
        species=frozenset({"fowl", "pig"}),
        by_day=CONFINEMENT,
        by_night=CONFINEMENT,
        free_in_grazing_ground=False,
        summary="kept in confinement",
    ),
    KeepingRule(
        clause="4(2)",
        kinds="Goats",
        species=_GOATS,
        by_day=GRAZING,
        by_night=CONFINEMENT,
        free_in_grazing_ground=True,
        summary="kept grazing under the watch of a keeper or tied with ropes, and in "
        "confinement or a shed at night",
    ),
    KeepingRule(
        clause="4(3)",
        kinds="Cattle, mithuns, horses and buffaloes",
        species=_LARGE,
        by_day=GRAZING,
        by_night=CONFINEMENT,
        free_in_grazing_ground=True,
        summary="kept as goats are (under a keeper or tethered, in a shed at night), or "
        "within a grazing ground notified by the Village Council",
    ),
    KeepingRule(
        clause="4(4)",
        kinds="Other animals",
        species=None,
        by_day=frozenset({M.CONFINED, M.IN_SHED, M.FENCED, M.TETHERED}),
        by_night=frozenset({M.CONFINED, M.IN_SHED, M.FENCED, M.TETHERED}),
        free_in_grazing_ground=True,
        summary="kept effectively confined within a fence or compound, or detained by a rope "
        "or a sufficiently strong tie",
    ),
)


def _words(mode: KeepingMode) -> str:
    return mode.value.lower().replace("_", " ")


class MizoramKeeping(KeepingLaw):
    def _cite(self, label: str) -> Citation:
        return self.act.cite_label(label)

    def rule_for(self, species: str) -> KeepingRule:
        """The clause of s.4 that names `species` (canonical), or s.4(4) for other animals."""
        for rule in RULES:
            if rule.species is not None and species in rule.species:
                return rule
        return RULES[-1]

    def rules(self) -> Decision[list[KeepingRule]]:
        """s.4: animals shall be controlled as follows, kind by kind."""
        return Decision(
            list(RULES),
            [self._cite(r.clause) for r in RULES],
            "s.4 says how each kind of animal is kept; s.3(1) lets no animal alone anywhere "
            "except under the watch of a keeper",
        )

    def check(
        self,
        species: str,
        mode: KeepingMode,
        time: TimeOfDay,
        ground: GroundFacts | None,
        on: date,
    ) -> Decision[KeepingAnswer]:
        rule = self.rule_for(species)
        clause = self._cite(rule.clause)
        in_ground = ground is not None and self.grazing_ground(ground, on).value
        if ground is not None and in_ground and rule.free_in_grazing_ground:
            free = self._cite("6(1)")
            if rule.clause != "4(3)":
                free = free.with_confidence(Confidence.INTERPRETED, _GROUND_NOTE)
            elif mode is M.AT_LARGE:
                free = free.with_confidence(Confidence.INTERPRETED, _AT_LARGE_NOTE)
            cites = [free, self._cite("4(3)") if rule.clause == "4(3)" else clause]
            why = (
                f"within the grazing ground {ground.name}, declared with the State "
                f"Government's approval, {a(species)} may move freely in search of food"
            )
            if mode is M.AT_LARGE:
                # s.3(1) forbids an animal alone without a keeper; s.6(1) is read against it.
                cites.append(self._cite("3(1)"))
                why += (
                    " without a keeper: s.6(1)'s free movement is read as an exception to "
                    "s.3(1)'s rule that no animal is let alone without a keeper (interpreted)"
                )
            return Decision(KeepingAnswer(True, rule, ground.name), cites, why)
        allowed = rule.by_night if time is TimeOfDay.NIGHT else rule.by_day
        complies = mode in allowed
        cites = [clause]
        if time is TimeOfDay.NIGHT and rule.by_night != rule.by_day:
            night = self._cite("4(2)(ii)")
            if mode is not M.IN_SHED and complies:
                night = night.with_confidence(Confidence.INTERPRETED, _NIGHT_NOTE)
            cites = [clause, night] if rule.clause != "4(2)" else [night]
        if mode is M.AT_LARGE:
            cites.append(self._cite("3(1)"))
        when = "at night" if time is TimeOfDay.NIGHT else "by day"
        verdict = "complies with" if complies else "contravenes"
        why = (
            f"{a(species)} {_words(mode)} {when} {verdict} s.{rule.clause}: "
            f"{rule.kinds.lower()} are to be {rule.summary}"
        )
        if ground is not None and not complies:
            why += (
                f"; {ground.name} is not a grazing ground in force on {on.isoformat()}"
                if rule.free_in_grazing_ground
                else f"; a grazing ground does not excuse {rule.kinds.lower()}"
            )
        return Decision(KeepingAnswer(complies, rule), cites, why)

    def hygiene(self) -> Decision[str]:
        """s.5: clean and sanitary "as may be prescribed by rules" -- none are held."""
        return Decision(
            "animals are kept clean and sanitary so that they cause no public nuisance; the "
            "standard is left to rules, none of which are held, so the inspector's finding "
            "decides",
            [self._cite("5")],
            "s.5 requires animals to be kept in a clean and sanitary condition",
        )

    def grazing_ground(self, ground: GroundFacts, on: date) -> Decision[bool]:
        """s.6(1): declared by the Village Council with the approval of the State Government."""
        cite = [self._cite("6(1)")]
        if not ground.approved:
            return Decision(
                False,
                cite,
                f"{ground.name} has no recorded approval of the State Government, without "
                "which a Village Council's declaration does not take effect",
            )
        if not ground.current(on):
            return Decision(False, cite, f"{ground.name} is not in force on {on.isoformat()}")
        return Decision(True, cite, f"{ground.name} is a grazing ground in force")

    def grazing_order(self, approved: bool | None) -> Decision[bool]:
        """s.6(2): orders for control and management, referred for prior approval."""
        cite = [self._cite("6(2)")]
        if approved is None:
            return Decision(
                False, cite, "referred to the State Government for prior approval; not yet in force"
            )
        if not approved:
            return Decision(False, cite, "the State Government did not approve the order")
        return Decision(True, cite, "approved by the State Government")

    def inspection(self) -> Decision[InspectionRule]:
        """s.21: designated persons appointed by the Government, or caused by it to be
        appointed by the Village Councils, inspect animals and the arrangements for keeping
        them; a contravention of ss.3-5 is an offence under s.15(1)."""
        return Decision(
            InspectionRule(
                frozenset({DesignatedBy.GOVERNMENT, DesignatedBy.VILLAGE_COUNCIL}), "15(1)"
            ),
            [self._cite("21"), self._cite("15(1)")],
            "designated persons inspect animals and the arrangements for keeping them; a "
            "contravention of section 3, 4 or 5 is punishable under s.15(1)",
        )

    def returns(self) -> Decision[ReturnsRule]:
        """ss.7(3), 12(2), 13(3): the Village Council keeps the registers; s.12(3) lets them
        be checked by the District Local Administration Officer or an authorised officer."""
        return Decision(
            ReturnsRule("the Village Council", per_pound=False),
            [self._cite(x) for x in ("7(3)", "12(2)", "13(3)", "12(3)")],
            "the Village Council keeps the registers of animals seized, of registration and "
            "of taxes, subject to checking by the officer the Government authorises",
        )
