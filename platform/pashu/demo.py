"""Demo data for a new demo tenant: pounds, notified rates and a few cases in different
states, so the reference dashboard has something to show.

Everything goes through the services a clerk's requests would use (rates, pounds,
seizures, notices, delivery, sale), so the register, the ledger and the audit trail are
exactly what real use would leave. Which chapters and rates exist comes from the tenant's
plugin, and so do the people, places and authorities (`plugin.demo`, the plugin's demo.yaml);
nothing here names a state.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from sqlalchemy.orm import Session

from pashu.db.impoundment import AnimalStatus, Impoundment
from pashu.db.pounds import Pound
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.demo import DemoData, DemoPerson, DemoPound
from pashu.jurisdictions.vocabulary import PUBLIC_BUYER, Action, Capability, PlaceKind, RateKind
from pashu.services.impoundment import cases
from pashu.services.impoundment.delivery import deliver_to_owner
from pashu.services.impoundment.dues import compute, words
from pashu.services.impoundment.sales import Lot, record_sale
from pashu.services.impoundment.seizures import (
    NOTICE_ACTIONS,
    AnimalLine,
    Person,
    record_notice,
    record_seizure,
)
from pashu.services.pounds.pounds import create_pound
from pashu.services.rates.rates import publish
from pashu.services.tenancy.tenants import Principal

# Illustrative amounts in rupees: a demo gazette, not any state's real notification.
RATES: dict[str, tuple[str, str]] = {  # species: (fine per head, feeding per head per day)
    "cow": ("50.00", "10.00"),
    "buffalo": ("60.00", "12.00"),
    "goat": ("20.00", "5.00"),
    "pig": ("30.00", "6.00"),
}
# For a plugin that ships no demo data of its own: plain names that claim no state.
NEUTRAL = DemoData(
    pounds=(
        DemoPound("Demo pound", "Demo local authority"),
        DemoPound("Second demo pound", "Demo local authority"),
    ),
    seizer=DemoPerson("Demo seizer", "Demo address"),
    owner=DemoPerson("Demo owner", "Demo address"),
    claimant=DemoPerson("Demo claimant", "Demo address"),
    buyer=DemoPerson("Demo buyer", "Demo address"),
    places=("Demo field",),
)


@dataclass(frozen=True)
class Seeded:
    pounds: int
    cases: int


def _species(plugin: Jurisdiction) -> list[str]:
    """The demo species the Act lets a pound take in (cattle or animals under it)."""
    out = []
    for name in RATES:
        c = plugin.classify(name)
        if c.is_cattle.value or c.is_animal.value:
            out.append(name)
    return out


def _place(plugin: Jurisdiction) -> PlaceKind:
    places = [k.code for k in plugin.declared_kinds().places]
    for kind in places:
        if plugin.fine_rate_kind(kind).value is RateKind.FINE_PER_HEAD:
            return kind
    return places[0]


def _rates(
    session: Session,
    who: Principal,
    plugin: Jurisdiction,
    since: date,
    authorities: list[uuid.UUID],
) -> None:
    """The demo's rates; one fixed by each local authority for its pounds where the Act has
    it so (`local_only`), else one for every area."""
    rules = plugin.rate_rules()
    for kind, pick in ((RateKind.FINE_PER_HEAD, 0), (RateKind.FEEDING_PER_HEAD_PER_DAY, 1)):
        rule = rules.get(kind)
        if rule is None or rule.bound_base is not None:
            continue
        for species in _species(plugin) if rule.per_species else [None]:
            amount = RATES[species or "cow"][pick]
            for authority in authorities if rule.local_only else [None]:
                publish(
                    session,
                    who,
                    kind,
                    species,
                    Decimal(amount),
                    since,
                    f"Demo gazette, {words(kind)}",
                    local_authority_id=authority,
                )


def _notices_until(
    session: Session, who: Principal, plugin: Jurisdiction, case: Impoundment, until: datetime
) -> None:
    """Make each notice the Act requires at its earliest lawful time (plus two hours), as
    long as that time is before `until`."""
    for _ in range(len(NOTICE_ACTIONS)):
        issued = cases.notices(session, case.id)
        done = {n.kind for n in issued}
        pending = [
            s
            for s in cases.timeline(plugin, case, issued)
            if s.action in NOTICE_ACTIONS and s.action.value not in done
        ]
        if not pending:
            return
        first = min(pending, key=lambda s: s.window.not_before)
        at = first.window.not_before + timedelta(hours=2)
        if at > until:
            return
        record_notice(
            session,
            who,
            impoundment_id=case.id,
            kind=first.action,
            issued_at=at,
            text=f"{first.action.value.replace('_', ' ').capitalize()} (demo)",
        )


def _seize(
    session: Session,
    who: Principal,
    pound: Pound,
    at: datetime,
    place: PlaceKind,
    animals: list[AnimalLine],
    owner: Person | None,
    where: str,
    seizer: DemoPerson,
) -> Impoundment:
    return record_seizure(
        session,
        who,
        pound_id=pound.id,
        seized_at=at,
        impounded_at=at + timedelta(hours=2),
        place_kind=place,
        place=where,
        seizer=Person(seizer.name, seizer.address),
        seizer_signed=True,
        owner=owner,
        animals=animals,
        # The first power the Act gives at such a place, with the damage it may require.
        capacity=next(
            p.capacity for p in registry.get(who.jurisdiction).seizure_powers() if place in p.places
        ),
        damage="crops trampled and eaten",
    )


def seed(session: Session, who: Principal, now: datetime | None = None) -> Seeded:
    """Pounds, rates and five cases for a tenant whose Act has an impoundment chapter."""
    plugin = registry.get(who.jurisdiction)
    if not plugin.has(Capability.IMPOUNDMENT):
        return Seeded(0, 0)
    now = (now or datetime.now(UTC)).replace(second=0, microsecond=0)
    demo = plugin.demo or NEUTRAL
    pounds = [create_pound(session, who, p.name, p.authority) for p in demo.pounds[:2]]
    authorities = list(dict.fromkeys(p.local_authority_id for p in pounds))
    _rates(session, who, plugin, date(now.year - 1, 1, 1), authorities)
    species = _species(plugin)
    big, small = species[0], species[-1]
    place = _place(plugin)
    owner = Person(demo.owner.name, demo.owner.address)
    claimant = Person(demo.claimant.name, demo.claimant.address)
    made = 0

    def lines(*spec: tuple[str, int, str]) -> list[AnimalLine]:
        return [AnimalLine(s, n, d) for s, n, d in spec]

    # 1. Brought in this morning: the first duties are due today.
    _seize(
        session,
        who,
        pounds[0],
        now - timedelta(hours=5),
        place,
        lines((big, 2, "brown, white blaze"), (small, 1, "black")),
        owner,
        demo.place(0),
        demo.seizer,
    )
    made += 1
    # 2. Seized twelve days ago and never announced: overdue.
    _seize(
        session,
        who,
        pounds[1],
        now - timedelta(days=12),
        place,
        lines((big, 1, "grey, broken left horn")),
        None,
        demo.place(1),
        demo.seizer,
    )
    made += 1
    # 3. Delivered to the owner yesterday on payment of the dues.
    delivered = _seize(
        session,
        who,
        pounds[0],
        now - timedelta(days=4),
        place,
        lines((small, 3, "white")),
        claimant,
        demo.place(2),
        demo.seizer,
    )
    when = now - timedelta(days=1)
    in_pound = cases.animals(session, delivered)
    dues = compute(plugin, cases.rates(session), delivered, in_pound, when)
    deliver_to_owner(
        session,
        who,
        impoundment_id=delivered.id,
        at=when,
        claimant=claimant,
        amount_paid=dues.total or Decimal("0.00"),
        under_protest=False,
    )
    made += 1
    # 4. Unclaimed, the notices made: awaiting the auction.
    waiting = _seize(
        session,
        who,
        pounds[1],
        now - timedelta(days=10),
        place,
        lines((big, 2, "black and white")),
        None,
        demo.place(3),
        demo.seizer,
    )
    _notices_until(session, who, plugin, waiting, now)
    made += 1
    # 5. Unclaimed, noticed and sold at auction.
    if plugin.has(Capability.AUCTION):
        sold = _seize(
            session,
            who,
            pounds[0],
            now - timedelta(days=30),
            place,
            lines((big, 1, "red, ear notched"), (small, 2, "brown")),
            None,
            demo.place(4),
            demo.seizer,
        )
        _notices_until(session, who, plugin, sold, now - timedelta(days=5))
        auction = cases.step(
            cases.timeline(plugin, sold, cases.notices(session, sold.id)), Action.AUCTION
        )
        if auction is not None and not auction.projected and auction.window.not_before < now:
            at = max(auction.window.not_before + timedelta(hours=3), now - timedelta(days=4))
            left = [
                a for a in cases.animals(session, sold) if a.status == AnimalStatus.IN_POUND.value
            ]
            heads: dict[str, int] = {}
            for a in left:
                heads[a.species] = heads.get(a.species, 0) + 1
            record_sale(
                session,
                who,
                impoundment_id=sold.id,
                at=min(at, now),
                lots=[Lot(s, n) for s, n in heads.items()],
                buyer=Person(demo.buyer.name, demo.buyer.address),
                buyer_role=PUBLIC_BUYER,
                price=Decimal("2500.00"),
                expenses=Decimal("150.00"),
            )
        made += 1
    return Seeded(len(pounds), made)
