"""The names of the books' accounts: one name for each kind of account, the same in the
routing, the ledger and the API.

- `fund:<key>` — a fund a jurisdiction routes money to (a key of `plugin.funds`); a fund
  kept per local body or per pound-keeper (`plugin.fund_holders`) is one account per
  holder, `fund:<key>:<id of the local authority or the pound>`.
- `deposit:<key>[:<holder id>]` — money held pending a claim (`plugin.deposits`);
  `deposit:protest` for deposits under protest; `deposit:unrouted:<kind>` for money an Act
  sends to no named fund, held until the department decides.
- `payer:<who>` — money coming in from outside; `payee:<who>` — money owed or paid out.

A case belongs to the local authority controlling its pound and to that pound's keeper;
money with no case (or a case that names no local body) goes to the holder-less account of
its fund, whose API name says the local body is not named.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.money import split
from pashu.db.impoundment import Impoundment
from pashu.db.pounds import LocalAuthority, Pound
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.vocabulary import Holder, MoneyKind
from pashu.services.ledger.ledger import subject_balances

PROTEST_DEPOSIT = "deposit:protest"
SALE_EXPENSES = "payee:sale-expenses"  # met out of the proceeds (Cattle Trespass Act s.16(2))
UNROUTED = "deposit:unrouted"
KINDS = ("fund", "deposit", "payer", "payee")


@dataclass(frozen=True)
class Body:
    """The local authority and the pound money about a case belongs to (None: not named)."""

    authority_id: uuid.UUID | None = None
    pound_id: uuid.UUID | None = None


NO_BODY = Body()


def body_of(session: Session, case: Impoundment) -> Body:
    authority = session.scalar(select(Pound.local_authority_id).where(Pound.id == case.pound_id))
    return Body(authority, case.pound_id)


def body_of_case(session: Session, impoundment_id: uuid.UUID | None) -> Body:
    if impoundment_id is None:
        return NO_BODY
    case = session.scalar(select(Impoundment).where(Impoundment.id == impoundment_id))
    return body_of(session, case) if case is not None else NO_BODY


def unrouted(kind: MoneyKind) -> str:
    return f"{UNROUTED}:{kind.value.lower()}"


def account(plugin: Jurisdiction, fund: str, body: Body) -> str:
    """The ledger account of the fund `fund` (a key of `plugin.funds`) for `body`."""
    name = f"{plugin.account_kind(fund)}:{fund}"
    holder = plugin.holder(fund)
    if holder is Holder.LOCAL_BODY and body.authority_id is not None:
        return f"{name}:{body.authority_id}"
    if holder is Holder.POUND_KEEPER and body.pound_id is not None:
        return f"{name}:{body.pound_id}"
    return name


def routed(
    plugin: Jurisdiction, kind: MoneyKind, amount: Decimal, body: Body
) -> list[tuple[str, Decimal]]:
    """`amount` of a kind of money, split exact to the paisa among the accounts the Act
    names for it, for `body`. Where the Act names no fund the money is held in
    `deposit:unrouted:<kind>` until the department decides, never in an invented fund."""
    if amount == 0:
        return []
    routes = plugin.routing(kind).value
    if not routes:
        return [(unrouted(kind), amount)]
    parts = split(amount, [r.share for r in routes])
    return [(account(plugin, r.fund, body), p) for r, p in zip(routes, parts, strict=True)]


def held(
    session: Session, plugin: Jurisdiction, kind: MoneyKind, body: Body, subject: str
) -> list[tuple[str, Decimal]]:
    """What the accounts the Act names for `kind` hold about `subject` (a case)."""
    return held_in(subject_balances(session, subject), plugin, kind, body)


def held_in(
    books: dict[str, Decimal], plugin: Jurisdiction, kind: MoneyKind, body: Body
) -> list[tuple[str, Decimal]]:
    """`held` from the subject's balances read already (the sweep reads a batch's at once)."""
    routes = plugin.routing(kind).value
    names = [account(plugin, r.fund, body) for r in routes] or [unrouted(kind)]
    return [(a, books[a]) for a in names if books.get(a)]


def names_no_holder(plugin: Jurisdiction, acct: str) -> bool:
    """Whether `acct` is the holder-less account of a fund kept per local body or per pound
    (the one `describe` calls "local body not named")."""
    _, fund, holder_id = _split(plugin, acct)
    return fund is not None and holder_id is None and plugin.holder(fund) is not Holder.STATE


def for_body(plugin: Jurisdiction, acct: str, body: Body) -> str:
    """`acct` as the account of `body`, where it is a fund's holder-less account; else as is."""
    if not names_no_holder(plugin, acct):
        return acct
    _, fund, _ = _split(plugin, acct)
    assert fund is not None  # names_no_holder says it is a fund
    return account(plugin, fund, body)


def holder_of(plugin: Jurisdiction, accts: list[str], holder: Holder) -> uuid.UUID | None:
    """The id of the first local body (or pound) that holds one of `accts`, if any does."""
    for acct in accts:
        _, fund, holder_id = _split(plugin, acct)
        if fund is not None and holder_id is not None and plugin.holder(fund) is holder:
            return holder_id
    return None


@dataclass(frozen=True)
class Described:
    """An account as the API shows it."""

    account: str
    kind: str  # fund, deposit, payer, payee
    fund: str | None  # the key of plugin.funds, for funds and the deposits they name
    holder_id: uuid.UUID | None
    holder_type: str | None  # "LocalAuthority" or "Pound" (for its keeper)
    holder: str | None  # the local body's or the pound's name
    name: str


def _split(plugin: Jurisdiction, acct: str) -> tuple[str, str | None, uuid.UUID | None]:
    """(kind, fund key or None, holder id or None) of an account name."""
    kind, _, rest = acct.partition(":")
    key, _, tail = rest.partition(":")
    if kind not in ("fund", "deposit") or key not in plugin.funds:
        return kind, None, None
    try:
        return kind, key, uuid.UUID(tail) if tail else None
    except ValueError:
        return kind, None, None


def describe(
    session: Session,
    plugin: Jurisdiction,
    accounts: list[str],
    known: dict[uuid.UUID, tuple[str, str]] | None = None,
) -> list[Described]:
    """Each account with its kind, its fund and the local body or pound holding it (`known`:
    every holder's type and name by id, read already; else the ones named are read here)."""
    parsed = {a: _split(plugin, a) for a in accounts}
    ids = {h for _, _, h in parsed.values() if h is not None}
    names: dict[uuid.UUID, tuple[str, str]] = dict(known or {})
    if ids and known is None:
        for table in (Pound, LocalAuthority):
            rows = session.execute(select(table.id, table.name).where(table.id.in_(ids)))
            names.update((i, (table.__name__, n)) for i, n in rows)
    out = []
    for acct in accounts:
        kind, fund, holder_id = parsed[acct]
        holder_type, holder = names.get(holder_id, (None, None)) if holder_id else (None, None)
        if fund is None:
            name = acct
        elif holder is not None:
            name = f"{plugin.funds[fund]}, {holder}"
        elif plugin.holder(fund) is not Holder.STATE:
            name = f"{plugin.funds[fund]} (local body not named)"
        else:
            name = plugin.funds[fund]
        out.append(Described(acct, kind, fund, holder_id, holder_type, holder, name))
    return out
