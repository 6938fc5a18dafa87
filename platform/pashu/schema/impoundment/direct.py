"""`recordSeizure`'s direct form (schema/direct_mutations.py): the token check and the
registers' facts in one round trip, the law (services/seizures.decide), then the rows and
their commit in another (services/seizure_rows.STATEMENT).

What to read is known before the token is: the tenant's Act (for the kinds the animals are)
as an earlier request of the tenant found it, and the area of the seizure (given, or the
pound's local authority as an earlier seizure at that pound found it). Both are checked
against what the round trip returns; a guess that was wrong, or that there was none to make,
sends the request the ordinary way, which answers it (and the next is guessed right).
"""

from __future__ import annotations

import logging
import uuid
from contextlib import AsyncExitStack
from typing import Any

import psycopg
from psycopg import AsyncConnection
from psycopg.rows import TupleRow
from sqlalchemy.util import LRUCache

from pashu.core.errors import PashuError
from pashu.db.direct import Direct, DriverStatement
from pashu.jurisdictions import registry
from pashu.schema import token_check
from pashu.schema.impoundment.mutations import seizure_from
from pashu.schema.impoundment.types import Impoundment
from pashu.services import extent, seizure_rows, seizures
from pashu.services.keeping import key
from pashu.services.tenants import Principal, tenant_of_token

log = logging.getLogger(__name__)


class RecordSeizure:
    """The direct form of `recordSeizure`, with the guesses it learns (bounded)."""

    def __init__(self, entries: int = 4096) -> None:
        self._acts: LRUCache[uuid.UUID, str] = LRUCache(entries)
        self._areas: LRUCache[uuid.UUID, str] = LRUCache(entries)  # pound -> its area's key

    def _reads(
        self, direct: Direct, tenant: uuid.UUID, act: str, seizure: seizures.Seizure
    ) -> tuple[list[tuple[DriverStatement, dict[str, Any]]], str | None]:
        """The statements reading the registers' facts (kept per tenant and kinds, as the
        token check is), and the key of the area they read (None: not known before the
        pound's authority is)."""
        kinds = seizures.kinds_named(registry.get(act), seizure.animals)
        pound: dict[str, Any] = {"pound_id": seizure.pound_id}
        reads = [
            (
                direct.kept(
                    ("seizure register", tenant, *kinds),
                    lambda: direct.compile(
                        tenant, seizures.AUTHORITY_AND_KINDS, {**pound, "kinds": kinds}
                    ),
                ),
                pound,
            )
        ]
        area = key(seizure.area) if seizure.area is not None else self._areas.get(seizure.pound_id)
        if area is not None:
            where = {"area_key": area}
            made = direct.kept(
                ("seizure area", tenant), lambda: direct.compile(tenant, extent.AREA_ENTRIES, where)
            )
            reads.append((made, where))
        return reads, area

    def _register(
        self, seizure: seizures.Seizure, rows: list[list[tuple[Any, ...]]], area: str | None
    ) -> seizures.Register:
        """The registers' facts from the reads' rows; RegisterMissed when the area read
        (if any) is not the seizure's."""
        authority, notified = extent.kind_rows(rows[0])
        if authority is None:
            return seizures.Register(None, notified, "", [])
        if seizure.area is None:
            self._areas[seizure.pound_id] = key(authority)
        wanted = key(seizure.area if seizure.area is not None else authority)
        if area != wanted:
            raise seizures.RegisterMissed(wanted)
        return seizures.Register(
            authority, notified, wanted, [extent.area_entry(r) for r in rows[1]]
        )

    async def __call__(
        self, direct: Direct, token: str, arguments: dict[str, Any]
    ) -> tuple[Principal, Impoundment] | None:
        # One connection for both round trips: a checkout of the pool costs as a statement.
        async with AsyncExitStack() as stack:
            try:
                held = await stack.enter_async_context(direct.connection())
            except psycopg.Error:  # none to be had: logged, and the ordinary path answers
                log.exception("no connection for the direct path; resolving field by field")
                return None
            return await self._answer(direct, held, token, arguments)

    async def _answer(
        self,
        direct: Direct,
        held: AsyncConnection[TupleRow],
        token: str,
        arguments: dict[str, Any],
    ) -> tuple[Principal, Impoundment] | None:
        try:
            seizure = seizure_from(arguments)
            tenant = tenant_of_token(token)
            act = self._acts.get(tenant)
            reads, area = self._reads(direct, tenant, act, seizure) if act else ([], None)
            checked = await token_check.authenticate_with(direct, token, reads, held)
            who = checked.who
            self._acts[tenant] = who.jurisdiction
            if who.jurisdiction != act:  # read for no Act, or another: the ordinary way
                return None
            case, animals, after = seizures.decide(
                who, seizure, self._register(seizure, checked.rows, area)
            )
            values = seizure_rows.values(tenant, who.actor, case, animals, after)
        except (PashuError, seizures.RegisterMissed):  # the ordinary path answers or refuses
            return None
        except psycopg.Error:  # nothing written yet: logged, and the ordinary path answers
            log.exception("the direct reads failed; resolving field by field")
            return None
        write = direct.kept(
            ("seizure write", tenant),
            lambda: direct.compile(tenant, seizure_rows.STATEMENT, values, criteria=False),
        )
        try:
            done = await direct.run_all(
                [(write, values), *([(checked.use, None)] if checked.use else [])], held
            )
        except psycopg.Error as err:
            if err.sqlstate is None:  # the connection failed: whether it committed is unknown
                raise
            # Refused by the database (the transaction rolled back): the ordinary path
            # answers, with the error it gets.
            log.warning("the direct write was refused (%s); resolving field by field", err)
            return None
        case.register_number = done[0][0][0]
        return who, Impoundment.of(case)
