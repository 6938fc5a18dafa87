"""Notifications: the amounts an Act leaves to be fixed, as a tenant publishes them (DESIGN §2).

A notification fixes one kind of rate (for one species, or for all; for one local area, or
for all) from a date, under a gazette reference. A later notification supersedes an earlier
one; one for a local area wins over one for all (a pound's over its local authority's), and
one for a species over one for all species. Where an Act bounds a rate by another (a
habitual trespass area's fine "not exceeding double" the scale per head), a notification is
checked against the base rate in force on its own effective date (at each pound of its
local area), and refused if the base is not yet notified: the bound is never guessed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal

from pashu.core.decision import Decision
from pashu.core.errors import FineAboveCap, NotInJurisdiction, TooEarly, ValidationError
from pashu.core.money import rupees, times
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.species import canonical
from pashu.jurisdictions.vocabulary import RateKind, RateRule


@dataclass(frozen=True)
class Area:
    """The local area a notification is limited to: a local authority's pounds (level 1) or
    one pound (level 2). The more specific governs where both are in force."""

    level: int
    name: str
    pounds: frozenset[str]  # ids of the pounds it covers


@dataclass(frozen=True)
class Notification:
    """A rate fixed by notification. `species` None: it applies to every species; `area`
    None: to every local area of the tenant."""

    kind: RateKind
    species: str | None
    amount: Decimal
    effective_from: date
    reference: str  # the gazette reference, e.g. "No. VET/4-1/85 dated 12.12.2025"
    area: Area | None = None
    # The aerodrome it is for (a rate fixed for named aerodromes); None: not such a rate, or
    # one recorded before aerodromes were named (read, as then, for every aerodrome).
    aerodrome: str | None = None
    # The day the Gazette published it; None: taken as its effective day.
    published_on: date | None = None

    @property
    def level(self) -> int:
        return 0 if self.area is None else self.area.level

    @property
    def whose(self) -> str:
        """Which rate this is, for an answer's `why`."""
        if self.aerodrome is not None:
            return f"for the aerodrome {self.aerodrome}"
        return "for every local area" if self.area is None else f"for {self.area.name}"

    def governs_place(self, place: str) -> bool:
        """Whether it may govern a seizure at `place`: a rate for an aerodrome only where the
        place of seizure names that aerodrome (s.12 "seized within such aerodrome")."""
        return self.aerodrome is None or self.aerodrome.lower() in place.lower()


def _words(kind: RateKind) -> str:
    return kind.value.lower().replace("_", " ")


def _latest(
    notifications: Iterable[Notification],
    kind: RateKind,
    species: str | None,
    on: date,
    level: int = 0,
    pound: str | None = None,
) -> Notification | None:
    """The latest notification of exactly this kind, species and level of area (covering
    `pound`) in force `on`.

    Two of the same effective date: the one published later (later in the sequence) wins.
    """
    found: Notification | None = None
    for n in notifications:
        if n.kind is not kind or n.species != species or n.effective_from > on:
            continue
        if n.level != level or (n.area is not None and pound not in n.area.pounds):
            continue
        if found is None or n.effective_from >= found.effective_from:
            found = n
    return found


# Most specific first: a pound's own rate, its local authority's, then the tenant-wide one;
# within each, one for the species before one for all species.
LEVELS = (2, 1, 0)


def in_force(
    notifications: Sequence[Notification],
    kind: RateKind,
    species: str | None,
    on: date,
    pound: str | None = None,
) -> Notification | None:
    """The notification of `kind` that governs `species` at `pound` on `on`, or None.

    The most specific in force wins whatever their dates: a pound's own over its local
    authority's over the tenant-wide one, and within each one for the species over one for
    all species. Without `pound`, only tenant-wide notifications are considered.
    """
    name = canonical(species) if species is not None else None
    for level in LEVELS if pound is not None else (0,):
        for sp in (name, None) if name is not None else (None,):
            found = _latest(notifications, kind, sp, on, level, pound)
            if found is not None:
                return found
    return None


def rule_for(plugin: Jurisdiction, kind: RateKind) -> RateRule:
    """The Act's rule for `kind`; NOT_IN_JURISDICTION when the Act leaves no such rate."""
    rule = plugin.rate_rules().get(kind)
    if rule is None:
        acts = "; ".join(a.title for a in plugin.acts)
        raise NotInJurisdiction(
            f"{acts} leaves no {_words(kind)} to notification",
            jurisdiction=plugin.code,
            kind=kind.value,
            notifiable=[k.value for k in plugin.rate_rules()],
        )
    return rule


def check(
    plugin: Jurisdiction, new: Notification, existing: Sequence[Notification]
) -> Decision[Decimal]:
    """May `new` be published beside `existing` (the tenant's notifications so far)?

    Returns the amount, citing the provision that leaves it to notification and saying
    which bound it was checked against; raises the platform's error otherwise.
    """
    rule = rule_for(plugin, new.kind)
    cite = rule.cites[0]
    amount = rupees(new.amount)  # exact to the paisa, never a float
    if amount <= 0:
        raise ValidationError(f"a notified rate must be more than zero, not {amount}")
    if not new.reference.strip():
        raise ValidationError("a notification needs its gazette reference", citation=cite)
    species = canonical(new.species) if new.species is not None else None
    if species is not None and not rule.per_species:
        raise ValidationError(
            f"the {_words(new.kind)} is not fixed per species ({cite.label}); omit the species",
            citation=cite,
        )
    if new.published_on is not None and new.effective_from < new.published_on:
        # A notification speaks from its publication: none of these Acts lets a rate reach
        # back before the Gazette published it, so fines and charges already incurred stand.
        raise TooEarly(
            f"the {_words(new.kind)} would take effect on {new.effective_from.isoformat()}, "
            f"before the Gazette published it on {new.published_on.isoformat()}; "
            f"{cite.label} lets it be fixed by notification, not backdated",
            citation=cite,
            published_on=new.published_on.isoformat(),
        )
    if rule.by_aerodrome and not (new.aerodrome or "").strip():
        raise ValidationError(
            f"the {_words(new.kind)} is directed for an aerodrome ({cite.label}): name the "
            "aerodrome it is for",
            citation=cite,
            field="aerodrome",
        )
    if new.aerodrome is not None and not rule.by_aerodrome:
        raise ValidationError(
            f"the {_words(new.kind)} is not fixed for an aerodrome ({cite.label}); omit it",
            citation=cite,
            field="aerodrome",
        )
    if rule.local_only and new.area is None:
        raise ValidationError(
            f"the {_words(new.kind)} is fixed by {rule.fixed_by} for its own pounds "
            f"({cite.label}): name the local authority (or the pound) that fixed it",
            citation=cite,
            field="localAuthorityId",
        )
    if new.area is not None and not rule.by_local_area:
        acts = "; ".join(a.title for a in plugin.acts)
        raise NotInJurisdiction(
            f"{acts} fixes the {_words(new.kind)} for the whole State ({cite.label}): a "
            "notification cannot be limited to a local area",
            citation=cite,
            jurisdiction=plugin.code,
        )
    new = replace(new, species=species, amount=amount)
    if rule.bound_base is None or rule.bound_factor is None:
        decision = Decision(
            amount, list(rule.cites), f"fixed by {rule.fixed_by}; the Act sets no cap"
        )
        return _lowers_bounds(plugin, decision, new, existing)
    return _bounded(rule, rule.bound_base, rule.bound_factor, new, existing)


def _lowers_bounds(
    plugin: Jurisdiction,
    decision: Decision[Decimal],
    new: Notification,
    existing: Sequence[Notification],
) -> Decision[Decimal]:
    """A base rate that lowers the bound of a higher rate in force says so: from its date
    the higher rate is levied only up to the new bound (a bound "not exceeding
    double" the base)."""
    over: list[str] = []
    cites = list(decision.cites)
    for rule in plugin.rate_rules().values():
        if rule.bound_base is not new.kind or rule.bound_factor is None:
            continue
        limit = times(new.amount, rule.bound_factor)
        for higher in _governed_by(existing, rule.kind, new.species, new.effective_from):
            if higher.amount > limit:
                whom = f" for {higher.species}" if higher.species else ""
                over.append(
                    f"the {_words(rule.kind)}{whom} of Rs {higher.amount} ({higher.reference}) "
                    f"exceeds {rule.bound_factor} × Rs {new.amount} ({rule.cites[0].label}) and "
                    f"is levied at Rs {limit} from {new.effective_from.isoformat()}"
                )
                cites += [c for c in rule.cites if c not in cites]
    if not over:
        return decision
    return Decision(decision.value, cites, f"{decision.why}; " + "; ".join(over))


def _governed_by(
    existing: Sequence[Notification], kind: RateKind, species: str | None, on: date
) -> list[Notification]:
    """The rates of `kind` in force on `on` that a base for `species` bounds: for one species,
    its own rate (or the one for all); for all species, every such rate in force."""
    if species is not None:
        found = in_force(existing, kind, species, on)
        return [] if found is None else [found]
    names = {n.species for n in existing if n.kind is kind}
    return [n for sp in names if (n := _latest(existing, kind, sp, on)) is not None]


def _bounded(
    rule: RateRule,
    base_kind: RateKind,
    factor: Decimal,
    new: Notification,
    existing: Sequence[Notification],
) -> Decision[Decimal]:
    """`new.amount` ≤ `factor` × the base rate in force on `new.effective_from`.

    A rate for all species must respect the base of every species it governs on that day:
    the general base, and each species' own base unless that species has its own rate.
    """
    cite = rule.cites[0]
    on = new.effective_from
    governed: list[str | None] = [new.species]
    if new.species is None:
        governed += sorted(
            {
                n.species
                for n in existing
                if n.kind is base_kind
                and n.species is not None
                and n.effective_from <= on
                and _latest(existing, new.kind, n.species, on) is None
            }
        )
    bases: list[tuple[str | None, Notification]] = []
    # A local area's rate is bounded by the base in force at each of its pounds.
    places: list[str | None] = [*sorted(new.area.pounds)] if new.area else []
    for sp, place in [(sp, place) for sp in governed for place in places or [None]]:
        base = in_force(existing, base_kind, sp, on, place)
        if base is None:
            whom = f"for {sp}" if sp is not None else "for all species"
            raise ValidationError(
                f"the {_words(new.kind)} may not exceed {factor} × the {_words(base_kind)} "
                f"({cite.label}), but no {_words(base_kind)} {whom} is in force on "
                f"{on.isoformat()}; notify that first",
                citation=cite,
                base=base_kind.value,
            )
        bases.append((sp, base))
    species, base = min(bases, key=lambda b: b[1].amount)
    limit = times(base.amount, factor)
    whom = f" for {species}" if species is not None else ""
    if base.area is not None:
        whom += f" {base.whose}"
    basis = (
        f"{factor} × the {_words(base_kind)}{whom} of Rs {base.amount} in force on "
        f"{on.isoformat()} ({base.reference}) is Rs {limit}"
    )
    if new.amount > limit:
        raise FineAboveCap(
            f"Rs {new.amount} exceeds the cap {cite.cited} sets: {basis}",
            citation=cite,
            cap=str(limit),
            base=base_kind.value,
            factor=str(factor),
        )
    return Decision(new.amount, list(rule.cites), f"within the cap {cite.cited} sets: {basis}")
