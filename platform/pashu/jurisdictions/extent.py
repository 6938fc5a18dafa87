"""Where an Act is in force, and kinds of animal added to it by notification.

A plugin states its Act's extent (`Jurisdiction.extent`): the areas the Act itself leaves
out, the notifications by which the Government may take an area out of its operation (or
bring it in), and whether an area no entry names is in force. The tenant records the
entries (dated, referenced); `in_force` reads them for a day. Likewise an Act that lets the
Government specify further kinds of animal by notification says so (`kinds`), and
`notified` turns a recorded notification into the classification from its date.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from pashu.core.citations import Citation
from pashu.core.decision import Decision


class AreaGround(enum.Enum):
    """Why an Act is, or is not, in force in an area."""

    MUNICIPALITY = "MUNICIPALITY"  # the Act leaves municipal areas out
    AUTONOMOUS_DISTRICT_COUNCIL = "AUTONOMOUS_DISTRICT_COUNCIL"  # the Act leaves them out
    EXEMPTION = "EXEMPTION"  # exempted from the Act by notification
    EXCLUSION = "EXCLUSION"  # excluded from the Act's operation by notification
    COMMENCEMENT = "COMMENCEMENT"  # the Act brought into force in the area by notification
    CANCELLATION = "CANCELLATION"  # an exemption or exclusion cancelled: in force again


@dataclass(frozen=True)
class AreaRule:
    """One ground the Act gives: what an entry on it makes of the area, from its date."""

    ground: AreaGround
    in_force: bool
    by_notification: bool  # False: the Act's own words, no gazette notification needed
    cites: tuple[Citation, ...]
    summary: str


@dataclass(frozen=True)
class Extent:
    summary: str
    # An area no entry names: True, in force; None, not known (in force only where the
    # Government has appointed it, and no appointment is recorded).
    default_in_force: bool | None
    rules: tuple[AreaRule, ...]


@dataclass(frozen=True)
class AreaEntry:
    """A recorded entry for one area (services load them from the register)."""

    area: str
    ground: AreaGround
    effective_from: date
    reference: str


@dataclass(frozen=True)
class KindRule:
    """The Government may add kinds of animal to the Act by notification (and take them out,
    where `removable`)."""

    removable: bool
    cites: tuple[Citation, ...]
    summary: str
    # Set: removable only by rescinding a notification that added the kind (the power to
    # notify includes the power to rescind, General Clauses Act s.21), cited so; a kind the
    # Act itself names stays.
    rescission: Citation | None = None


def rule_for(extent: Extent, ground: AreaGround) -> AreaRule | None:
    return next((r for r in extent.rules if r.ground is ground), None)


def statutory_exclusion(
    extent: Extent, entries: Sequence[AreaEntry]
) -> tuple[AreaEntry, AreaRule] | None:
    """The first of `entries` on a ground the Act itself excludes (no notification needed,
    not in force), with its rule; None when there is none."""
    for e in sorted(entries, key=lambda e: e.effective_from):
        rule = rule_for(extent, e.ground)
        if rule is not None and not rule.by_notification and not rule.in_force:
            return e, rule
    return None


def in_force(
    extent: Decision[Extent], area: str, entries: Sequence[AreaEntry], on: date
) -> Decision[bool | None]:
    """Is the Act in force in `area` on `on`? The latest entry in effect decides; without one,
    the Act's default for an area it does not name."""
    current = [e for e in entries if e.effective_from <= on]
    if not current:
        later = [e for e in entries if e.effective_from > on]
        default = extent.value.default_in_force
        if later and default is None:
            first = min(later, key=lambda e: e.effective_from)
            rule = rule_for(extent.value, first.ground)
            if rule is not None and rule.in_force:
                # Brought into force from a later date: not yet in force on `on`.
                return Decision(
                    False,
                    list(rule.cites),
                    f"the Act is in force in {area} only from {first.effective_from.isoformat()} "
                    f"({first.reference})",
                )
        words = {True: "in force", None: "of unknown force", False: "not in force"}[default]
        return Decision(
            default,
            extent.cites,
            f"no entry names {area}: the Act is {words} there ({extent.value.summary})",
        )
    own = statutory_exclusion(extent.value, current)
    if own is not None:
        # The Act's own words leave the area out: a notification can vary or cancel only what
        # a notification did (Animal (Control & Taxation) Act 2014, s.1(2) proviso), so none
        # brings it in.
        entry, excluded = own
        return Decision(
            False,
            list(excluded.cites),
            f"the Act itself does not extend to {area} ({excluded.summary}; {entry.reference}); "
            "a notification cannot bring it in",
        )
    last = max(current, key=lambda e: e.effective_from)
    rule = rule_for(extent.value, last.ground)
    cites = list(rule.cites) if rule is not None else extent.cites
    state = rule.in_force if rule is not None else None
    words = "in force" if state else "not in force"
    return Decision(
        state,
        cites,
        f"the Act is {words} in {area} from {last.effective_from.isoformat()} "
        f"({last.ground.value.lower().replace('_', ' ')}: {last.reference})",
    )


@dataclass(frozen=True)
class KindEntry:
    """A recorded notification about one kind (services load them from the register)."""

    species: str
    included: bool
    effective_from: date
    reference: str


def notified(
    is_cattle: Decision[bool | None],
    species: str,
    rule: Decision[KindRule],
    entries: Sequence[KindEntry],
    on: date,
) -> Decision[bool | None]:
    """The Act's own answer for `species`, unless a notification in effect on `on` says
    otherwise: the latest one decides, from its date."""
    current = [e for e in entries if e.species == species and e.effective_from <= on]
    if not current:
        return is_cattle
    last = max(current, key=lambda e: e.effective_from)
    verb = "specified" if last.included else "taken out"
    rescinded = [] if last.included or rule.value.rescission is None else [rule.value.rescission]
    return Decision(
        last.included,
        [*rule.cites, *rescinded],
        f"{species} {verb} by notification {last.reference} from "
        f"{last.effective_from.isoformat()} ({rule.value.summary})",
    )
