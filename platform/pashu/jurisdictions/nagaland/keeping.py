"""The Nagaland Cattle Trespass Act, 1985: pounds and the areas they serve (s.3), which
pound a seizure is sent to (ss.9(1), 10), and the pound-keeper's registers and returns
(s.6). The Act has no rules for how animals are kept: s.25 punishes letting cattle stray
without a keeper, an offence, not a rule of keeping."""

from __future__ import annotations

from datetime import date

from pashu.core.citations import Citation, Confidence
from pashu.core.decision import Decision
from pashu.core.errors import NotInJurisdiction
from pashu.jurisdictions.keeping import (
    GroundFacts,
    KeepingAnswer,
    KeepingLaw,
    KeepingMode,
    KeepingRule,
    PoundChoice,
    ReturnsRule,
    TimeOfDay,
)
from pashu.jurisdictions.vocabulary import PlaceKind

_AERODROME_NOTE = (
    "s.12 fixes the fine for cattle seized within an aerodrome “and impounded as aforesaid” "
    "without saying under which section; an aerodrome is read as public ground under s.10, "
    "so the cattle go to the nearest pound."
)


class NagalandKeeping(KeepingLaw):
    def _cite(self, label: str) -> Citation:
        return self.act.cite_label(label)

    def _no_rules(self) -> NotInJurisdiction:
        return NotInJurisdiction(
            f"{self.act.title} provides no rules for keeping animals; s.25 punishes letting "
            "cattle stray about without a keeper (see its offences)",
            citation=self._cite("25"),
        )

    def rules(self) -> Decision[list[KeepingRule]]:
        raise self._no_rules()

    def check(
        self,
        species: str,
        mode: KeepingMode,
        time: TimeOfDay,
        ground: GroundFacts | None,
        on: date,
    ) -> Decision[KeepingAnswer]:
        raise self._no_rules()

    def pound_area(self) -> Decision[str]:
        """s.3(1) pounds are established where the Director directs; s.3(2) the Director
        determines the area each pound serves."""
        return Decision(
            "the Director",
            [self._cite("3(1)"), self._cite("3(2)")],
            "the area by which every pound is to be used is determined by the Director",
        )

    def destination(self, place: PlaceKind) -> Decision[PoundChoice]:
        if place == "PUBLIC_PROPERTY":
            return Decision(
                PoundChoice.NEAREST_POUND,
                [self._cite("10")],
                "cattle seized on public roads, grounds, canals, embankments and the like are "
                "sent within twenty-four hours to the nearest pound",
            )
        if place == "AERODROME":
            return Decision(
                PoundChoice.NEAREST_POUND,
                [
                    self._cite("10"),
                    self._cite("12").with_confidence(Confidence.INTERPRETED, _AERODROME_NOTE),
                ],
                "cattle seized in an aerodrome, public ground, go to the nearest pound",
            )
        return Decision(
            PoundChoice.AREA_POUND,
            [self._cite("9(1)"), self._cite("3(2)")],
            "cattle seized trespassing on land are sent within twenty-four hours to the pound "
            "established for the area in which the land is situated",
        )

    def returns(self) -> Decision[ReturnsRule]:
        """s.6: every pound-keeper keeps such registers and furnishes such returns as the
        Government directs; s.7 says what the register of seizures holds."""
        return Decision(
            ReturnsRule("the pound-keeper", per_pound=True),
            [self._cite("6"), self._cite("7")],
            "every pound-keeper keeps registers and furnishes the returns the Government directs",
        )
