"""The Chhattisgarh Pashu (Niyantran) Adhiniyam, 1976: offences by corporations (s.9),
cognizance (s.10(1)), compounding (s.10(2)-(4)) and forfeiture (s.8(2)).

The scan is partly illegible; every citation carries the statute file's mark."""

from __future__ import annotations

from pashu.core.decision import Decision
from pashu.core.errors import ValidationError
from pashu.jurisdictions.penalties import CompoundingRule, OffenderRole, PenaltyLaw
from pashu.jurisdictions.vocabulary import Offence


class ChhattisgarhPenalties(PenaltyLaw):
    """ss.8-10."""

    def charge(self, offence: Offence, role: OffenderRole) -> Decision[OffenderRole]:
        """s.9(1): where a corporation contravenes, every person in charge of and responsible
        to it for its business is deemed guilty, as is the corporation; the proviso ("if he
        proves that ...") is illegible, so what such a person may prove is unknown; s.9(2): so
        is a director, manager, secretary or other officer with whose consent or connivance,
        or by whose neglect, it was committed."""
        if role is OffenderRole.CORPORATION:
            return Decision(role, [*offence.cites, self.cite("9(1)")], "a corporation (s.2(b))")
        if role is OffenderRole.OFFICER_OF_CORPORATION:
            return Decision(
                role,
                [*offence.cites, self.cite("9(1)"), self.cite("9(1)(proviso)"), self.cite("9(2)")],
                "a person in charge of the corporation, or an officer by whose consent, "
                "connivance or neglect it offended, is deemed guilty; the s.9(1) proviso on "
                'what he may prove to escape is illegible after "if he proves that" (unknown)',
            )
        return super().charge(offence, role)

    def cognizance(self) -> Decision[bool]:
        """s.10(1): no court takes cognizance except on a report in writing of the facts by
        an officer authorised by the State Government."""
        return Decision(
            True,
            [self.cite("10(1)")],
            "a court takes cognizance only on an authorised officer's written report of the facts",
        )

    def forfeiture(self) -> Decision[bool]:
        """s.8(2) (numbering reconstructed): the court trying the contravention may direct
        forfeiture of the cattle and, under a second limb that cannot be read, of other things
        under the control of the person."""
        return Decision(
            True,
            [self.cite("8(2)")],
            "the court trying the contravention may direct that the cattle be forfeited "
            "(reconstructed); a second limb, on other things under the control of the person, "
            "is illegible, so what else may be forfeited is unknown",
        )

    def compounding(self, offence: Offence) -> Decision[CompoundingRule]:
        """s.10(2): before or after proceedings, a composition not exceeding Rs 1,000 and,
        for release of seized cattle, vehicle or things, a further sum up to their estimated
        value; s.10(3): payment discharges the person, releases the things and bars further
        proceedings, and where proceedings have been instituted is deemed an acquittal;
        s.10(4): the officer may cancel a licence or permit."""
        if not offence.compoundable:
            raise ValidationError(
                f"the offence under section {offence.section} is not compoundable",
                citation=self.cite("10(2)"),
            )
        return Decision(
            CompoundingRule(
                composition_max=offence.composition_max,
                before_or_after_proceedings=True,
                release_up_to_estimate=True,
                acquittal=True,
                cancels_licence=True,
                cap_cite=self.cite("10(2)"),
                release_cite=self.cite("10(2)"),
                effect_cite=self.cite("10(3)"),
                licence_cite=self.cite("10(4)"),
            ),
            [self.cite("10(2)"), self.cite("10(3)"), self.cite("10(4)")],
            "compoundable before or after proceedings; composition bars further proceedings, and "
            "where proceedings have been instituted is deemed to amount to an acquittal",
        )
