"""A course supposed, not recorded: the public scenario's acts run through the model of a
case's course (course.py) as the registers' mutations run them (issue #31).

Each supposed act is asked of `Course` at its instant, in order, exactly as the mutation that
records it asks (`Course.require`). One the model refuses is not taken, as a register would
not record it, and the course runs on without it; one it allows changes the facts as the
mutation's write changes the registers (the animals it moves, the notices, the refusals,
the sales, deliveries, complaints, release orders and deaths), so the next act is asked of
the course so far. The answer, `Supposition`, is the facts at the end and each act's answer: so the
public scenario and the registers cannot disagree.

Nothing here decides whether an act is lawful: that is the model's. What is here is what the
registers write when an act is recorded (services `delivery`, `refusals`, `sales`,
`release_orders`, `complaints`, `injuries`), on facts instead of rows.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal
from typing import Any

from pashu.core.errors import Conflict, PashuError, ValidationError
from pashu.core.legaltime import aware
from pashu.core.money import rupees
from pashu.db.impoundment import AnimalStatus
from pashu.jurisdictions.vocabulary import MoneyKind, SaleAccounting
from pashu.services.impoundment import sale_accounts
from pashu.services.impoundment.course import (
    Act,
    AnimalFact,
    ComplaintFact,
    Course,
    CourseFacts,
    DeliveryFact,
    FineFact,
    NoticeFact,
    Refusal,
    SaleFact,
    chosen,
    in_pound,
    settled_by_sale,
)
from pashu.services.impoundment.dues import compute

# A complaint's decision: asked of the model as decideComplaint asks it, on the complaint
# the facts suppose (the latest filed).
DECIDE_COMPLAINT = Act.DECIDE_COMPLAINT


@dataclass(frozen=True)
class Supposed:
    """One act supposed: the act, its instant and what its mutation passes the model
    (`animal_ids` or `lots`, `kind`, `authority`, `ordered_at`, `deposit`, `illegal`,
    `died`, `recovers_fine`); a complaint and its decision carry the same `complaint` key,
    so the decision is asked of that complaint (the latest filed, if none is given)."""

    act: Act
    at: datetime
    given: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Asked:
    """The model's answer to one supposed act: what its rule found (a step, a rule) when
    allowed, or its refusal."""

    supposed: Supposed
    found: Any = None
    refusal: Refusal | None = None


@dataclass(frozen=True)
class Supposition:
    facts: CourseFacts  # the course after the acts the model allowed
    asked: list[Asked]

    def answer(self, act: Act) -> list[Asked]:
        return [a for a in self.asked if a.supposed.act == act]


def suppose(facts: CourseFacts, acts: Sequence[Supposed]) -> Supposition:
    """Ask each act of the course so far, in the order given; take those allowed."""
    asked: list[Asked] = []
    filed: dict[Any, uuid.UUID] = {}  # each complaint supposed (its `complaint` key), as filed
    for s in acts:
        at = aware(s.at)
        given = {k: v for k, v in s.given.items() if k not in _NOT_ASKED}
        try:
            if "lots" in given:  # the animals named by kind: those in the pound now
                given["animal_ids"] = _picked(facts, given.pop("lots"))
            elif s.act is Act.SALE:  # recordSale names its lots: here, every animal held
                given["animal_ids"] = [a.id for a in in_pound(facts.animals)]
            if s.act is DECIDE_COMPLAINT:
                key = s.given.get("complaint")
                latest = facts.filed[-1].id if facts.filed else None
                given["complaint_id"] = filed.get(key) if key is not None else latest
            # Supposed acts are not held to the server's clock: a scenario may be of any day.
            given.setdefault("now", at)
            assert isinstance(s.act, Act)
            found: Any  # what the act's rule found (its answer cites it)
            if s.act is Act.RECORD_INJURY:
                found, after = _injured(facts, at, given)
            else:
                found = Course(facts).require(s.act, at, **given)
                after = _TAKEN.get(s.act, _nothing)(facts, at, {**s.given, **given}, found)
                if found is None and given.get("recovers_fine") is not None:
                    # A sale for a fine (not on a refusal): its answer cites the recovery.
                    found = Course(facts).fine_owed(given["recovers_fine"]).rule
        except PashuError as err:
            asked.append(Asked(s, refusal=Refusal(err)))
            continue
        asked.append(Asked(s, found=found))
        if s.act is Act.COMPLAINT:
            filed[s.given.get("complaint")] = after.filed[-1].id
        facts = after
    return Supposition(facts, asked)


# What a supposed act carries that its mutation does not pass the model.
_NOT_ASKED = ("conduct", "complaint", "price", "expenses")


def _injured(
    facts: CourseFacts, at: datetime, given: Mapping[str, Any]
) -> tuple[AnimalFact, CourseFacts]:
    """recordInjury names one animal: each animal named asked in turn, on the course as the
    deaths before it left it; one refused refuses the act (none of it taken)."""
    found: AnimalFact | None = None
    asked = {k: v for k, v in given.items() if k != "animal_ids"}
    for animal in given.get("animal_ids") or []:
        found = Course(facts).require(Act.RECORD_INJURY, at, **asked, animal_id=animal)
        facts = _died(facts, at, asked, found)
    assert found is not None  # a death names its animals (scenarios.validate)
    return found, facts


def _picked(facts: CourseFacts, lots: Sequence[tuple[str, int]]) -> list[uuid.UUID]:
    """The animals of each kind named, as many as named, from those in the pound (as
    recordSale picks its lots): CONFLICT when fewer are there."""
    held = in_pound(facts.animals)
    picked: list[uuid.UUID] = []
    for species, count in lots:
        pool = [a.id for a in held if a.species == species and a.id not in picked]
        if count < 1 or count > len(pool):
            raise Conflict(f"{count} {species} are not in the pound ({len(pool)} are)")
        picked += pool[:count]
    return picked


# -- what recording an act writes, on the facts ------------------------------------------


def _moved(
    facts: CourseFacts,
    ids: set[uuid.UUID],
    at: datetime,
    status: AnimalStatus | None = None,
    settled: set[uuid.UUID] | None = None,
    fines: bool = False,
) -> tuple[AnimalFact, ...]:
    """`ids` leave the pound (as `status`) at `at`; `settled` (default `ids`) have their
    dues reckoned to `at` (cases.release, and the settlement each service writes), their
    fines too with `fines` (a sale's)."""
    reckoned = ids if settled is None else settled
    out = []
    for a in facts.animals:
        if a.id in ids and status is not None:
            a = replace(a, status=status.value, released_at=at)
        if a.id in reckoned:
            a = replace(a, charges_settled_at=at, fine_settled=a.fine_settled or fines)
        out.append(a)
    return tuple(out)


def _ids(facts: CourseFacts, given: Mapping[str, Any]) -> set[uuid.UUID]:
    return {a.id for a in chosen(facts.animals, given.get("animal_ids"))}


def _delivered(
    facts: CourseFacts, at: datetime, given: Mapping[str, Any], found: Any
) -> CourseFacts:
    """deliverToOwner: the animals named (else all held) delivered, their dues settled."""
    protest = bool(given.get("under_protest"))
    return replace(
        facts,
        animals=_moved(facts, _ids(facts, given), at, AnimalStatus.DELIVERED),
        deliveries=(*facts.deliveries, DeliveryFact(at, protest)),
    )


def _on_deposit(
    facts: CourseFacts, at: datetime, given: Mapping[str, Any], found: Any
) -> CourseFacts:
    return _delivered(facts, at, {**given, "under_protest": True}, found)


def _refused(facts: CourseFacts, at: datetime, given: Mapping[str, Any], found: Any) -> CourseFacts:
    """recordRefusalToPay: the owner's refusal, the sale it calls for not yet held."""
    return replace(facts, refused_at=at, refusal_sold_at=None)


def _sold(facts: CourseFacts, at: datetime, given: Mapping[str, Any], found: Any) -> CourseFacts:
    """recordSale: the animals named sold, the dues the sale reckons settled to its day
    (`settled_by_sale`). `found` is the rule of the sale on the owner's refusal, if it is
    one: without a `price`, supposed to meet the dues (the Act sells as many as are
    necessary), its step done; at a `price` short of them (`_reckoned`), what it left is
    owed still, and another sale on the same refusal may follow (Cattle Trespass Act 1985
    s.16(1), Animal (Control & Taxation) Act 2014 s.10(2)). A sale for a fine
    (`recovers_fine`, s.26) recovers what the proceeds leave after s.16(2) of what is owed
    of it (without a `price`, all of it), the rest owed still; recovered in full, the fine is
    paid; on the owner's refusal it is the sale on that refusal, met or not (as recordSale
    writes it)."""
    sold = chosen(facts.animals, given.get("animal_ids"))
    settled = settled_by_sale(facts.plugin, facts, facts.animals, sold)
    account: dict[str, Any] = {"onRefusal": found is not None}
    met = True
    fine_id = given.get("recovers_fine")
    left: Decimal | None = None  # what the proceeds leave after s.16(2); None: no price
    if given.get("price") is not None and (found is not None or fine_id is not None):
        short, left = _reckoned(
            facts, at, settled, given["price"], given.get("expenses"), found is not None
        )
        if found is not None:
            account["unrecovered"] = short
            met = not short
    fines = facts.fines
    if fine_id is not None:
        account["recoversFine"] = str(fine_id)
        met = True
        fines = tuple(_recovered(x, at, left) if x.id == fine_id else x for x in fines)
    return replace(
        facts,
        animals=_moved(
            facts, {a.id for a in sold}, at, AnimalStatus.SOLD, {a.id for a in settled}, True
        ),
        sales=(*facts.sales, SaleFact(at, account)),
        refusal_sold_at=at if found is not None and met else facts.refusal_sold_at,
        fines=fines,
    )


def _recovered(fine: FineFact, at: datetime, left: Decimal | None) -> FineFact:
    """The fine after a sale recovering it: what the proceeds left after s.16(2), up to what
    is owed of it (recovery.take; `left` None: all of it); paid once all is in."""
    zero = Decimal("0.00")
    took = fine.owed if left is None else min(fine.owed, max(left, zero))
    recovered = fine.recovered + took
    return replace(fine, recovered=recovered, paid_at=at if recovered >= fine.amount else None)


def _reckoned(
    facts: CourseFacts,
    at: datetime,
    settled: Sequence[AnimalFact],
    price: Decimal,
    expenses: Decimal | None,
    on_refusal: bool,
) -> tuple[dict[str, Decimal], Decimal]:
    """What a sale at `price` leaves owed, by kind, and what its proceeds leave after them,
    reckoned as recordSale reckons it (sales.record_sale): the dues of the animals it
    settles (the rates of the facts), with what the sale before it on the same refusal left
    (`on_refusal`); where the Act deducts the charges, the fines, the feeding and the
    expenses of sale in that order (Cattle Trespass Act 1985 s.16(1), (2)); where the
    proceeds go whole to the fund, the dues at once (Animal (Control & Taxation) Act 2014
    s.10(2)), nothing left. Empty: the dues met."""
    plugin = facts.plugin
    dues = compute(plugin, facts.rates or (), facts, settled, at)
    if dues.total is None:  # as recordSale refuses it
        raise ValidationError(
            f"the charges cannot be worked out: {dues.unknown[0].why}",
            citation=dues.unknown[0].cites[0] if dues.unknown[0].cites else None,
        )
    since = facts.refused_at or at  # the refusal the sale is on: it has one
    before = [x for x in facts.sales if x.at >= since and x.account.get("onRefusal")]
    owing = sale_accounts.carried(before[-1].account) if before and on_refusal else {}
    zero = Decimal("0.00")
    proceeds = rupees(price)
    left = zero
    if plugin.sale_accounting().value is SaleAccounting.DEDUCT_CHARGES_HOLD_SURPLUS:
        left = proceeds
        out: dict[str, Decimal] = {}
        for key, due in (
            ("unrecoveredFines", dues.by_kind(MoneyKind.FINE)),
            ("unrecoveredFeeding", dues.by_kind(MoneyKind.FEEDING_CHARGE)),
            ("unrecoveredExpenses", rupees(expenses or zero)),
        ):
            due += owing.get(key, zero)
            met = min(left, due)
            left -= met
            out[key] = due - met
    else:
        due = dues.total + owing.get("unrecovered", zero)
        out = {"unrecovered": max(zero, due - proceeds)}
    return {k: v for k, v in out.items() if v}, left


def _rest_delivered(
    facts: CourseFacts, at: datetime, given: Mapping[str, Any], found: Any
) -> CourseFacts:
    """deliverRest accepted: the animals still held go to the owner."""
    held = {a.id for a in in_pound(facts.animals)}
    return replace(facts, animals=_moved(facts, held, at, AnimalStatus.DELIVERED))


def _rest_refused(
    facts: CourseFacts, at: datetime, given: Mapping[str, Any], found: Any
) -> CourseFacts:
    """deliverRest refused: the rest are unclaimed, and the Act's course for cattle not
    claimed runs again (Cattle Trespass Act 1985 s.16(5))."""
    return replace(facts, refused_at=None, refusal_sold_at=None)


def _released(
    facts: CourseFacts, at: datetime, given: Mapping[str, Any], found: Any
) -> CourseFacts:
    """releaseByOrder: the animals named (else all held) released; nothing more accrues."""
    return replace(
        facts,
        animals=_moved(facts, _ids(facts, given), at, AnimalStatus.DELIVERED),
        release_orders=(*facts.release_orders, at),
    )


def _complained(
    facts: CourseFacts, at: datetime, given: Mapping[str, Any], found: Any
) -> CourseFacts:
    filed = ComplaintFact(uuid.UUID(int=len(facts.filed) + 1), at)
    return replace(facts, complaints=(*facts.complaints, at), filed=(*facts.filed, filed))


def _decided(facts: CourseFacts, at: datetime, given: Mapping[str, Any], found: Any) -> CourseFacts:
    """decideComplaint: the complaint decided; adjudged illegal, the animals still held are
    released (complaints.decide)."""
    illegal = bool(given.get("illegal"))
    filed = tuple(
        replace(c, decided_at=at, illegal=illegal) if c.id == found.id else c for c in facts.filed
    )
    facts = replace(facts, filed=filed)
    if not illegal:
        return facts
    held = {a.id for a in in_pound(facts.animals)}
    return replace(facts, animals=_moved(facts, held, at, AnimalStatus.DELIVERED))


def _died(facts: CourseFacts, at: datetime, given: Mapping[str, Any], found: Any) -> CourseFacts:
    """recordInjury: the injury recorded; an animal that died leaves the pound then
    (cases.release, its dues not reckoned again)."""
    animals = []
    for a in facts.animals:
        if a.id == found.id:
            a = replace(a, injured=True)
            if given.get("died"):
                a = replace(a, status=AnimalStatus.DIED.value, released_at=at)
        animals.append(a)
    return replace(facts, animals=tuple(animals))


def _noticed(facts: CourseFacts, at: datetime, given: Mapping[str, Any], found: Any) -> CourseFacts:
    return replace(facts, notices=(*facts.notices, NoticeFact(given["kind"].value, at)))


def _nothing(facts: CourseFacts, at: datetime, given: Mapping[str, Any], found: Any) -> CourseFacts:
    return facts


_TAKEN: dict[Act, Callable[[CourseFacts, datetime, Mapping[str, Any], Any], CourseFacts]] = {
    Act.NOTICE: _noticed,
    Act.DELIVER: _delivered,
    Act.DELIVER_ON_DEPOSIT: _on_deposit,
    Act.REFUSAL: _refused,
    Act.SALE: _sold,
    Act.DELIVER_REST: _rest_delivered,
    Act.REFUSE_REST: _rest_refused,
    Act.RELEASE_BY_ORDER: _released,
    Act.COMPLAINT: _complained,
    DECIDE_COMPLAINT: _decided,
}
