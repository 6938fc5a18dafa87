"""Random courses of a case under each Act that impounds (issue #31), as a hypothesis
rule-based state machine through the services: seizures, the sweep at random instants (its
reports, notices and auctions), delivery whole and in part, deposits under protest, refusal
to pay, part sales, the rest delivered or refused, complaints and their decisions, auctions
closed, proceeds claimed. A clerk's act the Act refuses is refused (a PashuError) and
changes nothing; after every step the course must still hold together:

- the sweep never fails;
- no animal is held with no duty open (a next action);
- no act is dated after now (the machine's clock);
- the books balance, and the dues are never negative.

Bounded and derandomized for CI (never flaky: 25 courses of 15 steps per Act, the same
each run). To run it longer, raise the number of courses and their length, e.g.
  PASHU_MACHINE_EXAMPLES=500 PASHU_MACHINE_STEPS=40 \
  pytest tests/services/impoundment/test_course_machine.py
"""

from __future__ import annotations

import os
import uuid
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any, ClassVar

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from pashu.core.errors import Conflict, PashuError
from pashu.db.clocks import AuctionLot
from pashu.db.complaints import Complaint
from pashu.db.impoundment import AnimalStatus, Delivery, Impoundment, Notice, Sale
from pashu.db.ledger import LedgerTransaction
from pashu.jurisdictions import registry
from pashu.services import clocks
from pashu.services.complaints import complaints
from pashu.services.impoundment import (
    auctions,
    cases,
    claims,
    delivery,
    refusals,
    sales,
    seizures,
)
from pashu.services.impoundment.dues import compute
from pashu.services.ledger import ledger
from tests.conftest import Databases
from tests.services.ledger.test_books_balance import DAY0, _department

OWNER = seizures.Person("T. Sema", "Jotsoma")
BUYER = seizures.Person("L. Ao", "Mokokchung")
EXAMPLES = int(os.environ.get("PASHU_MACHINE_EXAMPLES", "25"))
STEPS = int(os.environ.get("PASHU_MACHINE_STEPS", "15"))


class Course(RuleBasedStateMachine):
    jurisdiction: ClassVar[str]
    dbs: ClassVar[Databases]

    @initialize()
    def department(self) -> None:
        self.who, self.pound = _department(self.dbs, self.jurisdiction)
        self.now: datetime = DAY0
        self.cases: list[uuid.UUID] = []
        self.seize(2, 1)  # a course to follow from the first step

    # The shell: a clerk's act in its own transaction; the Act's refusal changes nothing.
    def act(self, work: Any, what: str) -> None:
        try:
            with self.dbs.app.transaction(self.who.tenant_id) as s:
                work(s)
            event(f"{what}: recorded")  # --hypothesis-show-statistics says what was covered
        except PashuError as err:
            event(f"{what}: refused {err.code}")

    def case(self, n: int) -> uuid.UUID | None:
        return self.cases[n % len(self.cases)] if self.cases else None

    @rule(cows=st.integers(1, 3), goats=st.integers(0, 1))
    def seize(self, cows: int, goats: int) -> None:
        lines = [seizures.AnimalLine("cow", cows)] + (
            [seizures.AnimalLine("goat", goats)] if goats else []
        )
        with self.dbs.app.transaction(self.who.tenant_id) as s:
            made = seizures.record_seizure(
                s,
                self.who,
                pound_id=self.pound,
                seized_at=self.now,
                impounded_at=self.now,
                place_kind="PRIVATE_LAND",
                place="field",
                seizer=seizures.Person("K. Angami", "Kohima"),
                seizer_signed=True,
                owner=None,
                animals=lines,
                capacity="CULTIVATOR",
                damage="paddy trampled",
            )
            self.cases.append(made.id)

    @rule(hours=st.integers(1, 24 * 12))
    def time_passes(self, hours: int) -> None:
        """Time passes, and the sweep runs: the sweep at a random instant."""
        self.now += timedelta(hours=hours)
        with self.dbs.app.transaction(self.who.tenant_id) as s:
            done, failed = clocks.run(s, clocks.clock(s, self.who.tenant_id), self.now)
        assert failed == [], failed
        for d in done:
            event(f"sweep: {d.kind}")

    @rule(n=st.integers(0, 5), whole=st.booleans(), protest=st.booleans())
    def deliver(self, n: int, whole: bool, protest: bool) -> None:
        protest = protest and self.jurisdiction == "nagaland"  # s.15
        case_id = self.case(n)
        if case_id is None:
            return

        def work(s: Session) -> None:
            case = cases.get(s, case_id)
            held = [a for a in cases.animals(s, case) if a.status == AnimalStatus.IN_POUND.value]
            chosen = held if whole else held[:1]
            if not chosen:
                raise Conflict("no animal of this case is in the pound")
            plugin = registry.get(self.who.jurisdiction)
            owed = compute(plugin, cases.rates(s), case, chosen, self.now).total
            assert owed is not None
            delivery.deliver_to_owner(
                s,
                self.who,
                impoundment_id=case_id,
                at=self.now,
                claimant=OWNER,
                amount_paid=owed,
                under_protest=protest,
                animal_ids=[a.id for a in chosen],
            )

        self.act(work, "deliver")

    @rule(n=st.integers(0, 5))
    def refuse_to_pay(self, n: int) -> None:
        case_id = self.case(n)
        if case_id is not None:
            self.act(
                lambda s: refusals.record_refusal(
                    s, self.who, impoundment_id=case_id, at=self.now, claimant=OWNER
                ),
                "refusal",
            )

    @rule(n=st.integers(0, 5), price=st.integers(0, 1500), expenses=st.integers(0, 50))
    def sell_a_cow(self, n: int, price: int, expenses: int) -> None:
        case_id = self.case(n)
        if case_id is not None:
            self.act(
                lambda s: sales.record_sale(
                    s,
                    self.who,
                    impoundment_id=case_id,
                    at=self.now,
                    lots=[sales.Lot("cow", 1)],
                    buyer=BUYER,
                    buyer_role="PUBLIC",
                    price=Decimal(price),
                    expenses=Decimal(expenses),
                ),
                "sale",
            )

    @precondition(lambda self: self.jurisdiction == "nagaland")  # s.16(3)-(5)
    @rule(n=st.integers(0, 5), accepted=st.booleans())
    def the_rest(self, n: int, accepted: bool) -> None:
        case_id = self.case(n)
        if case_id is None:
            return

        def work(s: Session) -> None:
            try:
                with s.begin_nested():
                    refusals.deliver_rest(
                        s,
                        self.who,
                        impoundment_id=case_id,
                        at=self.now,
                        claimant=OWNER,
                        accepted=accepted,
                    )
            except PashuError as err:  # the owner pays what the balance does not cover
                owed = err.details.get("dues")
                if owed is None:
                    raise
                refusals.deliver_rest(
                    s,
                    self.who,
                    impoundment_id=case_id,
                    at=self.now,
                    claimant=OWNER,
                    accepted=accepted,
                    amount_paid=Decimal(owed),
                )

        self.act(work, "rest" if accepted else "rest refused")

    @precondition(lambda self: self.jurisdiction == "nagaland")  # ss.20-22
    @rule(n=st.integers(0, 5), illegal=st.booleans())
    def complaint_decided(self, n: int, illegal: bool) -> None:
        case_id = self.case(n)
        if case_id is None:
            return

        def work(s: Session) -> None:
            filed = s.scalar(select(Complaint).where(Complaint.impoundment_id == case_id))
            if filed is None:
                filed = complaints.file_complaint(
                    s,
                    self.who,
                    impoundment_id=case_id,
                    at=self.now,
                    complainant=OWNER,
                    form="WRITTEN",
                    statement="seized on my own land",
                )
            complaints.decide(
                s,
                self.who,
                complaint_id=filed.id,
                at=self.now,
                outcome=complaints.Outcome(illegal=illegal),
            )

        self.act(work, "complaint decided")

    @rule(n=st.integers(0, 5), price=st.integers(0, 1500))
    def auction_closed(self, n: int, price: int) -> None:
        case_id = self.case(n)
        if case_id is None:
            return

        def work(s: Session) -> None:
            held = auctions.open_auction(s, case_id)
            if held is None or held.scheduled_for > self.now:
                raise Conflict("no auction of this case is to be held by now")
            lot = s.scalar(
                select(AuctionLot)
                .where(AuctionLot.auction_id == held.id)
                .order_by(AuctionLot.number)
            )
            results = (
                [auctions.LotResult(lot.id, BUYER, "PUBLIC", Decimal(price), Decimal(0))]
                if lot is not None
                else []
            )
            auctions.close(s, self.who, auction_id=held.id, at=self.now, results=results)

        self.act(work, "auction closed")

    @rule(n=st.integers(0, 5))
    def proceeds_claimed(self, n: int) -> None:
        case_id = self.case(n)
        if case_id is not None:
            self.act(
                lambda s: claims.claim_proceeds(
                    s, self.who, impoundment_id=case_id, at=self.now, claimant=OWNER
                ),
                "claim",
            )

    @invariant()
    def the_course_holds(self) -> None:
        if not hasattr(self, "who"):
            return
        plugin = registry.get(self.who.jurisdiction)
        with self.dbs.app.transaction(self.who.tenant_id) as s:
            books = ledger.balances(s)
            assert sum(books.values(), Decimal(0)) == 0, books
            for column in (Notice.issued_at, Sale.at, Delivery.at, LedgerTransaction.at):
                latest = s.scalar(select(func.max(column)))
                assert latest is None or latest <= self.now, (column, latest, self.now)
            for case in s.scalars(select(Impoundment)):
                held = [
                    a for a in cases.animals(s, case) if a.status == AnimalStatus.IN_POUND.value
                ]
                if not held:
                    continue
                dues = compute(plugin, cases.rates(s), case, held, self.now)
                assert dues.total is None or dues.total >= 0
                if case.refusal_sold_at is None:  # see the module's note below
                    assert case.next_action is not None, (case.id, case.status)


# Left out of the duty rule: after the sale on an owner's refusal, the rest wait in the pound
# for deliverRest (accepted or refused) and the case has no next action, as the Act sets no
# time for that delivery (Nagaland s.16(3)); issue #31 leaves it open.

MACHINE = settings(
    max_examples=EXAMPLES,
    stateful_step_count=STEPS,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def _run(dbs: Databases, code: str) -> None:
    machine = type(f"{code.title()}Course", (Course,), {"jurisdiction": code, "dbs": dbs})
    run_state_machine_as_test(machine, settings=MACHINE)


def test_nagaland_courses_hold_together(dbs: Databases) -> None:
    _run(dbs, "nagaland")


def test_mizoram_courses_hold_together(dbs: Databases) -> None:
    _run(dbs, "mizoram")
