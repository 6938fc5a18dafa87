"""The rules of the acts recorded on a case after its course is set going: an auction
closed, a deposit under protest applied when no complaint followed, the owner's claim window
closed, a complaint decided and the seizer's dues collected, the register entry corrected,
an injury recorded and a carcass returned, a notice proclaimed.

Each answers from the facts alone (`CourseFacts`), as the other rules do: the act's own
precondition, that it follows the act it depends on, and that it is not dated after now
(`given["now"]`, default the server's clock: the one rule of time, core/recorded_at.py).
Every refusal cites the plugin's decision for the act; no section is written here.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any, TypeVar

from pashu.core.citations import Citation
from pashu.core.decision import Decision
from pashu.core.errors import (
    Conflict,
    NotFound,
    NotInJurisdiction,
    PashuError,
    TooEarly,
    ValidationError,
)
from pashu.core.legaltime import aware, ist
from pashu.core.recorded_at import not_after_now
from pashu.db.impoundment import AnimalStatus
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.penalties import CompensationKind
from pashu.jurisdictions.vocabulary import Action, Capability
from pashu.services.impoundment._course.books import claim_deadline
from pashu.services.impoundment._course.facts import (
    AnimalFact,
    AuctionFact,
    ComplaintFact,
    CourseFacts,
    DeliveryFact,
    FineFact,
    NoticeFact,
    SoldAt,
)
from pashu.services.impoundment._course.rules import not_before_reckoned
from pashu.services.impoundment._course.timeline import step, timeline

ZERO = Decimal("0.00")
T = TypeVar("T")


def not_ahead(at: datetime, given: Mapping[str, Any], field: str = "at") -> datetime:
    """No act is dated after now (the caller's `now`, else the server's clock)."""
    return not_after_now(aware(at), field, now=given.get("now"))


def follows(
    at: datetime,
    earliest: datetime,
    why: str,
    cite: Citation | None,
    field: str = "at",
    error: type[PashuError] = ValidationError,
) -> None:
    """No act is dated before the act it depends on (at `earliest`): refused as `error`,
    saying `why` and when it may be (`notBefore`)."""
    if at < earliest:
        raise error(why, citation=cite, notBefore=ist(earliest), field=field)


def _one(found: Sequence[T], what: str, field: str) -> T:
    if not found:
        raise NotFound(f"no such {what} in this case", field=field)
    return found[0]


# -- a sale recovering a fine on conviction -------------------------------------------------


@dataclass(frozen=True)
class FineOwed:
    """A fine a sale may recover (the plugin's `recovery_by_sale`), and what of it is owed:
    each sale recovers what it can of that, and the rest stays owed."""

    fine: FineFact
    rule: Decision[frozenset[str]]

    @property
    def cites(self) -> list[Citation]:
        return self.rule.cites

    @property
    def owed(self) -> Decimal:
        return self.fine.owed


def recoverable(
    plugin: Jurisdiction, fine: FineFact | None, at: datetime, field: str = "recoversFineId"
) -> FineOwed:
    """Whether `fine` may be recovered by a sale of the cattle at `at`: the Act lets a fine
    of its section be recovered so (NOT_IN_JURISDICTION where it has no such recovery), it
    is not paid (nor recovered in full already), and it was imposed by `at`. The rule of a
    sale of the case's cattle (`sale_fine`) and of cattle not in a pound (recovery_sales)."""
    rule = plugin.recovery_by_sale()
    cite = rule.cites[0]
    if fine is None:
        raise NotFound("no such fine")
    if fine.section not in rule.value:
        raise ValidationError(
            f"a fine under section {fine.section} is not recovered by sale: {rule.why}",
            citation=cite,
            field=field,
        )
    if fine.paid_at is not None:
        raise Conflict("this fine has been paid already", citation=cite)
    if at < fine.at:
        raise TooEarly(
            "the cattle can be sold for a fine only once it is imposed",
            citation=cite,
            notBefore=fine.at.isoformat(),
        )
    return FineOwed(fine, rule)


def sale_fine(
    plugin: Jurisdiction, f: CourseFacts, at: datetime, given: Mapping[str, Any]
) -> FineOwed | None:
    """The fine a sale of the case's cattle recovers (`recovers_fine`: its id), if it may:
    one of the fines of the trespass of these cattle (linked to the case), `recoverable`."""
    fine_id = given.get("recovers_fine")
    if fine_id is None:
        return None
    rule = plugin.recovery_by_sale()
    fine = next((x for x in f.fines if x.id == fine_id), None)
    if fine is None:
        raise ValidationError(
            "only the cattle by which the trespass was committed may be sold for the fine; "
            "the offence is not linked to this case",
            citation=rule.cites[0],
            field="recoversFineId",
        )
    return recoverable(plugin, fine, at)


# -- the auction ---------------------------------------------------------------------------


def close_auction(
    plugin: Jurisdiction, f: CourseFacts, at: datetime, given: Mapping[str, Any]
) -> AuctionFact:
    """`auction_id`: the round closed at `at`, once, not before the day it is notified for
    (the auction's terms, the plugin's `auction_terms`); each lot sold is then a sale
    (Act.SALE) with its own window."""
    plugin.require(Capability.AUCTION)
    cite = plugin.clock_law().auction_terms().cites[0]
    wanted: uuid.UUID | None = given.get("auction_id")
    auction = _one([a for a in f.auctions if a.id == wanted], "auction", "auctionId")
    if auction.closed_at is not None:
        raise Conflict(f"this auction was closed on {ist(auction.closed_at)}", citation=cite)
    held = auction.scheduled_for
    why = f"the auction is notified for {ist(held)}: it cannot be closed before it is held"
    follows(at, held, why, cite, error=TooEarly)
    not_ahead(at, given)
    return auction


# -- deposits under protest and the owner's claim window ------------------------------------


def apply_deposit(
    plugin: Jurisdiction, f: CourseFacts, at: datetime, given: Mapping[str, Any]
) -> datetime:
    """`delivery_id`: its deposit under protest applied to the dues it was made for when the
    window for a complaint closes with none on record (`deposit_unused`). Returns the
    instant it is applied: the window's end, never before the money came in."""
    plugin.require(Capability.ILLEGAL_SEIZURE_COMPLAINTS)
    rule = plugin.deposit_unused()
    cite = rule.cites[0]
    wanted: uuid.UUID | None = given.get("delivery_id")
    d: DeliveryFact = _one([d for d in f.deliveries if d.id == wanted], "delivery", "deliveryId")
    if not d.under_protest:
        raise Conflict("the delivery was paid for, not made on a deposit", citation=cite)
    if d.applied:
        raise Conflict("the deposit has been applied already", citation=cite)
    if f.filed:
        raise Conflict(
            "a complaint followed the deposit: it waits for the complaint's decision",
            citation=cite,
        )
    window = step(timeline(plugin, f, f.notices), Action.COMPLAIN_ILLEGAL_SEIZURE)
    if window is None or window.window.deadline is None:
        raise Conflict("no window for a complaint closes on this case", citation=cite)
    closes = window.window.deadline
    why = f"the deposit is applied when the window for a complaint closes, {ist(closes)}"
    follows(at, closes, why, cite, "asOf", TooEarly)
    # A sweep dated before the deposit came in has nothing to apply.
    follows(at, d.at, f"the deposit was received on {ist(d.at)}", cite, "asOf", TooEarly)
    not_ahead(at, given, "asOf")
    return max(closes, d.at)


def claim_closes(plugin: Jurisdiction, sold: Sequence[SoldAt]) -> tuple[datetime, Action]:
    """When the owner's claim window on the case's sales closes (the books' `claim_deadline`),
    from what was read (the sweep's batch reads no more); refused where nothing was sold."""
    if not sold:
        raise Conflict("nothing of this case has been sold: no claim window is open")
    closes, action, _ = claim_deadline(plugin, sold)
    return closes, action


def close_claim_window(
    plugin: Jurisdiction, f: CourseFacts, at: datetime, given: Mapping[str, Any]
) -> tuple[datetime, Action]:
    """The owner's claim window closed by the clock at `at`: not before it ends, the money
    still held then going where the Act says (`unclaimed_after_window`). Returns when it
    closed and the claim's step."""
    closes, action = claim_closes(plugin, f.sales)
    if at < closes:  # the refusal's words and citation, made only when refused
        cite = plugin.clock_law().unclaimed_after_window().cites[0]
        why = f"the owner may claim the proceeds until {ist(closes)}"
        follows(at, closes, why, cite, "asOf", TooEarly)
    not_ahead(at, given, "asOf")
    return closes, action


# -- complaints of illegal seizure ----------------------------------------------------------


def _complaint_cite(plugin: Jurisdiction, f: CourseFacts) -> Citation | None:
    found = step(timeline(plugin, f, f.notices), Action.COMPLAIN_ILLEGAL_SEIZURE)
    return found.cites[0] if found is not None else None


def _compensation_cite(plugin: Jurisdiction) -> Citation | None:
    if plugin.penalties is None:
        return None
    try:
        return plugin.penalties.compensation(CompensationKind.ILLEGAL_SEIZURE).cites[0]
    except PashuError:
        return None


def fines_kept(f: CourseFacts) -> Decimal:
    """Fines the owner paid on delivery and keeps paid: a deposit under protest is returned
    whole on an illegal seizure, so its fines are not among them."""
    return sum((d.fines for d in f.deliveries if not d.under_protest), ZERO)


def decide_complaint(
    plugin: Jurisdiction, f: CourseFacts, at: datetime, given: Mapping[str, Any]
) -> ComplaintFact:
    """`complaint_id`, `illegal`, `fines_paid`: the Magistrate's decision, once, after the
    complaint; an illegal seizure releases the cattle still held (their dues reckoned to
    `at`, so not before an act that reckoned them later) and awards the fines the
    complainant paid and keeps paid (not a deposit under protest, returned whole)."""
    plugin.require(Capability.ILLEGAL_SEIZURE_COMPLAINTS)
    cite = _complaint_cite(plugin, f)
    wanted: uuid.UUID | None = given.get("complaint_id")
    c = _one([c for c in f.filed if c.id == wanted], "complaint", "complaintId")
    if c.decided_at is not None:
        raise Conflict(f"this complaint was decided on {ist(c.decided_at)}", citation=cite)
    follows(at, c.at, f"a decision follows the complaint, filed {ist(c.at)}", cite)
    not_ahead(at, given)
    if given.get("illegal"):
        not_before_reckoned([a for a in f.animals if a.status == AnimalStatus.IN_POUND.value], at)
        kept = fines_kept(f)
        if given.get("fines_paid", ZERO) > kept:
            raise ValidationError(
                f"the fines the complainant paid and keeps paid are Rs {kept}: a deposit under "
                "protest is returned whole, so its fines are not awarded again as fines paid",
                citation=_compensation_cite(plugin),
                field="finesPaid",
                finesPaid=str(kept),
            )
    return c


def collect_seizer_dues(
    plugin: Jurisdiction, f: CourseFacts, at: datetime, given: Mapping[str, Any]
) -> Decision[None]:
    """`complaint_id`: the fines and charges a decision of illegal seizure laid on the seizer
    (or detainer), collected after that decision (`dues_of_illegal_seizure`)."""
    plugin.require(Capability.ILLEGAL_SEIZURE_COMPLAINTS)
    rule = plugin.dues_of_illegal_seizure()
    cite = rule.cites[0]
    wanted: uuid.UUID | None = given.get("complaint_id")
    c = _one([c for c in f.filed if c.id == wanted], "complaint", "complaintId")
    if c.decided_at is None:
        raise Conflict("the complaint has not been decided", citation=cite)
    if not c.illegal or c.seizer_owes <= 0:
        raise Conflict(
            "the decision lays no fines or charges on the seizer: none were left to pay",
            citation=cite,
        )
    why = f"the dues are collected after the decision that lays them, {ist(c.decided_at)}"
    follows(at, c.decided_at, why, cite)
    not_ahead(at, given)
    return rule


# -- the register entry ---------------------------------------------------------------------


def _recorded_on(f: CourseFacts) -> list[tuple[datetime, str]]:
    """The acts recorded on the case that follow its impounding, with what they are."""
    found: list[tuple[datetime, str]] = [(n.issued_at, n.kind.lower()) for n in f.notices]
    found += [(at, "a complaint") for at in f.complaints]
    found += [(at, "a release by order") for at in f.release_orders]
    found += [(a.notice_issued_at, "an auction's notice") for a in f.auctions]
    if f.refused_at is not None:
        found.append((f.refused_at, "the owner's refusal to pay"))
    for a in f.animals:
        found += [(at, "an animal's release") for at in (a.released_at,) if at is not None]
    return found


def correct_seizure(
    plugin: Jurisdiction, f: CourseFacts, at: datetime, given: Mapping[str, Any]
) -> Decision[bool]:
    """`seized_at`, `impounded_at`, `seizer_signed`: the register entry as corrected (a new
    entry, the register's rule `register_entry`). Not once money has moved on the case (its
    receipts and accounts name the entry), not of an entry corrected already, and the
    corrected instants neither ahead of now nor after an act already recorded on the case."""
    rule = plugin.register_entry()
    cite = rule.cites[0]
    if f.corrected:
        raise Conflict(
            "this entry has been corrected already; correct the newer entry", citation=cite
        )
    if f.deliveries or f.sales:
        raise Conflict(
            "money has moved on this case; its entry can no longer be corrected", citation=cite
        )
    seized = aware(given.get("seized_at") or f.seized_at)
    impounded = aware(given.get("impounded_at") or f.impounded_at)
    not_ahead(at, given)
    not_ahead(seized, given, "seizedAt")
    not_ahead(impounded, given, "impoundedAt")
    if impounded < seized:
        raise ValidationError(
            "animals cannot be brought before they were seized", citation=cite, field="impoundedAt"
        )
    later = [x for x in _recorded_on(f) if x[0] < impounded]
    if later:
        when, what = min(later)
        raise ValidationError(
            f"the entry would date the impounding ({ist(impounded)}) after {what} recorded for "
            f"{ist(when)}: acts on a case follow its impounding",
            citation=cite,
            field="impoundedAt" if impounded != f.impounded_at else "seizedAt",
        )
    if rule.value and not given.get("seizer_signed", True):
        raise ValidationError(
            "the seizer must sign the register entry", citation=cite, field="seizerSigned"
        )
    return rule


# -- an animal hurt or killed while being seized --------------------------------------------


def _carcass_cite(plugin: Jurisdiction) -> Citation | None:
    try:
        return plugin.carcass_return().cites[0]
    except NotInJurisdiction:  # an Act that says nothing of it: the fact is still recorded
        return None


def _animal(f: CourseFacts, given: Mapping[str, Any]) -> AnimalFact:
    wanted: uuid.UUID | None = given.get("animal_id")
    return _one([a for a in f.animals if a.id == wanted], "animal", "animalId")


def record_injury(
    plugin: Jurisdiction, f: CourseFacts, at: datetime, given: Mapping[str, Any]
) -> AnimalFact:
    """`animal_id`, `died`: an injury while being seized, recorded once in any state, not
    before the seizure; an animal that died (perhaps before it was brought to the pound)
    leaves the pound then, not before an act that reckoned its dues later, nor, the last
    held, before the owner's refusal on record (made of animals held)."""
    cite = _carcass_cite(plugin)
    a = _animal(f, given)
    if a.injured:
        raise Conflict("an injury is recorded for this animal already", citation=cite)
    seized = ist(f.seized_at)
    why = f"the injury is one suffered while being seized, {seized}: it cannot precede the seizure"
    follows(at, f.seized_at, why, cite)
    not_ahead(at, given)
    if given.get("died"):
        if a.status != AnimalStatus.IN_POUND.value:
            raise Conflict("the animal has left the pound already", field="animalId")
        not_before_reckoned([a], at)
        _not_before_a_refusal_of_it(f, a, at)
    return a


def _not_before_a_refusal_of_it(f: CourseFacts, a: AnimalFact, at: datetime) -> None:
    """The owner's refusal on record was of animals in the pound then (a refusal with none
    held is refused): the last of them cannot have died before it, nor at its instant (the
    scenario of the same dates asks a death before a refusal of one instant)."""
    refused = f.refused_at
    if refused is None or at > refused:
        return
    held_then = [
        x
        for x in f.animals
        if x.id != a.id
        and (
            x.status == AnimalStatus.IN_POUND.value
            or (x.released_at is not None and x.released_at > refused)
        )
    ]
    if not held_then:
        raise ValidationError(
            f"the owner's refusal to pay recorded for {ist(refused)} was of animals in the "
            "pound: the last of them cannot have died before it, nor at that instant",
            notBefore=ist(refused),
            field="at",
        )


def return_carcass(
    plugin: Jurisdiction, f: CourseFacts, at: datetime, given: Mapping[str, Any]
) -> Decision[None]:
    """`animal_id`: the carcass of an animal recorded as dead returned (`carcass_return`),
    once, after its death."""
    rule = plugin.carcass_return()
    cite = rule.cites[0]
    a = _animal(f, given)
    if a.status != AnimalStatus.DIED.value:
        raise ValidationError(
            "only the carcass of an animal recorded as dead is returned",
            citation=cite,
            field="animalId",
        )
    if a.carcass_returned_at is not None:
        raise Conflict(f"the carcass was returned on {ist(a.carcass_returned_at)}", citation=cite)
    if a.released_at is not None:
        why = f"the carcass is returned after the death recorded for {ist(a.released_at)}"
        follows(at, a.released_at, why, cite)
    not_ahead(at, given)
    return rule


# -- a notice proclaimed --------------------------------------------------------------------


def proclaim(
    plugin: Jurisdiction, f: CourseFacts, at: datetime, given: Mapping[str, Any]
) -> NoticeFact:
    """`notice_id`: the notice proclaimed where the Act has it proclaimed (the notice's
    template names by whom), once, after it is issued."""
    wanted: uuid.UUID | None = given.get("notice_id")
    n = _one([n for n in f.notices if n.id == wanted], "notice", "noticeId")
    field = given.get("field", "at")  # "proclaimedAt" when recorded with its notice
    rule = plugin.clock_law().notice_template(Action(n.kind))
    cite = rule.cites[0]
    if rule.value.proclaimed_by is None:
        raise ValidationError(
            f"{plugin.act.title} asks for no proclamation of a {n.kind.lower()}",
            citation=cite,
            field="noticeId" if field == "at" else field,
        )
    if n.proclaimed_at is not None:
        raise Conflict(
            f"the proclamation of this notice is recorded for {ist(n.proclaimed_at)}",
            citation=cite,
        )
    if at < n.issued_at:
        raise ValidationError(
            f"a notice is proclaimed after it is issued, {ist(n.issued_at)}",
            citation=cite,
            notBefore=ist(n.issued_at),
            field=field,
        )
    not_ahead(at, given, field)
    return n
