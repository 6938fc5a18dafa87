"""Chhattisgarh Pashu (Niyantran) Adhiniyam, 1976, s.4: notified orders that prohibit or
regulate the keeping or movement of cattle in an area, the licences and permits under them
(s.4(2)(e)), and their cancellation on composition (s.10(4))."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from pashu.core.citations import Citation
from pashu.core.decision import Decision
from pashu.core.errors import ValidationError
from pashu.jurisdictions.acts import Act
from pashu.jurisdictions.registration import (
    ActivityAnswer,
    CattleActivity,
    OrderEffect,
    OrderFacts,
    PermitFacts,
    PermitKind,
    RegistrationLaw,
)

# s.4(2): what an order may provide for (reconstructed from the scan).
CLAUSES: dict[str, str] = {
    "a": "stalling or herding of cattle, their number and the places used",
    "b": "inspection of cattle and of the premises where they are kept",
    "c": "establishment or construction of Gwala colonies",
    "d": "prohibition or regulation of the movement of cattle in a place or area",
    "e": "licences or permits for the above, and their fees",
    "f": "incidental and supplementary matters, including the charging of fees",
}

_WORDS = {CattleActivity.KEEPING: "keeping", CattleActivity.MOVEMENT: "movement"}
# A licence is to keep cattle, a permit to move them: one does not stand for the other.
_NEEDS = {CattleActivity.KEEPING: PermitKind.LICENCE, CattleActivity.MOVEMENT: PermitKind.PERMIT}


class ChhattisgarhRegistration(RegistrationLaw):
    def __init__(self, act: Act) -> None:
        self.act = act

    def _order_cites(self, order: OrderFacts) -> list[Citation]:
        return [self.act.cite("4", "1"), *(self.act.cite("4", f"2/{c}") for c in order.clauses)]

    def order_clauses(self, clauses: Sequence[str]) -> Decision[tuple[str, ...]]:
        """s.4(2)(a)-(f): the matters an order under s.4(1) may provide for, "without
        prejudice to the generality of the powers conferred by sub-section (1)": an order may
        rest on s.4(1) alone."""
        found: list[str] = []
        for raw in clauses:
            clause = raw.strip().lower().strip("()")
            if not clause:
                continue
            if clause not in CLAUSES:
                raise ValidationError(
                    f"s.4(2) has no clause {raw!r}; its clauses are (a) to (f)",
                    citation=self.act.cite("4", "2/a"),
                    clauses={k: v for k, v in CLAUSES.items()},
                )
            if clause not in found:
                found.append(clause)
        if not found:
            return Decision(
                (),
                [self.act.cite("4", "1")],
                "an order notified under s.4(1), which lets the State Government prohibit or "
                "regulate the keeping, maintaining or movement of cattle in an area; s.4(2)'s "
                "list does not limit that power",
            )
        ordered = tuple(sorted(found))
        return Decision(
            ordered,
            [self.act.cite("4", "1"), *(self.act.cite("4", f"2/{c}") for c in ordered)],
            "an order notified under s.4(1) providing for "
            + "; ".join(f"({c}) {CLAUSES[c]}" for c in ordered),
        )

    def activity_allowed(
        self,
        activity: CattleActivity,
        species: str,
        is_cattle: Decision[bool | None],
        on: date,
        orders: Sequence[OrderFacts],
        permits: Sequence[PermitFacts],
    ) -> Decision[ActivityAnswer]:
        """s.4(1): an order may prohibit or regulate the keeping, maintaining or movement of
        any cattle in the area it specifies; s.4(2)(e) by licence or permit."""
        words = _WORDS[activity]
        binding = [
            o
            for o in orders
            if o.in_force(on)
            and activity in o.activities
            and (o.species is None or species in o.species)
        ]
        if not binding:
            return Decision(
                ActivityAnswer(True),
                [self.act.cite("4", "1")],
                f"no notified order in force on {on.isoformat()} prohibits or regulates the "
                f"{words} of {species} in this area",
            )
        if is_cattle.value is False:
            return Decision(
                ActivityAnswer(True),
                is_cattle.cites,
                f"orders under s.4 bind cattle only, and {is_cattle.why}",
            )
        first = binding[0]
        if is_cattle.value is None:
            return Decision(
                ActivityAnswer(None, first.ref),
                [*is_cattle.cites, *self._order_cites(first)],
                f"{first.ref} governs the {words} of cattle here, but {is_cattle.why}",
            )
        for order in binding:
            if order.effect is OrderEffect.PROHIBIT:
                return Decision(
                    ActivityAnswer(False, order.ref),
                    self._order_cites(order),
                    f"{order.ref} prohibits the {words} of cattle in this area from "
                    f"{order.effective_from.isoformat()}",
                )
        needed = _NEEDS[activity]
        noun = needed.value.lower()
        granted: tuple[OrderFacts, PermitFacts] | None = None
        for order in binding:
            if needed not in order.provides:
                # s.4(2)(e): licences are granted only where the order provides for them; an
                # order that provides none cannot make the activity wait on one.
                continue
            held = next((p for p in permits if p.order_ref == order.ref and p.kind is needed), None)
            if held is None:
                return Decision(
                    ActivityAnswer(False, order.ref, needs_permit=True),
                    [*self._order_cites(order), self.act.cite("4", "2/e")],
                    f"{order.ref} regulates the {words} of cattle in this area: it is allowed "
                    f"only under a {noun} granted under the order, and none valid on "
                    f"{on.isoformat()} is held",
                )
            granted = (order, held)
        if granted is None:
            last = binding[-1]
            return Decision(
                ActivityAnswer(True, last.ref),
                [*self._order_cites(last), self.act.cite("4", "2/e")],
                f"{last.ref} regulates the {words} of cattle in this area but provides no "
                f"{noun} for it (s.4(2)(e)): the {words} is allowed, subject to the order's "
                "own conditions",
            )
        order, permit = granted
        return Decision(
            ActivityAnswer(True, order.ref, permit.ref),
            [*self._order_cites(order), self.act.cite("4", "2/e")],
            f"{noun} {permit.ref} held by {permit.holder} allows the {words} of cattle "
            f"regulated by {order.ref}",
        )

    def licensing(self) -> Decision[str]:
        """s.4(2)(e): an order may provide for licences or permits and their fees."""
        return Decision(
            "by order",
            [self.act.cite("4", "2/e")],
            "a regulating order may provide for the grant of licences or permits and fix their "
            "fees; an order that prohibits grants none",
        )

    def licence_cancellation(self, on_composition: bool = False) -> Decision[str]:
        """s.10(4): the compounding officer may cancel a licence or permit granted under the
        Act to the offender. Otherwise a licence is cancelled as the order that provides for it
        says (s.4(2)(e), (f)): the legible text gives no other power of cancellation."""
        if on_composition:
            return Decision(
                "cancelled",
                [self.act.cite("10", "4")],
                "the officer compounding an offence may also cancel any licence or permit "
                "granted under the Act to the offender, or move the empowered officer to cancel it",
            )
        return Decision(
            "cancelled",
            [self.act.cite("4", "2/e"), self.act.cite("4", "2/f")],
            "cancelled under the terms of the order that provides for the licence or permit "
            "(s.4(2)(e), (f)); s.10(4) empowers a cancellation only on compounding an offence "
            "of the licence's holder",
        )
