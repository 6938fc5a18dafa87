"""Per-request DataLoaders: a page of cases costs one query per kind of related row, and
the kinds of a case's own rows asked together one query for them all."""

from __future__ import annotations

import uuid
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session
from strawberry.dataloader import DataLoader

from pashu.db import side_by_side
from pashu.db.clocks import Auction
from pashu.db.complaints import Complaint
from pashu.db.impoundment import Delivery, ImpoundedAnimal, Notice, Sale
from pashu.db.pounds import LocalAuthority, Pound
from pashu.db.rates import RateNotification
from pashu.db.refusals import Handover, RefusalToPay, ReleaseOrder
from pashu.db.side_by_side import Rows
from pashu.jurisdictions.notifications import Notification
from pashu.schema.context import Context
from pashu.services.impoundment import cases
from pashu.services.impoundment.course import LedgerLeg
from pashu.services.rates import rates as rates_service

Row = TypeVar("Row")
T = TypeVar("T")


def _grouped(ctx: Context, model: Any, key: Any, order: Any) -> Callable[[list[uuid.UUID]], Any]:
    async def load(ids: list[uuid.UUID]) -> list[list[Any]]:
        def query(s: Session) -> list[list[Any]]:
            groups: dict[uuid.UUID, list[Any]] = defaultdict(list)
            for row in s.scalars(select(model).where(key.in_(ids)).order_by(order)):
                groups[getattr(row, key.key)].append(row)
            return [groups.get(i, []) for i in ids]

        return await ctx.read(query)

    return load


def _loader(ctx: Context, name: str, make: Callable[[], DataLoader[Any, Any]]) -> Any:
    if name not in ctx.loaders:
        ctx.loaders[name] = make()
    return ctx.loaders[name]


def animals(ctx: Context) -> DataLoader[uuid.UUID, list[ImpoundedAnimal]]:
    return _loader(
        ctx,
        "animals",
        lambda: DataLoader(
            _grouped(ctx, ImpoundedAnimal, ImpoundedAnimal.impoundment_id, ImpoundedAnimal.id)
        ),
    )


# A case's rows kept in tables of their own, by kind, each in its order (the id last: rows of
# one instant come in one order). Every kind the request's resolvers ask for at once is read
# in one statement (db/side_by_side.py): the case page's seven lists in one round trip, not
# seven (issue #36).
_KINDS = {
    "notices": Rows(Notice, Notice.impoundment_id, (Notice.issued_at, Notice.id)),
    "deliveries": Rows(Delivery, Delivery.impoundment_id, (Delivery.at, Delivery.id)),
    "sales": Rows(Sale, Sale.impoundment_id, (Sale.at, Sale.id)),
    "refusals": Rows(RefusalToPay, RefusalToPay.impoundment_id, (RefusalToPay.at, RefusalToPay.id)),
    "handovers": Rows(Handover, Handover.impoundment_id, (Handover.at, Handover.id)),
    "release_orders": Rows(
        ReleaseOrder, ReleaseOrder.impoundment_id, (ReleaseOrder.released_at, ReleaseOrder.id)
    ),
    "complaints": Rows(Complaint, Complaint.impoundment_id, (Complaint.at, Complaint.id)),
    "auctions": Rows(Auction, Auction.impoundment_id, (Auction.round, Auction.id)),
    # The tenant's places and rate notifications (their parent the tenant): a case page's
    # pound, books and dues ask for them in the same moment as its registers, so they come in
    # the same statement, two round trips fewer (issue #36).
    "authorities": rates_service.AUTHORITIES,
    "pounds": rates_service.POUNDS,
    "rates": rates_service.NOTIFICATIONS,
}


def _case_rows(ctx: Context) -> DataLoader[tuple[uuid.UUID, str], list[Any]]:
    """Each (case, kind) asked: the case's rows of that kind."""

    async def load(keys: list[tuple[uuid.UUID, str]]) -> list[list[Any]]:
        asked: dict[str, list[uuid.UUID]] = {}
        for case, kind in keys:
            asked.setdefault(kind, []).append(case)
        found = await ctx.read(
            lambda s: side_by_side.read(s, {k: (_KINDS[k], ids) for k, ids in asked.items()})
        )
        return [found[kind].get(case, []) for case, kind in keys]

    return _loader(ctx, "case_rows", lambda: DataLoader(load))


@dataclass(frozen=True)
class ByCase(Generic[Row]):
    """One kind of a case's rows, read through the request's loader of them all."""

    ctx: Context
    kind: str

    async def load(self, case: uuid.UUID) -> list[Row]:
        rows: list[Row] = await _case_rows(self.ctx).load((case, self.kind))
        return rows


def notices(ctx: Context) -> ByCase[Notice]:
    return ByCase(ctx, "notices")


def deliveries(ctx: Context) -> ByCase[Delivery]:
    return ByCase(ctx, "deliveries")


def sales(ctx: Context) -> ByCase[Sale]:
    return ByCase(ctx, "sales")


def refusals(ctx: Context) -> ByCase[RefusalToPay]:
    return ByCase(ctx, "refusals")


def handovers(ctx: Context) -> ByCase[Handover]:
    return ByCase(ctx, "handovers")


def release_orders(ctx: Context) -> ByCase[ReleaseOrder]:
    return ByCase(ctx, "release_orders")


def complaints(ctx: Context) -> ByCase[Complaint]:
    return ByCase(ctx, "complaints")


def auctions(ctx: Context) -> ByCase[Auction]:
    return ByCase(ctx, "auctions")


# What a request made of a loader's rows (the places paired, the notifications as the law
# reads them), kept while the loader gives the same rows: each caller (a page of cases' dues,
# one a case) gets it made once.
def _kept(ctx: Context, name: str, rows: tuple[list[Any], ...]) -> Any:
    made = ctx.loaders.get(name)
    if made is None or any(a is not b for a, b in zip(made[0], rows, strict=True)):
        return None
    return made[1]


def _keep(ctx: Context, name: str, rows: tuple[list[Any], ...], value: T) -> T:
    ctx.loaders[name] = (rows, value)
    return value


async def places(ctx: Context) -> rates_service.Places:
    """Every local authority of the tenant with its pounds, read once per request through
    the loader of a case's rows (beside them, when asked with them): a case's pound, the
    holders named in its books and the areas its rates are limited to (issue #36: the case
    page read them in four statements, then in one of their own). A department has a few
    bodies and pounds, so reading them all costs no more than reading the ones a page names."""
    tenant = ctx.require().tenant_id
    # Both asked before either is awaited: one batch, one statement.
    asked = _case_rows(ctx).load((tenant, "authorities")), _case_rows(ctx).load((tenant, "pounds"))
    rows = await asked[0], await asked[1]
    kept: rates_service.Places | None = _kept(ctx, "places made", rows)
    return (
        kept
        if kept is not None
        else _keep(ctx, "places made", rows, rates_service.places_of(*rows))
    )


async def pound(ctx: Context, pound_id: uuid.UUID) -> tuple[Pound, LocalAuthority] | None:
    """The pound `pound_id` and its local authority, from `places`."""
    for authority, found in await places(ctx):
        if found is not None and found.id == pound_id:
            return found, authority
    return None


async def holders(ctx: Context) -> dict[uuid.UUID, tuple[str, str]]:
    """Each pound's and local authority's (type, name), by id, from `places`, for
    `accounts.describe`."""
    names: dict[uuid.UUID, tuple[str, str]] = {}
    for authority, found in await places(ctx):
        names[authority.id] = ("LocalAuthority", authority.name)
        if found is not None:
            names[found.id] = ("Pound", found.name)
    return names


async def rates(ctx: Context) -> list[Notification]:
    """The tenant's rate notifications as the law reads them, read once per request through
    the loader of a case's rows (beside them, when asked with them); the areas they are
    limited to (if any is) from `places`."""
    tenant = ctx.require().tenant_id
    rows: list[RateNotification] = await _case_rows(ctx).load((tenant, "rates"))
    kept: list[Notification] | None = _kept(ctx, "rates made", (rows,))
    if kept is not None:
        return kept
    scoped = rates_service.scoped(rows)
    where = rates_service.areas_of(await places(ctx)) if scoped else None
    return _keep(ctx, "rates made", (rows,), rates_service.as_notifications(rows, where))


def ledger(ctx: Context) -> DataLoader[uuid.UUID, list[LedgerLeg]]:
    """The legs of each case's ledger transactions (the model's books read them)."""

    async def load(ids: list[uuid.UUID]) -> list[list[LedgerLeg]]:
        found = await ctx.read(lambda s: cases.ledger_legs(s, ids))
        return [found[i] for i in ids]

    return _loader(ctx, "ledger", lambda: DataLoader(load))
