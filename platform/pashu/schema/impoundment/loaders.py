"""Per-request DataLoaders: a page of cases costs one query per kind of related row."""

from __future__ import annotations

import uuid
from collections import defaultdict
from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session
from strawberry.dataloader import DataLoader

from pashu.db.complaints import Complaint
from pashu.db.impoundment import Delivery, ImpoundedAnimal, Notice, Sale
from pashu.db.pounds import LocalAuthority, Pound
from pashu.db.refusals import Handover, RefusalToPay, ReleaseOrder
from pashu.jurisdictions.notifications import Notification
from pashu.schema.context import Context
from pashu.services.impoundment import cases
from pashu.services.impoundment.course import LedgerLeg
from pashu.services.rates import rates as rates_service

Row = TypeVar("Row")


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


def _by_case(ctx: Context, name: str, model: Any, order: Any) -> Any:
    """The rows of `model` of each case, in `order`, read for a page of cases at once."""
    return _loader(ctx, name, lambda: DataLoader(_grouped(ctx, model, model.impoundment_id, order)))


def animals(ctx: Context) -> DataLoader[uuid.UUID, list[ImpoundedAnimal]]:
    return _by_case(ctx, "animals", ImpoundedAnimal, ImpoundedAnimal.id)


def notices(ctx: Context) -> DataLoader[uuid.UUID, list[Notice]]:
    return _by_case(ctx, "notices", Notice, Notice.issued_at)


def deliveries(ctx: Context) -> DataLoader[uuid.UUID, list[Delivery]]:
    return _by_case(ctx, "deliveries", Delivery, Delivery.at)


def sales(ctx: Context) -> DataLoader[uuid.UUID, list[Sale]]:
    return _by_case(ctx, "sales", Sale, Sale.at)


def refusals(ctx: Context) -> DataLoader[uuid.UUID, list[RefusalToPay]]:
    return _by_case(ctx, "refusals", RefusalToPay, RefusalToPay.at)


def handovers(ctx: Context) -> DataLoader[uuid.UUID, list[Handover]]:
    return _by_case(ctx, "handovers", Handover, Handover.at)


def release_orders(ctx: Context) -> DataLoader[uuid.UUID, list[ReleaseOrder]]:
    return _by_case(ctx, "release_orders", ReleaseOrder, ReleaseOrder.released_at)


def places(ctx: Context) -> DataLoader[str, rates_service.Places]:
    """Every local authority of the tenant with its pounds, read once per request (one key:
    "all"): a case's pound, the holders named in its books and the areas its rates are
    limited to come from this one statement (issue #36: the case page read them in four).
    A department has a few bodies and pounds, so reading them all costs no more than
    reading the ones a page names."""

    async def load(keys: list[str]) -> list[rates_service.Places]:
        found = await ctx.read(rates_service.places)
        return [found for _ in keys]

    return _loader(ctx, "places", lambda: DataLoader(load))


async def pound(ctx: Context, pound_id: uuid.UUID) -> tuple[Pound, LocalAuthority] | None:
    """The pound `pound_id` and its local authority, from `places`."""
    for authority, found in await places(ctx).load("all"):
        if found is not None and found.id == pound_id:
            return found, authority
    return None


async def holders(ctx: Context) -> dict[uuid.UUID, tuple[str, str]]:
    """Each pound's and local authority's (type, name), by id, from `places`, for
    `accounts.describe`."""
    names: dict[uuid.UUID, tuple[str, str]] = {}
    for authority, found in await places(ctx).load("all"):
        names[authority.id] = ("LocalAuthority", authority.name)
        if found is not None:
            names[found.id] = ("Pound", found.name)
    return names


def rates(ctx: Context) -> DataLoader[str, list[Notification]]:
    """The tenant's rate notifications, read once per request (one key: "all"); the areas
    they are limited to (if any is) from `places`."""

    async def load(keys: list[str]) -> list[list[Notification]]:
        rows = await ctx.read(rates_service.notifications)
        scoped = any(r.local_authority_id or r.pound_id for r in rows)
        where = rates_service.areas_of(await places(ctx).load("all")) if scoped else None
        found = [rates_service.as_notification(r, where) for r in rows]
        return [found for _ in keys]

    return _loader(ctx, "rates", lambda: DataLoader(load))


def complaints(ctx: Context) -> DataLoader[uuid.UUID, list[Complaint]]:
    return _loader(
        ctx,
        "complaints",
        lambda: DataLoader(_grouped(ctx, Complaint, Complaint.impoundment_id, Complaint.at)),
    )


def ledger(ctx: Context) -> DataLoader[uuid.UUID, list[LedgerLeg]]:
    """The legs of each case's ledger transactions (the model's books read them)."""

    async def load(ids: list[uuid.UUID]) -> list[list[LedgerLeg]]:
        found = await ctx.read(lambda s: cases.ledger_legs(s, ids))
        return [found[i] for i in ids]

    return _loader(ctx, "ledger", lambda: DataLoader(load))
