"""The registration of establishments: one provision of an unnamed Nagaland Act
(statutes/nagaland-registration-of-establishments-extract.txt), its sub-sections (1)-(6)."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from dateutil.relativedelta import relativedelta

from pashu.core.citations import Citation, Confidence
from pashu.core.decision import Decision
from pashu.core.errors import ValidationError
from pashu.core.money import rupees
from pashu.jurisdictions.acts import Act
from pashu.jurisdictions.registration import (
    EstablishmentTerm,
    RegistrationLaw,
)

SECTION = "registration"  # the source gives no section number
PER_DAY = Decimal("2.00")  # sub-section (6): "rupees two per day"


class NagalandRegistration(RegistrationLaw):
    def __init__(self, act: Act) -> None:
        self.act = act

    def _cite(self, subsection: str) -> Citation:
        return self.act.cite(SECTION, subsection)

    def establishment_term(
        self, renewed_on: date, current_until: date | None = None
    ) -> Decision[EstablishmentTerm]:
        """(1): "The registration shall be renewed every twelve months"; (4) a certificate.

        Twelve calendar months, the first day included: from 30 March to 29 March (to the
        last day of February where the corresponding day does not exist). A renewal made
        while a registration is in force runs on from the end of that term, not from the
        application, so an early renewal loses no days and grants none twice."""
        start = renewed_on
        if current_until is not None and current_until >= renewed_on:
            start = current_until + timedelta(days=1)
        nominal = start + relativedelta(months=12)
        until = nominal if nominal.day != start.day else nominal - timedelta(days=1)
        early = start != renewed_on
        return Decision(
            EstablishmentTerm(start, until),
            [self._cite("1"), self._cite("4")],
            "a registration or renewal is valid for twelve months, after which it is renewed; "
            "a certificate (or renewal certificate) is issued for it"
            + (
                f"; renewed before the current term ends ({current_until}), the new term runs "
                "from the end of it"
                if early
                else ""
            ),
        )

    def establishment_fee(self) -> Decision[str]:
        """(3): the fee is prescribed by the State Government."""
        return Decision(
            "as prescribed",
            [self._cite("3")],
            "the fee for registration or renewal is the one the State Government prescribed, in "
            "force on the day of the application; the source does not say who receives it",
        )

    def establishment_penalty(
        self, fee: Decimal, last_date: date, applied_on: date, valid_application_on_time: bool
    ) -> Decision[Decimal]:
        """(6): carrying on business without a valid certificate after the last date: a
        penalty equal to the fee plus Rs 2 for each day of continued default after the last
        date; the proviso: none if a valid application was submitted in time."""
        cite = self._cite("6")
        counted = cite.with_confidence(
            Confidence.INTERPRETED,
            "days of continued default read as counted from the day after the last date up to "
            "and including the day of the application (General Clauses Act s.9); the text does "
            "not say when the default ends",
        )
        late_days = (applied_on - last_date).days  # the last date excluded (GCA s.9)
        if valid_application_on_time:
            if late_days > 0:
                raise ValidationError(
                    f"an application made on {applied_on.isoformat()} is after the last date "
                    f"{last_date.isoformat()}, so it was not submitted in time",
                    citation=cite,
                    field="validApplicationOnTime",
                )
            return Decision(
                Decimal("0.00"),
                [cite],
                "a valid application was submitted within the prescribed period to the proper "
                "Authority, so no penalty is payable (proviso to sub-section (6))",
            )
        # An application in time that is not valid does not earn the proviso: the penalty
        # is the fee, plus Rs 2 a day for any day of default after the last date.
        days = max(late_days, 0)
        penalty = rupees(fee) + PER_DAY * days
        return Decision(
            penalty,
            [counted],
            f"no valid application by the last date {last_date.isoformat()}: a penalty equal to "
            f"the fee (Rs {rupees(fee)}) plus Rs 2 for each of the {days} day(s) of continued "
            f"default after the last date, up to the application on {applied_on.isoformat()} "
            "(interpreted: the counting of the days of default is a reading); realised by the "
            "Collector as a public demand on the Chief Inspector's certificate",
        )
