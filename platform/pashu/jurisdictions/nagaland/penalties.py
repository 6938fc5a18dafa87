"""The Nagaland Cattle Trespass Act, 1985: compensation for illegal seizure (s.22), fines
applied as compensation (s.29) and set-off against a civil decree (s.31)."""

from __future__ import annotations

from decimal import Decimal

from pashu.core.decision import Decision
from pashu.core.errors import ValidationError
from pashu.jurisdictions.penalties import (
    CompensationKind,
    CompensationRule,
    OffenderRole,
    PenaltyLaw,
)
from pashu.jurisdictions.vocabulary import Offence

# s.29 "section 25,26 28": fines under ss.25, 26 and 28 (INTERPRETATION.md).
_APPROPRIABLE = frozenset({"25", "26", "28"})


class NagalandPenalties(PenaltyLaw):
    """Chapters V-VII."""

    def charge(self, offence: Offence, role: OffenderRole) -> Decision[OffenderRole]:
        """s.28: "Any pound-keeper releasing or purchasing or delivering cattle ...": the
        offence is a pound-keeper's only."""
        if offence.section == "28" and role is not OffenderRole.POUND_KEEPER:
            raise ValidationError(
                f"s.28 punishes a pound-keeper only, not a {role.value.lower().replace('_', ' ')}",
                citation=self.cite("28"),
                field="role",
            )
        return super().charge(offence, role)

    def fine_appropriation(self, offence: Offence) -> Decision[bool]:
        """s.29: fines recovered under ss.25, 26 and 28 may be appropriated, in whole or in
        part, as compensation for loss or damage proved to the convicting Magistrate."""
        allowed = offence.section in _APPROPRIABLE
        return Decision(
            allowed,
            [self.cite("29")],
            "the convicting Magistrate may apply the fine, in whole or part, as compensation "
            "for proved loss"
            if allowed
            else f"s.29 names fines under ss.25, 26 and 28, not section {offence.section}",
        )

    def compensation(self, kind: CompensationKind) -> Decision[CompensationRule]:
        """s.22(1): reasonable compensation not exceeding Rs 100 for an illegal seizure or
        detention, paid by the person who made the seizure or detained the cattle, with the
        fines and expenses the complainant paid; s.22(2): release of cattle not yet released,
        the fines and expenses leviable to be paid by that person."""
        if kind is not CompensationKind.ILLEGAL_SEIZURE:
            return super().compensation(kind)
        return Decision(
            CompensationRule(
                kind,
                ordered_by="the Magistrate",
                payer="the person who made the seizure or detained the cattle",
                cap=Decimal("100.00"),
                with_fines_and_expenses=True,
                orders_release=True,
                recoverable_as_fine=True,  # s.23
            ),
            [self.cite("22(1)"), self.cite("22(2)"), self.cite("23")],
            "reasonable compensation up to Rs 100, to be paid by the person who made the "
            "seizure or detained the cattle, with the fines paid and expenses incurred in "
            "procuring release; if the cattle are still held, their release is ordered and the "
            "fines and expenses leviable are directed to be paid by that person (s.22(2)); "
            "recoverable as a fine (s.23)",
        )

    def set_off(self) -> Decision[bool]:
        """s.31: compensation paid by order of a convicting Magistrate to a person whose crops
        or produce were damaged by trespass is set off against a civil decree (s.30)."""
        return Decision(
            True,
            [self.cite("31"), self.cite("30")],
            "compensation paid by order of a convicting Magistrate is deducted from any sum "
            "due to the same person in a civil suit for the damage (s.30), between the same "
            "parties: the person convicted and the person compensated",
        )
