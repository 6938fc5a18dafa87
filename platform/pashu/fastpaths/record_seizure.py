"""`recordSeizure`'s direct form (fastpaths/direct_mutations.py): the token check and the
registers' facts in one round trip, the law (services/impoundment/seizures.decide), then the
rows and their commit in another (services/impoundment/seizure_rows.STATEMENT).

What to read is known before the token is: the tenant's Act (for the kinds the animals are)
as an earlier request of the tenant found it, and the area of the seizure (given, or the
pound's local authority as an earlier seizure at that pound found it). Both are checked
against what the round trip returns; a guess that was wrong, or that there was none to make,
sends the request the ordinary way, which answers it (and the next is guessed right).

Settled: once a token's caller and a seizure's registers have been read so, the next seizure
by that token with the same pound, kinds and area is decided on what was read, and sent in
one round trip: the guard (GUARD: the token check, and the tenant's count of changes to the
registers, db/register_versions.py) sets the transaction's `seizure_rows.GUARD_SETTING` to
the case's id only when the token is good and names the same user, name, role and Act and
no register has changed since they were read; the rows' statement (`seizure_rows.GUARDED`)
writes only when it is set. A guard that does not clear writes nothing, and the request is
read and written afresh as above. The count is read before the registers are (statements of
one round trip each see what was committed when they start), so a change committed between
the two reads leaves a count older than the rows read: the next guard does not clear.
"""

from __future__ import annotations

import logging
import uuid
from contextlib import AsyncExitStack
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import psycopg
from psycopg import AsyncConnection
from psycopg.rows import TupleRow
from sqlalchemy import BigInteger, String, Uuid, and_, bindparam, case, func, select
from sqlalchemy.sql.selectable import ScalarSelect
from sqlalchemy.util import LRUCache

from pashu.core.errors import PashuError, Unauthenticated
from pashu.db.direct import Direct, DriverStatement
from pashu.db.register_versions import RegisterVersion
from pashu.fastpaths.direct_mutations import Keep
from pashu.jurisdictions import registry
from pashu.schema import token_check
from pashu.schema.impoundment.mutations import seizure_from
from pashu.schema.impoundment.types import Impoundment
from pashu.services.extent import extent
from pashu.services.impoundment import seizure_rows, seizures
from pashu.services.keeping.keeping import key
from pashu.services.tenancy.tenants import (
    USE_RECORDED_EVERY,
    Principal,
    check_params,
    principal_check,
    principal_of,
    tenant_of_token,
    token_hash,
)

log = logging.getLogger(__name__)


def _version() -> ScalarSelect[int]:
    """The tenant's count of changes to the registers the law reads for a seizure (0: none
    since the count was kept)."""
    counted = select(RegisterVersion.value).where(
        RegisterVersion.tenant_id == bindparam("version_tenant", type_=Uuid())
    )
    return select(func.coalesce(counted.scalar_subquery(), 0)).scalar_subquery()


VERSION = select(_version())
_CHECKED = principal_check("principal")
# The token check (`principal_of`'s row) and, when it names the caller a seizure was decided
# for (Act, user, name, role) and no register has changed since they were read, the guard
# setting set to the case's id.
GUARD = select(
    *_CHECKED.c,
    func.set_config(
        seizure_rows.GUARD_SETTING,
        case(
            (
                and_(
                    _CHECKED.c[3] == bindparam("jurisdiction", type_=String()),
                    _CHECKED.c[4] == bindparam("user_id", type_=_CHECKED.c[4].type),
                    _CHECKED.c[5] == bindparam("user_name", type_=String()),
                    _CHECKED.c[6] == bindparam("role", type_=String()),
                    _version() == bindparam("version", type_=BigInteger()),
                ),
                bindparam("case_key", type_=String()),
            ),
            else_="",
        ),
        True,
    ),
).select_from(_CHECKED)


@dataclass(frozen=True)
class _Caller:
    """A token's caller as its check found it, and when its use was last recorded."""

    who: Principal
    last_used: datetime


@dataclass(frozen=True)
class _Registers:
    """What the registers said for a seizure's pound, kinds and area, and the tenant's count
    of changes to them read before them."""

    register: seizures.Register
    version: int


class RecordSeizure:
    """The direct form of `recordSeizure`, with the guesses and the reads it learns (bounded)."""

    def __init__(self, entries: int = 4096) -> None:
        self._acts: LRUCache[uuid.UUID, str] = LRUCache(entries)
        self._areas: LRUCache[uuid.UUID, str] = LRUCache(entries)  # pound -> its area's key
        self._callers: LRUCache[str, _Caller] = LRUCache(entries)  # by the token's hash
        # (tenant, pound, kinds, area's key) -> what the registers said
        self._registers: LRUCache[tuple[Any, ...], _Registers] = LRUCache(entries)

    def _known(self, act: str, seizure: seizures.Seizure) -> tuple[list[str], str | None]:
        """The kinds whose notifications a seizure needs, and its area's key (None: not
        known before the pound's authority is)."""
        kinds = seizures.kinds_named(registry.get(act), seizure.animals)
        area = key(seizure.area) if seizure.area is not None else self._areas.get(seizure.pound_id)
        return kinds, area

    @staticmethod
    def _facts(
        tenant: uuid.UUID, seizure: seizures.Seizure, kinds: list[str], area: str | None
    ) -> tuple[Any, ...]:
        """The key of what the registers said for a seizure (`_registers`)."""
        return (tenant, seizure.pound_id, *kinds, area)

    @staticmethod
    def _reads(
        direct: Direct,
        tenant: uuid.UUID,
        seizure: seizures.Seizure,
        kinds: list[str],
        area: str | None,
    ) -> list[tuple[DriverStatement, dict[str, Any]]]:
        """The statements reading the registers' facts (kept per tenant and kinds, as the
        token check is): the tenant's count of changes to them first, then the pound's
        authority with the kinds' notifications and, when the area is known, its extent
        entries."""
        version: dict[str, Any] = {"version_tenant": tenant}
        pound: dict[str, Any] = {"pound_id": seizure.pound_id}
        reads = [
            (
                direct.kept(
                    ("seizure registers' version", tenant),
                    lambda: direct.compile(tenant, VERSION, version),
                ),
                version,
            ),
            (
                direct.kept(
                    ("seizure register", tenant, *kinds),
                    lambda: direct.compile(
                        tenant, seizures.AUTHORITY_AND_KINDS, {**pound, "kinds": kinds}
                    ),
                ),
                pound,
            ),
        ]
        if area is not None:
            where = {"area_key": area}
            reads.append(
                (
                    direct.kept(
                        ("seizure area", tenant),
                        lambda: direct.compile(tenant, extent.AREA_ENTRIES, where),
                    ),
                    where,
                )
            )
        return reads

    def _register(
        self, seizure: seizures.Seizure, rows: list[list[tuple[Any, ...]]], area: str | None
    ) -> _Registers:
        """The registers' facts from the reads' rows; RegisterMissed when the area read
        (if any) is not the seizure's."""
        version = rows[0][0][0]
        authority, notified = extent.kind_rows(rows[1])
        if authority is None:
            return _Registers(seizures.Register(None, notified, "", []), version)
        if seizure.area is None:
            self._areas[seizure.pound_id] = key(authority)
        wanted = key(seizure.area if seizure.area is not None else authority)
        if area != wanted:
            raise seizures.RegisterMissed(wanted)
        register = seizures.Register(
            authority, notified, wanted, [extent.area_entry(r) for r in rows[2]]
        )
        return _Registers(register, version)

    async def __call__(
        self, direct: Direct, token: str, arguments: dict[str, Any], keep: Keep
    ) -> tuple[Principal, Impoundment] | None:
        # One connection for both round trips: a checkout of the pool costs as a statement.
        async with AsyncExitStack() as stack:
            try:
                held = await stack.enter_async_context(direct.connection())
            except psycopg.Error:  # none to be had: logged, and the ordinary path answers
                log.exception("no connection for the direct path; resolving field by field")
                return None
            try:
                seizure = seizure_from(arguments)
                tenant = tenant_of_token(token)
            except PashuError:  # the ordinary path refuses
                return None
            try:
                settled = await self._settled(direct, held, token, tenant, seizure)
            except psycopg.Error as err:
                if err.sqlstate is None:  # the connection failed: whether it committed is unknown
                    raise
                log.warning("the settled write was refused (%s); resolving field by field", err)
                return None
            if settled is not None:
                return settled
            return await self._answer(direct, held, token, tenant, seizure, keep)

    async def _settled(
        self,
        direct: Direct,
        held: AsyncConnection[TupleRow],
        token: str,
        tenant: uuid.UUID,
        seizure: seizures.Seizure,
    ) -> tuple[Principal, Impoundment] | None:
        """The seizure decided on the caller and the registers read before, written in one
        round trip if the guard clears; None when nothing was written."""
        now = datetime.now(UTC)
        check = check_params(token, now)
        hashed = str(check["token_hash"])
        caller = self._callers.get(hashed)
        act = self._acts.get(tenant)
        # A use due to be recorded goes the way that records it.
        if caller is None or act is None or now - caller.last_used >= USE_RECORDED_EVERY:
            return None
        kinds, area = self._known(act, seizure)
        read = self._registers.get(self._facts(tenant, seizure, kinds, area))
        if read is None:
            return None
        who = caller.who
        try:
            case_, animals, after = seizures.decide(who, seizure, read.register)
        except (PashuError, seizures.RegisterMissed):  # read afresh: the law refuses then
            return None
        values = seizure_rows.values(tenant, who.actor, case_, animals, after)
        guarded = {
            **check,
            "jurisdiction": act,
            "user_id": who.user_id,
            "user_name": who.user_name,
            "role": who.role,
            "version": read.version,
            "case_key": str(case_.id),
        }
        guard = direct.kept(
            ("seizure guard", tenant),
            lambda: direct.compile(tenant, GUARD, {**guarded, "version_tenant": tenant}),
        )
        write = direct.kept(
            ("seizure write, guarded", tenant),
            lambda: direct.compile(tenant, seizure_rows.GUARDED, values, criteria=False),
        )
        checked, done = await direct.run_all([(guard, guarded), (write, values)], held)
        if not done:  # the token, the caller or the registers are not as read: nothing written
            self._callers.pop(hashed, None)
            self._registers.pop(self._facts(tenant, seizure, kinds, area), None)
            return None
        # No use is due (the one recorded last is within the interval, and a later one only
        # makes it more recent).
        found, _ = principal_of(checked[0], now)
        case_.register_number = done[0][0]
        return found, Impoundment.of(case_)

    async def _answer(
        self,
        direct: Direct,
        held: AsyncConnection[TupleRow],
        token: str,
        tenant: uuid.UUID,
        seizure: seizures.Seizure,
        keep: Keep,
    ) -> tuple[Principal, Impoundment] | None:
        """The seizure written in two round trips; None when nothing was written, the token's
        check (when made) left to the ordinary path by `keep`, which then answers."""
        try:
            act = self._acts.get(tenant)
            kinds, area = self._known(act, seizure) if act else ([], None)
            reads = self._reads(direct, tenant, seizure, kinds, area) if act else []
            try:
                checked = await token_check.authenticate_with(direct, token, reads, held)
            except Unauthenticated as refused:
                keep(refused)
                raise
            keep(checked)  # for the ordinary path, should it answer after all
            who = checked.who
            self._acts[tenant] = who.jurisdiction
            if who.jurisdiction != act:  # read for no Act, or another: the ordinary way
                return None
            read = self._register(seizure, checked.rows, area)
            if read.register.authority is not None:
                self._registers[self._facts(tenant, seizure, kinds, area)] = read
            case_, animals, after = seizures.decide(who, seizure, read.register)
            values = seizure_rows.values(tenant, who.actor, case_, animals, after)
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
        self._callers[token_hash(token)] = _Caller(who, checked.last_used)
        case_.register_number = done[0][0][0]
        return who, Impoundment.of(case_)
