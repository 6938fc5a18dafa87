"""`node(id:)` for the types whose object is one row read as it is: an animal, a notice, a
receipt, a sale, an auction lot, an owner, a local authority, a vicious-animal event, a
composition, an extent or kind notification. Each is read in the caller's tenant scope, so
another tenant's id answers null like an id that does not exist."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.db import clocks as clock_rows
from pashu.db import extent as extent_rows
from pashu.db import impoundment as case_rows
from pashu.db import offences as offence_rows
from pashu.db import registration as registration_rows
from pashu.db.pounds import LocalAuthority as AuthorityRow
from pashu.schema.clocks.types import AuctionLot
from pashu.schema.context import Context
from pashu.schema.extent.types import ExtentNotification, KindNotification
from pashu.schema.impoundment.types import Animal, Notice, Receipt, Sale
from pashu.schema.node import node_type, to_global_id
from pashu.schema.offences.types import Composition, ViciousEvent
from pashu.schema.pounds.types import LocalAuthority
from pashu.schema.registration.types import Owner


def _one(model: Any, make: Callable[[Any], Any]) -> Callable[[Context, uuid.UUID], Any]:
    """A node resolver: the row of `model` with this id, made into its type in the session
    (a type may read the row's relationships)."""

    async def resolve(ctx: Context, pk: uuid.UUID) -> Any:
        def load(s: Session) -> Any:
            row = s.scalar(select(model).where(model.id == pk))
            return make(row) if row is not None else None

        return await ctx.read(load)

    return resolve


def _authority(row: AuthorityRow) -> LocalAuthority:
    return LocalAuthority(id=to_global_id("LocalAuthority", row.id), name=row.name)


LOOKUPS: dict[str, tuple[Any, Callable[[Any], Any]]] = {
    "Animal": (case_rows.ImpoundedAnimal, Animal.of),
    "Notice": (case_rows.Notice, Notice.of),
    "Receipt": (case_rows.Delivery, Receipt.of),
    "Sale": (case_rows.Sale, Sale.of),
    "AuctionLot": (clock_rows.AuctionLot, AuctionLot.of),
    "AnimalOwner": (registration_rows.Owner, Owner.of),
    "LocalAuthority": (AuthorityRow, _authority),
    "ViciousEvent": (offence_rows.ViciousEvent, ViciousEvent.of),
    "Composition": (offence_rows.Composition, Composition.of),
    "ExtentNotification": (extent_rows.ExtentNotification, ExtentNotification.of),
    "KindNotification": (extent_rows.KindNotification, KindNotification.of),
}

for _name, (_model, _make) in LOOKUPS.items():
    node_type(_name)(_one(_model, _make))
