"""`node(id:)` for the offence types, each built as the field that shows it builds it: a
case and its fines (with their payment state), read by any role as `offenceCases` is; an
attack liability, a compensation order and a set-off (with the provisions they rest on), which
only their magistrate's mutations show, read by the same role. Another tenant's id answers
null."""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.orm import Session

from pashu.core.citations import Citation
from pashu.core.errors import NotFound
from pashu.jurisdictions import registry
from pashu.schema.context import Context
from pashu.schema.law.types import Citation as CitationType
from pashu.schema.law.types import cites
from pashu.schema.node import node_type
from pashu.schema.offences.types import (
    AttackLiability,
    CompensationOrder,
    Fine,
    OffenceCase,
    SetOff,
    load_case,
)
from pashu.services.complaints import compensation
from pashu.services.offences import fines, offences, vicious
from pashu.services.tenancy.tenants import Principal


@node_type("OffenceCase")
async def _case(ctx: Context, pk: uuid.UUID) -> OffenceCase | None:
    who = ctx.require()

    def load(s: Session) -> OffenceCase | None:
        try:
            return load_case(s, who.jurisdiction, pk)
        except NotFound:
            return None

    return await ctx.read(load)


@node_type("Fine")
async def _fine(ctx: Context, pk: uuid.UUID) -> Fine | None:
    who = ctx.require()

    def load(s: Session) -> Fine | None:
        try:
            fine = fines.get(s, pk)
        except NotFound:
            return None
        case = offences.view(s, registry.get(who.jurisdiction), fine.case_id)
        key = fines.ledger_key(fine)
        return Fine.of(fine, case, fines.paid_at(s, [key]).get(key))

    return await ctx.read(load)


def _ordered(
    find: Callable[[Session, Principal, uuid.UUID], tuple[Any, list[Citation]] | None],
    make: Callable[[Any, list[CitationType]], Any],
    roles: tuple[str, ...] = ("magistrate",),
) -> Callable[[Context, uuid.UUID], Awaitable[Any]]:
    """A lookup for a magistrate's record, shown with the provisions it rests on as the
    mutation that made it shows it, to `roles` (the mutation's role, unless a query lists the
    records to more: none given, any role)."""

    async def resolve(ctx: Context, pk: uuid.UUID) -> Any:
        who = ctx.require(*roles)

        def load(s: Session) -> Any:
            found = find(s, who, pk)
            return None if found is None else make(found[0], cites(found[1]))

        return await ctx.read(load)

    return resolve


node_type("AttackLiability")(_ordered(vicious.attack_liability, AttackLiability.of))
# `compensationOrders` lists them to every role, as `offenceCases` lists the fines.
node_type("CompensationOrder")(_ordered(compensation.order, CompensationOrder.of, ()))
node_type("SetOff")(_ordered(compensation.set_off, SetOff.of))
