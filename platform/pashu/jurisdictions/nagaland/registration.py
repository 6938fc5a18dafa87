"""The registration of establishments: one provision of an unnamed Nagaland Act
(statutes/nagaland-registration-of-establishments-extract.txt), its sub-sections (1)-(6)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from dateutil.relativedelta import relativedelta

from pashu.core.citations import Citation
from pashu.core.decision import Decision
from pashu.core.errors import ValidationError
from pashu.core.money import rupees
from pashu.jurisdictions.acts import Act
from pashu.jurisdictions.registration import EstablishmentTerm, RegistrationLaw

SECTION = "registration"  # the source gives no section number
PER_DAY = Decimal("2.00")  # sub-section (6): "rupees two per day"


class NagalandRegistration(RegistrationLaw):
    def __init__(self, act: Act) -> None:
        self.act = act

    def _cite(self, subsection: str) -> Citation:
        return self.act.cite(SECTION, subsection)

    def establishment_term(self, renewed_on: date) -> Decision[EstablishmentTerm]:
        """(1): "The registration shall be renewed every twelve months"; (4) a certificate."""
        # Twelve calendar months from the day of registration, that day excluded (GCA s.9).
        return Decision(
            EstablishmentTerm(renewed_on, renewed_on + relativedelta(months=12)),
            [self._cite("1"), self._cite("4")],
            "a registration or renewal is valid for twelve months, after which it is renewed; "
            "a certificate (or renewal certificate) is issued for it",
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
        if late_days <= 0:
            # The renewal is granted on this application: made by the last date, it is the
            # valid, timely application of the proviso; an invalid one is not renewed on.
            raise ValidationError(
                f"an application made on {applied_on.isoformat()}, by the last date "
                f"{last_date.isoformat()}, is on time: record the valid application the "
                "renewal was granted on",
                citation=cite,
                field="validApplicationOnTime",
            )
        days = late_days
        penalty = rupees(fee) + PER_DAY * days
        return Decision(
            penalty,
            [cite],
            f"no valid application by the last date {last_date.isoformat()}: a penalty equal to "
            f"the fee (Rs {rupees(fee)}) plus Rs 2 for each of the {days} day(s) of continued "
            f"default after the last date, up to the application on {applied_on.isoformat()}; "
            "realised by the Collector as a public demand on the Chief Inspector's certificate",
        )
