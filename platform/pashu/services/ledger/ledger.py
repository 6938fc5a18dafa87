"""Post balanced transactions; read balances.

Accounts are named: `fund:<key>` for the funds a jurisdiction routes money to (the keys
of `plugin.funds`), `payer:<who>` for money coming in from outside (its balance goes
negative by what was paid in), `payee:<who>` for money owed or paid out to someone, and
`deposit:<what>` for money held pending a claim. A transaction's legs always sum to zero,
so the books balance after every operation by construction, and the check here refuses
anything else.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from pashu.core.errors import Conflict, ValidationError
from pashu.core.legaltime import aware
from pashu.core.money import rupees
from pashu.db.ledger import LedgerEntry, LedgerTransaction


def post(
    session: Session,
    *,
    at: datetime,
    kind: str,
    memo: str,
    subject: str,
    entries: Sequence[tuple[str, Decimal]],
    key: str | None = None,
) -> LedgerTransaction:
    """Record one balanced transaction; CONFLICT if `key` was posted already."""
    legs = [(account, rupees(amount)) for account, amount in entries if rupees(amount) != 0]
    if not legs:
        raise ValidationError("a transaction moves some money")
    if sum((a for _, a in legs), Decimal(0)) != 0:
        raise ValidationError(f"unbalanced transaction {kind}: {legs}")
    tx = LedgerTransaction(at=aware(at), kind=kind, memo=memo, subject=subject, key=key)
    session.add(tx)
    try:
        with session.begin_nested():
            session.flush([tx])
    except IntegrityError:
        raise Conflict(f"{kind} was recorded already", key=key) from None
    session.add_all(
        LedgerEntry(transaction_id=tx.id, account=account, amount=amount)
        for account, amount in legs
    )
    session.flush()
    return tx


def transfer(
    session: Session,
    *,
    at: datetime,
    kind: str,
    memo: str,
    subject: str,
    source: str,
    shares: Sequence[tuple[str, Decimal]],
    key: str | None = None,
) -> LedgerTransaction:
    """Move money out of `source` into the accounts of `shares`."""
    total = sum((rupees(a) for _, a in shares), Decimal(0))
    return post(
        session,
        at=at,
        kind=kind,
        memo=memo,
        subject=subject,
        entries=[(source, -total), *shares],
        key=key,
    )


def balances(session: Session, prefix: str | None = None) -> dict[str, Decimal]:
    """Every account's balance (or those starting with `prefix`)."""
    q = select(LedgerEntry.account, func.sum(LedgerEntry.amount)).group_by(LedgerEntry.account)
    if prefix:
        q = q.where(LedgerEntry.account.startswith(prefix))
    # SUM keeps the column's type: paise in the database, Decimal rupees here.
    return {account: total for account, total in session.execute(q)}


def subject_balances(session: Session, subject: str) -> dict[str, Decimal]:
    """Balances of the legs posted about one subject (an impoundment, a registration)."""
    q = (
        select(LedgerEntry.account, func.sum(LedgerEntry.amount))
        .join(
            LedgerTransaction,
            (LedgerTransaction.tenant_id == LedgerEntry.tenant_id)
            & (LedgerTransaction.id == LedgerEntry.transaction_id),
        )
        .where(LedgerTransaction.subject == subject)
        .group_by(LedgerEntry.account)
    )
    return {account: total for account, total in session.execute(q)}


def posted_under(session: Session, key: str, account: str) -> Decimal:
    """The sum posted to `account` by the transactions keyed under `key` (`key:...`): the
    parts of one payment made by several transactions (a fine recovered sale by sale)."""
    got = session.scalar(
        select(func.sum(LedgerEntry.amount))
        .join(
            LedgerTransaction,
            (LedgerTransaction.tenant_id == LedgerEntry.tenant_id)
            & (LedgerTransaction.id == LedgerEntry.transaction_id),
        )
        .where(LedgerTransaction.key.startswith(f"{key}:"), LedgerEntry.account == account)
    )
    return got or Decimal("0.00")
