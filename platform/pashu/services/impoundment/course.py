"""A case's course under its Act: one model (issue #31).

`CourseFacts` is what the registers hold about one case (or what a scenario supposes): the
plugin, the seizure and impounding, the animals and their states, the notices issued, the
owner's refusal and the sale it called for, the sales, deliveries, complaints and release
orders. From the facts, as of an instant, `Course` answers each animal's state, the duties
open with their windows (from the plugin's timeline), the next action, and, for every act a
clerk or the clock may record (`Act`), whether the Act allows it then or why not: a
`Refusal` with its code, message, citation and the field to blame.

Every rule of a case's order lives in this model, once, in its parts behind this module
(`_course/`): `facts` (what it reads), `timeline` (the timeline's events, the claim window
of the sales held, the duties and the next action), `rules` (the complaint window, the
order of the report and the notice, the window of a sale and of a refusal, "acts in their
order" on animals already reckoned), `records` (the acts once the course is going: an
auction closed, a deposit applied, a claim window closed, a complaint decided, the seizer's
dues, a correction, an injury, a carcass, a proclamation; and whether a sale may recover a
fine on conviction); `Course` here asks them for each act. The mutations ask `check` (or
`require`) before they write; `schedule` writes the model's next action onto the case row
(what `nextAction` and the sweep's `find` read). The plugins supply the rules it applies
(`impoundment_timeline`, `refusal_to_pay`, `delivery_*`, `release_by_order`,
`recovery_by_sale`, `sale_accounting`, `deposit_unused`, `dues_of_illegal_seizure`,
`register_entry`, `carcass_return`, the clock law's `auction_terms`, `notice_template` and
`unclaimed_after_window`); no number or section is written here.

Pure: nothing here reads the database (`load` in cases.py builds the facts for a case).
"""

from __future__ import annotations

import enum
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from pashu.core.citations import Citation
from pashu.core.decision import Decision
from pashu.core.errors import (
    Conflict,
    PashuError,
    TooEarly,
    TooLate,
    ValidationError,
)
from pashu.core.legaltime import Window, aware, ist
from pashu.db.impoundment import AnimalStatus
from pashu.jurisdictions.vocabulary import (
    Action,
    Capability,
    ReleasingAuthority,
    TimelineStep,
)
from pashu.services.impoundment import dues as dues_service
from pashu.services.impoundment._course import books as money
from pashu.services.impoundment._course import records
from pashu.services.impoundment._course.books import Books as Books
from pashu.services.impoundment._course.books import HeldSum as HeldSum
from pashu.services.impoundment._course.books import Moved as Moved
from pashu.services.impoundment._course.books import Placed as Placed
from pashu.services.impoundment._course.books import balances as balances
from pashu.services.impoundment._course.facts import AnimalFact as AnimalFact
from pashu.services.impoundment._course.facts import AuctionFact as AuctionFact
from pashu.services.impoundment._course.facts import CaseInstants as CaseInstants
from pashu.services.impoundment._course.facts import ComplaintFact as ComplaintFact
from pashu.services.impoundment._course.facts import CourseFacts as CourseFacts
from pashu.services.impoundment._course.facts import DeliveryFact as DeliveryFact
from pashu.services.impoundment._course.facts import FineFact as FineFact
from pashu.services.impoundment._course.facts import HasStatus as HasStatus
from pashu.services.impoundment._course.facts import HeldAnimal as HeldAnimal
from pashu.services.impoundment._course.facts import IssuedNotice as IssuedNotice
from pashu.services.impoundment._course.facts import LedgerLeg as LedgerLeg
from pashu.services.impoundment._course.facts import NoticeFact as NoticeFact
from pashu.services.impoundment._course.facts import Reckoned as Reckoned
from pashu.services.impoundment._course.facts import SaleFact as SaleFact
from pashu.services.impoundment._course.facts import SoldAt as SoldAt
from pashu.services.impoundment._course.facts import facts_of as facts_of
from pashu.services.impoundment._course.records import FineOwed as FineOwed
from pashu.services.impoundment._course.records import claim_closes as claim_closes
from pashu.services.impoundment._course.records import fines_kept as fines_kept
from pashu.services.impoundment._course.records import recoverable as recoverable
from pashu.services.impoundment._course.rules import NOTICE_ACTIONS as NOTICE_ACTIONS
from pashu.services.impoundment._course.rules import auction_step as auction_step
from pashu.services.impoundment._course.rules import chosen as chosen
from pashu.services.impoundment._course.rules import complaint_open as complaint_open
from pashu.services.impoundment._course.rules import in_pound as in_pound
from pashu.services.impoundment._course.rules import not_before_reckoned as not_before_reckoned
from pashu.services.impoundment._course.rules import notice_step as notice_step
from pashu.services.impoundment._course.rules import refusal_open as refusal_open
from pashu.services.impoundment._course.rules import refusal_sale as refusal_sale
from pashu.services.impoundment._course.rules import sale_time as sale_time
from pashu.services.impoundment._course.rules import settled_by_sale as settled_by_sale
from pashu.services.impoundment._course.timeline import CLERK_DUTIES as CLERK_DUTIES
from pashu.services.impoundment._course.timeline import DUTIES as DUTIES
from pashu.services.impoundment._course.timeline import NextAction as NextAction
from pashu.services.impoundment._course.timeline import claim_window as claim_window
from pashu.services.impoundment._course.timeline import course_timeline as course_timeline
from pashu.services.impoundment._course.timeline import done_at as done_at
from pashu.services.impoundment._course.timeline import duties as duties
from pashu.services.impoundment._course.timeline import events as events
from pashu.services.impoundment._course.timeline import forget_timelines as forget_timelines
from pashu.services.impoundment._course.timeline import next_action as next_action
from pashu.services.impoundment._course.timeline import no_longer_required as no_longer_required
from pashu.services.impoundment._course.timeline import rest_delivery as rest_delivery
from pashu.services.impoundment._course.timeline import schedule as schedule
from pashu.services.impoundment._course.timeline import step as step
from pashu.services.impoundment._course.timeline import timeline as timeline

# -- the acts a clerk or the clock may record ----------------------------------------------


class Act(enum.Enum):
    """The acts recorded on a case, each asked of the model before it is written."""

    DELIVER = "DELIVER"  # deliverToOwner on payment
    DELIVER_ON_DEPOSIT = "DELIVER_ON_DEPOSIT"  # deliverToOwner under protest
    REFUSAL = "REFUSAL"  # recordRefusalToPay
    SALE = "SALE"  # recordSale, and each lot of closeAuction
    DELIVER_REST = "DELIVER_REST"  # deliverRest accepted
    REFUSE_REST = "REFUSE_REST"  # deliverRest refused
    NOTICE = "NOTICE"  # recordNotice, and the clock's announcements, reports and notices
    SCHEDULE_AUCTION = "SCHEDULE_AUCTION"  # scheduleAuction, and the clock's round
    CLAIM_PROCEEDS = "CLAIM_PROCEEDS"  # claimProceeds
    RELEASE_BY_ORDER = "RELEASE_BY_ORDER"  # releaseByOrder
    COMPLAINT = "COMPLAINT"  # fileComplaint
    CLOSE_AUCTION = "CLOSE_AUCTION"  # closeAuction (each lot sold then a SALE)
    APPLY_DEPOSIT = "APPLY_DEPOSIT"  # the clock applying a deposit under protest unused
    CLOSE_CLAIM_WINDOW = "CLOSE_CLAIM_WINDOW"  # the clock closing the owner's claim window
    DECIDE_COMPLAINT = "DECIDE_COMPLAINT"  # decideComplaint
    COLLECT_SEIZER_DUES = "COLLECT_SEIZER_DUES"  # collectSeizerDues
    CORRECT_SEIZURE = "CORRECT_SEIZURE"  # correctSeizure
    RECORD_INJURY = "RECORD_INJURY"  # recordInjury
    RETURN_CARCASS = "RETURN_CARCASS"  # returnCarcass
    PROCLAIM = "PROCLAIM"  # recordProclamation


# -- the order of acts at one instant -------------------------------------------------------

# The registers keep no order among acts dated at one instant, and a scenario's facts state
# none; but the Act's answer can turn on it (an owner's refusal to pay before or after the
# delivery of the last of his cattle). So both take the acts of one instant in this order,
# a case's own: its notices, an injury, a delivery (a deposit under protest before the
# complaint it is held for), a complaint, the refusal, a sale, the rest handed over, a
# release by order, a complaint's decision. The scenario sorts its acts by it, and the
# registers refuse an act dated at the instant of a recorded one that comes after it
# (`in_order`): the clerk dates it later, and the two cannot disagree.
AT_ONE_INSTANT: dict[Act | Action, int] = {
    Action.ANNOUNCE_SEIZURE: 0,
    Action.REPORT_UNCLAIMED: 1,
    Action.PUBLISH_NOTICE: 2,
    Act.RECORD_INJURY: 3,
    Act.DELIVER: 4,
    Act.DELIVER_ON_DEPOSIT: 4,
    Act.COMPLAINT: 5,
    Act.REFUSAL: 6,
    Act.SALE: 7,
    Act.DELIVER_REST: 8,
    Act.REFUSE_REST: 8,
    Act.RELEASE_BY_ORDER: 9,
    Act.DECIDE_COMPLAINT: 10,
}


def place_at_instant(act: Act, kind: Action | None = None) -> int:
    """Where `act` (a notice: of `kind`) comes among the acts of one instant."""
    return AT_ONE_INSTANT[kind if act is Act.NOTICE and kind is not None else act]


def recorded_at(f: CourseFacts, at: datetime) -> list[Act]:
    """The acts the facts hold at exactly `at` that have a place at one instant (a rest is
    not among the facts: its round is told apart by the refusal it ends)."""
    found: list[tuple[Act, datetime | None]] = [
        *((Act.COMPLAINT, c) for c in f.complaints),
        *((Act.DELIVER, d.at) for d in f.deliveries),
        (Act.REFUSAL, f.refused_at),
        *((Act.SALE, s.at) for s in f.sales),
        *((Act.RELEASE_BY_ORDER, r) for r in f.release_orders),
        *((Act.DECIDE_COMPLAINT, c.decided_at) for c in f.filed),
        *(
            (Act.RECORD_INJURY, a.released_at)
            for a in f.animals
            if a.status == AnimalStatus.DIED.value
        ),
    ]
    return [act for act, when in found if when is not None and aware(when) == at]


def in_order(f: CourseFacts, act: Act, at: datetime) -> None:
    """Refuse `act` at `at` when an act that comes after it at one instant is recorded then
    (a notice, first at its instant, is the clock's and is never refused for it)."""
    if act is Act.NOTICE or act not in AT_ONE_INSTANT:
        return
    mine = AT_ONE_INSTANT[act]
    later = [x for x in recorded_at(f, at) if AT_ONE_INSTANT[x] > mine]
    if later:
        name = later[0].value.lower().replace("_", " ")
        raise ValidationError(
            f"a {name} is recorded at this very instant ({ist(at)}), and at one instant a "
            f"{act.value.lower().replace('_', ' ')} comes before it in a case's course: "
            "record this act at a later instant",
            field="at",
        )


@dataclass(frozen=True)
class Refusal:
    """Why the Act does not allow an act then: the coded error a mutation raises."""

    error: PashuError

    @property
    def code(self) -> str:
        return self.error.code

    @property
    def message(self) -> str:
        return self.error.message

    @property
    def citation(self) -> Citation | None:
        return self.error.citation

    @property
    def field(self) -> str | None:
        found = self.error.details.get("field")
        return str(found) if found is not None else None


class Course:
    """The model of one case's course on its facts: its answers as of an instant."""

    def __init__(self, facts: CourseFacts) -> None:
        self.facts = facts
        self.plugin = facts.plugin

    # -- what the course is ---------------------------------------------------------------

    def states(self, at: datetime | None = None) -> dict[uuid.UUID, AnimalStatus]:
        """Each animal's state (as of `at`: an animal released after it was still held)."""
        found: dict[uuid.UUID, AnimalStatus] = {}
        for a in self.facts.animals:
            gone = at is not None and a.released_at is not None and a.released_at > aware(at)
            found[a.id] = AnimalStatus.IN_POUND if gone else AnimalStatus(a.status)
        return found

    def timeline(self) -> list[TimelineStep]:
        f = self.facts
        return course_timeline(self.plugin, f, f.notices, f.sales)

    def duties(self) -> list[TimelineStep]:
        f = self.facts
        return duties(self.plugin, f, f.notices, f.animals)

    def next_action(self) -> NextAction | None:
        f = self.facts
        return next_action(self.plugin, f, f.notices, f.animals)

    def due(self, at: datetime) -> list[Action]:
        """The clock's duties that have come by `at`, in the order the clock does them (a
        notice issued may bring the next one due at the same instant: the sweep asks
        again after each)."""
        found = self.next_action()
        if found is None or found.action not in DUTIES or found.not_before > aware(at):
            return []
        if found.action is Action.AUCTION and any(r.closed_at is None for r in self.facts.auctions):
            return []  # a round is scheduled and not yet closed: the sale waits on it
        return [found.action]

    # -- its money (_course/books.py) ------------------------------------------------------

    def dues(self, at: datetime) -> dues_service.Dues:
        """What the owner owes at `at`, line by line (`dues.compute` on the facts)."""
        return money.dues(self.facts, at)

    def books(self, at: datetime) -> Books:
        """The case's books at `at`: each sum received and where it went, each account's
        balance named as the Act names it, each sum held, till when, and where it goes."""
        return money.books(self.facts, at)

    # -- may an act be recorded -------------------------------------------------------------

    def check(self, act: Act, at: datetime, **given: Any) -> Refusal | None:
        """None when the Act allows `act` at `at` on this course; else why not."""
        try:
            self.require(act, at, **given)
        except PashuError as err:
            return Refusal(err)
        return None

    def require(self, act: Act, at: datetime, **given: Any) -> Any:
        """`check`, raising the refusal; returns what the rule found (a step, a rule)."""
        in_order(self.facts, act, aware(at))
        return _RULES[act](self, aware(at), given)

    # The rules of each act, relocated from the services that record them.

    def _deliver(self, at: datetime, given: Mapping[str, Any]) -> TimelineStep | None:
        f = self.facts
        if at < f.impounded_at:
            raise ValidationError("a delivery cannot precede the impounding", field="at")
        # A deposit under protest is held for the complaint of illegal seizure that may
        # follow (ss.15, 20): once no complaint can, there is nothing to hold it for.
        complaint = (
            complaint_open(self.plugin, f, f.notices, at, "a deposit under protest")
            if given.get("under_protest")
            else None
        )
        picked = chosen(f.animals, given.get("animal_ids"))
        not_before_reckoned(picked, at)
        return complaint

    def _deliver_on_deposit(self, at: datetime, given: Mapping[str, Any]) -> TimelineStep | None:
        self.plugin.delivery_on_deposit()  # an Act with no deposit under protest refuses
        return self._deliver(at, {**given, "under_protest": True})

    def _refusal(self, at: datetime, given: Mapping[str, Any]) -> Decision[Window]:
        f, plugin = self.facts, self.plugin
        plugin.require(Capability.AUCTION)  # no sale, no sale on refusal
        rule = plugin.refusal_to_pay(events(f, f.notices))
        if given.get("deposit"):
            plugin.delivery_on_deposit()  # an Act with no deposit under protest refuses here
        if f.refused_at is not None:
            raise Conflict(
                f"the owner's refusal was recorded on {f.refused_at.isoformat()}",
                citation=rule.cites[0],
            )
        held = in_pound(f.animals)
        if not held:
            raise Conflict("no animal of this case is in the pound")
        not_before_reckoned(held, at)
        refusal_open(rule, at)
        return rule

    def _sale(self, at: datetime, given: Mapping[str, Any]) -> Decision[Window] | None:
        """`animal_ids`: those sold; `recovers_fine`: the id of a fine on conviction the sale
        recovers (records.sale_fine: one of the case's, recoverable then), the sale timed by
        the fine, not by the notices."""
        f, plugin = self.facts, self.plugin
        plugin.require(Capability.AUCTION)
        fine = records.sale_fine(plugin, f, at, given)
        on_refusal = refusal_sale(plugin, f)
        if fine is None:
            sale_time(plugin, f, f.notices, at)
        sold_ids = given.get("animal_ids")
        if sold_ids is not None:
            sold = chosen(f.animals, sold_ids)
            if any(a.status != AnimalStatus.IN_POUND.value for a in sold):
                raise Conflict("some of these animals have already left the pound")
            not_before_reckoned(settled_by_sale(plugin, f, f.animals, sold), at)
        return on_refusal

    def fine_owed(self, fine_id: uuid.UUID) -> FineOwed:
        """A fine of the case as a sale recovering it reads it (what is owed, the rule's
        citations), once `require(Act.SALE, recovers_fine=fine_id)` allowed the sale."""
        fine = next(x for x in self.facts.fines if x.id == fine_id)
        return FineOwed(fine, self.plugin.recovery_by_sale())

    def _rest(self, at: datetime, given: Mapping[str, Any], accepted: bool) -> Decision[None]:
        f, plugin = self.facts, self.plugin
        rule = plugin.delivery_after_sale()
        if not accepted:
            plugin.delivery_refused_after_sale()
        if f.refused_at is not None and f.refusal_sold_at is None:
            short = [
                x.account["unrecovered"]
                for x in f.sales
                if x.account.get("onRefusal") and x.account.get("unrecovered")
            ]
            if short:  # sold, but for less than the dues: the sale goes on first
                left = sum((Decimal(v) for v in short[-1].values()), Decimal("0.00"))
                raise Conflict(
                    f"the sale on the owner's refusal to pay left Rs {left} of the dues "
                    "unrecovered: more of the cattle are sold to meet them before the rest "
                    "are his",
                    citation=rule.cites[0],
                )
        if f.refused_at is None or f.refusal_sold_at is None:
            raise Conflict(
                "no sale on the owner's refusal to pay has been held in this case",
                citation=rule.cites[0],
            )
        if at < f.refusal_sold_at:
            raise ValidationError("the delivery cannot precede the sale", field="at")
        return rule

    def _deliver_rest(self, at: datetime, given: Mapping[str, Any]) -> Decision[None]:
        return self._rest(at, given, True)

    def _refuse_rest(self, at: datetime, given: Mapping[str, Any]) -> Decision[None]:
        return self._rest(at, given, False)

    def _notice(self, at: datetime, given: Mapping[str, Any]) -> TimelineStep:
        f = self.facts
        kind: Action = given["kind"]
        found = notice_step(self.plugin, f, f.notices, kind, at)
        if any(n.kind == kind.value for n in f.notices):
            raise Conflict(f"the {kind.value} of this case is recorded already")
        return found

    def _schedule_auction(self, at: datetime, given: Mapping[str, Any]) -> datetime:
        """`scheduled_for`: the day of the round (default: the caller's)."""
        f = self.facts
        found = auction_step(self.plugin, f, f.notices, at)
        on = given.get("scheduled_for")
        if on is not None and (on < found.window.not_before or on < at):
            raise TooEarly(
                f"the auction cannot be held before {ist(max(found.window.not_before, at))}",
                citation=found.cites[0],
                field="scheduledFor",
            )
        return found.window.not_before

    def _claim(self, at: datetime, given: Mapping[str, Any]) -> TimelineStep:
        f, plugin = self.facts, self.plugin
        plugin.require(Capability.AUCTION)
        if not f.sales:
            raise Conflict("nothing of this case has been sold")
        _, found = claim_window(plugin, f.sales)
        if found is None:
            # s.10(4): a refund only "if the sale is proceeded under sub section (1)", not a
            # sale on the owner's refusal to pay (s.10(2)).
            raise Conflict(
                "the animals were sold because the owner refused or failed to pay; the refund "
                "lies only after a sale of animals not claimed",
                citation=plugin.sale_accounting().cites[0],
            )
        if at < found.window.not_before:  # a claim on proceeds follows the sale it lies on
            raise TooEarly(
                f"the claim follows the sale of {ist(found.window.not_before)}",
                citation=found.cites[0],
                notBefore=ist(found.window.not_before),
                field="at",
            )
        if found.window.deadline is not None and at >= found.window.deadline:
            raise TooLate(
                f"the claim had to be made before {ist(found.window.deadline)}",
                citation=found.cites[0],
                deadline=ist(found.window.deadline),
                field="at",
            )
        return found

    def _release(
        self, at: datetime, given: Mapping[str, Any]
    ) -> Decision[frozenset[ReleasingAuthority]]:
        """`authority`, `ordered_at`, `animal_ids`: the order and what it releases."""
        f = self.facts
        rule = self.plugin.release_by_order()
        cite = rule.cites[0]
        authority: ReleasingAuthority = given["authority"]
        if authority not in rule.value:
            raise ValidationError(
                f"a {authority.value.lower().replace('_', ' ')} may not order a release: "
                f"{rule.why}",
                citation=cite,
                field="authority",
                allowed=sorted(a.value for a in rule.value),
            )
        if authority is ReleasingAuthority.MAGISTRATE and not f.complaints:
            # "the Magistrate acting under Chapter V" (s.19(2)): on a complaint of illegal
            # seizure or detention (s.20), so one must be on record for the case.
            raise ValidationError(
                "a Magistrate orders a release acting on a complaint of illegal seizure or "
                f"detention, and none is recorded for this case: {rule.why}",
                citation=cite,
                field="authority",
            )
        ordered = aware(given.get("ordered_at", at))
        if ordered < f.seized_at:
            raise ValidationError("the order cannot precede the seizure", field="orderedAt")
        if at < ordered or at < f.impounded_at:
            raise ValidationError(
                "the release cannot precede the order or the impounding", citation=cite, field="at"
            )
        chosen(f.animals, given.get("animal_ids"))
        return rule

    def _complaint(self, at: datetime, given: Mapping[str, Any]) -> TimelineStep:
        f = self.facts
        self.plugin.require(Capability.ILLEGAL_SEIZURE_COMPLAINTS)
        return complaint_open(self.plugin, f, f.notices, at, "a complaint")

    # The acts after the course is set going (_course/records.py): each not dated after now
    # (`now` given, else the server's clock) nor before the act it depends on.

    def _close_auction(self, at: datetime, given: Mapping[str, Any]) -> AuctionFact:
        return records.close_auction(self.plugin, self.facts, at, given)

    def _apply_deposit(self, at: datetime, given: Mapping[str, Any]) -> datetime:
        return records.apply_deposit(self.plugin, self.facts, at, given)

    def _close_claim_window(
        self, at: datetime, given: Mapping[str, Any]
    ) -> tuple[datetime, Action]:
        return records.close_claim_window(self.plugin, self.facts, at, given)

    def _decide_complaint(self, at: datetime, given: Mapping[str, Any]) -> ComplaintFact:
        return records.decide_complaint(self.plugin, self.facts, at, given)

    def _collect_seizer_dues(self, at: datetime, given: Mapping[str, Any]) -> Decision[None]:
        return records.collect_seizer_dues(self.plugin, self.facts, at, given)

    def _correct_seizure(self, at: datetime, given: Mapping[str, Any]) -> Decision[bool]:
        return records.correct_seizure(self.plugin, self.facts, at, given)

    def _record_injury(self, at: datetime, given: Mapping[str, Any]) -> AnimalFact:
        return records.record_injury(self.plugin, self.facts, at, given)

    def _return_carcass(self, at: datetime, given: Mapping[str, Any]) -> Decision[None]:
        return records.return_carcass(self.plugin, self.facts, at, given)

    def _proclaim(self, at: datetime, given: Mapping[str, Any]) -> NoticeFact:
        return records.proclaim(self.plugin, self.facts, at, given)


_RULES: dict[Act, Callable[[Course, datetime, Mapping[str, Any]], Any]] = {
    Act.DELIVER: Course._deliver,
    Act.DELIVER_ON_DEPOSIT: Course._deliver_on_deposit,
    Act.REFUSAL: Course._refusal,
    Act.SALE: Course._sale,
    Act.DELIVER_REST: Course._deliver_rest,
    Act.REFUSE_REST: Course._refuse_rest,
    Act.NOTICE: Course._notice,
    Act.SCHEDULE_AUCTION: Course._schedule_auction,
    Act.CLAIM_PROCEEDS: Course._claim,
    Act.RELEASE_BY_ORDER: Course._release,
    Act.COMPLAINT: Course._complaint,
    Act.CLOSE_AUCTION: Course._close_auction,
    Act.APPLY_DEPOSIT: Course._apply_deposit,
    Act.CLOSE_CLAIM_WINDOW: Course._close_claim_window,
    Act.DECIDE_COMPLAINT: Course._decide_complaint,
    Act.COLLECT_SEIZER_DUES: Course._collect_seizer_dues,
    Act.CORRECT_SEIZURE: Course._correct_seizure,
    Act.RECORD_INJURY: Course._record_injury,
    Act.RETURN_CARCASS: Course._return_carcass,
    Act.PROCLAIM: Course._proclaim,
}
assert set(_RULES) == set(Act)  # every act has its rule


def check(facts: CourseFacts, act: Act, at: datetime, **given: Any) -> Refusal | None:
    """Whether the Act allows `act` at `at` on the course of `facts`: None, or why not."""
    return Course(facts).check(act, at, **given)


def require(facts: CourseFacts, act: Act, at: datetime, **given: Any) -> Any:
    """`check`, raising the refusal (the mutations' form)."""
    return Course(facts).require(act, at, **given)
