"""Returns from the registers: for a period and a pound, a local authority (a Village
Council and its enclosures) or the whole department, the cases entered, the animals in and
out by species, the money collected and the balances held -- read straight from the
seizure register, the receipts, the sales and the ledger, so no second set of books is kept.

Every sum of money is the ledger's (`books`): each account's opening, receipts, payments and
closing for the period, and the lines drawn from them (collected, deposited under protest,
proceeds, expenses of sale, surplus held, fees, tax, balances). Only the itemising of money by
kind that the ledger cannot tell apart, because an Act sends several kinds to one fund (fines
and feeding charges on a receipt, or deducted from a sale), is read from the receipts' lines
and the sales' accounts, which say what each rupee was for.

Every figure is one set-based query (GROUP BY with conditional sums); nothing here loops
over register rows. The period is whole legal days in IST, both ends included.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    BigInteger,
    ColumnElement,
    Numeric,
    and_,
    case,
    cast,
    func,
    or_,
    select,
    true,
)
from sqlalchemy.orm import Session

from pashu.core.citations import Citation
from pashu.core.documents import Document, day
from pashu.core.errors import NotFound, ValidationError
from pashu.core.legaltime import start_of_day
from pashu.core.money import from_paise
from pashu.db.impoundment import (
    AnimalStatus,
    CaseStatus,
    Delivery,
    ImpoundedAnimal,
    Impoundment,
    Sale,
)
from pashu.db.ledger import LedgerEntry, LedgerTransaction
from pashu.db.offences import Fine, OffenceCase
from pashu.db.pounds import LocalAuthority, Pound
from pashu.db.refusals import Handover
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.vocabulary import Capability, MoneyKind
from pashu.services.keeping.keeping import law
from pashu.services.ledger import accounts
from pashu.services.pound_returns import books as ledger_books
from pashu.services.tenancy.tenants import Principal

MAX_DAYS = 366 * 5
ZERO = Decimal("0.00")
OUT = (AnimalStatus.DELIVERED, AnimalStatus.SOLD, AnimalStatus.DISPOSED, AnimalStatus.DIED)


@dataclass(frozen=True)
class SpeciesLine:
    species: str
    at_start: int
    impounded: int
    out: dict[AnimalStatus, int]
    at_end: int


@dataclass
class PoundReturn:
    start: date
    end: date
    pound: Pound | None
    authority: LocalAuthority | None
    kept_by: str
    cites: list[Citation]
    cases: int = 0
    species: list[SpeciesLine] = field(default_factory=list)
    deliveries: int = 0  # receipts: on payment or deposit, and of the rest after a sale
    collected: Decimal = ZERO  # paid on delivery, deposits under protest included
    under_protest: Decimal = ZERO
    fines: Decimal = ZERO  # levied on impounded animals, paid on delivery
    feeding: Decimal = ZERO
    sales: int = 0
    disposals: int = 0  # otherwise than by auction
    proceeds: Decimal = ZERO
    sale_expenses: Decimal = ZERO
    fines_from_sales: Decimal = ZERO  # deducted from proceeds where the Act deducts
    feeding_from_sales: Decimal = ZERO
    surplus: Decimal = ZERO
    # Fines on conviction for offences linked to the cases (imposed, and paid, in the period).
    offence_fines: Decimal = ZERO
    offence_fines_paid: Decimal = ZERO
    registration_fees: Decimal | None = None  # department-wide returns only
    animal_tax: Decimal | None = None
    balances: dict[str, Decimal] = field(default_factory=dict)
    balance_names: dict[str, str] = field(default_factory=dict)  # account -> its API name
    # The ledger's sums by account for the period: the money lines above are read from it.
    accounts: list[ledger_books.Movement] = field(default_factory=list)

    @property
    def unit(self) -> str:
        if self.pound is not None:
            return self.pound.name
        if self.authority is not None:
            return self.authority.name
        return "all pounds of the department"


def _paise(text: ColumnElement[Any]) -> ColumnElement[Any]:
    """A rupee amount kept as a decimal string in JSON, as integer paise (exact on both)."""
    return cast(func.round(cast(text, Numeric(14, 2)) * 100), BigInteger)


def _rupees(value: Any) -> Decimal:
    return from_paise(int(value or 0))


def _delivery_lines(dialect: str) -> tuple[Any, ColumnElement[Any], ColumnElement[Any]]:
    """The itemised lines of a receipt as rows: (table, kind, amount in paise)."""
    if dialect == "postgresql":
        rows = func.json_array_elements(Delivery.lines).table_valued("value", joins_implicitly=True)
        return rows, rows.c.value.op("->>")("kind"), _paise(rows.c.value.op("->>")("amount"))
    rows = func.json_each(Delivery.lines).table_valued("value", joins_implicitly=True)
    return (
        rows,
        func.json_extract(rows.c.value, "$.kind"),
        _paise(func.json_extract(rows.c.value, "$.amount")),
    )


def pound_return(
    session: Session,
    who: Principal,
    *,
    start: date,
    end: date,
    pound_id: uuid.UUID | None = None,
    authority_id: uuid.UUID | None = None,
) -> PoundReturn:
    """The return for [start, end] (days in IST, inclusive) of one pound, one authority's
    pounds, or (neither given) the whole department."""
    plugin = registry.get(who.jurisdiction)
    plugin.require(Capability.IMPOUNDMENT)
    rule = law(who).returns()
    if end < start:
        raise ValidationError("a return's period ends after it begins", field="to")
    if (end - start).days > MAX_DAYS:
        raise ValidationError(f"a return covers at most {MAX_DAYS} days", field="to")
    if pound_id is not None and authority_id is not None:
        raise ValidationError("a return is for a pound or a local authority, not both")
    pound = authority = None
    if pound_id is not None:
        pound = session.scalar(select(Pound).where(Pound.id == pound_id))
        if pound is None:
            raise NotFound("no such pound", field="poundId")
        scope = Impoundment.pound_id == pound_id
        reach = ledger_books.Reach(scope, (pound_id,))
    elif authority_id is not None:
        authority = session.scalar(select(LocalAuthority).where(LocalAuthority.id == authority_id))
        if authority is None:
            raise NotFound("no such local authority", field="localAuthorityId")
        its = list(
            session.scalars(select(Pound.id).where(Pound.local_authority_id == authority_id))
        )
        scope = Impoundment.pound_id.in_(its)
        reach = ledger_books.Reach(scope, (authority_id, *its))
    else:
        scope = true()
        reach = ledger_books.Reach(None)
    lo, hi = start_of_day(start), start_of_day(end + timedelta(days=1))
    ret = PoundReturn(start, end, pound, authority, rule.value.keeper, rule.cites)
    _cases(session, ret, scope, lo, hi)
    _animals(session, ret, scope, lo, hi)
    _deliveries(session, ret, scope, lo, hi)
    _sales(session, ret, scope, lo, hi)
    _offence_fines(session, ret, scope, lo, hi)
    _money(session, plugin, ret, ledger_books.read(session, reach, lo, hi))
    if ret.offence_fines or ret.offence_fines_paid:
        ret.cites = [*ret.cites, *plugin.routing(MoneyKind.OFFENCE_FINE).cites]
    return ret


def _case_join() -> ColumnElement[bool]:
    return and_(
        Impoundment.tenant_id == ImpoundedAnimal.tenant_id,
        Impoundment.id == ImpoundedAnimal.impoundment_id,
    )


def _cases(session: Session, ret: PoundReturn, scope: Any, lo: Any, hi: Any) -> None:
    ret.cases = int(
        session.scalar(
            select(func.count(Impoundment.id)).where(
                scope,
                Impoundment.status != CaseStatus.CORRECTED.value,
                Impoundment.impounded_at >= lo,
                Impoundment.impounded_at < hi,
            )
        )
        or 0
    )


def _animals(session: Session, ret: PoundReturn, scope: Any, lo: Any, hi: Any) -> None:
    a, i = ImpoundedAnimal, Impoundment

    def held_at(instant: Any) -> ColumnElement[Any]:
        inside = and_(
            i.impounded_at < instant, or_(a.released_at.is_(None), a.released_at >= instant)
        )
        return func.sum(case((inside, 1), else_=0))

    def released(status: AnimalStatus) -> ColumnElement[Any]:
        went = and_(a.status == status.value, a.released_at >= lo, a.released_at < hi)
        return func.sum(case((went, 1), else_=0))

    q = (
        select(
            a.species,
            held_at(lo),
            func.sum(case((and_(i.impounded_at >= lo, i.impounded_at < hi), 1), else_=0)),
            *(released(s) for s in OUT),
            held_at(hi),
        )
        .join(i, _case_join())
        .where(scope, i.impounded_at < hi)
        .group_by(a.species)
        .order_by(a.species)
    )
    for species, start, brought, *outs, end in session.execute(q):
        counts = [int(n or 0) for n in outs]
        if not (start or brought or any(counts) or end):
            continue
        ret.species.append(
            SpeciesLine(
                species,
                int(start or 0),
                int(brought or 0),
                dict(zip(OUT, counts, strict=True)),
                int(end or 0),
            )
        )


def _deliveries(session: Session, ret: PoundReturn, scope: Any, lo: Any, hi: Any) -> None:
    d = Delivery
    period = and_(d.at >= lo, d.at < hi)
    join = and_(Impoundment.tenant_id == d.tenant_id, Impoundment.id == d.impoundment_id)
    count = session.scalar(select(func.count(d.id)).join(Impoundment, join).where(scope, period))
    h = Handover  # the rest delivered after a sale on the owner's refusal, on a receipt
    rest = session.scalar(
        select(func.count(h.id))
        .join(
            Impoundment,
            and_(Impoundment.tenant_id == h.tenant_id, Impoundment.id == h.impoundment_id),
        )
        .where(scope, h.accepted.is_(True), h.at >= lo, h.at < hi)
    )
    ret.deliveries = int(count or 0) + int(rest or 0)
    lines, kind, paise = _delivery_lines(session.get_bind().dialect.name)
    by_kind = dict(
        session.execute(
            select(kind, func.sum(paise))
            .select_from(d)
            .join(Impoundment, join)
            .join(lines, true())
            .where(scope, period)
            .group_by(kind)
        ).all()
    )
    ret.fines = _rupees(by_kind.get(MoneyKind.FINE.value))
    ret.feeding = _rupees(by_kind.get(MoneyKind.FEEDING_CHARGE.value))


def _sales(session: Session, ret: PoundReturn, scope: Any, lo: Any, hi: Any) -> None:
    s = Sale

    def disposal(item: str) -> ColumnElement[Any]:
        return func.sum(func.coalesce(_paise(s.account[("disposal", item)].as_string()), 0))

    row = session.execute(
        select(
            func.sum(case((s.by_auction.is_(True), 1), else_=0)),
            func.sum(case((s.by_auction.is_(False), 1), else_=0)),
            disposal("finesToLocalAuthority"),
            disposal("feedingToPoundKeeper"),
        )
        .join(
            Impoundment,
            and_(Impoundment.tenant_id == s.tenant_id, Impoundment.id == s.impoundment_id),
        )
        .where(scope, s.at >= lo, s.at < hi)
    ).one()
    auctions, others, fines, feeding = row
    ret.sales, ret.disposals = int(auctions or 0), int(others or 0)
    ret.fines_from_sales, ret.feeding_from_sales = _rupees(fines), _rupees(feeding)


def _offence_fines(session: Session, ret: PoundReturn, scope: Any, lo: Any, hi: Any) -> None:
    """Fines on conviction imposed in the period on offences linked to the cases, and the
    fines paid in the period on them (the ledger's credits, whatever fund received them)."""
    linked = select(OffenceCase.id).where(
        OffenceCase.impoundment_id.in_(select(Impoundment.id).where(scope))
    )
    imposed = session.scalar(
        select(func.sum(Fine.amount)).where(Fine.case_id.in_(linked), Fine.at >= lo, Fine.at < hi)
    )
    ret.offence_fines = imposed if imposed is not None else ZERO
    t, e = LedgerTransaction, LedgerEntry
    paid = session.scalar(
        select(func.sum(e.amount))
        .join(t, and_(t.tenant_id == e.tenant_id, t.id == e.transaction_id))
        .where(
            t.kind == "offence.fine",
            ledger_books.about_offences(scope),
            t.at >= lo,
            t.at < hi,
            ~e.account.startswith("payer:"),
        )
    )
    ret.offence_fines_paid = paid if paid is not None else ZERO


def _money(
    session: Session, plugin: Jurisdiction, ret: PoundReturn, books: ledger_books.Books
) -> None:
    """The return's money lines, each a selection of the ledger's sums for the period."""
    ret.accounts = books.accounts
    ret.balances = {m.account: m.closing for m in books.accounts if m.closing and not _paid_in(m)}
    ret.balance_names = {
        d.account: d.name
        for d in accounts.describe(session, plugin, [m.account for m in books.accounts])
    }
    delivered = ("impoundment.delivery", "impoundment.handover")
    ret.collected = -books.sum_moved("payer:owner", *delivered)
    ret.under_protest = books.sum_moved(accounts.PROTEST_DEPOSIT, "impoundment.delivery")
    ret.proceeds = -books.sum_moved("payer:buyer")
    ret.sale_expenses = books.sum_moved(accounts.SALE_EXPENSES)
    # Held at the close in the deposit the Act names for surplus proceeds (s.17(3)).
    held = tuple(
        f"deposit:{r.fund}"
        for r in plugin.routing(MoneyKind.SURPLUS_PROCEEDS).value
        if plugin.account_kind(r.fund) == "deposit"
    )
    ret.surplus = sum(
        (m.closing for m in books.accounts if held and m.account.startswith(held)), ZERO
    )
    if ret.pound is None and plugin.has(Capability.ANIMAL_REGISTRATION):
        # Paid in, in the period: the fees and the tax whole, whatever funds share them.
        def paid(kind: MoneyKind) -> Decimal:
            return -sum(
                (
                    v
                    for (k, a), v in books.moved.items()
                    if k == kind.value.lower() and a.startswith("payer:")
                ),
                ZERO,
            )

        ret.registration_fees = paid(MoneyKind.REGISTRATION_FEE)
        ret.animal_tax = paid(MoneyKind.ANIMAL_TAX)


def _in(account: str) -> bool:
    return account.startswith("payer:")


def _paid_in(m: ledger_books.Movement) -> bool:
    """Money coming in from outside (payer:*) is not a balance held."""
    return _in(m.account)


def document(ret: PoundReturn) -> Document:
    rows: list[tuple[str, str]] = [
        ("Period", f"{day(ret.start)} to {day(ret.end)}"),
        ("Pound(s)", ret.unit),
        ("Kept by", ret.kept_by),
        ("Cases entered in the register", str(ret.cases)),
    ]
    for s in ret.species:
        outs = ", ".join(f"{k.value.lower()} {n}" for k, n in s.out.items())
        rows.append(
            (
                f"Animals: {s.species}",
                f"in the pound at the start {s.at_start}; brought {s.impounded}; {outs}; "
                f"in the pound at the end {s.at_end}",
            )
        )
    if not ret.species:
        rows.append(("Animals", "none in the pound during the period"))
    rows += [
        ("Deliveries to owners", str(ret.deliveries)),
        ("Fines collected on delivery", f"Rs {ret.fines}"),
        ("Feeding charges collected on delivery", f"Rs {ret.feeding}"),
        ("Of which deposited under protest", f"Rs {ret.under_protest}"),
        ("Total collected on delivery", f"Rs {ret.collected}"),
        ("Sales by auction", str(ret.sales)),
        ("Disposals otherwise", str(ret.disposals)),
        ("Proceeds of sale", f"Rs {ret.proceeds}"),
        ("Fines deducted from proceeds", f"Rs {ret.fines_from_sales}"),
        ("Feeding charges deducted from proceeds", f"Rs {ret.feeding_from_sales}"),
        ("Expenses of sale", f"Rs {ret.sale_expenses}"),
        ("Surplus proceeds held", f"Rs {ret.surplus}"),
        ("Fines on conviction imposed (offences from these cases)", f"Rs {ret.offence_fines}"),
        ("Fines on conviction paid (offences from these cases)", f"Rs {ret.offence_fines_paid}"),
    ]
    if ret.registration_fees is not None:
        rows.append(("Registration fees collected", f"Rs {ret.registration_fees}"))
    if ret.animal_tax is not None:
        rows.append(("Animal tax collected", f"Rs {ret.animal_tax}"))
    rows += [
        (
            f"Account: {ret.balance_names.get(m.account, m.account)}",
            f"at the start Rs {m.opening}; received Rs {m.received}; paid out Rs {m.paid_out}; "
            f"at the close Rs {m.closing}",
        )
        for m in ret.accounts
    ]
    return Document(
        f"Return of {ret.unit}, {day(ret.start)} to {day(ret.end)}",
        rows,
        ret.cites,
        footer="Produced from the registers of seizures, receipts and sales and from the "
        "ledger: every sum of money is the ledger's, by account, for the period"
        + (
            "; a fund the pound shares with its local authority's other business shows "
            "this pound's cases' part of it."
            if ret.pound is not None
            else "."
        ),
    )
