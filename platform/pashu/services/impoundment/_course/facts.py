"""What the model of a case's course reads: the protocols the registers' rows satisfy, and
`CourseFacts`, the facts of one case (the registers', or a scenario's)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any, Protocol

from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.notifications import Notification
from pashu.services.ledger.accounts import NO_BODY, Body

# -- what the model reads: protocols the ORM rows and the sweep's narrower rows satisfy ----


class IssuedNotice(Protocol):
    """A notice as the timeline reads it: a `Notice`, or the sweep's narrower row."""

    @property
    def kind(self) -> str: ...

    @property
    def issued_at(self) -> datetime: ...


class CaseInstants(Protocol):
    """A case as its timeline's events read it: an `Impoundment`, `CourseFacts`, or the
    sweep's narrower row."""

    @property
    def seized_at(self) -> datetime: ...

    @property
    def impounded_at(self) -> datetime: ...

    @property
    def refused_at(self) -> datetime | None: ...

    @property
    def refusal_sold_at(self) -> datetime | None: ...


class HasStatus(Protocol):
    """An animal as the steps still required read it: its status."""

    @property
    def status(self) -> str: ...


class HeldAnimal(Protocol):
    """An animal as the duties and the notices read it: an `ImpoundedAnimal`, or the
    sweep's narrower row."""

    @property
    def id(self) -> uuid.UUID: ...

    @property
    def species(self) -> str: ...

    @property
    def description(self) -> str: ...

    @property
    def ear_tag(self) -> str | None: ...

    @property
    def status(self) -> str: ...


class Reckoned(Protocol):
    """An animal as "acts in their order" reads it: its id, status and the instant its
    dues were reckoned to."""

    @property
    def id(self) -> uuid.UUID: ...

    @property
    def status(self) -> str: ...

    @property
    def charges_settled_at(self) -> datetime | None: ...


class SoldAt(Protocol):
    """A sale as the owner's claim on its proceeds reads it: a `Sale`, or the sweep's row."""

    @property
    def at(self) -> datetime: ...

    @property
    def account(self) -> dict[str, Any]: ...


# -- the facts ------------------------------------------------------------------------------


@dataclass(frozen=True)
class AnimalFact:
    id: uuid.UUID
    species: str
    status: str
    charges_settled_at: datetime | None = None
    released_at: datetime | None = None
    description: str = ""
    ear_tag: str | None = None
    fine_settled: bool = False  # its fine paid (or laid elsewhere): the dues count it no more
    injured: bool = False  # an injury while being seized is recorded
    carcass_returned_at: datetime | None = None


@dataclass(frozen=True)
class NoticeFact:
    kind: str
    issued_at: datetime
    id: uuid.UUID | None = None
    proclaimed_at: datetime | None = None


@dataclass(frozen=True)
class SaleFact:
    at: datetime
    account: dict[str, Any] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class DeliveryFact:
    at: datetime
    under_protest: bool = False
    amount: Decimal = Decimal("0.00")  # the sum paid (deposited, under protest)
    fines: Decimal = Decimal("0.00")  # of which the fines, as its receipt itemised the dues
    key: str | None = None  # the ledger key a deposit under protest is applied under
    id: uuid.UUID | None = None
    applied: bool = False  # a deposit under protest applied to the dues already


@dataclass(frozen=True)
class LedgerLeg:
    """One leg of a ledger transaction about the case (the books read them)."""

    transaction: uuid.UUID
    at: datetime
    kind: str
    key: str | None
    account: str
    amount: Decimal


@dataclass(frozen=True)
class AuctionFact:
    """A round of the case's auction: when it is notified for, and whether it is closed."""

    id: uuid.UUID
    scheduled_for: datetime
    notice_issued_at: datetime
    closed_at: datetime | None = None


@dataclass(frozen=True)
class ComplaintFact:
    """A complaint of illegal seizure filed on the case, and its decision if made."""

    id: uuid.UUID
    at: datetime
    decided_at: datetime | None = None
    illegal: bool = False
    seizer_owes: Decimal = Decimal("0.00")  # what the decision lays on the seizer


@dataclass(frozen=True)
class FineFact:
    """A fine on conviction for the trespass of the case's cattle (linked to the case by its
    offence): what a sale recovering it reads (Cattle Trespass Act 1985 s.26)."""

    id: uuid.UUID
    at: datetime  # when it was imposed
    amount: Decimal
    section: str  # the offence's section
    paid_at: datetime | None = None  # paid, or recovered in full by sale (its ledger key)
    recovered: Decimal = Decimal("0.00")  # what sales recovered of it so far

    @property
    def owed(self) -> Decimal:
        return self.amount - self.recovered


@dataclass(frozen=True)
class CourseFacts:
    """What the registers hold about one case, or what a scenario supposes. Satisfies
    `CaseInstants`, so the timeline reads it as it reads a case row."""

    plugin: Jurisdiction
    seized_at: datetime
    impounded_at: datetime
    animals: tuple[AnimalFact, ...] = ()
    notices: tuple[NoticeFact, ...] = ()
    refused_at: datetime | None = None
    refusal_sold_at: datetime | None = None
    sales: tuple[SaleFact, ...] = ()
    deliveries: tuple[DeliveryFact, ...] = ()
    complaints: tuple[datetime, ...] = ()  # when each complaint of illegal seizure was filed
    release_orders: tuple[datetime, ...] = ()  # when each ordered release took effect
    fines: tuple[FineFact, ...] = ()  # fines on conviction linked to the case
    # Where the animals were seized, and the pound: the dues' scale and rates depend on them.
    place: str = ""
    place_kind: str = ""
    pound_id: uuid.UUID | None = None
    # The case's money, loaded for the answers that need it (`cases.load(money=True)`): the
    # rates notified (the dues), the legs of its ledger transactions and the local body and
    # pound its money belongs to (the books). None: not loaded, and not to be guessed.
    rates: tuple[Notification, ...] | None = None
    ledger: tuple[LedgerLeg, ...] | None = None
    body: Body = NO_BODY
    auctions: tuple[AuctionFact, ...] = ()
    filed: tuple[ComplaintFact, ...] = ()  # the complaints with their decisions
    corrected: bool = False  # the entry was corrected by a newer one


def facts_of(
    plugin: Jurisdiction,
    case: CaseInstants,
    issued: Sequence[IssuedNotice] = (),
    animals: Sequence[HeldAnimal] = (),
    sales: Sequence[SoldAt] = (),
    **more: Any,
) -> CourseFacts:
    """The facts from rows already read (a service's case and animals, the sweep's batch)."""
    return CourseFacts(
        plugin=plugin,
        seized_at=case.seized_at,
        impounded_at=case.impounded_at,
        refused_at=case.refused_at,
        refusal_sold_at=case.refusal_sold_at,
        animals=tuple(
            AnimalFact(
                a.id,
                a.species,
                a.status,
                getattr(a, "charges_settled_at", None),
                getattr(a, "released_at", None),
                a.description,
                a.ear_tag,
                bool(getattr(a, "fine_settled", False)),
                getattr(a, "injury", None) is not None,
                getattr(a, "carcass_returned_at", None),
            )
            for a in animals
        ),
        notices=tuple(
            NoticeFact(
                n.kind, n.issued_at, getattr(n, "id", None), getattr(n, "proclaimed_at", None)
            )
            for n in issued
        ),
        sales=tuple(SaleFact(s.at, dict(s.account)) for s in sales),
        place=getattr(case, "place", ""),
        place_kind=getattr(case, "place_kind", ""),
        pound_id=getattr(case, "pound_id", None),
        **more,
    )
