"""The Mizoram Animal (Control & Taxation) Act, 2014: vicious animals (s.2(k), s.15(3)),
compensation for damage (s.15(2)) and the victim's Rs 500 (s.15(3))."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from pashu.core.decision import Decision
from pashu.core.legaltime import Window, months_after
from pashu.jurisdictions.penalties import (
    AttackLiability,
    CompensationKind,
    CompensationRule,
    PenaltyLaw,
    ViciousKind,
)
from pashu.jurisdictions.vocabulary import Offence

# s.18's two limbs share one penalty clause.
_S18 = ("s18_1", "s18_2")
# s.2(k): (ii) and (iii) look back "within the past six months".
_LOOKBACK_MONTHS = 6
_CLAUSE = {
    ViciousKind.BEHAVIOUR: "2(k)(i)",
    ViciousKind.COURT_PENALTY: "2(k)(ii)",
    ViciousKind.UNPROVOKED_BITE: "2(k)(iii)",
}


class MizoramPenalties(PenaltyLaw):
    """Chapter V (ss.15-19) and the definition of a vicious animal (s.2(k))."""

    def counts_as_earlier(self, offence: Offence) -> Decision[tuple[str, ...]]:
        """s.18: one penalty clause governs both limbs, so "every subsequent offence" follows
        an earlier one under either (taxation, or keeping in premises)."""
        if offence.code not in _S18:
            return super().counts_as_earlier(offence)
        return Decision(
            _S18,
            [self.cite("18(1)"), self.cite("18(2)")],
            "s.18 has one penalty for both of its limbs: an earlier offence under either "
            "makes this one subsequent",
        )

    def fine_payee(self, offence: Offence) -> Decision[str] | None:
        """s.15(3): the Rs 500 is paid "to the victim", not credited to a fund (s.19)."""
        if offence.section != "15(3)":
            return None
        return Decision("victim", [self.cite("15(3)")], "the fine of s.15(3) is paid to the victim")

    def vicious_window(self, kind: ViciousKind, at: datetime) -> Decision[Window]:
        """s.2(k): (i) an animal that demonstrates ferocious, vicious or aggressive behaviour
        is vicious, with no limit of time; (ii) the cause of a penalty incurred by the owner
        in a court, and (iii) biting or maiming an animal or a person without provocation,
        make it vicious "within the past six months" -- until six calendar months end."""
        cite = self.cite(_CLAUSE[kind])
        if kind is ViciousKind.BEHAVIOUR:
            return Decision(
                Window(at, None),
                [cite],
                "an animal that demonstrates ferocious, vicious or aggressive behaviour is "
                "vicious; clause (i) sets no period",
            )
        return Decision(
            Window(at, months_after(at, _LOOKBACK_MONTHS)),
            [cite],
            f"vicious for six months after the event (clause {_CLAUSE[kind][4:]}), counted in "
            "calendar months",
        )

    def attack_liability(self) -> Decision[AttackLiability]:
        """s.15(3): the owner pays for the victim's medical treatment as a doctor advises, or
        a fine of Rs 500 to the victim, or both."""
        return Decision(
            AttackLiability(victim_sum=Decimal("500.00")),
            [self.cite("15(3)"), self.cite("2(k)")],
            "the owner of a vicious animal that attacks a person pays the victim's medical "
            "treatment as a doctor advises, or Rs 500 to the victim, or both",
        )

    def compensation(self, kind: CompensationKind) -> Decision[CompensationRule]:
        """s.15(2): reasonable compensation, as the Village Council orders, for damage proved
        to have been caused by straying animals to property or produce of land."""
        if kind is not CompensationKind.DAMAGE:
            return super().compensation(kind)
        return Decision(
            CompensationRule(kind, ordered_by="the Village Council", payer="the owner"),
            [self.cite("15(2)")],
            "such reasonable amount as the Village Council orders for damage proved; the Act "
            "sets no limit",
        )
