"""The Chhattisgarh Pashu (Niyantran) Adhiniyam, 1976 sets no rules for how each kind of
animal is kept, no grazing grounds, pounds or returns: keeping and movement of cattle are
prohibited or regulated only by notified orders under s.4 (see the regulated areas), and such
an order may provide for the inspection of cattle and their premises (s.4(2)(b))."""

from __future__ import annotations

from pashu.core.decision import Decision
from pashu.jurisdictions.keeping import (
    DesignatedBy,
    InspectionRule,
    KeepingLaw,
)


class ChhattisgarhKeeping(KeepingLaw):
    """Inspection under an order; every other part refuses with NOT_IN_JURISDICTION naming
    the Act (the base's default)."""

    def inspection(self) -> Decision[InspectionRule]:
        """s.4(2)(b) (reconstructed): an order under s.4(1) may provide for the inspection of
        cattle and of the premises where they are kept (construction, ventilation, drainage,
        water supply); contravening the order is an offence under s.8(1)."""
        return Decision(
            InspectionRule(frozenset({DesignatedBy.GOVERNMENT}), "8(1)", order_clause="b"),
            [self.act.cite("4", "2/b"), self.act.cite("4", "1"), self.act.cite("8", "1")],
            "an order in force at the place may provide for the inspection of cattle and of "
            "their premises (s.4(2)(b), reconstructed); a contravention of the order found is an "
            "offence under s.8(1)",
        )
