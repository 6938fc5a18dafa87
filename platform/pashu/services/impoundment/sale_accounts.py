"""The account of a sale's proceeds, line by line, each line citing the clause of the Act it
answers (Cattle Trespass Act 1985 s.16(3)(a)-(f)): (a) the cattle seized, (b) the time they
were impounded, (c) the fines and charges incurred, (d) the cattle sold, (e) the proceeds and
(f) how the proceeds were disposed of. The same reading serves a sale's own account and the
account delivered with the remaining cattle after the sales on an owner's refusal (s.16(3)-(4)),
in the API and on paper.

Two rules hold every account together:
- the (f) lines add up to the (e) proceeds, to the paisa: what a sale fell short of is owed
  still (`unrecovered`), not a way the proceeds were disposed of;
- (c) is what the sale had to meet: the fines and charges due at it and what an earlier sale
  on the same refusal left unpaid (s.16(1)-(2)), itemised in `charges`.

Accounts are register entries, written once; those recorded before these rules (their
shortfalls among the (f) lines, instants in UTC) are read through `disposal`/`unrecovered`,
which sort the lines, and print in IST like the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from pashu.core.citations import Citation
from pashu.core.documents import when as printed
from pashu.core.legaltime import IST, ist
from pashu.db.impoundment import Sale
from pashu.jurisdictions.base import Jurisdiction

ZERO = Decimal("0.00")
# What a sale on the owner's refusal leaves to the next one to meet (s.16(1)-(2)).
CARRIED = ("unrecoveredFines", "unrecoveredFeeding", "unrecoveredExpenses", "unrecovered")
SHORT = (*CARRIED, "fineUnrecovered")  # owed still after the sale: never an (f) line

WORDS = {
    # (f) lines: where the proceeds went
    "finesToLocalAuthority": "fines, sent to the local authority",
    "feedingToPoundKeeper": "feeding and watering charges, paid to the pound-keeper",
    "expensesOfSale": "expenses of sale",
    "fineOnConviction": "fine on conviction, recovered from the proceeds",
    "balance": "balance, held for the owner",
    "toFund": "deposited into the fund",
    "feedingSinceSale": "feeding and watering since the sale, taken from the balance",
    "balanceToOwner": "balance, paid to the owner",
    "heldInDeposit": "balance, held in deposit as unclaimed",
    # (c) items
    "fines": "fines",
    "feeding": "feeding and watering charges",
    # owed still
    "unrecoveredFines": "fines the proceeds did not meet",
    "unrecoveredFeeding": "feeding charges the proceeds did not meet",
    "unrecoveredExpenses": "expenses of sale the proceeds did not meet",
    "unrecovered": "fines and charges the proceeds did not meet",
    "fineUnrecovered": "fine on conviction the proceeds did not meet",
    "paidByOwner": "feeding since the sale beyond the balance, paid by the owner",
}


def _amounts(items: dict[str, Any]) -> dict[str, Decimal]:
    return {k: Decimal(v) for k, v in items.items()}


def disposal(account: dict[str, Any]) -> dict[str, Decimal]:
    """(f): how the proceeds were disposed of; the lines add up to the proceeds."""
    return {k: v for k, v in _amounts(account["disposal"]).items() if k not in SHORT}


def unrecovered(account: dict[str, Any]) -> dict[str, Decimal]:
    """What the proceeds fell short of, owed still after the sale."""
    if "unrecovered" in account:
        return _amounts(account["unrecovered"])
    return {k: v for k, v in _amounts(account["disposal"]).items() if k in SHORT}  # older rows


def carried(account: dict[str, Any]) -> dict[str, Decimal]:
    """What a sale on the owner's refusal left for the next sale to meet."""
    return {k: v for k, v in unrecovered(account).items() if k in CARRIED}


def handover_account(
    sold: Sequence[Sale],
    cattle_seized: int,
    impounded_from: datetime,
    at: datetime,
    *,
    feeding_since: Decimal,
    taken: Decimal,
    balance: Decimal,
    paid_by_owner: Decimal,
) -> dict[str, Any]:
    """The account delivered with the remaining cattle (s.16(3)): the sales on the refusal
    taken together, and the balance of their proceeds split into the feeding since the sale
    it met (`taken`), what the owner receives (`balance`) and what stays in deposit."""
    lines: dict[str, Decimal] = {}
    for s in sold:
        for item, amount in disposal(s.account).items():
            lines[item] = lines.get(item, ZERO) + amount
    kept = lines.pop("balance", ZERO)
    lines["feedingSinceSale"] = taken
    lines["balanceToOwner"] = balance
    if kept - taken - balance:
        lines["heldInDeposit"] = kept - taken - balance
    last = unrecovered(sold[-1].account) if sold else {}
    fines = lines.get("finesToLocalAuthority", ZERO) + last.get("unrecoveredFines", ZERO)
    feeding = (
        lines.get("feedingToPoundKeeper", ZERO)
        + last.get("unrecoveredFeeding", ZERO)
        + feeding_since
    )
    return {
        "cattleSeized": cattle_seized,
        "impoundedFrom": ist(impounded_from),
        "impoundedUntil": ist(at),
        "finesAndCharges": str(fines + feeding),
        "charges": {
            "fines": str(fines),
            "feeding": str(feeding),
            "expensesOfSale": str(
                lines.get("expensesOfSale", ZERO) + last.get("unrecoveredExpenses", ZERO)
            ),
        },
        "cattleSold": sum(s.account["cattleSold"] for s in sold),
        "proceeds": str(sum((s.price for s in sold), ZERO)),
        "disposal": {k: str(v) for k, v in lines.items()},
        "unrecovered": {k: str(v) for k, v in last.items() if v},
        "paidByOwner": str(paid_by_owner),
    }


@dataclass(frozen=True)
class Line:
    """One line of the account: the clause it answers (None: beyond the clauses), a key, the
    words, the number or amount, and the value as printed."""

    clause: str | None
    item: str
    label: str
    count: int | None
    amount: Decimal | None
    text: str
    cites: list[Citation]


def instant(text: str) -> datetime:
    """A stored instant, shown in IST with its offset whatever zone it was written in."""
    return datetime.fromisoformat(text).astimezone(IST)


def lines(plugin: Jurisdiction, account: dict[str, Any]) -> list[Line]:
    """The account's lines, (a) to (f) in the Act's order, then what is owed still."""
    clauses = plugin.sale_account_clauses()
    general = plugin.sale_accounting().cites

    def line(
        letter: str | None,
        item: str,
        label: str,
        *,
        count: int | None = None,
        amount: Decimal | None = None,
        text: str | None = None,
    ) -> Line:
        cited = clauses.get(letter) if letter else None
        shown = text if text is not None else (str(count) if amount is None else f"Rs {amount}")
        return Line(
            letter if cited else None,
            item,
            label,
            count,
            amount,
            shown,
            [cited] if cited else general,
        )

    start, end = instant(account["impoundedFrom"]), instant(account["impoundedUntil"])
    charges = _amounts(account.get("charges", {}))
    itemised = ", ".join(f"{WORDS.get(k, k)} Rs {v}" for k, v in charges.items() if v)
    out = [
        line("a", "cattleSeized", "animals seized", count=account["cattleSeized"]),
        line(
            "b",
            "impounded",
            "time impounded",
            text=f"{printed(start)} to {printed(end)} ({_duration(end - start)})",
        ),
        line(
            "c",
            "finesAndCharges",
            "fines and charges incurred",
            amount=Decimal(account["finesAndCharges"]),
            text=f"Rs {account['finesAndCharges']}" + (f" ({itemised})" if itemised else ""),
        ),
        line("d", "cattleSold", "animals sold", count=account["cattleSold"]),
        line("e", "proceeds", "proceeds of sale", amount=Decimal(account["proceeds"])),
    ]
    out += [line("f", k, WORDS.get(k, k), amount=v) for k, v in disposal(account).items()]
    owed = unrecovered(account)
    if account.get("paidByOwner") and Decimal(account["paidByOwner"]):
        owed["paidByOwner"] = Decimal(account["paidByOwner"])
    out += [line(None, k, WORDS.get(k, k), amount=v) for k, v in owed.items()]
    return out


def _duration(span: timedelta) -> str:
    """How long, as (b) asks "the time during which they have been impounded"."""
    hours, seconds = divmod(max(int(span.total_seconds()), 0), 3600)
    days, hours = divmod(hours, 24)
    parts = [(days, "day"), (hours, "hour"), (seconds // 60, "minute")]
    said = [f"{n} {word}{'' if n == 1 else 's'}" for n, word in parts if n]
    return ", ".join(said) or "under a minute"


def rows(plugin: Jurisdiction, account: dict[str, Any]) -> list[tuple[str, str]]:
    """The account as the printed document gives it: each line headed by its clause and
    citation, "(c) Fines and charges incurred (s.16(3)(c))"."""
    out = []
    for ln in lines(plugin, account):
        label = ln.label[:1].upper() + ln.label[1:]
        out.append(
            (f"({ln.clause}) {label} ({ln.cites[0].cited})" if ln.clause else label, ln.text)
        )
    return out
