"""Random courses of a case under each Act that impounds (issue #31), as a hypothesis
rule-based state machine through the services: seizures, the sweep at random instants (its
reports, notices and auctions) and reports and notices recorded by hand, delivery whole and
in part, deposits under protest, refusal to pay, part sales, the rest delivered or refused,
complaints and their decisions, the seizer's dues collected, release by order, fines and
their recovery by sale (Cattle Trespass Act 1985 s.26), auctions closed, proceeds claimed,
deaths of injuries and notices proclaimed. A clerk's act the Act refuses is
refused (a PashuError) and changes nothing; after every step the course must still hold
together:

- no animal is held with no duty open (a next action);
- the sweep never fails;
- no act is dated after now (the machine's clock), nor before an act it depends on (a notice
  before the report it follows, a sale on refusal before the refusal, money leaving a
  deposit before it came in, an auction closed before its day, a proclamation before its
  notice, the seizer's dues before the decision laying them, a death before the sale that
  reckoned the animal's dues);
- the books balance, every rupee received sits in an account the Act names, and a surplus
  held for the owner leaves deposit once its claim window has ended and the sweep has run;
  the model's books (`Course.books`) are the ledger's, account by account, every sum in a
  deposit is one the model holds for a window, and its dues are `dues.compute`'s;
- dues are never negative, and an animal's dues never fall while it is held, save by an act
  that reckoned them (a sale deducting the herd's charges);
- what is read instead of asking the model is its answer: the case's stored next duty (the
  compiled case lists' nextAction, the sweep's due index), the compiled lists' dues total in
  SQL (on PostgreSQL), and after a sweep no duty of the clock's is left due;
- the scenario of the case's facts so far (compareScenario's answer for them) is the
  registers' answer: every act recorded, supposed, is allowed by the model, and the
  timeline, each step required or not, the next duty, the earliest sale are the same. The
  facts state deaths, every refusal, handover of the rest and complaint with its decision,
  and each sale at its price (so a sale on refusal short of the dues), the fines on
  conviction and each sale for one (s.26). Acts at one instant are taken in the model's
  order by both (`course.AT_ONE_INSTANT`): a clerk's act at the instant of a recorded one
  that comes after it is refused, so every course is compared.

Bounded and derandomized for CI (never flaky: 25 courses of 15 steps per Act, the same
each run). To run it longer, raise the number of courses and their length, e.g.
  PASHU_MACHINE_EXAMPLES=500 PASHU_MACHINE_STEPS=40 \
  pytest tests/services/impoundment/test_course_machine.py
"""

from __future__ import annotations

import os
import uuid
from collections import Counter
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
from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.errors import Conflict, PashuError
from pashu.db.clocks import Auction, AuctionLot
from pashu.db.complaints import Complaint, ComplaintDecision
from pashu.db.impoundment import (
    AnimalStatus,
    Delivery,
    ImpoundedAnimal,
    Impoundment,
    Notice,
    Sale,
)
from pashu.db.ledger import LedgerEntry, LedgerTransaction
from pashu.db.offences import Fine, OffenceCase
from pashu.db.refusals import ReleaseOrder
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.penalties import OffenderRole
from pashu.jurisdictions.vocabulary import (
    Action,
    MoneyKind,
    ReleasingAuthority,
    TimelineEvents,
)
from pashu.services import clocks
from pashu.services.complaints import complaints
from pashu.services.impoundment import (
    auctions,
    cases,
    claims,
    course,
    delivery,
    injuries,
    notices,
    refusals,
    release_orders,
    sales,
    seizer_dues,
    seizures,
)
from pashu.services.impoundment.dues import compute
from pashu.services.law import scenarios
from pashu.services.ledger import ledger
from pashu.services.ledger.accounts import body_of, held_in
from pashu.services.offences import fines, offences
from tests.conftest import Databases
from tests.services.impoundment.twins import sql_total
from tests.services.ledger.test_books_balance import DAY0, _department
from tests.services.seizing import seize_in_a_field

OWNER = seizures.Person("T. Sema", "Jotsoma")
BUYER = seizures.Person("L. Ao", "Mokokchung")
EXAMPLES = int(os.environ.get("PASHU_MACHINE_EXAMPLES", "25"))
STEPS = int(os.environ.get("PASHU_MACHINE_STEPS", "15"))
MANY = Decimal(10**6)
# How long after the step before it a clerk's act comes: at once, the same day, days later.
WAIT = st.sampled_from(
    [0, 0, 3, 26, 24 * 4, 24 * 9]
)  # more than any case here owes: the refusal says what is owed


class Course(RuleBasedStateMachine):
    jurisdiction: ClassVar[str]
    dbs: ClassVar[Databases]

    @initialize()
    def department(self) -> None:
        self.who, self.pound = _department(self.dbs, self.jurisdiction)
        self.plugin: Jurisdiction = registry.get(self.jurisdiction)
        self.now: datetime = DAY0
        self.swept_at: datetime | None = None
        self.recorded_since_sweep = False  # a clerk's act since the sweep last ran
        self.cases: list[uuid.UUID] = []
        # Each held animal's dues when last seen, with the reckoning they ran from.
        self.dues_seen: dict[uuid.UUID, tuple[Any, Decimal]] = {}
        self.seize(2, 1)  # a course to follow from the first step

    # The shell: a clerk's act in its own transaction; the Act's refusal changes nothing.
    def act(self, work: Any, what: str) -> None:
        try:
            with self.dbs.app.transaction(self.who.tenant_id) as s:
                work(s)
            self.recorded_since_sweep = True
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
            made = seize_in_a_field(s, self.who, self.pound, self.now, lines)
            self.cases.append(made.id)
        self.recorded_since_sweep = True

    @rule(hours=st.integers(1, 24 * 12))
    def time_passes(self, hours: int) -> None:
        """Time passes, and the sweep runs: the sweep at a random instant."""
        self.wait(hours)

    def wait(self, hours: int) -> None:
        """A clerk's act comes `hours` later, the sweep having run at that instant (0: at
        once, with no sweep between)."""
        if not hours:
            return
        self.now += timedelta(hours=hours)
        with self.dbs.app.transaction(self.who.tenant_id) as s:
            done, failed = clocks.run(s, clocks.clock(s, self.who.tenant_id), self.now)
        assert failed == [], failed
        self.swept_at = self.now
        self.recorded_since_sweep = False
        for d in done:
            event(f"sweep: {d.kind}")

    @rule(wait=WAIT, n=st.integers(0, 5), which=st.integers(0, 2), back=st.integers(0, 24 * 8))
    def notice_by_hand(self, wait: int, n: int, which: int, back: int) -> None:
        """A report or notice recorded by hand as made, up to eight days before now."""
        self.wait(wait)
        case_id = self.case(n)
        kinds = [
            a
            for a in (Action.ANNOUNCE_SEIZURE, Action.REPORT_UNCLAIMED, Action.PUBLISH_NOTICE)
            if self._has(a)
        ]
        if case_id is None or not kinds:
            return
        kind = kinds[which % len(kinds)]
        self.act(
            lambda s: notices.record(
                s,
                self.who,
                impoundment_id=case_id,
                kind=kind,
                issued_at=self.now - timedelta(hours=back),
            ),
            f"{kind.value.lower()} by hand",
        )

    def _has(self, action: Action) -> bool:
        steps = self.plugin.impoundment_timeline(TimelineEvents(seized_at=DAY0))
        return any(s.action is action for s in steps)

    @rule(wait=WAIT, n=st.integers(0, 5), whole=st.booleans(), protest=st.booleans())
    def deliver(self, wait: int, n: int, whole: bool, protest: bool) -> None:
        protest = protest and self.jurisdiction == "nagaland"  # s.15
        self.wait(wait)
        case_id = self.case(n)
        if case_id is None:
            return

        def work(s: Session) -> None:
            case = cases.get(s, case_id)
            held = [a for a in cases.animals(s, case) if a.status == AnimalStatus.IN_POUND.value]
            chosen = held if whole else held[:1]
            if not chosen:
                raise Conflict("no animal of this case is in the pound")
            owed = compute(self.plugin, cases.rates(s), case, chosen, self.now).total
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

        self.act(work, "deliver under protest" if protest else "deliver")

    @rule(wait=WAIT, n=st.integers(0, 5), deposit=st.booleans())
    def refuse_to_pay(self, wait: int, n: int, deposit: bool) -> None:
        self.wait(wait)
        case_id = self.case(n)
        if case_id is not None:
            self.act(
                lambda s: refusals.record_refusal(
                    s,
                    self.who,
                    impoundment_id=case_id,
                    at=self.now,
                    claimant=OWNER,
                    deposit=deposit,
                ),
                "refusal",
            )

    @rule(
        wait=WAIT,
        n=st.integers(0, 5),
        species=st.sampled_from(["cow", "goat"]),
        price=st.integers(0, 1500),
        expenses=st.integers(0, 50),
    )
    def part_sale(self, wait: int, n: int, species: str, price: int, expenses: int) -> None:
        self.wait(wait)
        case_id = self.case(n)
        if case_id is not None:
            self.act(lambda s: self._sell(s, case_id, species, price, expenses, None), "sale")

    def _sell(
        self,
        s: Session,
        case_id: uuid.UUID,
        species: str,
        price: int,
        expenses: int,
        fine_id: uuid.UUID | None,
    ) -> None:
        sales.record_sale(
            s,
            self.who,
            impoundment_id=case_id,
            at=self.now,
            lots=[sales.Lot(species, 1)],
            buyer=BUYER,
            buyer_role="PUBLIC",
            price=Decimal(price),
            expenses=Decimal(expenses),
            recovers_fine_id=fine_id,
        )

    @precondition(lambda self: self.jurisdiction == "nagaland")  # s.16(3)-(5)
    @rule(wait=WAIT, n=st.integers(0, 5), accepted=st.booleans())
    def the_rest(self, wait: int, n: int, accepted: bool) -> None:
        self.wait(wait)
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

    @precondition(lambda self: self.jurisdiction == "nagaland")  # s.20
    @rule(wait=WAIT, n=st.integers(0, 5))
    def complaint_filed(self, wait: int, n: int) -> None:
        self.wait(wait)
        case_id = self.case(n)
        if case_id is not None:
            self.act(
                lambda s: complaints.file_complaint(
                    s,
                    self.who,
                    impoundment_id=case_id,
                    at=self.now,
                    complainant=OWNER,
                    form="WRITTEN",
                    statement="seized on my own land",
                ),
                "complaint",
            )

    @precondition(lambda self: self.jurisdiction == "nagaland")  # ss.21, 22
    @rule(wait=WAIT, n=st.integers(0, 5), illegal=st.booleans(), fines_paid=st.booleans())
    def complaint_decided(self, wait: int, n: int, illegal: bool, fines_paid: bool) -> None:
        self.wait(wait)
        case_id = self.case(n)
        if case_id is None:
            return

        def work(s: Session) -> None:
            filed = s.scalar(select(Complaint).where(Complaint.impoundment_id == case_id))
            if filed is None:
                raise Conflict("no complaint is on record for this case")

            def decide(paid: Decimal) -> None:
                complaints.decide(
                    s,
                    self.who,
                    complaint_id=filed.id,
                    at=self.now,
                    outcome=complaints.Outcome(illegal=illegal, fines_paid=paid),
                )

            if not (illegal and fines_paid):
                return decide(Decimal(0))
            try:  # the fines the owner paid and keeps paid, as the refusal names them
                with s.begin_nested():
                    decide(MANY)
            except PashuError as err:
                kept = err.details.get("finesPaid")
                if kept is None:
                    raise
                decide(Decimal(kept))

        self.act(work, "complaint decided")

    @precondition(lambda self: self.jurisdiction == "nagaland")  # s.19(2)
    @rule(wait=WAIT, n=st.integers(0, 5), which=st.integers(0, 3), back=st.integers(0, 48))
    def release_by_order(self, wait: int, n: int, which: int, back: int) -> None:
        self.wait(wait)
        case_id = self.case(n)
        allowed = sorted(self.plugin.release_by_order().value, key=lambda a: a.value)
        if case_id is None:
            return
        authority = allowed[which % len(allowed)]
        self.act(
            lambda s: release_orders.release_by_order(
                s,
                self.who,
                impoundment_id=case_id,
                authority=authority,
                ordered_by="the authority",
                ordered_at=self.now - timedelta(hours=back),
                reasons="released on the order's reasons",
                document="order 1",
                at=self.now,
            ),
            f"release by {authority.value.lower()}",
        )

    @precondition(lambda self: self.jurisdiction == "nagaland")  # ss.25, 26
    @rule(wait=WAIT, n=st.integers(0, 5), amount=st.sampled_from([25, 110, 250]))
    def fined(self, wait: int, n: int, amount: int) -> None:
        self.wait(wait)
        case_id = self.case(n)
        if case_id is None:
            return

        def work(s: Session) -> None:
            seized = cases.get(s, case_id).seized_at
            offence = offences.record_offence(
                s,
                self.who,
                section="25",
                offender=offences.person(OWNER.name, OWNER.address, "offender"),
                role=OffenderRole.OWNER,
                committed_at=seized,
                impoundment_id=case_id,
            )
            try:
                with s.begin_nested():
                    fines.impose_fine(s, self.who, offence.case.id, Decimal(amount), self.now)
            except PashuError as err:  # a subsequent offence's fine is the fixed sum
                fixed = err.details.get("fixed")
                if fixed is None:
                    raise
                fines.impose_fine(s, self.who, offence.case.id, Decimal(fixed), self.now)

        self.act(work, "fine")

    def _fine(self, s: Session, case_id: uuid.UUID) -> uuid.UUID:
        found = s.scalar(
            select(Fine.id)
            .join(OffenceCase, OffenceCase.id == Fine.case_id)
            .where(OffenceCase.impoundment_id == case_id)
            .order_by(Fine.at.desc())
        )
        if found is None:
            raise Conflict("no fine on this case's cattle")
        return found

    @precondition(lambda self: self.jurisdiction == "nagaland")  # s.26
    @rule(
        wait=WAIT,
        n=st.integers(0, 5),
        species=st.sampled_from(["cow", "goat"]),
        price=st.integers(0, 1500),
    )
    def recovered_by_sale(self, wait: int, n: int, species: str, price: int) -> None:
        self.wait(wait)
        case_id = self.case(n)
        if case_id is not None:
            self.act(
                lambda s: self._sell(s, case_id, species, price, 0, self._fine(s, case_id)),
                "fine recovered by sale",
            )

    @precondition(lambda self: self.jurisdiction == "nagaland")
    @rule(wait=WAIT, n=st.integers(0, 5))
    def fine_paid(self, wait: int, n: int) -> None:
        self.wait(wait)
        case_id = self.case(n)
        if case_id is not None:
            self.act(
                lambda s: fines.pay_fine(s, self.who, self._fine(s, case_id), self.now, False),
                "fine paid",
            )

    @rule(wait=WAIT, n=st.integers(0, 5), price=st.integers(0, 1500))
    def auction_closed(self, wait: int, n: int, price: int) -> None:
        self.wait(wait)
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

    @precondition(lambda self: self.jurisdiction == "nagaland")  # s.22(2)
    @rule(wait=WAIT, n=st.integers(0, 5))
    def seizer_dues_collected(self, wait: int, n: int) -> None:
        self.wait(wait)
        case_id = self.case(n)
        if case_id is None:
            return

        def work(s: Session) -> None:
            filed = s.scalar(select(Complaint.id).where(Complaint.impoundment_id == case_id))
            if filed is None:
                raise Conflict("no complaint is on record for this case")
            seizer_dues.collect(s, self.who, complaint_id=filed, at=self.now)

        self.act(work, "seizer's dues collected")

    @rule(wait=WAIT, n=st.integers(0, 5), back=st.integers(0, 48))
    def died(self, wait: int, n: int, back: int) -> None:
        """An animal of the case dies of an injury, recorded up to two days back."""
        self.wait(wait)
        case_id = self.case(n)
        if case_id is None:
            return

        def work(s: Session) -> None:
            animal = s.scalar(
                select(ImpoundedAnimal.id)
                .where(ImpoundedAnimal.impoundment_id == case_id)
                .order_by(ImpoundedAnimal.id.desc())
            )
            assert animal is not None
            injuries.record_injury(
                s,
                self.who,
                animal_id=animal,
                at=self.now - timedelta(hours=back),
                description="a fall",
                died=True,
            )

        self.act(work, "death")

    @precondition(lambda self: self.jurisdiction == "nagaland")  # s.14(2): by beat of drum
    @rule(wait=WAIT, n=st.integers(0, 5), back=st.integers(0, 48))
    def proclaimed(self, wait: int, n: int, back: int) -> None:
        self.wait(wait)
        case_id = self.case(n)
        if case_id is None:
            return

        def work(s: Session) -> None:
            made = s.scalar(
                select(Notice.id).where(
                    Notice.impoundment_id == case_id, Notice.kind == Action.PUBLISH_NOTICE.value
                )
            )
            if made is None:
                raise Conflict("no notice of this case is issued")
            notices.record_proclamation(
                s, self.who, notice_id=made, at=self.now - timedelta(hours=back)
            )

        self.act(work, "proclamation")

    @rule(wait=WAIT, n=st.integers(0, 5))
    def proceeds_claimed(self, wait: int, n: int) -> None:
        self.wait(wait)
        case_id = self.case(n)
        if case_id is not None:
            self.act(
                lambda s: claims.claim_proceeds(
                    s, self.who, impoundment_id=case_id, at=self.now, claimant=OWNER
                ),
                "claim",
            )

    # -- what holds after every step --------------------------------------------------------

    @invariant()
    def the_course_holds(self) -> None:
        """Every check after every step, read in one transaction."""
        if not hasattr(self, "who"):
            return
        with self.dbs.app.transaction(self.who.tenant_id) as s:
            self.the_books_balance_in_accounts_the_act_names(s)
            self.no_act_out_of_its_order(s)
            self.no_animal_held_without_a_duty(s)
            self.dues_never_negative_nor_falling_while_held(s)
            self.a_held_surplus_leaves_deposit_when_its_window_ends(s)
            self.the_models_books_are_the_ledgers(s)
            self.what_is_read_instead_of_the_model_is_its_answer(s)
            self.the_scenario_of_the_facts_is_the_registers_answer(s)

    def the_books_balance_in_accounts_the_act_names(self, s: Session) -> None:
        books = ledger.balances(s)
        assert sum(books.values(), Decimal(0)) == 0, books
        deposits_named = {*self.plugin.deposits, "protest"}
        for account, balance in books.items():
            kind, _, rest = account.partition(":")
            key = rest.split(":")[0]
            if not balance or kind in ("payer", "payee"):
                continue  # money from outside, or paid out
            if kind == "fund":
                assert key in self.plugin.funds, account
            elif kind == "deposit" and key == "unrouted":  # only where the Act names none
                routing = self.plugin.routing(MoneyKind(rest.split(":")[1].upper()))
                assert not routing.value, (account, routing.value)
            else:
                assert kind == "deposit" and key in deposits_named, account

    def no_act_out_of_its_order(self, s: Session) -> None:
        _in_order(s, self.now)

    def no_animal_held_without_a_duty(self, s: Session) -> None:
        for case in s.scalars(select(Impoundment)):
            held = any(a.status == AnimalStatus.IN_POUND.value for a in cases.animals(s, case))
            # After the sale on an owner's refusal the rest wait for their delivery: the
            # clerk's duty DELIVER_REST (the course model), open with no deadline.
            if held:
                assert case.next_action is not None, (case.id, case.status)

    def dues_never_negative_nor_falling_while_held(self, s: Session) -> None:
        seen: dict[uuid.UUID, tuple[Any, Decimal]] = {}
        rates = cases.rates(s)
        for case in s.scalars(select(Impoundment)):
            for a in cases.animals(s, case):
                if a.status != AnimalStatus.IN_POUND.value:
                    continue
                total = compute(self.plugin, rates, case, [a], self.now).total
                assert total is None or total >= 0, (a.id, total)
                if total is None:
                    continue
                reckoned = (a.fine_settled, a.charges_settled_at)
                before = self.dues_seen.get(a.id)
                if before is not None and before[0] == reckoned:
                    assert total >= before[1], (a.id, before, total)
                seen[a.id] = (reckoned, total)
        self.dues_seen = seen

    def a_held_surplus_leaves_deposit_when_its_window_ends(self, s: Session) -> None:
        if self.swept_at != self.now:
            return
        for case in s.scalars(select(Impoundment)):
            sold = list(s.scalars(select(Sale).where(Sale.impoundment_id == case.id)))
            if not sold:
                continue
            books = ledger.subject_balances(s, f"Impoundment:{case.id}")
            held = [
                (account, x)
                for account, x in held_in(
                    books, self.plugin, MoneyKind.SURPLUS_PROCEEDS, body_of(s, case)
                )
                if account.startswith("deposit:")  # held for the owner, not in a fund
            ]
            if not sum((x for _, x in held), Decimal(0)):
                continue
            ends, _ = course.claim_closes(self.plugin, sold)
            assert self.now < ends, (case.id, held, ends, self.now)

    def the_models_books_are_the_ledgers(self, s: Session) -> None:
        """The model of each case's course, read with its money, answers as the ledger and
        the dues do; and once the sweep has run, nothing it holds is left past its window."""
        rates = cases.rates(s)
        for case in s.scalars(select(Impoundment)):
            model = course.Course(cases.load(s, self.plugin, case, money=True))
            books = model.books(self.now)
            assert books.balanced, (case.id, books.accounts)
            recorded = {
                a: x
                for a, x in ledger.subject_balances(s, f"Impoundment:{case.id}").items()
                if x and not a.startswith("payer:")
            }
            assert {p.account: p.amount for p in books.accounts} == recorded, case.id
            for p in books.accounts:  # named by the Act, the section cited (paid out: gone)
                assert p.account.startswith("payee:") or (p.cites and p.name != p.account), p
            held: Counter[str] = Counter()
            for h in books.held:
                held[h.account.account] += h.account.amount
                assert h.ends is None or h.window.not_before <= h.ends, h
            for a, x in recorded.items():  # a sum in deposit is held for a window
                if a.startswith("deposit:") and not a.startswith("deposit:unrouted"):
                    assert held[a] == x, (case.id, a, x, books.held)
            if self.swept_at == self.now:
                assert books.due(self.now) == [], (case.id, books.due(self.now))
            everything = cases.animals(s, case)
            assert model.dues(self.now) == compute(self.plugin, rates, case, everything, self.now)

    def what_is_read_instead_of_the_model_is_its_answer(self, s: Session) -> None:
        """The twins kept for speed answer as the model: the case's stored next duty (what
        the compiled case lists serve as nextAction and the sweep's due index reads), and on
        PostgreSQL the compiled lists' dues total in SQL (`dues.total_sql`). Once the sweep
        has run (and no clerk has acted since), the model has no duty of the clock's left
        due: its set-based selection missed none."""
        for case in s.scalars(select(Impoundment)):
            on_pg = self.dbs.dialect == "postgresql"
            model = course.Course(cases.load(s, self.plugin, case, money=on_pg))
            found = model.next_action()
            expected = (found.action.value, found.not_before, found.deadline) if found else None
            stored = (
                (case.next_action, case.next_action_at, case.next_deadline)
                if case.next_action
                else None
            )
            assert stored == expected, (case.id, stored, expected)
            if self.swept_at == self.now and not self.recorded_since_sweep:
                assert model.due(self.now) == [], (case.id, model.due(self.now))
            if on_pg:
                total = model.dues(self.now).total
                in_sql = sql_total(s, self.plugin, case.id, self.now)
                assert in_sql == (None if total is None else str(total)), (case.id, in_sql, total)

    def the_scenario_of_the_facts_is_the_registers_answer(self, s: Session) -> None:
        for case in s.scalars(select(Impoundment)):
            facts = _facts(s, case, self.now)
            event(f"scenario: compared ({facts.conduct.value})")
            _same(self.plugin, s, case, scenarios.answer(self.plugin, facts))


def _in_order(s: Session, now: datetime) -> None:
    """No act after now, nor before an act it depends on."""
    found = {c.id: c for c in s.scalars(select(Impoundment))}
    for c in found.values():
        assert c.seized_at <= c.impounded_at <= now, c.id
        assert c.refused_at is None or c.impounded_at <= c.refused_at <= now, c.id
        assert c.refusal_sold_at is None or c.refused_at is not None, c.id
        assert c.refusal_sold_at is None or c.refused_at <= c.refusal_sold_at <= now, c.id
    issued: dict[tuple[uuid.UUID, str], datetime] = {}
    for n in s.scalars(select(Notice)):
        assert found[n.impoundment_id].seized_at <= n.issued_at <= now, (n.kind, n.issued_at)
        issued[(n.impoundment_id, n.kind)] = n.issued_at
    for (case_id, kind), at in issued.items():
        if kind == Action.PUBLISH_NOTICE.value:  # the notice follows the report (s.14(2))
            report = issued.get((case_id, Action.REPORT_UNCLAIMED.value))
            assert report is None or report <= at, (case_id, report, at)
    for sale in s.scalars(select(Sale)):
        c = found[sale.impoundment_id]
        assert c.impounded_at <= sale.at <= now, sale.id
        if sale.account.get("onRefusal"):  # after a refusal (cleared if the rest is refused)
            refused = refusals.of_case(s, c.id)
            assert refused and min(r.at for r in refused) <= sale.at, sale.id
    for d in s.scalars(select(Delivery)):
        assert found[d.impoundment_id].impounded_at <= d.at <= now, d.id
    for o in s.scalars(select(ReleaseOrder)):
        assert found[o.impoundment_id].seized_at <= o.ordered_at <= o.released_at <= now
    for a in s.scalars(select(ImpoundedAnimal)):
        c = found[a.impoundment_id]
        for at in (a.released_at, a.charges_settled_at):
            # An animal may die of an injury while being seized, before it is brought in.
            first = c.seized_at if a.status == AnimalStatus.DIED.value else c.impounded_at
            assert at is None or first <= at <= now, (a.id, at)
            # Nor before an act that reckoned its dues to a later instant.
            assert (
                at is None
                or a.charges_settled_at is None
                or a.charges_settled_at <= (a.released_at or now)
            ), (a.id, a.released_at, a.charges_settled_at)
    for n in s.scalars(select(Notice).where(Notice.proclaimed_at.is_not(None))):
        assert n.issued_at <= n.proclaimed_at <= now, (n.kind, n.proclaimed_at)
    filed = {c.id: c.at for c in s.scalars(select(Complaint))}
    for d in s.scalars(select(ComplaintDecision)):
        assert filed[d.complaint_id] <= d.at <= now, d.id
        collected = s.scalar(
            select(LedgerTransaction.at).where(
                LedgerTransaction.key == seizer_dues.ledger_key(d.complaint_id)
            )
        )
        assert collected is None or d.at <= collected <= now, d.id
    for auction in s.scalars(select(Auction)):
        notice = issued.get((auction.impoundment_id, Action.PUBLISH_NOTICE.value))
        assert notice is None or notice <= auction.scheduled_for, auction.id
        closed = auction.closed_at
        assert closed is None or auction.scheduled_for <= closed <= now, auction.id
    # Money leaves an account held for someone only after it came in: in each case's books,
    # in the order of their dates, a deposit never runs below nothing.
    legs = s.execute(
        select(
            LedgerTransaction.subject, LedgerTransaction.at, LedgerEntry.account, LedgerEntry.amount
        )
        .join(
            LedgerTransaction,
            (LedgerTransaction.tenant_id == LedgerEntry.tenant_id)
            & (LedgerTransaction.id == LedgerEntry.transaction_id),
        )
        .order_by(LedgerTransaction.at, LedgerEntry.amount.desc())
    ).all()
    running: Counter[tuple[str, str]] = Counter()
    for subject, at, account, amount in legs:
        assert at <= now, (subject, at, now)
        if account.startswith("deposit:"):
            running[(subject, account)] += amount
            assert running[(subject, account)] >= 0, (subject, account, at)


def _facts(s: Session, case: Impoundment, now: datetime) -> scenarios.Facts:
    """The case's course as compareScenario's facts (deaths, every refusal, handover and
    complaint with its decision, each sale at its price on the department's rates, so a sale
    on refusal short of the dues is one; the fines on conviction of the case's cattle, each
    with its amount, instant and section, and each sale for one naming it, s.26). At one
    instant the scenario asks a round's sales and rest before the next refusal; a sale of
    the round before at the instant of a further refusal, which it could not tell apart, is
    never recorded (a refusal comes before a sale at one instant). A fine paid is not
    stated: a sale after it is refused, so none is recorded, and a sale before it was
    allowed."""
    everything = cases.animals(s, case)
    sold = cases.sales(s, case.id)
    fined = cases.fine_facts(s, case.id)
    place = {str(f.id): n for n, f in enumerate(fined)}
    refused = refusals.of_case(s, case.id)
    rests = refusals.handovers(s, case.id)
    filed = list(
        s.scalars(
            select(Complaint)
            .where(Complaint.impoundment_id == case.id)
            .order_by(Complaint.at, Complaint.id)
        )
    )

    def herds(picked: list[ImpoundedAnimal]) -> list[scenarios.Herd]:
        found = Counter(a.species for a in picked)
        return [scenarios.Herd(sp, k) for sp, k in sorted(found.items())]

    given = s.scalars(
        select(Delivery).where(Delivery.impoundment_id == case.id).order_by(Delivery.at)
    )
    orders = s.scalars(
        select(ReleaseOrder)
        .where(ReleaseOrder.impoundment_id == case.id)
        .order_by(ReleaseOrder.released_at)
    )
    complained = []
    for c in filed:
        decided = s.scalar(select(ComplaintDecision).where(ComplaintDecision.complaint_id == c.id))
        complained.append(
            scenarios.Complained(
                c.at, decided.at if decided else None, bool(decided and decided.illegal)
            )
        )
    dead = [a for a in everything if a.status == AnimalStatus.DIED.value]
    made = {n.kind: n.issued_at for n in cases.notices(s, case.id)}
    return scenarios.Facts(
        animals=herds(everything),
        seized_at=case.seized_at,
        impounded_at=case.impounded_at,
        announced_at=made.get(Action.ANNOUNCE_SEIZURE.value),
        reported_at=made.get(Action.REPORT_UNCLAIMED.value),
        noticed_at=made.get(Action.PUBLISH_NOTICE.value),
        conduct=scenarios.Conduct.REFUSES if refused else scenarios.Conduct.ABSENT,
        owner_appears_at=refused[0].at if refused else None,
        as_of=now,
        deliveries=[
            scenarios.Delivered(
                d.at, herds([a for a in everything if a.delivery_id == d.id]), d.under_protest
            )
            for d in given
        ],
        place=case.place_kind,
        rates=[
            scenarios.Rate(n.kind, n.amount, n.effective_from, n.species) for n in cases.rates(s)
        ],
        sales=[
            scenarios.Sold(
                x.at,
                herds([a for a in everything if a.sale_id == x.id]),
                x.price,
                x.expenses,
                place.get(x.account.get("recoversFine") or ""),
            )
            for x in sold
        ],
        fines=[scenarios.Fined(f.at, f.amount, f.section) for f in fined],
        rests=[scenarios.Rest(h.at, h.accepted) for h in rests],
        releases=[
            scenarios.Released(
                o.released_at,
                ReleasingAuthority(o.authority),
                o.ordered_at,
                herds([a for a in everything if str(a.id) in o.animals]),
            )
            for o in orders
        ],
        complaints=complained,
        refusals=[scenarios.Refused(r.at, r.deposit) for r in refused[1:]],
        deaths=[
            scenarios.Died(at, herds([a for a in dead if a.released_at == at]))
            for at in sorted({a.released_at for a in dead if a.released_at is not None})
        ],
    )


def _same(plugin: Jurisdiction, s: Session, case: Impoundment, out: scenarios.Outcome) -> None:
    """The scenario's answer is the registers': the timeline as the case page shows it,
    each step required or not, the next duty, the earliest sale."""
    issued = cases.notices(s, case.id)
    steps = cases.course_timeline(plugin, case, issued, cases.sales(s, case.id))
    gone = cases.no_longer_required(steps, issued, cases.animals(s, case))
    registers = [(x.action, x.window, x.projected, x.action not in gone) for x in steps]
    scenario = [
        (x.action, x.window, x.projected, x.action not in out.not_required) for x in out.timeline
    ]
    assert out.refusal is None, (case.id, out.refusal)
    # Every act the registers recorded, supposed, is one the model allows in the scenario
    # (a notice made late is recorded, and said late).
    refused = [(a.act, a.at, a.why) for a in out.acts if not a.lawful]
    refused += [
        (x.action, x.at, x.why)
        for x in out.steps
        if x.lawful is False and not x.why.startswith("late: ")
    ]
    assert refused == [], (case.id, refused)
    assert scenario == registers, (case.id, scenario, registers)
    duty = out.next_duty
    supposed = (duty.action.value, duty.not_before, duty.deadline) if duty else None
    recorded = (
        (case.next_action, case.next_action_at, case.next_deadline) if case.next_action else None
    )
    assert supposed == recorded, (case.id, supposed, recorded)
    auction = cases.step(steps, Action.AUCTION)
    earliest = auction.window.not_before if auction and Action.AUCTION not in gone else None
    assert out.earliest_sale == earliest, (case.id, out.earliest_sale, earliest)


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
