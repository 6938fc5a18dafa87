"""One set of facts run through every installed Act at once (compareScenario).

Nothing is stored. Each Act answers with the very rules its tenants' operations use: the
classification (`classify`, as recordSeizure refuses), the timeline (`impoundment_timeline`),
the hypothetical rates checked as publishNotification checks them (`notifications.check`),
the dues on a day (`dues.compute`, on unsaved rows), the earliest sale, who may not buy, and
where each rupee goes (`delivery.routed`, in the order `sales.record_sale` deducts).
"""

from __future__ import annotations

import enum
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from pashu.core.citations import Citation
from pashu.core.errors import NotInJurisdiction, PashuError, UnknownSpecies, ValidationError
from pashu.core.legaltime import aware
from pashu.core.money import rupees
from pashu.db.impoundment import AnimalStatus, ImpoundedAnimal, Impoundment
from pashu.jurisdictions import registry, research
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.notifications import Area, Notification, check
from pashu.jurisdictions.species import canonical
from pashu.jurisdictions.vocabulary import (
    Action,
    BuyerRole,
    Capability,
    ComparisonTopic,
    MoneyKind,
    PlaceKind,
    RateKind,
    SaleAccounting,
    TimelineEvents,
    TimelineStep,
)
from pashu.services.impoundment.cases import complaint_open, no_longer_required, schedule
from pashu.services.impoundment.dues import Dues, compute
from pashu.services.impoundment.refusals import refusal_open
from pashu.services.ledger.accounts import NO_BODY, routed

MAX_HEADS = 10_000  # in all: each head is worked out as a row, as in a recorded case
MAX_HERDS = 50
MAX_RATES = 50
MAX_SPAN = timedelta(days=3 * 366)  # dues are counted day by day: a bounded span


class Conduct(enum.Enum):
    """What the owner does."""

    ABSENT = "ABSENT"  # never appears: the animals go to sale
    PAYS = "PAYS"  # appears and pays the dues
    REFUSES = "REFUSES"  # appears but refuses or omits to pay
    DISPUTES = "DISPUTES"  # appears, disputes the seizure and deposits the dues under protest


@dataclass(frozen=True)
class Herd:
    species: str
    count: int


@dataclass(frozen=True)
class Rate:
    kind: RateKind
    amount: Decimal
    effective_from: date
    species: str | None = None


@dataclass(frozen=True)
class Facts:
    animals: list[Herd]
    seized_at: datetime
    # None: the first kind of place each Act names (`Jurisdiction.impoundment_kinds`).
    place: PlaceKind | None = None
    impounded_at: datetime | None = None
    announced_at: datetime | None = None
    reported_at: datetime | None = None  # the report of cattle unclaimed, where the Act has one
    noticed_at: datetime | None = None
    conduct: Conduct = Conduct.ABSENT
    owner_appears_at: datetime | None = None
    rates: list[Rate] = field(default_factory=list)
    sale_price: Decimal | None = None  # the total the whole lot fetches, not per animal
    sale_expenses: Decimal = Decimal("0.00")
    as_of: datetime | None = None  # the day the dues are worked out on


@dataclass(frozen=True)
class Cell:
    """One answer of one Act: a value in words, whether it is lawful, why, on what."""

    summary: str
    cites: list[Citation]
    lawful: bool | None = None


@dataclass(frozen=True)
class AnimalCell:
    species: str
    count: int
    impoundable: bool
    is_cattle: bool | None
    is_animal: bool | None
    cites: list[Citation]
    why: str


@dataclass(frozen=True)
class StepCheck:
    action: Action
    at: datetime
    lawful: bool | None  # None: the Act has no such step
    cites: list[Citation]
    why: str


@dataclass(frozen=True)
class NextDuty:
    """The department's next duty on the facts, as a register's case shows it (`nextAction`)."""

    action: Action
    not_before: datetime
    deadline: datetime | None


@dataclass(frozen=True)
class RateCheck:
    rate: Rate
    accepted: bool
    cites: list[Citation]
    why: str


@dataclass(frozen=True)
class Share:
    """Rupees of one kind going to one account (`fund:...`, `owner`, a deposit)."""

    kind: str
    account: str
    amount: Decimal
    cites: list[Citation]
    account_name: str = ""


# The facts' one pound, and the aerodrome of a seizure at one: a hypothetical rate is for
# them where the Act fixes it for a local authority's pounds (Cattle Trespass Act 1985 s.4) or
# for a named aerodrome (s.12).
_POUND = uuid.UUID(int=0)
_AREA = Area(1, "the pound's local authority", frozenset({str(_POUND)}))
_AERODROME = "the aerodrome of seizure"

_ACCOUNT_NAMES = {
    "owner": "The owner",
    "deposit:surplus": "Deposit: unclaimed surplus",
    "deposit:under_protest": "Deposit under protest",
    "expenses:sale": "Expenses of sale",
}


def _named(plugin: Jurisdiction, shares: list[Share]) -> list[Share]:
    """Each account as a reader knows it: the fund's name in the Act's words."""
    out = []
    for sh in shares:
        kind, _, key = sh.account.partition(":")
        if kind == "fund":
            name = plugin.funds.get(key, key)
        elif sh.account.startswith("deposit:unrouted:"):
            name = "Held: the Act names no fund"
        else:
            name = _ACCOUNT_NAMES.get(sh.account, sh.account)
        out.append(replace(sh, account_name=name))
    return out


@dataclass
class Outcome:
    jurisdiction: str
    provided: bool
    refusal: Cell | None = None
    animals: list[AnimalCell] = field(default_factory=list)
    timeline: list[TimelineStep] = field(default_factory=list)
    steps: list[StepCheck] = field(default_factory=list)
    rates: list[RateCheck] = field(default_factory=list)
    dues: Dues | None = None
    dues_cites: list[Citation] = field(default_factory=list)
    earliest_sale: datetime | None = None
    earliest_sale_cites: list[Citation] = field(default_factory=list)
    prohibited: list[BuyerRole] = field(default_factory=list)
    prohibited_cites: list[Citation] = field(default_factory=list)
    owner: Cell | None = None
    money: list[Share] = field(default_factory=list)
    # Steps the course the facts give no longer requires (the owner took his animals back).
    not_required: set[Action] = field(default_factory=set)
    next_duty: NextDuty | None = None


def validate(facts: Facts) -> Facts:
    """Refuse input no Act could answer, before any is asked."""
    if not facts.animals:
        raise ValidationError("a scenario lists at least one animal", field="animals")
    if len(facts.animals) > MAX_HERDS or sum(h.count for h in facts.animals) > MAX_HEADS:
        raise ValidationError(
            f"at most {MAX_HERDS} kinds and {MAX_HEADS} animals in all", field="animals"
        )
    for herd in facts.animals:
        if not 1 <= herd.count <= MAX_HEADS:
            raise ValidationError(f"a count is 1 to {MAX_HEADS}", field="animals")
        try:
            canonical(herd.species)
        except UnknownSpecies as err:  # said of the field, with the vocabulary
            raise UnknownSpecies(err.message, field="animals", **err.details) from None
    if len(facts.rates) > MAX_RATES:
        raise ValidationError(f"at most {MAX_RATES} rates", field="rates")
    instants = [
        ("seizedAt", facts.seized_at),
        ("impoundedAt", facts.impounded_at),
        ("reportedAt", facts.reported_at),
        ("ownerAppearsAt", facts.owner_appears_at),
        ("asOf", facts.as_of),
    ]
    for name, at in instants:
        if at is not None and at.tzinfo is None:
            raise ValidationError("instants need a time zone offset, e.g. +05:30", field=name)
    for name, at in instants[1:]:
        if at is not None and abs(at - facts.seized_at) > MAX_SPAN:
            raise ValidationError("instants within three years of the seizure", field=name)
    if facts.impounded_at is not None and facts.impounded_at < facts.seized_at:
        raise ValidationError(
            "animals cannot be brought before they were seized", field="impoundedAt"
        )
    if facts.owner_appears_at is not None and facts.owner_appears_at < facts.seized_at:
        raise ValidationError("the owner cannot appear before the seizure", field="ownerAppearsAt")
    if (facts.conduct is Conduct.ABSENT) != (facts.owner_appears_at is None):
        raise ValidationError(
            "ownerAppearsAt is given exactly when the owner appears (conduct other than ABSENT)",
            field="ownerAppearsAt",
        )
    for name, amount in (("salePrice", facts.sale_price), ("saleExpenses", facts.sale_expenses)):
        if amount is not None and rupees(amount) < 0:
            raise ValidationError("amounts cannot be negative", field=name)
    return facts


def run(facts: Facts) -> list[Outcome]:
    validate(facts)
    return [_one(plugin, facts) for plugin in registry.installed()]


def answer(plugin: Jurisdiction, facts: Facts) -> Outcome:
    """One Act's answer to the facts (what `run` gives for it)."""
    return _one(plugin, validate(facts))


def _one(plugin: Jurisdiction, facts: Facts) -> Outcome:
    out = Outcome(plugin.code, provided=plugin.has(Capability.IMPOUNDMENT))
    out.animals = [_animal(plugin, h) for h in facts.animals]
    if not out.provided:
        err = plugin.not_provided(Capability.IMPOUNDMENT)
        answer = research.answer(plugin, ComparisonTopic.SEIZURE_POWERS)
        out.refusal = Cell(f"{err.message}. {answer.summary}", answer.cites, lawful=False)
        return out
    impoundable = [h for h, a in zip(facts.animals, out.animals, strict=True) if a.impoundable]
    if not impoundable:  # nothing may be seized: no step of the Act's course is lawful
        refused = [a for a in out.animals if not a.impoundable]
        out.refusal = Cell(
            "none of these animals may be impounded under this Act: "
            + "; ".join(f"{a.species}: {a.why}" for a in refused),
            [c for a in refused for c in a.cites],
            lawful=False,
        )
        return out
    events = TimelineEvents(
        seized_at=aware(facts.seized_at),
        impounded_at=aware(facts.impounded_at) if facts.impounded_at else None,
        announced_at=aware(facts.announced_at) if facts.announced_at else None,
        noticed_at=aware(facts.noticed_at) if facts.noticed_at else None,
    )
    try:
        events, out.timeline, unlawful = _course(plugin, events)
    except PashuError as err:
        out.refusal = Cell(err.message, [err.citation] if err.citation else [], lawful=False)
        return out
    events, out.owner = _appears(plugin, facts, events, out)
    if events.refused_at is not None:  # the owner claimed: the sale on refusal's timeline
        out.timeline = plugin.impoundment_timeline(events)
    brought = events.impounded_at or events.seized_at
    # The case the facts suppose, as a register would hold it: its next duty and the acts
    # that depend on the course are asked of the very functions a recorded case asks.
    place = facts.place or next((k.code for k in plugin.declared_kinds().places), "")
    case = Impoundment(
        seized_at=events.seized_at,
        impounded_at=brought,
        refused_at=events.refused_at,
        refusal_sold_at=None,
        place_kind=place,
        place=_AERODROME,
        pound_id=_POUND,
    )
    issued = _issued(facts, events)
    out.steps = unlawful + _checks(out.timeline, events, facts.reported_at)
    out.steps += _lacking(plugin, out.timeline, events, facts.reported_at)
    delivered = _delivered(plugin, facts, case, issued, out)
    if delivered:
        # Delivered to the owner: the case closes with nothing sold, as a recorded one does.
        out.not_required = _closed_unsold(out.timeline, issued)
    out.next_duty = _next_duty(plugin, case, issued, impoundable, delivered)
    auction = next((s for s in out.timeline if s.action is Action.AUCTION), None)
    if auction is not None and auction.action not in out.not_required:
        out.earliest_sale, out.earliest_sale_cites = auction.window.not_before, auction.cites
    if plugin.has(Capability.AUCTION):
        d = plugin.prohibited_purchasers()
        out.prohibited = [k.code for k in plugin.declared_kinds().buyers if k.code in d.value]
        out.prohibited_cites = d.cites
    notified = _rates(plugin, facts.rates, out)
    on = facts.as_of or facts.owner_appears_at or out.earliest_sale or brought
    rows = [
        ImpoundedAnimal(
            species=canonical(h.species),
            status=AnimalStatus.IN_POUND.value,
            fine_settled=False,
            charges_settled_at=None,
        )
        for h in impoundable
        for _ in range(h.count)
    ]
    try:
        out.dues = compute(plugin, notified, case, rows, aware(on))
        out.dues_cites = plugin.fine_rate_kind(place).cites
    except PashuError as err:
        out.refusal = Cell(err.message, [err.citation] if err.citation else [], lawful=False)
        return out
    owner, money = _owner_and_money(plugin, facts, out)
    out.owner = out.owner or owner
    out.money = _named(plugin, money) if out.owner is owner else []
    return out


# The fields of the facts that record a step, and the event they give.
_FIELDS = {"impoundedAt": "impounded_at", "announcedAt": "announced_at", "noticedAt": "noticed_at"}


def _course(
    plugin: Jurisdiction, events: TimelineEvents
) -> tuple[TimelineEvents, list[TimelineStep], list[StepCheck]]:
    """The Act's timeline of the facts. A step the facts date where the Act does not allow it
    (a notice before the report it follows) is that step unlawful, as a register refuses
    that act: it is marked so, and the course runs on as if it had not been taken."""
    unlawful: list[StepCheck] = []
    while True:
        try:
            return events, plugin.impoundment_timeline(events), unlawful
        except PashuError as err:
            name = _FIELDS.get(str(err.details.get("field")))
            at = getattr(events, name) if name else None
            if name is None or at is None:
                raise
            action = next(a for a, n in _PERFORMED_BY.items() if n == name)
            cites = [err.citation] if err.citation else []
            unlawful.append(StepCheck(action, at, False, cites, err.message))
            dropped: dict[str, Any] = {name: None}
            events = replace(events, **dropped)


def _appears(
    plugin: Jurisdiction, facts: Facts, events: TimelineEvents, out: Outcome
) -> tuple[TimelineEvents, Cell | None]:
    """The owner's appearance as the registers take it. Refusing to pay within the period
    for his claim, his animals are claimed and sold at once, without the notices of cattle
    unclaimed (refusals.refusal_open, as recordRefusalToPay asks it); outside it, that is
    the refusal a register would not record (a Cell saying why)."""
    if facts.conduct is not Conduct.REFUSES or facts.owner_appears_at is None:
        return events, None
    if not plugin.has(Capability.AUCTION):
        return events, None
    when = aware(facts.owner_appears_at)
    try:
        rule = plugin.refusal_to_pay(events)
        refusal_open(rule, when)
    except PashuError as err:
        return events, Cell(err.message, [err.citation] if err.citation else [], lawful=False)
    return replace(events, refused_at=when), None


def _delivered(
    plugin: Jurisdiction, facts: Facts, case: Impoundment, issued: list[_Issued], out: Outcome
) -> bool:
    """Whether the owner takes his animals back: paying, or depositing under protest where
    the Act provides for it and while a complaint of illegal seizure may still follow it, as
    deliverToOwner asks (cases.complaint_open; Cattle Trespass Act 1985 ss.15, 20). A deposit
    the registers would refuse is that refusal (`out.owner`), and nothing is delivered."""
    if facts.conduct is Conduct.PAYS:
        return True
    if facts.conduct is not Conduct.DISPUTES or facts.owner_appears_at is None:
        return False
    try:
        plugin.delivery_on_deposit()
    except NotInJurisdiction:
        return False
    try:
        complaint_open(
            plugin, case, issued, aware(facts.owner_appears_at), "a deposit under protest"
        )
    except PashuError as err:
        out.owner = Cell(err.message, [err.citation] if err.citation else [], lawful=False)
        return False
    return True


def _issued(facts: Facts, events: TimelineEvents) -> list[_Issued]:
    """The notices the facts say were made, as a register lists them."""
    made = [
        _Issued(action.value, at)
        for action, name in _PERFORMED_BY.items()
        if (at := getattr(events, name)) is not None and action is not Action.DELIVER_TO_POUND
    ]
    if facts.reported_at is not None:
        made.append(_Issued(Action.REPORT_UNCLAIMED.value, aware(facts.reported_at)))
    return made


def _closed_unsold(steps: Sequence[TimelineStep], issued: list[_Issued]) -> set[Action]:
    """The steps a case delivered to its owner, nothing sold, no longer requires: as
    cases.no_longer_required answers for a recorded case."""
    delivered = [_Delivered(AnimalStatus.DELIVERED.value)]
    return no_longer_required(steps, issued, delivered)


def _next_duty(
    plugin: Jurisdiction,
    case: Impoundment,
    issued: list[_Issued],
    impoundable: list[Herd],
    delivered: bool,
) -> NextDuty | None:
    """The department's next duty, as cases.schedule sets it on a recorded case."""
    status = (AnimalStatus.DELIVERED if delivered else AnimalStatus.IN_POUND).value
    rows = [
        ImpoundedAnimal(species=canonical(h.species), status=status, description="", ear_tag=None)
        for h in impoundable
    ]
    schedule(plugin, case, issued, rows)
    if case.next_action is None or case.next_action_at is None:
        return None
    return NextDuty(Action(case.next_action), case.next_action_at, case.next_deadline)


@dataclass(frozen=True)
class _Issued:
    kind: str
    issued_at: datetime


@dataclass(frozen=True)
class _Delivered:
    status: str


def _animal(plugin: Jurisdiction, herd: Herd) -> AnimalCell:
    name = canonical(herd.species)
    c = plugin.classify(name)
    ok = bool(c.is_cattle.value or c.is_animal.value)
    why = " ".join(x for x in (c.is_cattle.why, c.is_animal.why) if x)
    return AnimalCell(
        name,
        herd.count,
        ok,
        c.is_cattle.value,
        c.is_animal.value,
        [*c.is_cattle.cites, *c.is_animal.cites],
        why,
    )


# The event of the facts that performs each step, and the field it came from.
_PERFORMED_BY = {
    Action.DELIVER_TO_POUND: "impounded_at",
    Action.ANNOUNCE_SEIZURE: "announced_at",
    Action.PUBLISH_NOTICE: "noticed_at",
}


def _checks(
    timeline: Sequence[TimelineStep], events: TimelineEvents, reported_at: datetime | None
) -> list[StepCheck]:
    """Each step the facts say was taken: inside its window, or too early, or late."""
    checks = []
    for step in timeline:
        name = _PERFORMED_BY.get(step.action)
        at = getattr(events, name) if name else None
        if step.action is Action.REPORT_UNCLAIMED and reported_at is not None:
            at = aware(reported_at)
        if at is None:
            continue
        w = step.window
        if at < w.not_before:
            checks.append(StepCheck(step.action, at, False, step.cites, "too early: " + step.why))
        elif w.deadline is not None and at >= w.deadline:
            checks.append(StepCheck(step.action, at, False, step.cites, "late: " + step.why))
        else:
            checks.append(StepCheck(step.action, at, True, step.cites, step.why))
    return checks


def _lacking(
    plugin: Jurisdiction,
    timeline: Sequence[TimelineStep],
    events: TimelineEvents,
    reported_at: datetime | None,
) -> list[StepCheck]:
    """A step the facts say was taken that this Act does not have: said so, cited to the
    periods it does set."""
    have = {s.action for s in timeline}
    periods = research.answer(plugin, ComparisonTopic.PERIODS)
    out = []
    taken = [(action, getattr(events, name)) for action, name in _PERFORMED_BY.items()]
    taken.append((Action.REPORT_UNCLAIMED, aware(reported_at) if reported_at else None))
    for action, at in taken:
        if at is not None and action not in have:
            why = f"the Act has no step {action.value.lower().replace('_', ' ')}: {periods.summary}"
            out.append(StepCheck(action, at, None, periods.cites, why))
    return out


def _rates(plugin: Jurisdiction, rates: Sequence[Rate], out: Outcome) -> list[Notification]:
    """The hypothetical notifications, each checked against the ones before it."""
    accepted: list[Notification] = []
    rules = plugin.rate_rules()
    for r in rates:
        rule = rules.get(r.kind)
        n = Notification(
            r.kind,
            r.species,
            r.amount,
            r.effective_from,
            "hypothetical",
            area=_AREA if rule is not None and rule.local_only else None,
            aerodrome=_AERODROME if rule is not None and rule.by_aerodrome else None,
        )
        try:
            d = check(plugin, n, accepted)
        except PashuError as err:
            out.rates.append(
                RateCheck(r, False, [err.citation] if err.citation else [], err.message)
            )
            continue
        species = canonical(r.species) if r.species else None
        accepted.append(replace(n, species=species, amount=d.value))
        out.rates.append(RateCheck(r, True, d.cites, d.why))
    return accepted


def _owner_and_money(plugin: Jurisdiction, facts: Facts, out: Outcome) -> tuple[Cell, list[Share]]:
    dues = out.dues
    assert dues is not None
    if facts.conduct is Conduct.PAYS:
        d = plugin.delivery_on_payment()
        return Cell(_claim(facts, out, d.why), d.cites, lawful=True), _paid(plugin, dues)
    if facts.conduct is Conduct.DISPUTES:
        try:
            d = plugin.delivery_on_deposit()
        except NotInJurisdiction as err:
            return Cell(err.message, [err.citation] if err.citation else [], lawful=False), []
        held = [
            Share(line.kind.value, "deposit:under_protest", line.amount, d.cites)
            for line in dues.lines
            if line.amount
        ]
        return Cell(_claim(facts, out, d.why), d.cites, lawful=True), held
    sale = research.answer(plugin, ComparisonTopic.SALE_PROCEDURE)
    if facts.conduct is Conduct.REFUSES:
        fact = next((f for f in sale.facts if f.key == "sale_on_refusal"), None)
        cell = (
            Cell(f"{fact.label}: {fact.why}", list(fact.cites), lawful=True)
            if fact is not None and fact.flag
            else Cell("the Act provides no sale of an owner's refusal", sale.cites, lawful=None)
        )
    else:
        cell = Cell(sale.summary, sale.cites, lawful=True)
    return cell, _sold(plugin, facts, dues, owner_present=facts.conduct is Conduct.REFUSES)


def _claim(facts: Facts, out: Outcome, why: str) -> str:
    """An owner may claim until the animals are sold; past the earliest sale they may be."""
    if facts.owner_appears_at is None or out.earliest_sale is None:
        return why
    if aware(facts.owner_appears_at) < out.earliest_sale:
        return why
    return (
        f"{why}; the owner appears after the sale may first be held "
        f"({out.earliest_sale.isoformat()}): if the animals are still in the pound they are "
        "delivered, if sold the claim is on the proceeds"
    )


def _paid(plugin: Jurisdiction, dues: Dues) -> list[Share]:
    shares = []
    for kind in (MoneyKind.FINE, MoneyKind.FEEDING_CHARGE):
        amount = dues.by_kind(kind)
        cites = plugin.routing(kind).cites
        shares += [
            Share(kind.value, acc, part, cites)
            for acc, part in routed(plugin, kind, amount, NO_BODY)
        ]
    return shares


def _sold(plugin: Jurisdiction, facts: Facts, dues: Dues, *, owner_present: bool) -> list[Share]:
    """The proceeds of a sale of every impounded animal together for `sale_price` (the total
    of the lot, not a price per animal), deducted in the order sales.record_sale deducts them."""
    if facts.sale_price is None or not plugin.has(Capability.AUCTION):
        return []
    proceeds, costs = rupees(facts.sale_price), rupees(facts.sale_expenses)
    accounting = plugin.sale_accounting()
    cites = accounting.cites
    if accounting.value is SaleAccounting.DEDUCT_CHARGES_HOLD_SURPLUS:
        left = proceeds
        fines = min(left, dues.by_kind(MoneyKind.FINE))
        left -= fines
        feeding = min(left, dues.by_kind(MoneyKind.FEEDING_CHARGE))
        left -= feeding
        spent = min(left, costs)
        left -= spent
        shares = [
            *(
                Share("FINE", a, p, cites)
                for a, p in routed(plugin, MoneyKind.FINE, fines, NO_BODY)
            ),
            *(
                Share("FEEDING_CHARGE", a, p, cites)
                for a, p in routed(plugin, MoneyKind.FEEDING_CHARGE, feeding, NO_BODY)
            ),
        ]
        if spent:
            shares.append(Share("SALE_EXPENSES", "expenses:sale", spent, cites))
        if left and owner_present:
            shares.append(Share("SURPLUS_PROCEEDS", "owner", left, cites))
        elif left:  # held as unclaimed, in the account the Act names for a surplus
            shares += [
                Share("SURPLUS_PROCEEDS", a, p, cites)
                for a, p in routed(plugin, MoneyKind.SURPLUS_PROCEEDS, left, NO_BODY)
            ]
        return shares
    # Deposited whole, as sales.record_sale does: the Act deducts nothing before the deposit.
    return [
        Share("SALE_PROCEEDS", a, p, cites)
        for a, p in routed(plugin, MoneyKind.SALE_PROCEEDS, proceeds, NO_BODY)
    ]
