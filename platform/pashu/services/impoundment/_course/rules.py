"""The rules of a case's order and time that the acts recorded on it obey: the animals an
act is about, acts in their order, the complaint window, the refusal period, the report
before the notice, the windows of an auction and a sale."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from pashu.core.citations import Citation
from pashu.core.decision import Decision
from pashu.core.errors import (
    Conflict,
    NotInJurisdiction,
    TooEarly,
    TooLate,
    ValidationError,
)
from pashu.core.legaltime import Window, ist
from pashu.db.impoundment import AnimalStatus
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.vocabulary import (
    Action,
    Capability,
    SaleAccounting,
    TimelineStep,
)
from pashu.services.impoundment._course.facts import CaseInstants, IssuedNotice, Reckoned
from pashu.services.impoundment._course.timeline import events, step, timeline

NOTICE_ACTIONS = (Action.ANNOUNCE_SEIZURE, Action.REPORT_UNCLAIMED, Action.PUBLISH_NOTICE)


def in_pound(animals: Sequence[Reckoned]) -> list[Any]:
    return [a for a in animals if a.status == AnimalStatus.IN_POUND.value]


def chosen(everything: Sequence[Reckoned], animal_ids: Sequence[uuid.UUID] | None) -> list[Any]:
    """The animals an act is about: those named (all of this case), else all in the pound;
    CONFLICT when none of them is in the pound to act on."""
    if animal_ids is None:
        picked = in_pound(everything)
    else:
        wanted = set(animal_ids)
        picked = [a for a in everything if a.id in wanted]
        if len(picked) != len(wanted):
            ids = {a.id for a in picked}
            first = next(i for i, x in enumerate(animal_ids) if x not in ids)
            raise ValidationError(
                "some animals are not in this case", field="animalIds", index=first
            )
    if not picked:
        raise Conflict("no animal of this case is in the pound", field="animalIds")
    return picked


def not_before_reckoned(chosen: Sequence[Reckoned], when: datetime) -> None:
    """An act on animals follows the acts already recorded on them: none is dated before an
    act that reckoned their dues to a later instant (a sale on the owner's refusal, or of
    cattle unclaimed, takes the whole herd's feeding to its day), or the dues would be
    counted twice or not at all. VALIDATION naming `at`."""
    latest = max((a.charges_settled_at for a in chosen if a.charges_settled_at), default=None)
    if latest is not None and when < latest:
        raise ValidationError(
            f"at is {ist(when)}, before {ist(latest)}, when an act already recorded reckoned "
            "these animals' fines and charges: acts on a case are recorded in their order",
            field="at",
        )


def complaint_open(
    plugin: Jurisdiction,
    case: CaseInstants,
    issued: Sequence[IssuedNotice],
    when: datetime,
    what: str,
) -> TimelineStep:
    """The window for a complaint of illegal seizure, open at `when`: or TOO_EARLY / TOO_LATE
    with the Act's section. A complaint is filed within it, and a deposit under protest
    (Cattle Trespass Act 1985 s.15) is made within it too, as it is held for the complaint
    that may follow (s.20): one answer for both. `what` names the act in the message."""
    found = step(timeline(plugin, case, issued), Action.COMPLAIN_ILLEGAL_SEIZURE)
    assert found is not None  # the capability brings the step
    if when < found.window.not_before:
        raise TooEarly(f"{what} follows the seizure", citation=found.cites[0], field="at")
    if found.window.is_late(when):
        assert found.window.deadline is not None
        raise TooLate(
            f"{what} had to be made before {ist(found.window.deadline)}, the end of the "
            "window for a complaint of illegal seizure",
            citation=found.cites[0],
            deadline=ist(found.window.deadline),
            field="at",
        )
    return found


def refusal_open(rule: Decision[Window], when: datetime) -> None:
    """Whether an owner's refusal to pay at `when` is one the Act's sale on refusal follows
    (`plugin.refusal_to_pay`): TOO_EARLY before the animals are impounded, TOO_LATE once the
    period for his claim is over. The registers and the public scenario ask this alike."""
    if when < rule.value.not_before:
        raise TooEarly(
            "an owner can refuse to pay only for animals impounded",
            citation=rule.cites[0],
            notBefore=rule.value.not_before.isoformat(),
            field="at",
        )
    if rule.value.deadline is not None and when >= rule.value.deadline:
        raise TooLate(
            "the period for the owner's claim is over: the animals are unclaimed and sold as such",
            citation=rule.cites[0],
            deadline=rule.value.deadline.isoformat(),
            field="at",
        )


def _after_the_report(
    steps: list[TimelineStep],
    recorded: Sequence[IssuedNotice],
    kind: Action,
    issued: datetime,
    cite: Citation,
) -> None:
    """Where the Act has both, the notice follows the report of unclaimed animals ("thereupon
    affix ... a notice"): neither may be recorded out of that order."""
    if step(steps, Action.REPORT_UNCLAIMED) is None:
        return
    when = {n.kind: n.issued_at for n in recorded}
    report = when.get(Action.REPORT_UNCLAIMED.value)
    if kind is Action.PUBLISH_NOTICE and report is None:
        raise TooEarly(
            "the notice follows the report of unclaimed animals, and no report is recorded: "
            "record the report first",
            citation=cite,
            field="kind",
        )
    if kind is Action.PUBLISH_NOTICE and report is not None and issued < report:
        raise TooEarly(
            f"the notice ({ist(issued)}) cannot precede the report of unclaimed animals it "
            f"follows ({ist(report)})",
            citation=cite,
            notBefore=ist(report),
            field="issuedAt",
        )
    notice = when.get(Action.PUBLISH_NOTICE.value)
    notice_step = step(steps, Action.PUBLISH_NOTICE)
    if kind is Action.REPORT_UNCLAIMED and notice is not None and issued > notice:
        raise TooLate(
            f"the report ({ist(issued)}) cannot follow the notice recorded for "
            f"{ist(notice)}: the notice follows the report",
            citation=notice_step.cites[0] if notice_step else cite,
            field="issuedAt",
        )


def notice_step(
    plugin: Jurisdiction,
    case: CaseInstants,
    recorded: Sequence[IssuedNotice],
    kind: Action,
    issued: datetime,
) -> TimelineStep:
    """The Act's step for notice `kind` on `case` issued at `issued`, or the Act's refusal:
    no such notice, too early, out of the report's order (recordNotice and the sweep)."""
    steps = timeline(plugin, case, recorded)
    found = step(steps, kind)
    if kind not in NOTICE_ACTIONS or found is None:
        raise NotInJurisdiction(f"{plugin.act.title} requires no {kind.value}")
    if issued < found.window.not_before:
        raise TooEarly(
            f"{kind.value} may be made from {ist(found.window.not_before)}",
            citation=found.cites[0],
            notBefore=ist(found.window.not_before),
            field="issuedAt",
        )
    _after_the_report(steps, recorded, kind, issued, found.cites[0])
    return found


def auction_step(
    plugin: Jurisdiction, case: CaseInstants, recorded: Sequence[IssuedNotice], issued: datetime
) -> TimelineStep:
    """The Act's step for a round of the auction scheduled at `issued`, or its refusal: no
    sale due (the dues met by the sale on the owner's refusal), or too early."""
    plugin.require(Capability.AUCTION)
    found = step(timeline(plugin, case, recorded), Action.AUCTION)
    if found is None:  # the sale an owner's refusal called for is held: the rest are his
        raise Conflict(
            "no sale is due: the dues were met by the sale on the owner's refusal",
            citation=plugin.refusal_to_pay(events(case, [])).cites[0],
        )
    if found.projected or issued < found.window.not_before:
        raise TooEarly(
            f"the auction may be held from {ist(found.window.not_before)}"
            + (" once the notices the Act requires are issued" if found.projected else ""),
            citation=found.cites[0],
            notBefore=ist(found.window.not_before),
            field="at",
        )
    return found


def refusal_sale(plugin: Jurisdiction, case: CaseInstants) -> Decision[Window] | None:
    """The rule of the sale that follows the owner's refusal to pay, if he refused; once
    that sale is held, what remains is the owner's (s.16(3)): no second sale on it."""
    if case.refused_at is None:
        return None
    rule = plugin.refusal_to_pay(events(case, []))
    if case.refusal_sold_at is not None:
        raise Conflict(
            "as many animals as the dues needed were sold on "
            f"{case.refusal_sold_at.isoformat()}; the rest go back to the owner",
            citation=rule.cites[0],
        )
    return rule


def sale_time(
    plugin: Jurisdiction, case: CaseInstants, issued: Sequence[IssuedNotice], at: datetime
) -> None:
    """A sale of unclaimed animals (or on the owner's refusal) waits for the Act's window."""
    auction = step(timeline(plugin, case, issued), Action.AUCTION)
    assert auction is not None  # every Act with an auction has the step
    if auction.projected:
        raise TooEarly(
            "the notices the Act requires before a sale have not been issued",
            citation=auction.cites[0],
            field="at",
        )
    if at < auction.window.not_before:
        raise TooEarly(
            f"the animals may be sold from {ist(auction.window.not_before)}",
            citation=auction.cites[0],
            notBefore=ist(auction.window.not_before),
            field="at",
        )


def settled_by_sale(
    plugin: Jurisdiction, case: CaseInstants, everything: Sequence[Reckoned], sold: Sequence[Any]
) -> list[Any]:
    """The animals whose dues a sale reckons: where the Act deducts the charges from the
    proceeds, every animal in the pound; on the owner's refusal the sale pays the whole
    herd's dues (Cattle Trespass Act 1985 s.16(1), Animal (Control & Taxation) Act 2014
    s.10(2)) either way; otherwise only those sold."""
    deducting = plugin.sale_accounting().value is SaleAccounting.DEDUCT_CHARGES_HOLD_SURPLUS
    if deducting or case.refused_at is not None:
        return in_pound(everything)
    return list(sold)
