"""Claim windows a batch at a time: the same windows timed and closed, the same money moved
and the same audit trail as one window at a time (services/sweep.act_on_window) — a case of
two part sales closing once, with its latest sale's, beside a case still within its window,
and (Mizoram) a sale on the owner's refusal to pay, on which no claim lies (s.10(4)): its
window closes at the sale."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.errors import PashuError
from pashu.db.clocks import ClaimWindow
from pashu.db.impoundment import Impoundment
from pashu.db.tenancy import AuditEvent
from pashu.services import clocks as sweep
from pashu.services.ledger import ledger
from tests.conftest import Databases, GraphQLClient, TenantFixture
from tests.schema.clocks_helpers import sweep as run_sweep
from tests.schema.impoundment_helpers import SALE, department, seize

# code: (the instant its notices are done, the sales by case, the instants swept, and the
# cases in the order their windows close)
STORY = {
    # s.17(3): three months from the latest sale.
    "nagaland": (
        "2026-01-12T10:00:00+05:30",
        [
            [("2026-01-20T10:00:00+05:30", [("cow", 2), ("goat", 1)])],
            [
                ("2026-01-20T11:00:00+05:30", [("cow", 1)]),  # a part sale
                ("2026-01-22T11:00:00+05:30", [("cow", 1), ("goat", 1)]),  # the rest
            ],
            [("2026-03-01T10:00:00+05:30", [("cow", 2), ("goat", 1)])],
        ],
        ("2026-01-25T00:00:00+05:30", "2026-04-23T00:00:00+05:30", "2026-06-02T00:00:00+05:30"),
        [1, 2, 3],
    ),
    # s.10(4): fifteen days from the latest sale.
    "mizoram": (
        "2026-01-03T16:00:00+05:30",
        [
            [("2026-01-11T10:00:00+05:30", [("cow", 2), ("goat", 1)])],
            [
                ("2026-01-11T11:00:00+05:30", [("cow", 1)]),
                ("2026-01-13T11:00:00+05:30", [("cow", 1), ("goat", 1)]),
            ],
            [("2026-02-10T10:00:00+05:30", [("cow", 2), ("goat", 1)])],
            # The owner appeared and refused to pay (REFUSED_AT): sold on his refusal.
            [("2026-01-05T12:00:00+05:30", [("cow", 1)])],
        ],
        ("2026-01-14T00:00:00+05:30", "2026-01-29T00:00:00+05:30", "2026-02-26T00:00:00+05:30"),
        [4, 1, 2, 3],  # the sale on refusal's at the first sweep: no claim lies on it
    ),
}
# The case (by its place in the story) whose owner refused to pay, and when.
REFUSED_AT = {("mizoram", 3): "2026-01-05T10:00:00+05:30"}
REFUSE = """
mutation($input: RecordRefusalToPayInput!) { recordRefusalToPay(input: $input) { at } }"""


async def _history(dbs: Databases, gql: GraphQLClient, code: str) -> TenantFixture:
    noticed, sales, _, _ = STORY[code]
    t, pound = await department(dbs, gql, code)
    cases = [await seize(gql, t.token, pound) for _ in sales]
    await run_sweep(gql, t.token, noticed)
    for i, (case, sold) in enumerate(zip(cases, sales, strict=True)):
        refused = REFUSED_AT.get((code, i))
        if refused is not None:
            owner = {"name": "T. Sema", "address": "Jotsoma"}
            refusal = {"impoundmentId": case["id"], "at": refused, "claimant": owner}
            await gql.ok(REFUSE, {"input": refusal}, t.token)
        for at, lots in sold:
            lot_list = [{"species": s, "count": n} for s, n in lots]
            sale = {
                "impoundmentId": case["id"],
                "at": at,
                "lots": lot_list,
                "buyer": {"name": "L. Ao", "address": "Mokokchung", "role": "PUBLIC"},
                "price": f"{1000 * sum(n for _, n in lots)}.00",
                "expenses": "50.00",
            }
            await gql.ok(SALE, {"input": sale}, t.token)
    return t


@contextmanager
def _session(dbs: Databases, tenant: uuid.UUID) -> Iterator[Session]:
    with dbs.app.transaction(tenant) as s:
        yield s


def _one_by_one(s: Session, when: datetime) -> list[tuple[Any, ...]]:
    who = sweep.clock(s, s.info["tenant_id"])
    done: list[sweep.DueAction] = []
    for due in sweep.find(s, when):
        if due.kind == sweep.WINDOW:
            try:
                with s.begin_nested():
                    done += sweep.act_on_window(s, who, due.id, when)
            except PashuError as err:  # pragma: no cover - the story has no refusal
                raise AssertionError(err) from err
    return _done(s, done)


def _batched(s: Session, when: datetime) -> list[tuple[Any, ...]]:
    who = sweep.clock(s, s.info["tenant_id"])
    ids = [d.id for d in sweep.find(s, when) if d.kind == sweep.WINDOW]
    done, failed = sweep.act_on_windows(s, who, ids, when)
    assert failed == []
    return _done(s, done)


_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def _numbers(s: Session) -> dict[uuid.UUID, int]:
    return {c.id: c.register_number for c in s.scalars(select(Impoundment))}


def _done(s: Session, done: list[sweep.DueAction]) -> list[tuple[Any, ...]]:
    number = _numbers(s)
    return sorted((a.kind, number[a.impoundment_id], a.at, a.detail) for a in done)


def _state(s: Session) -> dict[str, Any]:
    """What a user sees: the windows by case, the audit trail of their closing, the books."""
    number = _numbers(s)
    by_id = {f"Impoundment:{k}": v for k, v in number.items()}
    return {
        "windows": sorted(
            (number[w.impoundment_id], w.sold_at, w.due_at, w.closed_at, w.outcome)
            for w in s.scalars(select(ClaimWindow))
        ),
        "audit": sorted(
            (a.actor, by_id[a.subject], repr(sorted(a.after.items())))
            for a in s.scalars(select(AuditEvent))
            if a.action == "impoundment.close_claim_window" and a.after
        ),
        # Accounts by kind and holder's place in the tenant, not by its minted id.
        "books": sorted((_ID.sub("<id>", k), v) for k, v in ledger.balances(s).items()),
    }


@pytest.mark.parametrize("code", ["nagaland", "mizoram"])
async def test_a_batch_of_claim_windows_does_what_one_window_at_a_time_does(
    code: str, dbs: Databases, gql: GraphQLClient
) -> None:
    one, batch = [await _history(dbs, gql, code) for _ in range(2)]
    closed: list[tuple[Any, ...]] = []
    for at in STORY[code][2]:
        when = datetime.fromisoformat(at)
        with _session(dbs, one.id) as s:
            expected = _one_by_one(s, when)
        with _session(dbs, batch.id) as s:
            assert _batched(s, when) == expected, at
        with dbs.admin.transaction(one.id) as s:
            theirs = _state(s)
        with dbs.admin.transaction(batch.id) as s:
            assert _state(s) == theirs, at
        closed += expected
    # Each case's windows closed once, in turn: (the sale on refusal, at once,) the whole
    # sale, the two part sales together (with the latest's), then the late sale; timed in
    # between.
    assert [number for _, number, _, _ in closed] == STORY[code][3]
    with dbs.admin.transaction(batch.id) as s:
        windows = _state(s)["windows"]
    assert [w[0] for w in windows] == sorted([2, *STORY[code][3]])  # two windows of case 2
    assert windows[1][3] == windows[2][3] is not None  # the part sales' windows close together
    if code == "mizoram":  # no claim on the sale on refusal: closed at the sale
        assert windows[4][3] == windows[4][1]
