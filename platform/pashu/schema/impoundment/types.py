"""Impoundments as the API shows them: the register entry, its animals, timeline and dues."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from decimal import Decimal
from typing import Annotated, Any

import strawberry
from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.legaltime import aware, legal_date
from pashu.db import impoundment as db
from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import Action, Capability
from pashu.schema.clocks import types as clocks
from pashu.schema.context import Context, Info
from pashu.schema.documents import Document
from pashu.schema.enums import described_enum
from pashu.schema.impoundment import loaders, money
from pashu.schema.impoundment.remedies import Handover, RefusalToPay, ReleaseOrder
from pashu.schema.impoundment.values import (
    AccountItem,
    AccountLine,
    Person,
    account_items,
    account_lines,
)
from pashu.schema.kinds import BuyerRole, PlaceKind, SeizerCapacity, code
from pashu.schema.law.types import Citation, TimelineStep, cites
from pashu.schema.ledger.queries import FundBalance, balances
from pashu.schema.node import Node, node_type, to_global_id
from pashu.schema.pounds.types import Pound
from pashu.schema.registration.types import RegistrationStatus
from pashu.services.impoundment import case_documents as papers
from pashu.services.impoundment import cases, course, sale_accounts
from pashu.services.impoundment import dues as dues_service
from pashu.services.impoundment.seizure_rows import CaseEntry
from pashu.services.registration import registration

described_enum(
    db.CaseStatus,
    {
        "IMPOUNDED": "Every animal of the case is in the pound",
        "PARTLY_RELEASED": "Some animals have left the pound (delivered, sold, released or died); "
        "some remain",
        "DELIVERED": "Every animal has gone back to its owner",
        "DISPOSED": "None is left; some were sold, otherwise disposed of, or died",
        "CORRECTED": "Superseded by a correcting register entry, which points back at this one",
    },
    name="CaseStatus",
    description="Where an impoundment case stands; registers are never edited, so a correction is "
    "a new case",
)
described_enum(
    db.AnimalStatus,
    {
        "IN_POUND": "In the pound",
        "DELIVERED": "Delivered to its owner (on payment, deposit, or by order)",
        "SOLD": "Sold, at auction or otherwise as the Act allows",
        "DISPOSED": "Disposed of otherwise than by sale, as the Act allows",
        "DIED": "Died in the pound",
    },
    name="AnimalStatus",
    description="Where one impounded animal is",
)


AsOf = Annotated[
    datetime | None,
    strawberry.argument(description="The instant the books are read at (default now)"),
]


@strawberry.type(description="Who seized the animals, as the register records them")
class Seizer(Person):
    signed: bool = strawberry.field(description="Whether the seizer signed the register entry")
    capacity: SeizerCapacity | None = strawberry.field(
        default=None, description="The power seized under; null on entries made before it was kept"
    )
    damage_found: str | None = strawberry.field(default=None, description="The damage found")


@strawberry.type(description="One impounded animal of a case")
class Animal(Node):
    species: str = strawberry.field(description="Its species, from the controlled vocabulary")
    description: str = strawberry.field(description="Marks, colour and the like, as recorded")
    ear_tag: str | None = strawberry.field(description="Its ear tag, if it has one")
    status: db.AnimalStatus = strawberry.field(description="Where the animal is now")
    released_at: datetime | None = strawberry.field(
        description="When it left the pound (with offset, shown in IST); null while in the pound"
    )
    injury: str | None = strawberry.field(description="An injury recorded in the pound, if any")
    carcass_returned_at: datetime | None = strawberry.field(
        description="When the carcass of an animal that died was returned to its owner"
    )

    @classmethod
    def of(cls, a: db.ImpoundedAnimal) -> Animal:
        return cls(
            id=to_global_id("Animal", a.id),
            species=a.species,
            description=a.description,
            ear_tag=a.ear_tag,
            status=db.AnimalStatus(a.status),
            released_at=a.released_at,
            injury=a.injury,
            carcass_returned_at=a.carcass_returned_at,
        )


@strawberry.type(description="How many animals of one species a case holds")
class AnimalCount:
    species: str = strawberry.field(description="The species")
    count: int = strawberry.field(description="How many were impounded")
    in_pound: int = strawberry.field(description="How many are still in the pound")


@strawberry.type(
    description=("One line of what is due on a case: a fine or a feeding charge for one species")
)
class DuesLine:
    kind: str = strawberry.field(description="FINE or FEEDING_CHARGE")
    species: str = strawberry.field(description="The species the line is for")
    heads: int = strawberry.field(description="How many head it counts")
    days: int | None = strawberry.field(
        description=(
            "Days of feeding charged: each day (IST) in the pound, the day brought and the "
            "day taken each counted once, as the line's citation explains (interpreted); "
            "null for a fine"
        )
    )
    amount: Decimal | None = strawberry.field(description="null: no rate notified")
    citation: Citation | None = strawberry.field(
        description="The provision the line rests on; null when none applies"
    )
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )


@strawberry.type(description="What the owner must pay to have the animals back, at an instant")
class Dues:
    as_of: datetime = strawberry.field(
        description=("The instant the dues are reckoned at (ISO 8601 with offset, shown in IST)")
    )
    total: Decimal | None = strawberry.field(description="null while any line is unknown")
    lines: list[DuesLine] = strawberry.field(
        description="The fines and feeding charges, line by line"
    )

    @classmethod
    def of(cls, d: dues_service.Dues) -> Dues:
        return cls(
            as_of=d.as_of,
            total=d.total,
            lines=[
                DuesLine(
                    kind=line.kind.value,
                    species=line.species,
                    heads=line.heads,
                    days=line.days,
                    amount=line.amount,
                    citation=Citation.of(line.cites[0]) if line.cites else None,
                    citations=cites(line.cites),
                    explanation=line.why,
                )
                for line in d.lines
            ],
        )


@strawberry.type(
    description=(
        "A notice issued on a case (announcement, notice of unclaimed cattle, sale notice)"
    )
)
class Notice(Node):
    kind: str = strawberry.field(description="The kind of notice, as the Act names it")
    issued_at: datetime = strawberry.field(
        description="When it was issued (ISO 8601 with offset, shown in IST)"
    )
    proclaimed_at: datetime | None = strawberry.field(
        description=(
            "When it was proclaimed (by crier or beat of drum), if it was (ISO "
            "8601 with offset, shown in IST)"
        )
    )
    text: str = strawberry.field(description="The notice's text as posted")
    _row: strawberry.Private[db.Notice]

    @strawberry.field(description="Issued after the time the Act allows for it")
    async def late(self, info: Info) -> bool:
        return await clocks.notice_late(info.context, self._row)

    @strawberry.field(description="The notice as issued, printable")
    def document(self, info: Info) -> Document:
        return clocks.notice_document(info.context, self._row)

    @classmethod
    def of(cls, n: db.Notice) -> Notice:
        return cls(
            id=to_global_id("Notice", n.id),
            kind=n.kind,
            issued_at=n.issued_at,
            proclaimed_at=n.proclaimed_at,
            text=n.text,
            _row=n,
        )


@strawberry.type(description="The owner's receipt for animals delivered (signed in the register)")
class Receipt(Node):
    number: int = strawberry.field(description="The receipt's number in the tenant's register")
    amount: Decimal = strawberry.field(description='Rupees paid (decimal string, e.g. "120.00")')
    at: datetime = strawberry.field(
        description="When the animals were delivered (ISO 8601 with offset, shown in IST)"
    )
    claimant: Person = strawberry.field(description="Who claimed and received them")
    under_protest: bool = strawberry.field(
        description=(
            "Paid under protest, as a deposit for a complaint of illegal seizure "
            "(Cattle Trespass Act s.15)"
        )
    )
    _row: strawberry.Private[db.Delivery]

    @strawberry.field(description="The receipt signed in the register, printable")
    async def document(self, info: Info) -> Document:
        ctx = info.context
        plugin = registry.get(ctx.require().jurisdiction)
        case = await ctx.read(lambda s: cases.get(s, self._row.impoundment_id))
        return Document.of(papers.receipt(plugin, case, self._row))

    @classmethod
    def of(cls, d: db.Delivery) -> Receipt:
        return cls(
            id=to_global_id("Receipt", d.id),
            number=d.receipt_number,
            amount=d.amount_paid,
            at=d.at,
            claimant=Person(name=d.claimant_name, address=d.claimant_address),
            under_protest=d.under_protest,
            _row=d,
        )


@strawberry.type(description="The account of a sale: what was seized, sold and where it went")
class SaleAccount:
    cattle_seized: int = strawberry.field(description="How many head were seized")
    impounded_from: datetime = strawberry.field(
        description="When they were impounded (ISO 8601 with offset, shown in IST)"
    )
    impounded_until: datetime = strawberry.field(
        description=("When the sale ended their impounding (ISO 8601 with offset, shown in IST)")
    )
    fines_and_charges: Decimal = strawberry.field(
        description="Fines and charges due, in rupees (decimal string)"
    )
    cattle_sold: int = strawberry.field(description="How many head were sold")
    proceeds: Decimal = strawberry.field(
        description="The price they fetched, in rupees (decimal string)"
    )
    disposal: list[AccountItem] = strawberry.field(
        description="Where the proceeds went, line by line; the lines add up to the proceeds"
    )
    unrecovered: list[AccountItem] = strawberry.field(
        description="What the proceeds did not meet, owed still (carried to a next sale on "
        "the owner's refusal)"
    )
    decided_by: str | None = strawberry.field(
        description=("For a disposal otherwise than by auction: the authority that decided it")
    )
    citations: list[str] = strawberry.field(description="The sections the account follows")
    _account: strawberry.Private[dict[str, Any]]

    @strawberry.field(
        description="The account line by line, each citing the clause of the Act it answers"
    )
    def lines(self, info: Info) -> list[AccountLine]:
        return account_lines(info, self._account)


@strawberry.type(description="Who bought at a sale, and in what capacity")
class Buyer(Person):
    role: BuyerRole = strawberry.field(
        description="The buyer's capacity; one the Act bars is refused"
    )


@strawberry.type(
    description=("A sale of impounded animals (by auction or as the Act otherwise allows)")
)
class Sale(Node):
    at: datetime = strawberry.field(
        description="When the sale was made (ISO 8601 with offset, shown in IST)"
    )
    by_auction: bool = strawberry.field(description="Whether the sale was by public auction")
    buyer: Buyer = strawberry.field(description="Who bought")
    price: Decimal = strawberry.field(description="The price, in rupees (decimal string)")
    expenses: Decimal = strawberry.field(description="The expenses of the sale, in rupees")
    proceeds: Decimal = strawberry.field(description="The proceeds, in rupees (the price)")
    surplus: Decimal = strawberry.field(
        description=(
            "What is left after fines, charges and expenses, held for the owner, in rupees"
        )
    )
    account: SaleAccount = strawberry.field(description="The account of the sale")
    _row: strawberry.Private[db.Sale]

    @strawberry.field(description="The account of the sale, printable")
    async def document(self, info: Info) -> Document:
        ctx = info.context
        plugin = registry.get(ctx.require().jurisdiction)
        case = await ctx.read(lambda s: cases.get(s, self._row.impoundment_id))
        return Document.of(papers.sale_account(plugin, case, self._row))

    @classmethod
    def of(cls, s: db.Sale) -> Sale:
        a = s.account
        return cls(
            id=to_global_id("Sale", s.id),
            at=s.at,
            by_auction=s.by_auction,
            buyer=Buyer(name=s.buyer_name, address=s.buyer_address, role=code(s.buyer_role)),
            price=s.price,
            expenses=s.expenses,
            proceeds=s.price,
            surplus=s.surplus,
            account=SaleAccount(
                cattle_seized=a["cattleSeized"],
                impounded_from=sale_accounts.instant(a["impoundedFrom"]),
                impounded_until=sale_accounts.instant(a["impoundedUntil"]),
                fines_and_charges=Decimal(a["finesAndCharges"]),
                cattle_sold=a["cattleSold"],
                proceeds=Decimal(a["proceeds"]),
                disposal=account_items(sale_accounts.disposal(a)),
                unrecovered=account_items(sale_accounts.unrecovered(a)),
                decided_by=a.get("decidedBy"),
                citations=a["cites"],
                _account=a,
            ),
            _row=s,
        )


@strawberry.type(description="The department's next duty on a case")
class NextAction:
    action: Action = strawberry.field(description="The duty")
    not_before: datetime = strawberry.field(
        description="First instant it may be done (ISO 8601 with offset, shown in IST)"
    )
    deadline: datetime | None = strawberry.field(
        description=(
            "First instant at which it is late (ISO 8601 with offset, shown in "
            "IST); null when the Act sets no time"
        )
    )

    @strawberry.field(description="Is the deadline past at `asOf` (default: now)?")
    def overdue(
        self,
        as_of: Annotated[
            datetime | None, strawberry.argument(description="The instant judged at (default now)")
        ] = None,
    ) -> bool:
        when = aware(as_of) if as_of else datetime.now(UTC)
        return self.deadline is not None and when >= self.deadline


@strawberry.type(description="A seizure register entry and what has happened since")
class Impoundment(Node):
    register_number: int = strawberry.field(
        description="The entry's number in the tenant's seizure register"
    )
    status: db.CaseStatus = strawberry.field(description="Where the case stands")
    seized_at: datetime = strawberry.field(
        description="When the animals were seized (ISO 8601 with offset, shown in IST)"
    )
    impounded_at: datetime = strawberry.field(
        description="When the pound received them (ISO 8601 with offset, shown in IST)"
    )
    place_kind: PlaceKind = strawberry.field(description="The kind of place they were seized at")
    place: str = strawberry.field(description="Where they were seized, as recorded")
    area: str | None = strawberry.field(description="The local area of the place of seizure")
    seizer: Seizer = strawberry.field(description="Who seized them")
    owner: Person | None = strawberry.field(description="The owner, if known")
    # The case's row, or a case just entered (a plain value, services/impoundment/
    # seizure_rows.CaseEntry), whose row is made when a field needs one (`_row`).
    _source: strawberry.Private[db.Impoundment | CaseEntry]

    @classmethod
    def of(cls, row: db.Impoundment | CaseEntry) -> Impoundment:
        if row.register_number is None:
            raise ValueError("a case is shown once it is numbered")
        return cls(
            id=to_global_id("Impoundment", row.id),
            register_number=row.register_number,
            status=db.CaseStatus(row.status),
            seized_at=row.seized_at,
            impounded_at=row.impounded_at,
            place_kind=code(row.place_kind),
            place=row.place,
            area=row.area,
            seizer=Seizer(
                name=row.seizer_name,
                address=row.seizer_address,
                signed=row.seizer_signed,
                capacity=code(row.seizer_capacity) if row.seizer_capacity else None,
                damage_found=row.damage,
            ),
            owner=Person(name=row.owner_name, address=row.owner_address or "")
            if row.owner_name
            else None,
            _source=row,
        )

    @property
    def _row(self) -> db.Impoundment:
        """The case's row (made once from an entry's values)."""
        if isinstance(self._source, CaseEntry):
            self._source = self._source.row()
        return self._source

    @strawberry.field(description="The owner's animal registration, where the Act keeps one")
    async def owner_registration(self, info: Info) -> RegistrationStatus | None:
        plugin = registry.get(info.context.require().jurisdiction)
        name, address = self._row.owner_name, self._row.owner_address
        if not name or not plugin.has(Capability.ANIMAL_REGISTRATION):
            return None
        on = legal_date(self._row.seized_at)

        def load(s: Session) -> RegistrationStatus:
            st = registration.registration_status(s, name, address or "", on)
            return RegistrationStatus.of(st, registration.find_owner(s, name, address or ""))

        return await info.context.read(load)

    @strawberry.field(description="The register entry this one corrects, if any")
    async def corrects(self, info: Info) -> Impoundment | None:
        pk = self._row.corrects_id
        if pk is None:
            return None
        row = await info.context.read(
            lambda s: s.scalar(select(db.Impoundment).where(db.Impoundment.id == pk))
        )
        return Impoundment.of(row) if row else None

    @strawberry.field(description="What the department must do next, from when, by when")
    def next_action(self) -> NextAction | None:
        row = self._source  # an entry's own: no row made for it
        if row.next_action is None or row.next_action_at is None:
            return None
        return NextAction(
            action=Action(row.next_action),
            not_before=row.next_action_at,
            deadline=row.next_deadline,
        )

    @strawberry.field(description="The pound holding them")
    async def pound(self, info: Info) -> Pound | None:
        found = await loaders.pound(info.context, self._row.pound_id)
        return Pound.of(*found) if found else None

    @strawberry.field(description="The animals, one by one")
    async def animals(self, info: Info) -> list[Animal]:
        return [Animal.of(a) for a in await loaders.animals(info.context).load(self._row.id)]

    @strawberry.field(description="Heads per species, and how many are still in the pound")
    async def animal_counts(self, info: Info) -> list[AnimalCount]:
        rows = await loaders.animals(info.context).load(self._row.id)
        counts: dict[str, list[int]] = {}
        for a in rows:
            c = counts.setdefault(a.species, [0, 0])
            c[0] += 1
            c[1] += a.status == db.AnimalStatus.IN_POUND.value
        return [AnimalCount(species=s, count=c[0], in_pound=c[1]) for s, c in counts.items()]

    @strawberry.field(description="Who must do what by when, from the events recorded so far")
    async def timeline(self, info: Info) -> list[TimelineStep]:
        plugin = registry.get(info.context.require().jurisdiction)
        issued = await loaders.notices(info.context).load(self._row.id)
        animals = await loaders.animals(info.context).load(self._row.id)
        # The sales are read only for a case that has had one (an animal sold or disposed
        # of): a page of cases still in the pound costs no statement more.
        left = {db.AnimalStatus.SOLD.value, db.AnimalStatus.DISPOSED.value}
        had_sale = any(a.status in left for a in animals)
        sold = await loaders.sales(info.context).load(self._row.id) if had_sale else []
        steps = cases.course_timeline(plugin, self._row, issued, sold)
        gone = cases.no_longer_required(steps, issued, animals)
        done = cases.done_at(self._row, issued, [x.at for x in sold if x.by_auction])
        return [
            TimelineStep.of(s, required=s.action not in gone, done_at=done.get(s.action))
            for s in steps
        ]

    @strawberry.field(description="What the owner owes at `asOf` (default: now), itemised")
    async def dues(
        self,
        info: Info,
        as_of: Annotated[
            datetime | None,
            strawberry.argument(
                description=(
                    "The instant the dues are reckoned at (default now); feeding is charged "
                    "for each day (IST) in the pound up to and including its day"
                )
            ),
        ] = None,
    ) -> Dues:
        when = aware(as_of) if as_of else datetime.now(UTC)
        return Dues.of((await money.dues_course(info, self._row)).dues(when))

    @strawberry.field(description="The copy of the register entry given to the seizer")
    async def register_copy(self, info: Info) -> Document:
        ctx = info.context
        plugin = registry.get(ctx.require().jurisdiction)
        animals = await loaders.animals(ctx).load(self._row.id)
        found = await loaders.pound(ctx, self._row.pound_id)
        assert found is not None  # a case's pound is the tenant's own (foreign key)
        return Document.of(papers.register_copy(plugin, self._row, animals, found[0]))

    # A case's own papers (notices, receipts, sales, refusals, handovers, orders, auctions) are
    # not paged: each is a step of one case's course under its Act, so they stay few and end
    # when the case closes; the department-wide lists of them are paged (schema/paging.py).
    @strawberry.field(description="Notices issued on the case")
    async def notices(self, info: Info) -> list[Notice]:
        return [Notice.of(n) for n in await loaders.notices(info.context).load(self._row.id)]

    @strawberry.field(description="Receipts for animals delivered")
    async def receipts(self, info: Info) -> list[Receipt]:
        return [Receipt.of(d) for d in await loaders.deliveries(info.context).load(self._row.id)]

    @strawberry.field(description="Sales of the case's animals")
    async def sales(self, info: Info) -> list[Sale]:
        return [Sale.of(s) for s in await loaders.sales(info.context).load(self._row.id)]

    @strawberry.field(description="The owner's refusals to pay (they open a sale of the dues)")
    async def refusals(self, info: Info) -> list[RefusalToPay]:
        rows = await loaders.refusals(info.context).load(self._row.id)
        return [RefusalToPay.of(r) for r in rows]

    @strawberry.field(description="What remained after that sale: delivered, or refused")
    async def handovers(self, info: Info) -> list[Handover]:
        rows = await loaders.handovers(info.context).load(self._row.id)
        return [Handover.of(h) for h in rows]

    @strawberry.field(description="Written orders that released the case's animals")
    async def release_orders(self, info: Info) -> list[ReleaseOrder]:
        rows = await loaders.release_orders(info.context).load(self._row.id)
        return [ReleaseOrder.of(o) for o in rows]

    @strawberry.field(description="The auctions of the case's animals, by round")
    async def auctions(self, info: Info) -> list[clocks.Auction]:
        return await clocks.case_auctions(info.context, self._row.id)

    @strawberry.field(
        description="The case's books: each account's balance from the money moved about it"
    )
    async def books(self, info: Info) -> list[FundBalance]:
        jurisdiction = info.context.require().jurisdiction
        found = course.balances(await loaders.ledger(info.context).load(self._row.id))
        # The holders' names (the pound, its local authority) from the request's one read of
        # the tenant's places (loaders.places).
        known = await loaders.holders(info.context)
        return await info.context.read(
            lambda s: balances(s, jurisdiction, found=found, known=known)
        )

    @strawberry.field(
        description="Each sum received on the case and where it went, and each move between "
        "its accounts, up to `asOf` (default: now), in order; each account named in the Act's "
        "words with its citation"
    )
    async def money_moved(self, info: Info, as_of: AsOf = None) -> list[money.MoneyMoved]:
        when = aware(as_of) if as_of else datetime.now(UTC)
        found = (await money.books_course(info, self._row)).books(when)
        return [money.MoneyMoved.of(m) for m in found.moved]

    @strawberry.field(
        description="The sums held for a window at `asOf` (default: now): the surplus of a sale "
        "in deposit, proceeds refundable to the owner, a deposit under protest; when each "
        "window ends and where the sum goes then"
    )
    async def held_sums(self, info: Info, as_of: AsOf = None) -> list[money.HeldSum]:
        when = aware(as_of) if as_of else datetime.now(UTC)
        found = (await money.books_course(info, self._row)).books(when)
        return [money.HeldSum.of(h, when) for h in found.held]


@node_type("Impoundment")
async def _impoundment(ctx: Context, pk: uuid.UUID) -> Impoundment | None:
    row = await ctx.read(lambda s: s.scalar(select(db.Impoundment).where(db.Impoundment.id == pk)))
    return Impoundment.of(row) if row else None
