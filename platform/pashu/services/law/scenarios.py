"""One set of facts run through every installed Act at once (compareScenario).

Nothing is stored. Each Act answers with the very rules its tenants' operations use: the
classification (`classify`, as recordSeizure refuses); the course of the case, which is the
model's (services/impoundment/course.py): the facts are a supposed case, and each act they
suppose (the notices, the owner's delivery, refusal or deposit under protest, further
refusals, deliveries in part, sales, the rest delivered or refused after each sale on a
refusal, a release by order, complaints and their decisions, deaths of injuries suffered while
being seized, sales for a fine on conviction the facts suppose imposed)
is asked of the model in its order, exactly as the mutation recording it asks
(services/impoundment/supposed.py): one it refuses is that act unlawful, and the course runs
on without it, as a register would. The timeline, the steps required, the next duty and the
earliest sale are the model's answers on the course so supposed. Beside the course: the
hypothetical rates checked as publishNotification checks them (`notifications.check`), the
dues on a day (`dues.compute`, on unsaved rows), who may not buy, and where each rupee goes
(`delivery.routed`, in the order `sales.record_sale` deducts).
"""

from __future__ import annotations

import enum
import uuid
from collections import Counter
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
    ReleasingAuthority,
    SaleAccounting,
    TimelineStep,
)
from pashu.services.impoundment.course import (
    Act,
    AnimalFact,
    Course,
    CourseFacts,
    FineFact,
    no_longer_required,
    place_at_instant,
)
from pashu.services.impoundment.dues import Dues, compute
from pashu.services.impoundment.supposed import (
    DECIDE_COMPLAINT,
    Asked,
    Supposed,
    Supposition,
    suppose,
)
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


class SupposedAct(enum.Enum):
    """An act the facts suppose, other than a notice (those are `steps`)."""

    DELIVER = Act.DELIVER.value
    DELIVER_ON_DEPOSIT = Act.DELIVER_ON_DEPOSIT.value
    REFUSAL = Act.REFUSAL.value
    SALE = Act.SALE.value
    DELIVER_REST = Act.DELIVER_REST.value
    REFUSE_REST = Act.REFUSE_REST.value
    RELEASE_BY_ORDER = Act.RELEASE_BY_ORDER.value
    COMPLAINT = Act.COMPLAINT.value
    DECIDE_COMPLAINT = Act.DECIDE_COMPLAINT.value
    RECORD_INJURY = Act.RECORD_INJURY.value  # a death of an injury suffered while being seized


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
class Delivered:
    """Animals delivered to the owner (on payment, or on a deposit under protest)."""

    at: datetime
    animals: list[Herd] | None = None  # None: every animal still in the pound
    under_protest: bool = False


@dataclass(frozen=True)
class Sold:
    """Animals sold. On the owner's refusal: without a `price`, supposed to meet the dues;
    at a `price` (with its `expenses`), it meets them or falls short as recordSale reckons
    it (the dues on the facts' rates), and one short leaves another sale on the same refusal
    to meet the rest (Cattle Trespass Act 1985 s.16(1), (2); Animal (Control & Taxation)
    Act 2014 s.10(2))."""

    at: datetime
    animals: list[Herd] | None = None
    price: Decimal | None = None  # the total the lot fetched
    expenses: Decimal = Decimal("0.00")
    # A sale for a fine on conviction (Cattle Trespass Act 1985 s.26): the fine's place
    # among the facts' `fines` (from 0). Without a price it recovers what is owed of it.
    recovers_fine: int | None = None


@dataclass(frozen=True)
class Fined:
    """A fine on conviction for the trespass of these cattle (its offence linked to the
    case), imposed at `at`; `section` of the offence (None: the first section the Act lets a
    fine be recovered by sale under, where it has such a recovery)."""

    at: datetime
    amount: Decimal
    section: str | None = None


@dataclass(frozen=True)
class Rest:
    """After the sale on the owner's refusal, the rest delivered to him, or refused."""

    at: datetime
    accepted: bool = True


@dataclass(frozen=True)
class Released:
    """Animals released by an order."""

    at: datetime
    authority: ReleasingAuthority
    ordered_at: datetime | None = None  # None: at the release
    animals: list[Herd] | None = None


@dataclass(frozen=True)
class Complained:
    """A complaint of illegal seizure, and its decision if decided."""

    at: datetime
    decided_at: datetime | None = None
    illegal: bool = False


@dataclass(frozen=True)
class Refused:
    """A further refusal or omission to pay (or to make the deposit of a disputed seizure):
    after the rest was refused, the course for cattle not claimed runs again (Cattle Trespass
    Act 1985 s.16(5)) and the owner may appear and refuse again."""

    at: datetime
    deposit: bool = False


@dataclass(frozen=True)
class Died:
    """Animals that died of an injury suffered while being seized (recordInjury, died), each
    taken from those still in the pound; perhaps before they were brought in."""

    at: datetime
    animals: list[Herd]


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
    # More acts supposed, each asked of the model of the course in its order.
    deliveries: list[Delivered] = field(default_factory=list)
    sales: list[Sold] = field(default_factory=list)
    rest: Rest | None = None
    releases: list[Released] = field(default_factory=list)
    complaint: Complained | None = None
    # Besides the owner's conduct, `rest` and `complaint`: the acts a course may hold more
    # than once, in the order given (at one instant: each refusal's sales and rest before
    # the next refusal is asked, see `_acts`).
    refusals: list[Refused] = field(default_factory=list)
    rests: list[Rest] = field(default_factory=list)
    complaints: list[Complained] = field(default_factory=list)
    deaths: list[Died] = field(default_factory=list)
    fines: list[Fined] = field(default_factory=list)

    def all_rests(self) -> list[Rest]:
        return [*([self.rest] if self.rest is not None else []), *self.rests]

    def all_complaints(self) -> list[Complained]:
        return [*([self.complaint] if self.complaint is not None else []), *self.complaints]


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
class ActCheck:
    """An act the facts suppose (the owner's, a sale, a release, a complaint...) and the
    model's answer, as the mutation recording it would get it."""

    act: SupposedAct
    at: datetime
    lawful: bool
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
    acts: list[ActCheck] = field(default_factory=list)


def _rows(name: str, items: Sequence[Any]) -> list[tuple[str, int, Any]]:
    """Each row of one of the facts' lists with the list's name and its place in it (from 0):
    an error of one row names both (`field`, `index`), so a client can point at the row."""
    return [(name, i, x) for i, x in enumerate(items)]


def _one_of(name: str, item: Any) -> list[tuple[str, int | None, Any]]:
    """A field of one row (not a list): named alone, with no index."""
    return [] if item is None else [(name, None, item)]


def _at(name: str, index: int | None) -> dict[str, Any]:
    """The extensions naming where an error is: the field and, in a list, the row."""
    return {"field": name} if index is None else {"field": name, "index": index}


def validate(facts: Facts) -> Facts:
    """Refuse input no Act could answer, before any is asked. An error of one row of a list
    names the list (`field`) and the row (`index`, from 0)."""
    if not facts.animals:
        raise ValidationError("a scenario lists at least one animal", field="animals")
    if len(facts.animals) > MAX_HERDS or sum(h.count for h in facts.animals) > MAX_HEADS:
        raise ValidationError(
            f"at most {MAX_HERDS} kinds and {MAX_HEADS} animals in all", field="animals"
        )
    for n, herd in enumerate(facts.animals):
        if not 1 <= herd.count <= MAX_HEADS:
            raise ValidationError(f"a count is 1 to {MAX_HEADS}", field="animals", index=n)
        try:
            canonical(herd.species)
        except UnknownSpecies as err:  # said of the field, with the vocabulary
            raise UnknownSpecies(err.message, **err.details, **_at("animals", n)) from None
    if len(facts.rates) > MAX_RATES:
        raise ValidationError(f"at most {MAX_RATES} rates", field="rates")
    dated: list[tuple[str, int | None, datetime | None]] = [
        ("seizedAt", None, facts.seized_at),
        ("impoundedAt", None, facts.impounded_at),
        ("reportedAt", None, facts.reported_at),
        ("ownerAppearsAt", None, facts.owner_appears_at),
        ("asOf", None, facts.as_of),
    ]
    for name, i, row in [
        *_rows("deliveries", facts.deliveries),
        *_rows("sales", facts.sales),
        *_one_of("rest", facts.rest),
        *_rows("rests", facts.rests),
        *_rows("refusals", facts.refusals),
        *_rows("deaths", facts.deaths),
        *_rows("fines", facts.fines),
    ]:
        dated.append((name, i, row.at))
    for name, i, r in _rows("releases", facts.releases):
        dated += [(name, i, r.at), (name, i, r.ordered_at)]
    for name, i, c in [
        *_one_of("complaint", facts.complaint),
        *_rows("complaints", facts.complaints),
    ]:
        dated += [(name, i, c.at), (name, i, c.decided_at)]
    for name, i, at in dated:
        if at is not None and at.tzinfo is None:
            raise ValidationError("instants need a time zone offset, e.g. +05:30", **_at(name, i))
    for name, i, at in dated[1:]:
        if at is not None and abs(at - facts.seized_at) > MAX_SPAN:
            raise ValidationError("instants within three years of the seizure", **_at(name, i))
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
    for i, d in enumerate(facts.deaths):
        if d.at < facts.seized_at:  # an injury suffered while being seized: not before it
            raise ValidationError(
                "an animal cannot die of an injury suffered while being seized before the seizure",
                field="deaths",
                index=i,
            )
        if not d.animals:
            raise ValidationError("a death names the animals that died", field="deaths", index=i)
    many = {
        "deliveries": len(facts.deliveries),
        "sales": len(facts.sales),
        "releases": len(facts.releases),
        "deaths": len(facts.deaths),
        "refusals": len(facts.refusals),
        "rests": len(facts.rests),
        "complaints": len(facts.complaints),
        "fines": len(facts.fines),
    }
    for name, count in many.items():
        if count > MAX_HERDS:  # of the list, not of a row
            raise ValidationError(f"at most {MAX_HERDS} acts of each kind", field=name)
    for name, i, row in [
        *_rows("deliveries", facts.deliveries),
        *_rows("sales", facts.sales),
        *_rows("releases", facts.releases),
        *_rows("deaths", facts.deaths),
    ]:
        for lot in row.animals or []:
            if not 1 <= lot.count <= MAX_HEADS:
                raise ValidationError(f"a count is 1 to {MAX_HEADS}", field=name, index=i)
            try:
                canonical(lot.species)
            except UnknownSpecies as err:
                raise UnknownSpecies(err.message, **err.details, **_at(name, i)) from None
    seized = Counter[str]()
    for herd in facts.animals:
        seized[canonical(herd.species)] += herd.count
    dead = Counter[str]()
    for d in facts.deaths:
        for lot in d.animals:
            dead[canonical(lot.species)] += lot.count
    # The row named is the one at which, the deaths taken in their order, more have died
    # than were seized.
    so_far = Counter[str]()
    for i, d in enumerate(facts.deaths):
        for lot in d.animals:
            species = canonical(lot.species)
            so_far[species] += lot.count
            if so_far[species] > seized[species]:
                raise ValidationError(
                    f"{dead[species]} {species} die, but {seized[species]} were seized",
                    field="deaths",
                    index=i,
                    species=species,
                )
    amounts: list[tuple[str, int | None, Decimal | None]] = [
        ("salePrice", None, facts.sale_price),
        ("saleExpenses", None, facts.sale_expenses),
    ]
    for name, i, x in _rows("sales", facts.sales):
        amounts += [(name, i, x.price), (name, i, x.expenses)]
    amounts += [(name, i, f.amount) for name, i, f in _rows("fines", facts.fines)]
    for name, i, amount in amounts:
        if amount is not None and rupees(amount) < 0:
            raise ValidationError("amounts cannot be negative", **_at(name, i))
    for i, x in enumerate(facts.sales):
        if x.recovers_fine is not None and not 0 <= x.recovers_fine < len(facts.fines):
            raise ValidationError(
                "a sale for a fine names one of the scenario's fines, counting from 0",
                field="sales",
                index=i,
            )
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
    brought = aware(facts.impounded_at or facts.seized_at)
    # The case the facts suppose, run through the model of its course as the registers run
    # a recorded one: each act asked in its order, one refused not taken.
    heads = [canonical(h.species) for h in impoundable for _ in range(h.count)]
    notified = _rates(plugin, facts.rates, out)
    place = facts.place or next((k.code for k in plugin.declared_kinds().places), "")
    start = CourseFacts(
        plugin=plugin,
        seized_at=aware(facts.seized_at),
        impounded_at=brought,
        # Where, the pound and the rates: the dues a sale on refusal at a price must meet.
        place=_AERODROME,
        place_kind=place,
        pound_id=_POUND,
        rates=tuple(notified),
        animals=tuple(
            AnimalFact(uuid.UUID(int=i + 1), sp, AnimalStatus.IN_POUND.value)
            for i, sp in enumerate(heads)
        ),
        fines=_fines(plugin, facts.fines),
    )
    ran = suppose(start, _acts(facts))
    course = Course(ran.facts)
    out.timeline = course.timeline()
    out.not_required = no_longer_required(out.timeline, ran.facts.notices, ran.facts.animals)
    out.steps = _steps(plugin, facts, ran, out.timeline)
    out.acts = [_act(a) for a in ran.asked if a.supposed.act is not Act.NOTICE]
    conduct = next((a for a in ran.asked if a.supposed.given.get("conduct")), None)
    if conduct is not None and conduct.refusal is not None:
        r = conduct.refusal
        # An Act with no such act at all (no sale on refusal, no deposit under protest) is
        # said so below, from its own provisions.
        if r.code != NotInJurisdiction.code:
            out.owner = Cell(r.message, [r.citation] if r.citation else [], lawful=False)
    found = course.next_action()
    if found is not None:
        out.next_duty = NextDuty(found.action, found.not_before, found.deadline)
    auction = next((s for s in out.timeline if s.action is Action.AUCTION), None)
    if auction is not None and auction.action not in out.not_required:
        out.earliest_sale, out.earliest_sale_cites = auction.window.not_before, auction.cites
    if plugin.has(Capability.AUCTION):
        d = plugin.prohibited_purchasers()
        out.prohibited = [k.code for k in plugin.declared_kinds().buyers if k.code in d.value]
        out.prohibited_cites = d.cites
    on = facts.as_of or facts.owner_appears_at or out.earliest_sale or brought
    # The dues of every animal impounded, held to `on`, on the case as a register holds it.
    case = Impoundment(
        seized_at=start.seized_at,
        impounded_at=brought,
        place_kind=place,
        place=_AERODROME,
        pound_id=_POUND,
    )
    rows = [
        ImpoundedAnimal(
            species=sp,
            status=AnimalStatus.IN_POUND.value,
            fine_settled=False,
            charges_settled_at=None,
        )
        for sp in heads
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


def _acts(facts: Facts) -> list[Supposed]:
    """The acts the facts suppose, each as its mutation asks the model, in their order: by
    instant, and at one instant in the order the registers keep too (the model's
    `place_at_instant`). A further refusal at one instant follows the rest of the refusal
    before it (and so the sales of that one): each refusal's acts form one round."""
    acts = [
        Supposed(Act.NOTICE, aware(at), {"kind": kind})
        for kind, at in (
            (Action.ANNOUNCE_SEIZURE, facts.announced_at),
            (Action.REPORT_UNCLAIMED, facts.reported_at),
            (Action.PUBLISH_NOTICE, facts.noticed_at),
        )
        if at is not None
    ]
    given: dict[str, Any]
    # The round of each act of the refusals' course: the n-th refusal, the sales after it,
    # the n-th rest (at one instant, a round's acts come before the next round's).
    rounds: dict[int, int] = {}
    if facts.owner_appears_at is not None:
        owner = {
            Conduct.PAYS: (Act.DELIVER, {}),
            Conduct.DISPUTES: (Act.DELIVER_ON_DEPOSIT, {}),
            Conduct.REFUSES: (Act.REFUSAL, {"deposit": False}),
        }.get(facts.conduct)
        if owner is not None:
            act, passed = owner
            acts.append(Supposed(act, aware(facts.owner_appears_at), {**passed, "conduct": True}))
    refusals = [a for a in acts if a.act is Act.REFUSAL]
    for again in facts.refusals:
        refusals.append(Supposed(Act.REFUSAL, aware(again.at), {"deposit": again.deposit}))
        acts.append(refusals[-1])
    for n, one in enumerate(sorted(refusals, key=lambda x: x.at)):
        rounds[id(one)] = n
    for d in facts.deliveries:
        act = Act.DELIVER_ON_DEPOSIT if d.under_protest else Act.DELIVER
        acts.append(Supposed(act, aware(d.at), _lots(d.animals)))
    sales = [
        Supposed(Act.SALE, aware(s.at), {**_lots(s.animals), **_priced(s), **_for_fine(s)})
        for s in facts.sales
    ]
    acts += sales
    refused_at = sorted(r.at for r in refusals)
    for s in sales:  # a sale is of the latest refusal made by then
        rounds[id(s)] = max(0, sum(1 for at in refused_at if at <= s.at) - 1)
    for n, rest in enumerate(facts.all_rests()):
        act = Act.DELIVER_REST if rest.accepted else Act.REFUSE_REST
        acts.append(Supposed(act, aware(rest.at)))
        rounds[id(acts[-1])] = n
    for r in facts.releases:
        given = {
            "authority": r.authority,
            "ordered_at": aware(r.ordered_at or r.at),
            **_lots(r.animals),
        }
        acts.append(Supposed(Act.RELEASE_BY_ORDER, aware(r.at), given))
    for n, c in enumerate(facts.all_complaints()):
        acts.append(Supposed(Act.COMPLAINT, aware(c.at), {"complaint": n}))
        if c.decided_at is not None:
            decided = {"illegal": c.illegal, "complaint": n}
            acts.append(Supposed(DECIDE_COMPLAINT, aware(c.decided_at), decided))
    for died in facts.deaths:
        given = {"died": True, **_lots(died.animals)}
        acts.append(Supposed(Act.RECORD_INJURY, aware(died.at), given))

    def order(s: Supposed) -> tuple[datetime, int, int]:
        return s.at, rounds.get(id(s), 0), place_at_instant(s.act, s.given.get("kind"))

    return sorted(acts, key=order)


def _fine_id(n: int) -> uuid.UUID:
    """The id of the facts' n-th fine (apart from the animals' ids, 1 to MAX_HEADS)."""
    return uuid.UUID(int=MAX_HEADS + 1 + n)


def _fines(plugin: Jurisdiction, fines: Sequence[Fined]) -> tuple[FineFact, ...]:
    """The fines the facts suppose, linked to the case, none paid: as cases.load reads the
    registers' (its offence's section given, else the first the Act lets be recovered by
    sale; an Act with no such recovery refuses the sale before it reads one)."""
    try:
        default = min(plugin.recovery_by_sale().value)
    except NotInJurisdiction:
        default = ""
    return tuple(
        FineFact(_fine_id(n), aware(f.at), rupees(f.amount), f.section or default)
        for n, f in enumerate(fines)
    )


def _priced(sold: Sold) -> dict[str, Any]:
    """What a sale fetched, where the facts say: recordSale's price and expenses."""
    if sold.price is None:
        return {}
    return {"price": rupees(sold.price), "expenses": rupees(sold.expenses)}


def _for_fine(sold: Sold) -> dict[str, Any]:
    """recordSale's recoversFineId: the fine the sale recovers, asked of the model."""
    if sold.recovers_fine is None:
        return {}
    return {"recovers_fine": _fine_id(sold.recovers_fine)}


def _lots(herds: list[Herd] | None) -> dict[str, Any]:
    """The animals an act names, by species and count (None: every animal in the pound)."""
    if herds is None:
        return {}
    return {"lots": [(canonical(h.species), h.count) for h in herds]}


def _act(asked: Asked) -> ActCheck:
    """A supposed act and the model's answer: allowed, with the rule it found; or refused."""
    s = asked.supposed
    name = SupposedAct(s.act.value if isinstance(s.act, Act) else s.act)
    if asked.refusal is not None:
        r = asked.refusal
        return ActCheck(name, s.at, False, [r.citation] if r.citation else [], r.message)
    found = asked.found
    cites = list(getattr(found, "cites", []) or [])
    why = getattr(found, "why", "") or "the Act allows it then, on the course so far"
    return ActCheck(name, s.at, True, cites, why)


def _steps(
    plugin: Jurisdiction, facts: Facts, ran: Supposition, timeline: Sequence[TimelineStep]
) -> list[StepCheck]:
    """The steps the facts say were taken: the impounding inside the window the model's
    timeline gives it, or not; each notice as the model answered recordNotice (refused:
    unlawful with its reason, or a step the Act does not have), inside its window or late."""
    out = []
    brought = next((s for s in timeline if s.action is Action.DELIVER_TO_POUND), None)
    if facts.impounded_at is not None and brought is not None:
        out.append(_window(brought, aware(facts.impounded_at)))
    periods = None
    for asked in ran.answer(Act.NOTICE):
        kind: Action = asked.supposed.given["kind"]
        at = asked.supposed.at
        r = asked.refusal
        if r is None:
            out.append(_window(asked.found, at))
        elif r.code == NotInJurisdiction.code:
            periods = periods or research.answer(plugin, ComparisonTopic.PERIODS)
            name = kind.value.lower().replace("_", " ")
            why = f"the Act has no step {name}: {periods.summary}"
            out.append(StepCheck(kind, at, None, periods.cites, why))
        else:
            out.append(StepCheck(kind, at, False, [r.citation] if r.citation else [], r.message))
    return out


def _window(step: TimelineStep, at: datetime) -> StepCheck:
    """A step taken at `at`: inside its window, too early, or late."""
    if at < step.window.not_before:
        return StepCheck(step.action, at, False, step.cites, "too early: " + step.why)
    if step.window.is_late(at):
        return StepCheck(step.action, at, False, step.cites, "late: " + step.why)
    return StepCheck(step.action, at, True, step.cites, step.why)


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
