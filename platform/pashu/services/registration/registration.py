"""Owners and the register of their animals (an Act's registration chapter): report, fee, lateness.

The law (the window, the fee's basis, exemptions) comes from the tenant's plugin; this module
loads the notifications, keeps the register and posts the fee to the ledger.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core import bounds
from pashu.core.citations import Citation
from pashu.core.errors import Conflict, NotFound, ValidationError, in_row
from pashu.core.legaltime import aware, legal_date
from pashu.core.money import rupees, times
from pashu.db import audit, keyset
from pashu.db.keyset import Page
from pashu.db.registration import AnimalRegistration, Owner, RegisteredAnimals
from pashu.db.tenancy import Tenant
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.notifications import Notification, in_force
from pashu.jurisdictions.registration import (
    OwnerCategory,
)
from pashu.jurisdictions.species import canonical
from pashu.jurisdictions.vocabulary import Capability, MoneyKind, RateKind
from pashu.services.ledger import accounts, ledger
from pashu.services.pounds import pounds
from pashu.services.rates.rates import as_notification, notifications
from pashu.services.tenancy.tenants import Principal


@dataclass(frozen=True)
class OwnerInput:
    name: str
    address: str
    category: OwnerCategory


@dataclass(frozen=True)
class AnimalCount:
    species: str
    adults: int
    young: int


@dataclass(frozen=True)
class RegistrationStatus:
    """What the register says of an owner on a day (for the impoundment flows)."""

    owner_id: uuid.UUID | None
    category: OwnerCategory | None
    exempt: bool
    registered: bool  # at least one registration made on or before the day
    late: bool  # any of those was made after its month had run
    head_counts: dict[str, int] = field(default_factory=dict)  # species -> adults + young
    registration_ids: list[uuid.UUID] = field(default_factory=list)
    cites: list[Citation] = field(default_factory=list)
    why: str = ""


def key(text: str) -> str:
    """How a name or address is matched: case and spacing do not matter."""
    return " ".join(text.split()).casefold()


def clean(value: str, what: str, length: int = 200) -> str:
    text = " ".join(value.split())
    if not text or len(text) > length:
        raise ValidationError(f"{what} must be 1 to {length} characters", field=what)
    return text


def credit_funds(
    session: Session,
    plugin: Jurisdiction,
    kind: MoneyKind,
    amount: Decimal,
    *,
    at: datetime,
    payer: str,
    subject: str,
    memo: str,
    key: str,
    body: accounts.Body = accounts.NO_BODY,
) -> ledger.LedgerTransaction:
    """Post `amount` from `payer` into the accounts the Act routes `kind` to (those of
    `body`, for a fund kept per local body), split exact to the paisa; money an Act routes
    to no named fund is held in `deposit:unrouted:<kind>`."""
    return ledger.post(
        session,
        at=at,
        kind=kind.value.lower(),
        memo=memo,
        subject=subject,
        entries=[(payer, -amount), *accounts.routed(plugin, kind, amount, body)],
        key=key,
    )


def notified(session: Session, kind: RateKind) -> list[Notification]:
    """The tenant's notifications of `kind`, read once for every species and day an act
    prices (one statement however many lines it has: issue #36)."""
    return [as_notification(r) for r in notifications(session, kind)]


def rate_for(
    known: Sequence[Notification], kind: RateKind, species: str | None, on: date, cite: Citation
) -> Decimal:
    """The rate of `kind` for `species` in force `on` among the `known` notifications
    (`notified`); VALIDATION if none is."""
    found = in_force(list(known), kind, species, on)
    if found is None:
        words = kind.value.lower().replace("_", " ")
        whom = f" for {species}" if species is not None else ""
        raise ValidationError(
            f"no {words}{whom} is notified in force on {on.isoformat()} "
            f"({cite.label}); publish the notification first",
            citation=cite,
            kind=kind.value,
        )
    return found.amount


def _counts(animals: Sequence[AnimalCount]) -> list[AnimalCount]:
    if not animals:
        raise ValidationError("report at least one kind of animal", field="animals")
    seen: set[str] = set()
    out: list[AnimalCount] = []
    for i, a in enumerate(animals):
        with in_row("animals", i):  # an error of one line names it
            species = canonical(a.species)
            if species in seen:
                raise ValidationError(f"{species} is listed twice", field="animals")
            if a.adults < 0 or a.young < 0 or a.adults + a.young == 0:
                raise ValidationError(
                    f"the number of {species} (adult and young) must be positive", field="animals"
                )
            bounds.heads(a.adults + a.young, "animals", bounds.MAX_HEADS_REGISTERED)
        seen.add(species)
        out.append(AnimalCount(species, a.adults, a.young))
    return out


def find_owner(session: Session, name: str, address: str) -> Owner | None:
    return session.scalar(
        select(Owner).where(Owner.name_key == key(name), Owner.address_key == key(address))
    )


def _owner(session: Session, given: OwnerInput) -> Owner:
    name = clean(given.name, "name")
    address = clean(given.address, "address", 500)
    owner = find_owner(session, name, address)
    if owner is None:
        owner = Owner(
            name=name,
            address=address,
            category=given.category.value,
            name_key=key(name),
            address_key=key(address),
        )
        session.add(owner)
        session.flush()
    elif owner.category != given.category.value:
        raise Conflict(
            f"{owner.name} of {owner.address} is registered as {owner.category}",
            field="category",
        )
    return owner


def register_animals(
    session: Session,
    principal: Principal,
    owner: OwnerInput,
    at: datetime,
    owned_since: date,
    animals: Sequence[AnimalCount],
    village_council: str | None = None,
) -> AnimalRegistration:
    """Register an owner's report of his animals and collect the fee at the rates in force,
    into the fund of `village_council` (the local authority of the area, by name) where the
    Act keeps one per local body; without it, into the fund's account of no named body."""
    principal.require("clerk")
    plugin = registry.get(principal.jurisdiction)
    law = plugin.registration_law(Capability.ANIMAL_REGISTRATION)
    at = aware(at)
    on = legal_date(at)
    if owned_since > on:
        raise ValidationError("ownedSince is after the registration", field="ownedSince")
    counts = _counts(animals)
    window = law.registration_window(owned_since)
    exemption = law.exemption(owner.category)
    fee_rule = law.registration_fee()
    lines: list[RegisteredAnimals] = []
    fees = [] if exemption.value else notified(session, RateKind.REGISTRATION_FEE)
    for c in counts:
        rate = (
            None
            if exemption.value
            else rate_for(fees, RateKind.REGISTRATION_FEE, c.species, on, fee_rule.cites[0])
        )
        fee = Decimal("0.00") if rate is None else times(rate, c.adults + c.young)
        lines.append(
            RegisteredAnimals(species=c.species, adults=c.adults, young=c.young, rate=rate, fee=fee)
        )
    total = rupees(sum((line.fee for line in lines), Decimal(0)))
    council = (
        pounds.authority_named(session, clean(village_council, "villageCouncil"))
        if village_council is not None
        else None
    )
    row = _owner(session, owner)
    reg = AnimalRegistration(
        owner_id=row.id,
        registered_at=at,
        owned_since=owned_since,
        deadline=window.value.deadline,
        # An owner the chapter does not apply to (exempt by class) owes no report, so is never
        # late with one.
        late=not exemption.value and window.value.is_late(at),
        exempt=exemption.value,
        fee=total,
        registered_by=principal.actor,
        local_authority_id=council.id if council else None,
    )
    session.add(reg)
    session.flush()
    for line in lines:
        line.registration_id = reg.id
    session.add_all(lines)
    subject = f"AnimalRegistration:{reg.id}"
    if total > 0:
        credit_funds(
            session,
            plugin,
            MoneyKind.REGISTRATION_FEE,
            total,
            at=at,
            payer=f"payer:owner:{row.id}",
            subject=subject,
            memo=f"registration fee of {row.name} ({fee_rule.cites[0].label})",
            key=f"registration-fee:{reg.id}",
            body=accounts.Body(authority_id=reg.local_authority_id),
        )
    audit.record(
        session,
        principal.actor,
        "animals.register",
        subject,
        after={
            "owner": row.name,
            "category": row.category,
            "animals": {c.species: [c.adults, c.young] for c in counts},
            "fee": str(total),
            "late": reg.late,
            "exempt": reg.exempt,
            "villageCouncil": council.name if council else None,
        },
    )
    session.flush()
    return reg


def registration(session: Session, registration_id: uuid.UUID) -> AnimalRegistration:
    reg = session.scalar(select(AnimalRegistration).where(AnimalRegistration.id == registration_id))
    if reg is None:
        raise NotFound("no such registration")
    return reg


def owner_of(session: Session, reg: AnimalRegistration) -> Owner:
    return session.scalars(select(Owner).where(Owner.id == reg.owner_id)).one()


def lines_of(session: Session, registration_ids: Sequence[uuid.UUID]) -> list[RegisteredAnimals]:
    if not registration_ids:
        return []
    return list(
        session.scalars(
            select(RegisteredAnimals)
            .where(RegisteredAnimals.registration_id.in_(registration_ids))
            .order_by(RegisteredAnimals.species)
        )
    )


def registrations(
    session: Session,
    owner_id: uuid.UUID | None = None,
    late: bool | None = None,
    page: Page | None = None,
) -> list[AnimalRegistration]:
    """The register, newest first (ix_animal_registrations_page)."""
    q = select(AnimalRegistration)
    if owner_id is not None:
        q = q.where(AnimalRegistration.owner_id == owner_id)
    if late is not None:
        q = q.where(AnimalRegistration.late == late)
    order = [(AnimalRegistration.registered_at, True), (AnimalRegistration.id, True)]
    return keyset.rows(session, q, page, order)


def owners(session: Session, page: Page | None = None) -> list[Owner]:
    """Owners by name, then address (ix_owners_page)."""
    order = [(Owner.name_key, False), (Owner.address_key, False), (Owner.id, False)]
    return keyset.rows(session, select(Owner), page, order)


def registration_status(
    session: Session, owner_name: str, owner_address: str, on: date
) -> RegistrationStatus:
    """Whether the owner named has registered animals by `on` (for the impoundment flows)."""
    owner = find_owner(session, owner_name, owner_address)
    tenant = session.get(Tenant, session.info.get("tenant_id"))
    plugin = registry.get(tenant.jurisdiction) if tenant is not None else None
    if plugin is None or not plugin.has(Capability.ANIMAL_REGISTRATION):
        return RegistrationStatus(None, None, False, False, False, why="no animal register")
    law = plugin.registration_law(Capability.ANIMAL_REGISTRATION)
    if owner is None:
        return RegistrationStatus(
            None,
            None,
            False,
            False,
            False,
            cites=law.registration_fee().cites[:1],
            why="no owner of that name and address is on the register",
        )
    category = OwnerCategory(owner.category)
    exemption = law.exemption(category)
    regs = [r for r in registrations(session, owner.id) if legal_date(r.registered_at) <= on]
    counts: dict[str, int] = {}
    for line in lines_of(session, [r.id for r in regs]):
        counts[line.species] = counts.get(line.species, 0) + line.adults + line.young
    late = not exemption.value and any(r.late for r in regs)
    if regs:
        why = f"{len(regs)} registration(s) by {on.isoformat()}" + (
            ", one or more late" if late else ""
        )
    else:
        why = f"no registration by {on.isoformat()}"
    if exemption.value:
        why += "; " + exemption.why
    return RegistrationStatus(
        owner_id=owner.id,
        category=category,
        exempt=exemption.value,
        registered=bool(regs),
        late=late,
        head_counts=dict(sorted(counts.items())),
        registration_ids=[r.id for r in regs],
        cites=[*law.registration_window(on).cites, *exemption.cites],
        why=why,
    )
