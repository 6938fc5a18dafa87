"""What an owner owes for impounded animals on a given instant, line by line.

Fines per head come from the scale the tenant's Act uses for the place of seizure
(plugin.fine_rate_kind) as notified on the day of impounding: a special scale (an
aerodrome's, a habitual-trespass area's) where one is notified for the place, else the base
scale it is made "notwithstanding"; feeding and watering accrue per head for each day, or
part of a day, in the pound at the notified rate in force that day (the counting each Act's
rule states, interpreted). A rate not notified makes its line unknown (never guessed), and
the total with it. No notification takes effect before its publication (rates.publish), so
a rate in force on a day was published by then: dues as of an instant use only what the
Gazette had published by it.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any, Protocol

from sqlalchemy import Select, case, func, select

from pashu.core.citations import Citation, Confidence
from pashu.core.decision import Decision
from pashu.core.errors import PashuError
from pashu.core.legaltime import IST, legal_date
from pashu.core.money import times
from pashu.db.impoundment import AnimalStatus
from pashu.db.pounds import Pound
from pashu.db.rates import RateNotification
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.notifications import Notification, in_force
from pashu.jurisdictions.vocabulary import MoneyKind, PlaceKind, RateKind, RateRule


def words(kind: RateKind) -> str:
    """A rate's kind as a sentence names it: FINE_PER_HEAD -> "fine per head"."""
    return kind.value.lower().replace("_", " ")


@dataclass(frozen=True)
class DuesLine:
    kind: MoneyKind  # FINE or FEEDING_CHARGE: also which fund it goes to
    species: str
    heads: int
    days: int | None
    amount: Decimal | None
    cites: list[Citation]
    why: str


@dataclass(frozen=True)
class Dues:
    as_of: datetime
    lines: list[DuesLine]

    @property
    def total(self) -> Decimal | None:
        if any(line.amount is None for line in self.lines):
            return None
        return sum((line.amount or Decimal(0) for line in self.lines), Decimal("0.00"))

    def by_kind(self, kind: MoneyKind) -> Decimal:
        return sum(
            (line.amount or Decimal(0) for line in self.lines if line.kind is kind),
            Decimal("0.00"),
        )

    @property
    def unknown(self) -> list[DuesLine]:
        return [line for line in self.lines if line.amount is None]


class DuesCase(Protocol):
    """A case as the dues read it: an `Impoundment`, or the facts of its course."""

    @property
    def impounded_at(self) -> datetime: ...

    @property
    def place(self) -> str: ...

    @property
    def place_kind(self) -> str: ...

    @property
    def pound_id(self) -> uuid.UUID | None: ...


class DuesAnimal(Protocol):
    """An animal as the dues read it: an `ImpoundedAnimal`, or the facts' `AnimalFact`."""

    @property
    def species(self) -> str: ...

    @property
    def status(self) -> str: ...

    @property
    def fine_settled(self) -> bool: ...

    @property
    def charges_settled_at(self) -> datetime | None: ...


# A plugin's rules are fixed for the life of the process; building them (citations and
# all) for every case of a dashboard page was a tenth of its cost.
_RULES: dict[str, dict[RateKind, RateRule]] = {}
_FINE_KINDS: dict[tuple[str, PlaceKind], Decision[RateKind]] = {}


def _rate_rules(plugin: Jurisdiction) -> dict[RateKind, RateRule]:
    if plugin.code not in _RULES:
        _RULES[plugin.code] = plugin.rate_rules()
    return _RULES[plugin.code]


def _fine_kind(plugin: Jurisdiction, place: PlaceKind) -> Decision[RateKind]:
    key = (plugin.code, place)
    if key not in _FINE_KINDS:
        _FINE_KINDS[key] = plugin.fine_rate_kind(place)
    return _FINE_KINDS[key]


def _feeding_days(animal: DuesAnimal, impounded: date, until: date) -> tuple[date, int]:
    """First day charged and how many: every day begun in the pound, once."""
    if animal.charges_settled_at is not None:
        first = legal_date(animal.charges_settled_at) + timedelta(days=1)
    else:
        first = impounded
    return first, max(0, (until - first).days + 1)


def _fine_per_head(
    rule: RateRule | None,
    notifications: Sequence[Notification],
    rate: Notification,
    species: str,
    levied: date,
    pound: str,
) -> tuple[Decimal, list[Citation], str]:
    """The notified fine per head, held to its statutory bound (a multiple of the base scale
    in force when the fine is levied: "not exceeding four times"). A base lowered after the higher
    rate was published lowers the most that may be levied; a base not notified leaves the
    notified rate as it is (the bound was checked when it was published)."""
    if rule is None or rule.bound_base is None or rule.bound_factor is None:
        return rate.amount, [], f"{rate.reference}, the rate {rate.whose}"
    base = in_force(notifications, rule.bound_base, species, levied, pound)
    if base is None:
        return rate.amount, [], f"{rate.reference}, the rate {rate.whose}"
    limit = times(base.amount, rule.bound_factor)
    if rate.amount <= limit:
        return rate.amount, [], f"{rate.reference}, the rate {rate.whose}"
    cite = rule.cites[0]
    return (
        limit,
        list(rule.cites),
        f"{rate.reference} fixes Rs {rate.amount}, but {cite.label} allows at most "
        f"{rule.bound_factor} × the {rule.bound_base.value} of Rs {base.amount} in force on "
        f"{levied.isoformat()} ({base.reference}, the rate {base.whose})",
    )


def compute(
    plugin: Jurisdiction,
    notifications: Sequence[Notification],
    case: DuesCase,
    animals: Iterable[DuesAnimal],
    as_of: datetime,
) -> Dues:
    in_pound = [a for a in animals if a.status == AnimalStatus.IN_POUND.value]
    # A rate for an aerodrome governs only seizures within it (s.12).
    notifications = [n for n in notifications if n.governs_place(case.place)]
    impounded = legal_date(case.impounded_at)
    until = legal_date(as_of)
    lines: list[DuesLine] = []

    pound = str(case.pound_id)  # a local area's rate governs its pounds
    fine_kind = _fine_kind(plugin, PlaceKind(case.place_kind))
    rules = _rate_rules(plugin)
    fines: dict[str, int] = defaultdict(int)
    for a in in_pound:
        if not a.fine_settled:
            fines[a.species] += 1
    scale = rules.get(fine_kind.value)
    for species, heads in sorted(fines.items()):
        rate = in_force(notifications, fine_kind.value, species, impounded, pound)
        applied = fine_kind
        if rate is None and scale is not None and scale.bound_base is not None:
            # No special rate for the place: the base scale it would displace applies.
            base_rule = rules.get(scale.bound_base)
            rate = in_force(notifications, scale.bound_base, species, impounded, pound)
            if rate is not None and base_rule is not None:
                applied = Decision(
                    scale.bound_base,
                    list(base_rule.cites),
                    f"no {words(fine_kind.value)} is notified for this place: the "
                    f"{scale.bound_base.value} applies ({base_rule.cites[0].label})",
                )
        if rate is None:
            lines.append(
                DuesLine(
                    MoneyKind.FINE,
                    species,
                    heads,
                    None,
                    None,
                    fine_kind.cites,
                    f"no {words(fine_kind.value)} for {species} notified in force on "
                    f"{impounded.isoformat()}",
                )
            )
            continue
        per_head, cites, why = _fine_per_head(
            rules.get(applied.value), notifications, rate, species, impounded, pound
        )
        lines.append(
            DuesLine(
                MoneyKind.FINE,
                species,
                heads,
                None,
                per_head * heads,
                [*applied.cites, *(c for c in cites if c not in applied.cites)],
                f"{heads} × Rs {per_head} per head ({why}); {applied.why}",
            )
        )

    feeding_rule = rules.get(RateKind.FEEDING_PER_HEAD_PER_DAY)
    feeding_cites = list(feeding_rule.cites) if feeding_rule else []
    if feeding_rule and feeding_rule.counting and feeding_cites:
        feeding_cites[0] = feeding_cites[0].with_confidence(
            Confidence.INTERPRETED, feeding_rule.counting
        )
    feeding: dict[tuple[str, date, int], int] = defaultdict(int)
    for a in in_pound:
        first, days = _feeding_days(a, impounded, until)
        if days:
            feeding[(a.species, first, days)] += 1
    # The rate in force changes only on a day a feeding rate takes effect: between two such
    # days every day is charged at the same rate, so it is looked up once per stretch, not
    # once per day (the same sum, day by day, in fewer steps).
    changes = sorted(
        {n.effective_from for n in notifications if n.kind is RateKind.FEEDING_PER_HEAD_PER_DAY}
    )
    for (species, first, days), heads in sorted(feeding.items()):
        amount: Decimal | None = Decimal("0.00")
        missing: date | None = None
        used: dict[str, None] = {}  # the rates applied, in order, for the explanation
        end = first + timedelta(days=days)  # the day after the last charged
        starts = [first, *(d for d in changes if first < d < end)]
        for i, day in enumerate(starts):
            rate = in_force(notifications, RateKind.FEEDING_PER_HEAD_PER_DAY, species, day, pound)
            if rate is None:
                missing, amount = day, None
                break
            assert amount is not None
            stretch = ((starts[i + 1] if i + 1 < len(starts) else end) - day).days
            amount += rate.amount * heads * stretch
            used[f"Rs {rate.amount} {rate.whose} ({rate.reference})"] = None
        lines.append(
            DuesLine(
                MoneyKind.FEEDING_CHARGE,
                species,
                heads,
                days,
                amount,
                feeding_cites,
                f"{heads} head × {days} day(s) in the pound from {first.isoformat()}, each day "
                "or part of a day at the rate in force that day: " + "; ".join(used)
                if missing is None
                else f"no feeding rate for {species} notified in force on {missing.isoformat()}",
            )
        )
    return Dues(as_of, lines)


# The same total in SQL (PostgreSQL), for the dashboard's compiled query (fastpaths/compiled.py):
# one expression per case instead of rows loaded into `compute`. It must stay `compute`'s
# twin; tests/fastpaths/test_compiled.py holds the two to the same answers.

SEGMENTS = "rate_segments"
FEEDING = f"'{RateKind.FEEDING_PER_HEAD_PER_DAY.value}'"
IN_POUND = f"'{AnimalStatus.IN_POUND.value}'"


def rate_segments() -> Select[Any]:
    """The tenant's rates as segments: each (kind, species, level of area, pound, aerodrome)
    notification in force from `since` until the `next` one. A tenant-wide rate is at no
    pound (level 0), a local authority's at each of its pounds (level 1), a pound's at that
    pound (level 2). Of two on one date the later published governs, as in
    notifications.in_force; `created_at` and `id` say which was published later, for
    segments of two aerodromes' rates that a place of seizure both names."""
    n, p = RateNotification, Pound
    level = case((n.pound_id.is_not(None), 2), (n.local_authority_id.is_not(None), 1), else_=0)
    placed = (
        select(
            n.kind,
            n.species,
            n.effective_from,
            n.amount,
            n.created_at,
            n.id,
            n.aerodrome,
            level.label("level"),
            func.coalesce(n.pound_id, p.id).label("pound"),
        )
        .outerjoin(p, (p.tenant_id == n.tenant_id) & (p.local_authority_id == n.local_authority_id))
        .subquery()
    )
    area = (placed.c.kind, placed.c.species, placed.c.level, placed.c.pound, placed.c.aerodrome)
    published = func.row_number().over(
        partition_by=(*area, placed.c.effective_from),
        order_by=(placed.c.created_at.desc(), placed.c.id.desc()),
    )
    ranked = select(
        *area,
        placed.c.effective_from.label("since"),
        placed.c.amount,
        placed.c.created_at,
        placed.c.id,
        published.label("rank"),
    ).subquery()
    latest = select(ranked).where(ranked.c.rank == 1).subquery()
    latest_area = (
        latest.c.kind,
        latest.c.species,
        latest.c.level,
        latest.c.pound,
        latest.c.aerodrome,
    )
    following = func.lead(latest.c.since).over(partition_by=latest_area, order_by=latest.c.since)
    return select(
        *latest_area,
        latest.c.since,
        following.label("next"),
        latest.c.amount,
        latest.c.created_at,
        latest.c.id,
    )


def _on(instant: str) -> str:
    """legal_date in SQL: the day in Indian Standard Time."""
    return f"({instant} AT TIME ZONE '{IST.key}')::date"


# in_force's order, most specific first: (level of area, the species' own rate?).
TIERS = ((2, True), (2, False), (1, True), (1, False), (0, True), (0, False))


def _tier(r: str, level: int, own: bool, species: str, pound: str) -> str:
    """Segment `r` is of this tier for the species at the pound."""
    kind = f"{r}.species = {species}" if own else f"{r}.species IS NULL"
    where = "" if level == 0 else f" AND {r}.pound = {pound}"
    return f"{r}.level = {level} AND {kind}{where}"


def _rate_on(kind: str, species: str, day: str, segments: str, pound: str, place: str) -> str:
    """in_force: the most specific rate in force that day (see TIERS), of those that govern
    the place of seizure (Notification.governs_place): of two aerodromes' rates it names,
    the later in force, then the later published."""

    def rate(level: int, own: bool) -> str:
        return (
            f"(SELECT r.amount FROM {segments} r WHERE r.kind = {kind} AND "
            f"{_tier('r', level, own, species, pound)} "
            f"AND r.since <= {day} AND (r.next IS NULL OR {day} < r.next) "
            f"AND (r.aerodrome IS NULL OR strpos(lower({place}), lower(r.aerodrome)) > 0) "
            "ORDER BY r.since DESC, r.created_at DESC, r.id DESC LIMIT 1)"
        )

    return f"coalesce({', '.join(rate(level, own) for level, own in TIERS)})"


def _feeding(species: str, first: str, last: str, segments: str, pound: str) -> str:
    """The feeding rate summed over the days first..last, each at the rate in force that
    day; NULL if a day has none. A tier governs from its first rate on over every less
    specific one (in_force), so each segment counts until the next more specific tier
    begins (k.from_<t>, from `_tier_starts`), and each day falls in one segment."""
    cut = " ".join(
        f"WHEN {_tier('r', level, own, species, pound)} THEN "
        + (f"least({', '.join(f'k.from_{h}' for h in range(t))}) - 1" if t else "NULL")
        for t, (level, own) in enumerate(TIERS)
    )
    until = f"least({last}, coalesce(r.next - 1, {last}), coalesce(CASE {cut} END, {last}))"
    matches = f"(r.species = {species} OR r.species IS NULL) AND (r.level = 0 OR r.pound = {pound})"
    return (
        f"(SELECT CASE WHEN coalesce(sum(o.days), 0) < greatest(0, {last} - {first} + 1) "
        "THEN NULL ELSE coalesce(sum(o.days * o.amount), 0) END FROM ("
        f"SELECT greatest(0, {until} - greatest({first}, r.since) + 1) AS days, r.amount "
        f"FROM {segments} r WHERE r.kind = {FEEDING} AND {matches}) o)"
    )


def _tier_starts(species: str, segments: str, pound: str) -> str:
    """k.from_<t>: the first day a feeding rate of tier t (but the last) is in force."""
    return ", ".join(
        f"(SELECT min(o.since) FROM {segments} o WHERE o.kind = {FEEDING} AND "
        f"{_tier('o', level, own, species, pound)}) AS from_{t}"
        for t, (level, own) in enumerate(TIERS[:-1])
    )


# By plugin: the installed plugins it was made with (a plugin installed at run time, as the
# tests do, names places of its own) and the scales.
_SCALES: dict[str, tuple[Mapping[str, Jurisdiction], dict[PlaceKind, str]]] = {}


def fine_kinds(plugin: Jurisdiction) -> dict[PlaceKind, str]:
    """The fine scale (a RateKind's value) the Act levies for each place of seizure any
    installed Act names, as `compute` asks it of the case's place: not only the Act's own
    places, for a case may hold another's (recorded before the Acts declared their kinds,
    issue #35, when every Act's cases took any of them), and the compiled twin must answer
    for it what the model answers."""
    installed = registry.loaded()
    kept = _SCALES.get(plugin.code)
    if kept is None or kept[0] is not installed:
        kinds = {}
        for place in registry.kinds("places"):
            try:
                kinds[place] = _fine_kind(plugin, place).value.value
            except PashuError:  # an Act that does not impound has no fine scale
                continue
        kept = _SCALES[plugin.code] = (installed, kinds)
    return kept[1]


def fine_kind_sql(case: str, scales: Mapping[PlaceKind, str]) -> str:
    """The fine scale for the case's place of seizure, in SQL: `scales` gives each place's
    scale as an SQL expression (a literal from `fine_kinds`, or a parameter)."""
    if not scales:
        return "NULL"
    places = " ".join(f"WHEN '{p}' THEN {k}" for p, k in scales.items())
    return f"(CASE {case}.place_kind {places} END)"


_BOUNDS: dict[str, tuple[dict[PlaceKind, str], dict[PlaceKind, tuple[str, str]]]] = {}


def fine_bounds(plugin: Jurisdiction) -> dict[PlaceKind, tuple[str, str]]:
    """For each place whose fine scale the Act bounds by a multiple of another ("not
    exceeding double"): that base scale (a RateKind's value) and the factor, as a decimal string."""
    scales = fine_kinds(plugin)
    kept = _BOUNDS.get(plugin.code)
    if kept is None or kept[0] is not scales:
        rules = _rate_rules(plugin)
        bounds = {}
        for place, kind in scales.items():
            rule = rules.get(RateKind(kind))
            if rule and rule.bound_base is not None and rule.bound_factor is not None:
                bounds[place] = (rule.bound_base.value, str(rule.bound_factor))
        kept = _BOUNDS[plugin.code] = (scales, bounds)
    return kept[1]


def fine_bound_sql(
    case: str, bases: Mapping[PlaceKind, str], factors: Mapping[PlaceKind, str]
) -> tuple[str, str]:
    """The base scale and factor bounding the case's fine scale, in SQL (NULL: unbounded);
    `bases` and `factors` give each place's as an SQL expression, as `fine_kind_sql`."""
    if not bases:
        return "NULL", "NULL"
    base = " ".join(f"WHEN '{p}' THEN {k}" for p, k in bases.items())
    factor = " ".join(f"WHEN '{p}' THEN {f}" for p, f in factors.items())
    return f"(CASE {case}.place_kind {base} END)", f"(CASE {case}.place_kind {factor} END)"


def total_sql(
    fine_kind: str,
    case: str,
    as_of: str,
    segments: str = SEGMENTS,
    bound: tuple[str, str] = ("NULL", "NULL"),
) -> str:
    """`compute(...).total` for the impoundment row `case` at the instant `as_of`: a decimal
    string, or NULL while a rate is unknown. `fine_kind` is the case's fine scale (SQL);
    `segments`, `rate_segments()` as a CTE's name or a subquery; `bound`, the base scale and
    factor that bound the fine scale (`fine_bound_sql`)."""
    # Each animal's days and scales, named once (k) for the expressions that use them.
    pound = f"{case}.pound_id"
    days = (
        f"CROSS JOIN LATERAL (SELECT {_on(f'{case}.impounded_at')} AS impounded, "
        f"{_on(as_of)} AS until, {fine_kind} AS fine_kind, "
        f"{bound[0]} AS bound_kind, ({bound[1]})::numeric AS bound_factor, "
        f"{_tier_starts('a.species', segments, pound)}) k "
        f"CROSS JOIN LATERAL (SELECT coalesce({_on('a.charges_settled_at')} + 1, k.impounded) "
        "AS first) f"
    )
    # An unbounded scale, or a base not notified, caps nothing; an unknown rate stays unknown.
    # A bounded (special) scale not notified for the place gives way to its base.
    place = f"{case}.place"
    rate = _rate_on("k.fine_kind", "a.species", "k.impounded", segments, pound, place)
    limit = _rate_on("k.bound_kind", "a.species", "k.impounded", segments, pound, place)
    levied = "coalesce(x.rate, x.base)"
    fine = (
        f"(SELECT least({levied}, coalesce(round(k.bound_factor * x.base), {levied})) FROM "
        f"(SELECT {rate} AS rate, {limit} AS base) x WHERE {levied} IS NOT NULL)"
    )
    feeding = _feeding("a.species", "f.first", "k.until", segments, pound)
    return (
        "(SELECT CASE WHEN bool_or(x.amount IS NULL) THEN NULL "
        "ELSE (coalesce(sum(x.amount), 0) / 100.0)::numeric(20, 2)::text END FROM ("
        f"SELECT CASE WHEN a.fine_settled THEN 0 ELSE {fine} END + {feeding} AS amount "
        f"FROM impounded_animals a {days} WHERE a.tenant_id = {case}.tenant_id "
        # OFFSET 0 keeps the planner from copying each amount's subqueries into both
        # aggregates (they would run twice).
        f"AND a.impoundment_id = {case}.id AND a.status = {IN_POUND} OFFSET 0) x)"
    )
