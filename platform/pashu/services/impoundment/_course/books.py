"""The money of a case's course: the dues line by line as of an instant, and the books.

The dues are `dues.compute`'s, asked with the facts (the one calculation of what an owner
owes). The books are read from the legs of the case's ledger transactions (`LedgerLeg`,
loaded into the facts): each sum received on the case and the accounts it went to, each
account's balance, each named as the Act names it with the rule that names it, and each
sum held for a window (the surplus of a sale in deposit for the owner's claim; the refund
of proceeds paid into a fund, while the owner may claim it; a deposit under protest for
the complaint that may follow) with when the window ends and where the sum goes then.

The sweep that closes a claim window moves what `surplus_release` says leaves deposit, and
the sweep applying an unused deposit under protest sends it where `deposit_applied` says:
the books and the clock cannot disagree. Pure: nothing here reads the database.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from pashu.core.citations import Citation
from pashu.core.errors import NotInJurisdiction
from pashu.core.legaltime import Window, aware
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.vocabulary import Action, MoneyKind, SaleAccounting, TimelineStep
from pashu.services.impoundment import dues as dues_service
from pashu.services.impoundment._course.facts import (
    CourseFacts,
    LedgerLeg,
    SoldAt,
)
from pashu.services.impoundment._course.timeline import claim_window, step, timeline
from pashu.services.ledger.accounts import (
    PROTEST_DEPOSIT,
    SALE_EXPENSES,
    UNROUTED,
    Body,
    account,
    held_in,
    routed,
)

ZERO = Decimal("0.00")
# The kinds of money a case's books carry, in the order an account's rules are cited.
CASE_MONEY = (
    MoneyKind.FINE,
    MoneyKind.FEEDING_CHARGE,
    MoneyKind.SALE_PROCEEDS,
    MoneyKind.SURPLUS_PROCEEDS,
    MoneyKind.OFFENCE_FINE,
)
OWNER = "payee:owner"
# What the ledger writes when the owner claims a sale's proceeds (claims.py).
CLAIMED = "impoundment.claim"


class NotLoaded(RuntimeError):
    """The facts were loaded without the case's money: `cases.load(..., money=True)`."""


# -- the dues ----------------------------------------------------------------------------------


def dues(facts: CourseFacts, at: datetime) -> dues_service.Dues:
    """What the owner owes at `at` for the animals still in the pound, line by line."""
    if facts.rates is None:
        raise NotLoaded("the dues need the rates notified: load the facts with money=True")
    return dues_service.compute(facts.plugin, facts.rates, facts, facts.animals, aware(at))


# -- the accounts, as the Act names them -------------------------------------------------------


@dataclass(frozen=True)
class Placed:
    """A sum in an account: the account, the amount, its name in the Act's words, the rule
    that names it (cited), and why the money is there."""

    account: str
    amount: Decimal
    name: str
    cites: list[Citation]
    why: str


def named(plugin: Jurisdiction, acct: str, amount: Decimal) -> Placed:
    """`amount` in `acct`, named as the Act names the account, with the rules that send the
    case's money there (the routing of each kind of money the account receives)."""
    kind, _, rest = acct.partition(":")
    key = rest.split(":")[0]
    if acct == PROTEST_DEPOSIT:
        protest = plugin.delivery_on_deposit()
        return Placed(acct, amount, "deposit made under protest", protest.cites, protest.why)
    if acct.startswith(UNROUTED + ":"):
        money = MoneyKind(acct.rsplit(":", 1)[1].upper())
        rule = plugin.routing(money)
        return Placed(
            acct,
            amount,
            f"{money.value.lower().replace('_', ' ')} held: the Act names no fund for it",
            rule.cites,
            rule.why,
        )
    if kind in ("fund", "deposit") and key in plugin.funds:
        cites: list[Citation] = []
        why: list[str] = []
        for money in CASE_MONEY:
            try:
                rule = plugin.routing(money)
            except NotInJurisdiction:
                continue
            if any(r.fund == key for r in rule.value):
                cites += [c for c in rule.cites if c not in cites]
                why.append(rule.why)
        return Placed(acct, amount, plugin.funds[key], cites, "; ".join(why))
    if acct == SALE_EXPENSES:
        sale = plugin.sale_accounting()
        return Placed(acct, amount, "expenses of sale, met out of the proceeds", sale.cites, "")
    if acct == OWNER:
        return Placed(acct, amount, "paid to the owner", [], "paid out to the owner")
    return Placed(acct, amount, acct, [], "")


# -- the books -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Moved:
    """One transaction about the case: what it received from outside (`received`, from
    `payers`), and the accounts it put money into and took money out of."""

    at: datetime
    kind: str
    received: Decimal
    payers: list[str]
    into: list[Placed]
    out_of: list[Placed]


@dataclass(frozen=True)
class HeldSum:
    """A sum held for a window: in `account`, for `held_for` (the step whose window it is),
    until `ends` (None: until a decision the Act does not time), then sent to `goes_to`
    (empty: it stays where it is), as the rule cited says."""

    account: Placed
    held_for: Action
    window: Window
    ends: datetime | None
    goes_to: list[Placed]
    cites: list[Citation]
    why: str

    def due(self, at: datetime) -> bool:
        """Has its window ended by `at` (the clock then moves it)?"""
        return self.ends is not None and self.ends <= aware(at)


@dataclass(frozen=True)
class Books:
    as_of: datetime
    moved: list[Moved]
    accounts: list[Placed]  # each account's balance from the case's money, payers left out
    held: list[HeldSum]

    @property
    def received(self) -> Decimal:
        """Every rupee received on the case, from outside (owners, buyers, seizers)."""
        return sum((m.received for m in self.moved), ZERO)

    @property
    def balanced(self) -> bool:
        """The legs sum to nothing: what came in is in the accounts (or paid out)."""
        return self.received == sum((a.amount for a in self.accounts), ZERO)

    def due(self, at: datetime) -> list[HeldSum]:
        """The held sums whose window has ended by `at`, still held: the clock moves them."""
        return [h for h in self.held if h.due(at) and h.goes_to]


def balances(legs: Sequence[LedgerLeg]) -> dict[str, Decimal]:
    """Each account's balance from `legs` (an account whose legs cancel shows nothing)."""
    found: dict[str, Decimal] = defaultdict(lambda: ZERO)
    for leg in legs:
        found[leg.account] += leg.amount
    return dict(found)


def books(facts: CourseFacts, at: datetime) -> Books:
    """The case's books as of `at`: the transactions dated by then, the accounts' balances,
    the sums held and where each goes when its window ends."""
    if facts.ledger is None:
        raise NotLoaded("the books need the case's ledger: load the facts with money=True")
    plugin, when = facts.plugin, aware(at)
    legs = [leg for leg in facts.ledger if leg.at <= when]
    by_tx: dict[uuid.UUID, list[LedgerLeg]] = defaultdict(list)
    for leg in legs:
        by_tx[leg.transaction].append(leg)
    moved = []
    for tx in sorted(by_tx.values(), key=lambda t: (t[0].at, t[0].kind)):
        payers = [x for x in tx if x.account.startswith("payer:")]
        moved.append(
            Moved(
                tx[0].at,
                tx[0].kind,
                -sum((x.amount for x in payers), ZERO),
                sorted({x.account for x in payers}),
                [named(plugin, x.account, x.amount) for x in tx if x.amount > 0],
                [
                    named(plugin, x.account, -x.amount)
                    for x in tx
                    if x.amount < 0 and not x.account.startswith("payer:")
                ],
            )
        )
    found = balances(legs)
    accounts = [
        named(plugin, a, x) for a, x in sorted(found.items()) if x and not a.startswith("payer:")
    ]
    sold = [s for s in facts.sales if s.at <= when]
    held = [
        *_surplus(facts, sold, found),
        *_refund(facts, sold, legs),
        *_protest(facts, when, legs),
    ]
    return Books(when, moved, accounts, held)


# -- the surplus of a sale, held in deposit for the owner's claim --------------------------------


def claim_deadline(
    plugin: Jurisdiction, sold: Sequence[SoldAt]
) -> tuple[datetime, Action, TimelineStep | None]:
    """When the owner's claim on the case's sales ends (`claim_window`), the step and its
    window. Where no claim lies on the sales, the window closes at the latest of them:
    there was nothing for the owner to claim."""
    assert sold  # a window is opened by its sale
    action, found = claim_window(plugin, sold)
    if found is None:
        return max(s.at for s in sold), action, None
    assert found.window.deadline is not None  # every Act with a claim step sets its period
    return found.window.deadline, action, found


@dataclass(frozen=True)
class Release:
    """What leaves deposit when the claim window ends: from which accounts, to which, and
    the plugin's rule (`clocks.unclaimed_after_window`)."""

    sources: list[tuple[str, Decimal]]
    to: str | None  # None: the Act moves nothing (the proceeds are in a fund already)
    amount: Decimal
    cites: list[Citation]
    why: str
    fund: str | None  # the key of `plugin.funds` the rule names (None: nothing moves)


def surplus_release(plugin: Jurisdiction, found: dict[str, Decimal], body: Body) -> Release:
    """The surplus proceeds the case's balances `found` hold, and where they go when the
    owner's claim window ends unused: the one answer of the books and of the clock."""
    rule = plugin.clock_law().unclaimed_after_window()
    sources = held_in(found, plugin, MoneyKind.SURPLUS_PROCEEDS, body)
    total = sum((x for _, x in sources), ZERO)
    to = account(plugin, rule.value, body) if rule.value is not None else None
    return Release(sources, to, total, rule.cites, rule.why, rule.value)


def _surplus(
    facts: CourseFacts, sold: Sequence[SoldAt], found: dict[str, Decimal]
) -> list[HeldSum]:
    plugin = facts.plugin
    if not sold:
        return []
    if plugin.sale_accounting().value is not SaleAccounting.DEDUCT_CHARGES_HOLD_SURPLUS:
        return []
    release = surplus_release(plugin, found, facts.body)
    ends, action, claim = claim_deadline(plugin, sold)
    window = claim.window if claim is not None else Window(ends, ends)
    out = []
    for acct, amount in release.sources:
        if amount <= 0 or not acct.startswith("deposit:"):
            continue  # in a fund already: nothing is held
        goes = [named(plugin, release.to, amount)] if release.to is not None else []
        cites = [*(claim.cites if claim else []), *release.cites]
        out.append(
            HeldSum(named(plugin, acct, amount), action, window, ends, goes, cites, release.why)
        )
    return out


# -- the refund of proceeds paid into a fund, while the owner may claim it -------------------


def claimable(sold: Sequence[SoldAt]) -> Decimal:
    """Where the proceeds go to a fund whole, what an owner who claims in time is refunded:
    each sale's proceeds less the fines and charges it had to meet (Animal (Control &
    Taxation) Act 2014 s.10(4) "less feeding charges and fines"), for the sales a claim
    lies on (not those on the owner's refusal)."""
    return sum(
        (
            max(ZERO, Decimal(s.account["proceeds"]) - Decimal(s.account["finesAndCharges"]))
            for s in sold
            if not s.account.get("onRefusal")
        ),
        ZERO,
    )


def _refund(facts: CourseFacts, sold: Sequence[SoldAt], legs: Sequence[LedgerLeg]) -> list[HeldSum]:
    plugin = facts.plugin
    if not sold or any(leg.kind == CLAIMED for leg in legs):
        return []
    if plugin.sale_accounting().value is SaleAccounting.DEDUCT_CHARGES_HOLD_SURPLUS:
        return []
    amount = claimable(sold)
    ends, action, claim = claim_deadline(plugin, sold)
    if claim is None or amount <= 0:
        return []
    parts = routed(plugin, MoneyKind.SALE_PROCEEDS, amount, facts.body)
    rule = plugin.clock_law().unclaimed_after_window()
    return [
        HeldSum(
            named(plugin, acct, part),
            action,
            claim.window,
            ends,
            [],  # the proceeds are in the fund already: when the window ends nothing moves
            [*claim.cites, *rule.cites],
            rule.why,
        )
        for acct, part in parts
    ]


# -- a deposit under protest, held for the complaint that may follow -------------------------


def deposit_applied(
    plugin: Jurisdiction, amount: Decimal, fines: Decimal, body: Body
) -> list[tuple[str, Decimal]]:
    """Where an unused deposit under protest goes when the complaint window ends: the fines
    where the Act sends fines, the rest (the feeding charges) where it sends those."""
    return routed(plugin, MoneyKind.FINE, fines, body) + routed(
        plugin, MoneyKind.FEEDING_CHARGE, amount - fines, body
    )


def _protest(facts: CourseFacts, when: datetime, legs: Sequence[LedgerLeg]) -> list[HeldSum]:
    plugin = facts.plugin
    deposits = [d for d in facts.deliveries if d.under_protest and d.amount > 0 and d.at <= when]
    if not deposits:
        return []
    keys = {leg.key for leg in legs}
    # A decision on the complaint returns the deposits or applies them, all at once.
    decided = any(leg.kind.startswith("complaint.deposit_") for leg in legs)
    complaint = step(timeline(plugin, facts, facts.notices), Action.COMPLAIN_ILLEGAL_SEIZURE)
    assert complaint is not None  # a deposit under protest comes with the complaint's step
    deadline = complaint.window.deadline
    complained = any(c <= when for c in facts.complaints)
    out = []
    for d in deposits:
        if decided or d.key in keys:
            continue  # applied when the window closed, or settled by the decision
        held = named(plugin, PROTEST_DEPOSIT, d.amount)
        if complained:
            out.append(
                HeldSum(
                    held,
                    Action.COMPLAIN_ILLEGAL_SEIZURE,
                    complaint.window,
                    None,
                    [],
                    [*complaint.cites, *held.cites],
                    "a complaint followed the deposit: it is held for the decision, returned "
                    "to the owner if the seizure is adjudged illegal, else applied to the "
                    "fines and charges",
                )
            )
            continue
        rule = plugin.deposit_unused()
        # Applied when the window closes, never before the money was received.
        ends = max(deadline, d.at) if deadline is not None else None
        applied = deposit_applied(plugin, d.amount, d.fines, facts.body)
        goes = [named(plugin, a, x) for a, x in applied]
        out.append(
            HeldSum(
                held,
                Action.COMPLAIN_ILLEGAL_SEIZURE,
                complaint.window,
                ends,
                goes,
                list(rule.cites),
                rule.why,
            )
        )
    return out
