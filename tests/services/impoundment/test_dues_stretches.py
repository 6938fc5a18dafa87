"""Feeding charges are reckoned by stretches of days at one rate (issue #36: the case page looked
the rate up once per day in the pound, a tenth of its work); each day is still charged at the
rate in force that day. Over random feeding rates (changed mid-stay, for one species or for
all, for the case's pound, its local authority, another pound, or every area; two of one date;
none yet) and animals, every feeding line — amount, days and explanation — is the one a
day-by-day reckoning gives."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from pashu.core.legaltime import IST
from pashu.db.impoundment import AnimalStatus
from pashu.jurisdictions import registry
from pashu.jurisdictions.notifications import Area, Notification, in_force
from pashu.jurisdictions.vocabulary import MoneyKind, RateKind
from pashu.services.impoundment import dues

DAY0 = date(2026, 1, 1)
POUND, OTHER = str(uuid.uuid4()), str(uuid.uuid4())
AREAS = {
    None: None,
    "authority": Area(1, "Kohima TC", frozenset({POUND, OTHER})),
    "pound": Area(2, "Main pound", frozenset({POUND})),
    "other": Area(2, "Other pound", frozenset({OTHER})),
}
SPECIES = ["cow", "goat"]


@dataclass(frozen=True)
class Case:
    impounded_at: datetime
    place: str
    place_kind: str
    pound_id: uuid.UUID | None


@dataclass(frozen=True)
class Animal:
    species: str
    status: str
    fine_settled: bool
    charges_settled_at: datetime | None


def instant(day: int) -> datetime:
    return datetime.combine(DAY0 + timedelta(days=day), datetime.min.time(), IST)


def day_by_day(
    notifications: list[Notification], species: str, first: date, days: int, heads: int
) -> tuple[Decimal | None, str]:
    """The feeding line's amount and the tail of its explanation, a day at a time."""
    amount: Decimal | None = Decimal("0.00")
    used: dict[str, None] = {}
    for n in range(days):
        day = first + timedelta(days=n)
        rate = in_force(notifications, RateKind.FEEDING_PER_HEAD_PER_DAY, species, day, POUND)
        if rate is None:
            return None, f"no feeding rate for {species} notified in force on {day.isoformat()}"
        assert amount is not None
        amount += rate.amount * heads
        used[f"Rs {rate.amount} {rate.whose} ({rate.reference})"] = None
    return amount, "; ".join(used)


rate = st.tuples(
    st.sampled_from([None, *SPECIES]),
    st.integers(1, 50_000),  # paise
    st.integers(0, 40),  # effective from DAY0 + n
    st.sampled_from(list(AREAS)),
)
animal = st.tuples(st.sampled_from(SPECIES), st.one_of(st.none(), st.integers(0, 30)))


@settings(max_examples=300, deadline=None)
@given(
    rates=st.lists(rate, max_size=6),
    animals=st.lists(animal, min_size=1, max_size=4),
    impounded=st.integers(0, 20),
    stay=st.integers(0, 60),
)
def test_feeding_by_stretches_is_feeding_day_by_day(
    rates: list[tuple[str | None, int, int, str | None]],
    animals: list[tuple[str, int | None]],
    impounded: int,
    stay: int,
) -> None:
    plugin = registry.get("nagaland")
    notifications = [
        Notification(
            RateKind.FEEDING_PER_HEAD_PER_DAY,
            species,
            Decimal(paise) / 100,
            DAY0 + timedelta(days=day),
            f"Gazette {i}",
            AREAS[area],
        )
        for i, (species, paise, day, area) in enumerate(rates)
    ]
    case = Case(instant(impounded), "field", "PRIVATE_LAND", uuid.UUID(POUND))
    held = [
        Animal(
            species,
            AnimalStatus.IN_POUND.value,
            False,
            None if settled is None else instant(impounded + settled),
        )
        for species, settled in animals
    ]
    found = dues.compute(plugin, notifications, case, held, instant(impounded + stay))
    lines = [line for line in found.lines if line.kind is MoneyKind.FEEDING_CHARGE]
    # Each species' animals charged from the same day for as many days, as one line.
    groups: dict[tuple[str, date, int], int] = {}
    until = DAY0 + timedelta(days=impounded + stay)
    for species, settled in animals:
        first = DAY0 + timedelta(days=impounded + (0 if settled is None else settled + 1))
        days = (until - first).days + 1
        if days > 0:
            groups[(species, first, days)] = groups.get((species, first, days), 0) + 1
    assert len(lines) == len(groups)
    for line, ((species, first, days), heads) in zip(lines, sorted(groups.items()), strict=True):
        assert (line.species, line.days, line.heads) == (species, days, heads)
        amount, why = day_by_day(notifications, species, first, days, heads)
        assert line.amount == amount
        assert str(line.amount) == str(amount)  # the same places of decimals too
        assert line.why.endswith(why)
