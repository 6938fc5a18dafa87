"""The clocks as the API shows them: what a sweep did, auctions and their lots, task runs,
and the notices' documents and lateness (used by the impoundment types)."""

from __future__ import annotations

import uuid
from collections import defaultdict
from datetime import datetime

import strawberry
from sqlalchemy import select
from sqlalchemy.orm import Session
from strawberry.dataloader import DataLoader

from pashu.core.documents import Document as Doc
from pashu.db import clocks as db
from pashu.db.impoundment import Impoundment as CaseRow
from pashu.db.impoundment import Notice as NoticeRow
from pashu.jurisdictions import registry
from pashu.schema.context import Context, Info
from pashu.schema.documents import Document
from pashu.schema.enums import described_enum
from pashu.schema.impoundment import loaders
from pashu.schema.law.types import cites
from pashu.schema.node import Node, node_type, to_global_id
from pashu.services import clocks as sweep
from pashu.services.impoundment import auctions as auction_service
from pashu.services.impoundment import notices as notice_service

described_enum(
    db.LotStatus,
    {
        "OFFERED": "Put up at an auction that is open",
        "SOLD": "Sold",
        "UNSOLD": "Not sold: the animals stay in the pound and may be put up again",
    },
    description="What became of a lot at an auction",
)
described_enum(
    db.RunOutcome,
    {
        "OK": "Done",
        "FAILED": "Gave up: a refusal by the law, or retries exhausted",
        "RETRYING": "Failed this time; will run again",
    },
    description="How a run of a clock's task ended",
)


@strawberry.type(description="Something the law's clock did on a case")
class DueAction:
    kind: str = strawberry.field(
        description="ANNOUNCE_SEIZURE, REPORT_UNCLAIMED, PUBLISH_NOTICE (a notice issued), "
        "SCHEDULE_AUCTION, CREDIT_UNCLAIMED_SURPLUS, CLOSE_CLAIM_WINDOW, TAX_INSTALMENT_DUE, "
        "APPLY_PROTEST_DEPOSIT"
    )
    impoundment_id: strawberry.ID | None = strawberry.field(
        description="The case it concerns, if any"
    )
    instalment_id: strawberry.ID | None = strawberry.field(
        description="The tax instalment it concerns, if any"
    )
    at: datetime = strawberry.field(
        description="When it was done (ISO 8601 with offset, shown in IST)"
    )
    late: bool = strawberry.field(description="Done after the time the Act allows")
    notice_id: strawberry.ID | None = strawberry.field(description="The notice issued, if any")
    auction_id: strawberry.ID | None = strawberry.field(
        description="The auction scheduled or closed, if any"
    )
    detail: str = strawberry.field(description="What was done")

    @classmethod
    def of(cls, a: sweep.DueAction) -> DueAction:
        return cls(
            kind=a.kind,
            impoundment_id=to_global_id("Impoundment", a.impoundment_id)
            if a.impoundment_id
            else None,
            instalment_id=to_global_id("TaxInstalment", a.instalment_id)
            if a.instalment_id
            else None,
            at=a.at,
            late=a.late,
            notice_id=to_global_id("Notice", a.notice_id) if a.notice_id else None,
            auction_id=to_global_id("Auction", a.auction_id) if a.auction_id else None,
            detail=a.detail,
        )


@strawberry.type(description="The animals of one species put up together at an auction")
class AuctionLot(Node):
    number: int = strawberry.field(description="The lot's number")
    species: str = strawberry.field(description="The species")
    count: int = strawberry.field(description="How many head")
    description: str = strawberry.field(description="The animals' description")
    status: db.LotStatus = strawberry.field(description="What became of it")
    sale_id: strawberry.ID | None = strawberry.field(description="The sale, if sold")

    @classmethod
    def of(cls, lot: db.AuctionLot) -> AuctionLot:
        return cls(
            id=to_global_id("AuctionLot", lot.id),
            number=lot.number,
            species=lot.species,
            count=lot.count,
            description=lot.description,
            status=db.LotStatus(lot.status),
            sale_id=to_global_id("Sale", lot.sale_id) if lot.sale_id else None,
        )


@strawberry.type(description="A public auction of a case's animals, with its public notice")
class Auction(Node):
    impoundment_id: strawberry.ID = strawberry.field(description="The case's global id")
    round: int = strawberry.field(description="1 for the first auction of the case, then 2, ...")
    scheduled_for: datetime = strawberry.field(
        description="When it is to be held (ISO 8601 with offset, shown in IST)"
    )
    place: str = strawberry.field(description="Where")
    conditions: str = strawberry.field(description="The conditions of sale")
    notice_issued_at: datetime = strawberry.field(description="When its notice was issued")
    closed_at: datetime | None = strawberry.field(description="When it closed; null while open")
    _row: strawberry.Private[db.Auction]

    @strawberry.field(description="The public notice of the auction, printable")
    def notice(self) -> Document:
        return stored_document(self._row.notice_text, [], "AUCTION")

    @strawberry.field(description="The lots offered")
    async def lots(self, info: Info) -> list[AuctionLot]:
        rows = await lots_loader(info.context).load(self._row.id)
        return [AuctionLot.of(lot) for lot in rows if isinstance(lot, db.AuctionLot)]

    @classmethod
    def of(cls, a: db.Auction) -> Auction:
        return cls(
            id=to_global_id("Auction", a.id),
            impoundment_id=to_global_id("Impoundment", a.impoundment_id),
            round=a.round,
            scheduled_for=a.scheduled_for,
            place=a.place,
            conditions=a.conditions,
            notice_issued_at=a.notice_issued_at,
            closed_at=a.closed_at,
            _row=a,
        )


@strawberry.type(description="One run of one of the clock's tasks for this department")
class TaskRun:
    task: str = strawberry.field(description="The task's name")
    subject: str | None = strawberry.field(description="What it ran for")
    as_of: datetime = strawberry.field(
        description="The instant it judged (ISO 8601 with offset, shown in IST)"
    )
    outcome: db.RunOutcome = strawberry.field(description="How it ended")
    started_at: datetime = strawberry.field(description="When it started")
    duration_ms: int = strawberry.field(description="How long it took, in milliseconds")
    actions: int = strawberry.field(description="How many acts it did")
    attempt: int = strawberry.field(description="Which attempt this was (1 first)")
    error: str | None = strawberry.field(description="The error, if it failed")
    cursor: str = strawberry.field(
        description="Opaque: give it as `after` to `taskRuns` for the runs after this one"
    )

    @classmethod
    def of(cls, r: db.TaskRun) -> TaskRun:
        return cls(
            cursor=to_global_id("TaskRun", r.id),
            task=r.task,
            subject=r.subject,
            as_of=r.as_of,
            outcome=db.RunOutcome(r.outcome),
            started_at=r.started_at,
            duration_ms=r.duration_ms,
            actions=r.actions,
            attempt=r.attempt,
            error=r.error,
        )


def stored_document(text: str, citations: list[object], fallback_title: str) -> Document:
    """A document as it was issued: its stored text, printable as PDF."""
    lines = text.splitlines()
    title = lines[0] if lines else fallback_title
    body = "\n".join(lines[2:]).strip()
    doc = Doc(title, [], [], footer=body)
    return Document(title=title, text=text, citations=[], _doc=doc)


def notice_document(ctx: Context, row: NoticeRow) -> Document:
    plugin = registry.get(ctx.require().jurisdiction)
    doc = notice_service.stored(plugin, row)
    return Document(title=doc.title, text=row.text, citations=cites(doc.cites), _doc=doc)


async def notice_late(ctx: Context, row: NoticeRow) -> bool:
    plugin = registry.get(ctx.require().jurisdiction)

    def load(s: Session) -> bool:
        case = s.scalar(select(CaseRow).where(CaseRow.id == row.impoundment_id))
        assert case is not None  # a notice's case is the tenant's own (foreign key)
        return notice_service.late(plugin, case, notice_service.cases.notices(s, case.id), row)

    return await ctx.read(load)


def _grouped_loader(ctx: Context, name: str, fetch: object) -> DataLoader[uuid.UUID, list[object]]:
    if name not in ctx.loaders:

        async def load(ids: list[uuid.UUID]) -> list[list[object]]:
            def query(s: Session) -> list[list[object]]:
                groups: dict[uuid.UUID, list[object]] = defaultdict(list)
                for key, row in fetch(s, ids):  # type: ignore[operator]
                    groups[key].append(row)
                return [groups.get(i, []) for i in ids]

            return await ctx.read(query)

        ctx.loaders[name] = DataLoader(load)
    loader: DataLoader[uuid.UUID, list[object]] = ctx.loaders[name]
    return loader


def lots_loader(ctx: Context) -> DataLoader[uuid.UUID, list[object]]:
    return _grouped_loader(
        ctx,
        "auction_lots",
        lambda s, ids: [(lot.auction_id, lot) for lot in auction_service.lots(s, ids)],
    )


async def case_auctions(ctx: Context, case_id: uuid.UUID) -> list[Auction]:
    # With the case's other rows the request asks for at once (impoundment/loaders.py).
    return [Auction.of(a) for a in await loaders.auctions(ctx).load(case_id)]


@node_type("Auction")
async def _auction(ctx: Context, pk: uuid.UUID) -> Auction | None:
    row = await ctx.read(lambda s: s.scalar(select(db.Auction).where(db.Auction.id == pk)))
    return Auction.of(row) if row else None
