"""The money of a return, read from the ledger and nowhere else: for each account the
transactions within the return's reach touched, its balance when the period opened, what it
received and paid out in the period, and its balance at the close. The return's money lines
are selections of these sums (by account, and by the kind of transaction that moved them), so
the return and the books cannot disagree: one query, grouped by account and transaction kind.

The reach of a return (`Reach`):
- a pound: the transactions about its cases and the offences arising from them;
- a local authority: those of its pounds, and every transaction that moved money in or out
  of an account the authority or one of its pounds holds (registration fees and animal tax
  of the registrations naming it, say);
- the department: every transaction of the department (its whole ledger).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    BigInteger,
    ColumnElement,
    String,
    and_,
    case,
    cast,
    func,
    or_,
    select,
    true,
    type_coerce,
)
from sqlalchemy.orm import Session

from pashu.core.money import from_paise
from pashu.db.impoundment import Impoundment
from pashu.db.ledger import LedgerEntry, LedgerTransaction
from pashu.db.offences import OffenceCase

CASE, OFFENCE = "Impoundment:", "OffenceCase:"  # ledger subjects
ZERO = Decimal("0.00")


@dataclass(frozen=True)
class Reach:
    """Which transactions a return reads: those about the cases of `scope` (a condition on
    Impoundment; None: every transaction), and those touching accounts held by `holders`."""

    scope: Any | None
    holders: tuple[uuid.UUID, ...] = ()


@dataclass(frozen=True)
class Movement:
    """One account over the period, from the ledger."""

    account: str
    opening: Decimal
    received: Decimal  # the legs into it in the period
    paid_out: Decimal  # the legs out of it in the period, as a positive amount
    closing: Decimal


@dataclass
class Books:
    accounts: list[Movement]
    # (transaction kind, account) -> the sum of its legs in the period (signed)
    moved: dict[tuple[str, str], Decimal]

    def closing(self, account: str) -> Decimal:
        return next((m.closing for m in self.accounts if m.account == account), ZERO)

    def sum_moved(self, account: str, *kinds: str) -> Decimal:
        """The legs on `account` in the period (of transactions of `kinds`, if given)."""
        return sum(
            (v for (k, a), v in self.moved.items() if a == account and (not kinds or k in kinds)),
            ZERO,
        )


def _subject_key(subject: Any, prefix: str) -> ColumnElement[str]:
    """The id named by a ledger subject "<prefix><uuid>", without dashes, so it compares with
    the id as either database renders it."""
    return func.replace(func.substr(subject, len(prefix) + 1), "-", "")


def offences_of(scope: Any) -> Any:
    """The ids (text without dashes) of the offence cases arising from the pound(s)' cases."""
    return select(func.replace(cast(OffenceCase.id, String), "-", "")).where(
        OffenceCase.impoundment_id.in_(select(Impoundment.id).where(scope))
    )


def about_offences(scope: Any) -> ColumnElement[bool]:
    t = LedgerTransaction
    return and_(
        t.subject.startswith(OFFENCE),
        func.lower(_subject_key(t.subject, OFFENCE)).in_(offences_of(scope)),
    )


def _reached(reach: Reach) -> ColumnElement[bool]:
    if reach.scope is None:
        return true()
    t, e = LedgerTransaction, LedgerEntry
    cases_of = select(func.replace(cast(Impoundment.id, String), "-", "")).where(reach.scope)
    about = or_(
        and_(t.subject.startswith(CASE), func.lower(_subject_key(t.subject, CASE)).in_(cases_of)),
        # Offences arising from the cases: their fines are the pound's business too.
        about_offences(reach.scope),
    )
    if not reach.holders:
        return about
    held = or_(*(e.account.endswith(f":{h}") for h in reach.holders))
    return or_(about, t.id.in_(select(e.transaction_id).where(held)))


def read(session: Session, reach: Reach, lo: datetime, hi: datetime) -> Books:
    """The accounts' sums over [lo, hi) and before, for the transactions within `reach`."""
    t, e = LedgerTransaction, LedgerEntry
    join = and_(t.tenant_id == e.tenant_id, t.id == e.transaction_id)
    inside = and_(t.at >= lo, t.at < hi)
    paise = type_coerce(e.amount, BigInteger)  # summed as the integers they are at rest

    def total(when: ColumnElement[bool]) -> ColumnElement[Any]:
        return func.sum(case((when, paise), else_=0))

    rows = session.execute(
        select(
            t.kind,
            e.account,
            total(t.at < lo),
            total(and_(inside, paise > 0)),
            total(and_(inside, paise < 0)),
        )
        .join(t, join)
        .where(_reached(reach), t.at < hi)
        .group_by(t.kind, e.account)
        .order_by(e.account, t.kind)
    ).all()
    sums: dict[str, list[Decimal]] = {}
    moved: dict[tuple[str, str], Decimal] = {}
    for kind, account, before, into, out in rows:
        b, i, o = (_rupees(v) for v in (before, into, out))
        acc = sums.setdefault(account, [ZERO, ZERO, ZERO])
        acc[0] += b
        acc[1] += i
        acc[2] += o
        if i or o:
            moved[(kind, account)] = moved.get((kind, account), ZERO) + i + o
    accounts = [
        Movement(a, opening, into, -out, opening + into + out)
        for a, (opening, into, out) in sorted(sums.items())
        if opening or into or out
    ]
    return Books(accounts, moved)


def _rupees(paise: Any) -> Decimal:
    return from_paise(int(paise or 0))
