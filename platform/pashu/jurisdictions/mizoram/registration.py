"""Chapter IV of the Mizoram Animal (Control & Taxation) Act, 2014: registration of animals
(s.12), animal tax (ss.11, 13) and appeals (s.14)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from pashu.core.citations import Citation, Confidence
from pashu.core.decision import Decision
from pashu.core.legaltime import Window, months_after, start_of_day
from pashu.jurisdictions.acts import Act
from pashu.jurisdictions.registration import (
    InstalmentPlan,
    OwnerCategory,
    RegistrationLaw,
    TaxSchedule,
)

# s.11(2) proviso: the clause exempting each class of owner.
EXEMPT: dict[OwnerCategory, tuple[str, str]] = {
    OwnerCategory.CENTRAL_GOVERNMENT: ("a", "the Central Government"),
    OwnerCategory.STATE_GOVERNMENT: ("b", "the State Government"),
    OwnerCategory.NORTH_EASTERN_COUNCIL: ("c", "the North-Eastern Council"),
    OwnerCategory.GOVERNMENT_CORPORATION: (
        "d",
        "a corporation owned or controlled by the Central or the State Government",
    ),
    OwnerCategory.VILLAGE_COUNCIL: ("e", "a Village Council"),
}

_MONTH_NOTE = (
    "s.12(1) says “within one month” without saying from when; read as one calendar month "
    "from the day the owner came to own the animals (General Clauses Act s.3(35), s.9)."
)
_TIME_NOTE = (
    "s.11(3) leaves the time of payment to rules (“within such time as may be prescribed”) "
    "and none are held: an instalment is taken as due on the first day of the period it "
    "covers, or on the day of registration if that is later (s.13(1) lets tax be collected at "
    "registration). The year is read as the calendar year."
)


class MizoramRegistration(RegistrationLaw):
    def __init__(self, act: Act) -> None:
        self.act = act

    def _cite(self, label: str) -> Citation:
        return self.act.cite_label(label)

    # -- s.12 registration -------------------------------------------------------------
    def registration_window(self, owned_since: date) -> Decision[Window]:
        """s.12(1): report to the Village Council within one month and register."""
        opens = start_of_day(owned_since)
        return Decision(
            Window(opens, months_after(opens, 1)),
            [self._cite("12(1)").with_confidence(Confidence.INTERPRETED, _MONTH_NOTE)],
            "the owner reports the number (adult and young) and kinds of his animals to the "
            "Village Council within one month of coming to own them, and registers them",
        )

    def registration_fee(self) -> Decision[str]:
        """s.12(1): fee at the notified rate or rates, credited to the Village Council Fund;
        s.12(2)-(3): registers and accounts, open to the District Local Administration Officer."""
        return Decision(
            "rate × head count",
            [self._cite("12(1)"), self._cite("12(2)"), self._cite("12(3)")],
            "the fee is the rate the Government fixed by notification, in force on the day of "
            "registration, for each animal registered (adult and young), credited to the "
            "Village Council Fund; the registers and accounts are open to checking by the "
            "District Local Administration Officer",
        )

    def exemption(self, category: OwnerCategory) -> Decision[bool]:
        """s.11(2) proviso: nothing in Chapter IV applies to animals of the bodies it lists."""
        if category is OwnerCategory.PRIVATE:
            return Decision(
                False,
                [self._cite("11(1)")],
                "every owner of animals is liable to the taxes and fees of Chapter IV",
            )
        clause, whom = EXEMPT[category]
        return Decision(
            True,
            [self._cite("11(2)")],
            f"nothing in Chapter IV applies to animals owned by {whom} (s.11(2) proviso, "
            f"clause ({clause})): no registration fee and no animal tax",
        )

    # -- ss.11, 13 animal tax ----------------------------------------------------------
    def tax_instalments(
        self, year: int, schedule: TaxSchedule, registered_on: date
    ) -> Decision[list[InstalmentPlan]]:
        """s.11(3): annually in one instalment or half-yearly in two, at the owner's option,
        within such time as may be prescribed."""
        if schedule is TaxSchedule.ANNUAL:
            periods = [(date(year, 1, 1), date(year, 12, 31))]
        else:
            periods = [
                (date(year, 1, 1), date(year, 6, 30)),
                (date(year, 7, 1), date(year, 12, 31)),
            ]
        share = Decimal(1) / len(periods)
        plans = [
            InstalmentPlan(n, share, start, end, max(start, registered_on))
            for n, (start, end) in enumerate(periods, start=1)
        ]
        how = "one instalment" if len(plans) == 1 else "two half-yearly instalments"
        return Decision(
            plans,
            [
                self._cite("11(3)").with_confidence(Confidence.INTERPRETED, _TIME_NOTE),
                self._cite("13(1)"),
            ],
            f"the owner opted to pay {year}'s tax in {how}; the Act leaves the time of payment "
            "to rules, so each is taken as due on the first day of its period (or at "
            "registration, if later) — that time is not in the Act",
        )

    def tax_amount(self) -> Decision[str]:
        """s.13(1) rates by notification, collected at registration or before the young are
        taken from their mother; s.13(2) half to each fund."""
        return Decision(
            "rate × head count",
            [self._cite("13(1)"), self._cite("13(2)"), self._cite("11(2)")],
            "the tax is the rate the Government fixed by notification for each kind of animal, "
            "for each animal registered (adult and young); the Village Council collects it at "
            "registration or before the young are taken from their mother, and credits half to "
            "the Village Council Fund and half to the Consolidated Fund of the State",
        )

    def appeal(self) -> Decision[str]:
        """s.14: to such authority and within such time as may be prescribed."""
        return Decision(
            "as prescribed",
            [self._cite("14")],
            "any person aggrieved by an order of the Village Council or an officer under Chapter "
            "IV may appeal to the authority and within the time the rules prescribe; the Act "
            "names neither, so no time limit is applied",
        )
