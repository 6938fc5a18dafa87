"""compareScenario of a recorded course is the registers' answer (issue #31), for courses
the random machine (test_course_machine.py) reaches seldom in its bounded run: the rest
refused after a sale on refusal, a complaint decided, a part delivery and a sale, a sale on
refusal short of the dues, a refusal again after the rest was refused, a death. Each is
recorded through the services, then stated as the scenario's facts and compared as the
machine compares them (`_facts`, `_same`)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.errors import Conflict, TooEarly, ValidationError
from pashu.db.impoundment import AnimalStatus, ImpoundedAnimal
from pashu.jurisdictions import registry
from pashu.jurisdictions.penalties import OffenderRole
from pashu.jurisdictions.vocabulary import Action
from pashu.services import clocks
from pashu.services.complaints import complaints
from pashu.services.impoundment import (
    cases,
    delivery,
    injuries,
    notices,
    refusals,
    sales,
    seizures,
)
from pashu.services.impoundment.dues import compute
from pashu.services.law import scenarios
from pashu.services.offences import fines, offences
from pashu.services.tenancy.tenants import Principal
from tests.conftest import Databases
from tests.services.impoundment.test_course_machine import BUYER, OWNER, _facts, _same
from tests.services.ledger.test_books_balance import DAY0, _department
from tests.services.seizing import seize_in_a_field

DAY = timedelta(days=1)


class Registers:
    def __init__(self, dbs: Databases, code: str) -> None:
        self.dbs, self.code = dbs, code
        self.who: Principal
        self.who, self.pound = _department(dbs, code)
        self.plugin = registry.get(code)
        with dbs.app.transaction(self.who.tenant_id) as s:
            cows = [seizures.AnimalLine("cow", 2)]
            self.case = seize_in_a_field(s, self.who, self.pound, DAY0, cows).id

    def do(self, work: Callable[[Session], object]) -> None:
        with self.dbs.app.transaction(self.who.tenant_id) as s:
            work(s)

    def sell_one(self, s: Session, at: object, price: int = 1500) -> None:
        sales.record_sale(
            s,
            self.who,
            impoundment_id=self.case,
            at=at,  # type: ignore[arg-type]
            lots=[sales.Lot("cow", 1)],
            buyer=BUYER,
            buyer_role="PUBLIC",
            price=Decimal(price),
            expenses=Decimal(0),
        )

    def deliver_one(self, s: Session, at: datetime) -> None:
        """The first cow still held, delivered on payment of its dues at `at`."""
        case = cases.get(s, self.case)
        held = [a for a in cases.animals(s, case) if a.status == AnimalStatus.IN_POUND.value]
        owed = compute(self.plugin, cases.rates(s), case, held[:1], at).total
        assert owed is not None
        delivery.deliver_to_owner(
            s,
            self.who,
            impoundment_id=self.case,
            at=at,
            claimant=OWNER,
            amount_paid=owed,
            under_protest=False,
            animal_ids=[held[0].id],
        )

    def sweep(self, at: object) -> None:
        def work(s: Session) -> None:
            _, failed = clocks.run(s, clocks.clock(s, self.who.tenant_id), at)  # type: ignore[arg-type]
            assert failed == []

        self.do(work)

    def compare(self, at: object) -> scenarios.Outcome:
        """The scenario of the course so far, held to the registers' answer."""
        with self.dbs.app.transaction(self.who.tenant_id) as s:
            case = cases.get(s, self.case)
            facts = _facts(s, case, at)  # type: ignore[arg-type]
            out = scenarios.answer(self.plugin, facts)
            _same(self.plugin, s, case, out)
            return out


def test_nagaland_s16_5_the_rest_refused_after_a_sale_on_refusal(dbs: Databases) -> None:
    r = Registers(dbs, "nagaland")
    r.do(
        lambda s: refusals.record_refusal(
            s, r.who, impoundment_id=r.case, at=DAY0 + DAY, claimant=OWNER
        )
    )
    r.do(lambda s: r.sell_one(s, DAY0 + DAY))
    assert r.compare(DAY0 + DAY).next_duty is not None  # DELIVER_REST, a clerk's duty
    r.do(
        lambda s: refusals.deliver_rest(
            s, r.who, impoundment_id=r.case, at=DAY0 + 2 * DAY, claimant=OWNER, accepted=False
        )
    )
    out = r.compare(DAY0 + 2 * DAY)
    assert out.next_duty is not None and out.next_duty.action is Action.REPORT_UNCLAIMED
    r.sweep(DAY0 + 10 * DAY)  # the report and the notice of s.14, by the clock
    out = r.compare(DAY0 + 10 * DAY)
    assert [a.act.value for a in out.acts] == ["REFUSAL", "SALE", "REFUSE_REST"]
    assert out.next_duty is not None and out.next_duty.action is Action.AUCTION


def test_nagaland_s22_2_a_complaint_decided_illegal(dbs: Databases) -> None:
    r = Registers(dbs, "nagaland")
    filed: list[uuid.UUID] = []
    r.do(
        lambda s: filed.append(
            complaints.file_complaint(
                s,
                r.who,
                impoundment_id=r.case,
                at=DAY0 + DAY,
                complainant=OWNER,
                form="WRITTEN",
                statement="seized on my own land",
            ).id
        )
    )
    r.compare(DAY0 + DAY)
    r.do(
        lambda s: complaints.decide(
            s,
            r.who,
            complaint_id=filed[0],
            at=DAY0 + 2 * DAY,
            outcome=complaints.Outcome(illegal=True, fines_paid=Decimal(0)),
        )
    )
    out = r.compare(DAY0 + 2 * DAY)
    assert out.next_duty is None and out.earliest_sale is None


def test_mizoram_a_part_delivery_then_the_sale_of_the_other(dbs: Databases) -> None:
    r = Registers(dbs, "mizoram")
    r.do(
        lambda s: notices.record(
            s, r.who, impoundment_id=r.case, kind=Action.ANNOUNCE_SEIZURE, issued_at=DAY0
        )
    )

    r.do(lambda s: r.deliver_one(s, DAY0 + DAY))
    assert r.compare(DAY0 + DAY).earliest_sale is not None  # the other cow is unclaimed
    r.do(lambda s: r.sell_one(s, DAY0 + 9 * DAY))
    out = r.compare(DAY0 + 9 * DAY)
    assert [a.act.value for a in out.acts] == ["DELIVER", "SALE"]
    assert out.next_duty is None


def test_nagaland_s16_1_a_sale_on_refusal_short_of_the_dues_then_one_meeting_them(
    dbs: Databases,
) -> None:
    """s.16(1): as many as necessary are sold. A cow at Rs 10 falls short of the dues: the
    scenario at that price says so as the registers do (another sale on the refusal is due,
    not the rest's delivery); the other cow at Rs 1,500 meets them."""
    r = Registers(dbs, "nagaland")
    r.do(
        lambda s: refusals.record_refusal(
            s, r.who, impoundment_id=r.case, at=DAY0 + DAY, claimant=OWNER
        )
    )
    r.do(lambda s: r.sell_one(s, DAY0 + DAY, price=10))
    with dbs.app.transaction(r.who.tenant_id) as s:
        (sold,) = cases.sales(s, r.case)
        assert sold.account["onRefusal"] and sold.account["unrecovered"]
    out = r.compare(DAY0 + DAY)
    assert out.next_duty is not None and out.next_duty.action is not Action.DELIVER_REST
    # The rest is not his yet: the refusal says what the sale left, not that none was held.
    with pytest.raises(Conflict, match=r"left Rs \d+\.\d\d of the dues unrecovered"):
        r.do(
            lambda s: refusals.deliver_rest(
                s, r.who, impoundment_id=r.case, at=DAY0 + DAY, claimant=OWNER
            )
        )
    r.do(lambda s: r.sell_one(s, DAY0 + 2 * DAY))
    out = r.compare(DAY0 + 2 * DAY)
    assert [(a.act.value, a.lawful) for a in out.acts] == [
        ("REFUSAL", True),
        ("SALE", True),
        ("SALE", True),
    ]
    assert out.next_duty is None


def test_nagaland_s16_5_the_owner_refuses_again_after_refusing_the_rest(dbs: Databases) -> None:
    r = Registers(dbs, "nagaland")

    def refuse(at: object) -> None:
        r.do(
            lambda s: refusals.record_refusal(
                s,
                r.who,
                impoundment_id=r.case,
                at=at,  # type: ignore[arg-type]
                claimant=OWNER,
            )
        )

    refuse(DAY0 + DAY)
    r.do(lambda s: r.sell_one(s, DAY0 + DAY))
    r.do(
        lambda s: refusals.deliver_rest(
            s, r.who, impoundment_id=r.case, at=DAY0 + 2 * DAY, claimant=OWNER, accepted=False
        )
    )
    refuse(DAY0 + 3 * DAY)
    r.do(lambda s: r.sell_one(s, DAY0 + 3 * DAY))
    out = r.compare(DAY0 + 3 * DAY)
    assert [a.act.value for a in out.acts] == ["REFUSAL", "SALE", "REFUSE_REST", "REFUSAL", "SALE"]
    assert all(a.lawful for a in out.acts) and out.next_duty is None


def test_a_further_refusal_at_the_instant_of_the_sale_and_rest_before_it(dbs: Databases) -> None:
    """The sale on the first refusal, the rest refused and a further refusal, all at one
    instant: a refusal comes before a sale at one instant, so the further refusal is refused
    (the scenario could not tell which refusal the sale was of); a minute later it stands,
    and the scenario of the course is the registers' answer."""
    r = Registers(dbs, "nagaland")
    then = DAY0 + 2 * DAY
    r.do(
        lambda s: refusals.record_refusal(
            s, r.who, impoundment_id=r.case, at=DAY0 + DAY, claimant=OWNER
        )
    )
    r.do(lambda s: r.sell_one(s, then))
    r.do(
        lambda s: refusals.deliver_rest(
            s, r.who, impoundment_id=r.case, at=then, claimant=OWNER, accepted=False
        )
    )
    with pytest.raises(ValidationError) as refused:
        r.do(
            lambda s: refusals.record_refusal(
                s, r.who, impoundment_id=r.case, at=then, claimant=OWNER
            )
        )
    assert refused.value.details["field"] == "at"
    assert refused.value.message.startswith("a sale is recorded at this very instant")
    later = then + timedelta(minutes=1)
    r.do(
        lambda s: refusals.record_refusal(s, r.who, impoundment_id=r.case, at=later, claimant=OWNER)
    )
    out = r.compare(later)
    assert [a.act.value for a in out.acts] == ["REFUSAL", "SALE", "REFUSE_REST", "REFUSAL"]
    assert all(a.lawful for a in out.acts)


def test_mizoram_s7_2_a_cow_dead_while_being_seized_then_the_other_delivered(
    dbs: Databases,
) -> None:
    r = Registers(dbs, "mizoram")

    def die(s: Session) -> None:
        cow = s.scalar(select(ImpoundedAnimal.id).where(ImpoundedAnimal.impoundment_id == r.case))
        assert cow is not None
        injuries.record_injury(
            s, r.who, animal_id=cow, at=DAY0 + DAY, description="a fall", died=True
        )

    r.do(die)
    out = r.compare(DAY0 + DAY)
    assert [a.act.value for a in out.acts] == ["RECORD_INJURY"] and out.next_duty is not None

    def deliver_the_other(s: Session) -> None:
        case = cases.get(s, r.case)
        held = [a for a in cases.animals(s, case) if a.status == AnimalStatus.IN_POUND.value]
        owed = compute(r.plugin, cases.rates(s), case, held, DAY0 + 2 * DAY).total
        assert owed is not None
        delivery.deliver_to_owner(
            s,
            r.who,
            impoundment_id=r.case,
            at=DAY0 + 2 * DAY,
            claimant=OWNER,
            amount_paid=owed,
            under_protest=False,
            animal_ids=[a.id for a in held],
        )

    r.do(deliver_the_other)
    out = r.compare(DAY0 + 2 * DAY)
    assert [a.act.value for a in out.acts] == ["RECORD_INJURY", "DELIVER"]
    assert out.next_duty is None


def test_a_sale_at_a_negative_price_is_refused_on_its_field() -> None:
    cow = [scenarios.Herd("cow", 1)]
    facts = scenarios.Facts(cow, DAY0, sales=[scenarios.Sold(DAY0 + DAY, None, Decimal(-1))])
    with pytest.raises(ValidationError) as err:
        scenarios.validate(facts)
    assert err.value.details["field"] == "sales"


def test_the_last_animal_cannot_die_before_the_owners_refusal_of_it(dbs: Databases) -> None:
    """A refusal is of animals in the pound (recordRefusalToPay refuses one with none held):
    a death recorded later but dated before the refusal may not leave it of none, or the
    registers would hold a refusal the scenario of the same dates refuses. One cow may die
    before it (the other was held); the last may not."""
    r = Registers(dbs, "nagaland")
    r.do(
        lambda s: refusals.record_refusal(
            s, r.who, impoundment_id=r.case, at=DAY0 + 2 * DAY, claimant=OWNER
        )
    )
    cows: list[uuid.UUID] = []
    r.do(
        lambda s: cows.extend(
            s.scalars(select(ImpoundedAnimal.id).where(ImpoundedAnimal.impoundment_id == r.case))
        )
    )

    def die(cow: uuid.UUID, at: datetime = DAY0 + DAY) -> None:
        r.do(
            lambda s: injuries.record_injury(
                s, r.who, animal_id=cow, at=at, description="a fall", died=True
            )
        )

    die(cows[0])
    for at in (DAY0 + DAY, DAY0 + 2 * DAY):  # before the refusal, or at its instant
        with pytest.raises(ValidationError) as err:
            die(cows[1], at)
        assert err.value.details["field"] == "at"
    out = r.compare(DAY0 + 2 * DAY)
    assert [a.act.value for a in out.acts] == ["RECORD_INJURY", "REFUSAL"]
    die(cows[1], DAY0 + 3 * DAY)  # after it: the refusal stands
    out = r.compare(DAY0 + 3 * DAY)
    assert [a.act.value for a in out.acts] == ["RECORD_INJURY", "REFUSAL", "RECORD_INJURY"]
    assert out.next_duty is None


def test_nagaland_s20_two_complaints_each_decided(dbs: Databases) -> None:
    """ss.20-22: a complaint decided legal, a second within the ten days decided illegal:
    each decision is of its own complaint, in the scenario as in the registers."""
    r = Registers(dbs, "nagaland")
    filed: list[uuid.UUID] = []

    def complain(at: datetime) -> None:
        r.do(
            lambda s: filed.append(
                complaints.file_complaint(
                    s,
                    r.who,
                    impoundment_id=r.case,
                    at=at,
                    complainant=OWNER,
                    form="WRITTEN",
                    statement="seized on my own land",
                ).id
            )
        )

    def decide(n: int, at: datetime, illegal: bool) -> None:
        r.do(
            lambda s: complaints.decide(
                s,
                r.who,
                complaint_id=filed[n],
                at=at,
                outcome=complaints.Outcome(illegal=illegal, fines_paid=Decimal(0)),
            )
        )

    complain(DAY0 + DAY)
    complain(DAY0 + 3 * DAY)
    decide(0, DAY0 + 2 * DAY, False)  # recorded after the second complaint, dated before it
    out = r.compare(DAY0 + 3 * DAY)
    assert out.next_duty is not None  # the cattle are still held
    decide(1, DAY0 + 4 * DAY, True)
    out = r.compare(DAY0 + 4 * DAY)
    assert [(a.act.value, a.lawful) for a in out.acts] == [
        ("COMPLAINT", True),
        ("DECIDE_COMPLAINT", True),
        ("COMPLAINT", True),
        ("DECIDE_COMPLAINT", True),
    ]
    assert out.next_duty is None and out.earliest_sale is None


def test_nagaland_s26_a_fine_recovered_by_two_sales_and_one_too_early(dbs: Databases) -> None:
    """s.26: a fine of Rs 250 under s.25 for the trespass of the case's cows. A sale for it
    before it was imposed is refused (TOO_EARLY, s.26) by the registers and, supposed, by the
    scenario, in the same words; a cow sold for it at Rs 10 recovers nothing and leaves it
    owed, so the other cow may be sold for it too. The scenario states the fine and each
    sale for it (`_facts`) and answers as the registers do."""
    r = Registers(dbs, "nagaland")
    imposed = DAY0 + DAY

    def fine(s: Session) -> None:
        offence = offences.record_offence(
            s,
            r.who,
            section="25",
            offender=offences.person(OWNER.name, OWNER.address, "offender"),
            role=OffenderRole.OWNER,
            committed_at=DAY0,
            impoundment_id=r.case,
        )
        fines.impose_fine(s, r.who, offence.case.id, Decimal(250), imposed)

    r.do(fine)
    with dbs.app.transaction(r.who.tenant_id) as s:
        (fined,) = cases.fine_facts(s, r.case)
    early = imposed - timedelta(hours=1)

    def sell(at: datetime, price: int) -> Callable[[Session], object]:
        return lambda s: sales.record_sale(
            s,
            r.who,
            impoundment_id=r.case,
            at=at,
            lots=[sales.Lot("cow", 1)],
            buyer=BUYER,
            buyer_role="PUBLIC",
            price=Decimal(price),
            expenses=Decimal(0),
            recovers_fine_id=fined.id,
        )

    with pytest.raises(TooEarly) as refused:
        r.do(sell(early, 1500))
    assert refused.value.citation is not None and refused.value.citation.label == "26"
    r.do(sell(imposed + timedelta(hours=1), 10))
    out = r.compare(imposed + timedelta(hours=1))
    assert [(a.act.value, a.lawful) for a in out.acts] == [("SALE", True)]
    with dbs.app.transaction(r.who.tenant_id) as s:
        facts = _facts(s, cases.get(s, r.case), imposed + timedelta(hours=1))
    assert facts.fines == [scenarios.Fined(imposed, Decimal(250), "25")]
    supposed = replace(
        facts, sales=[scenarios.Sold(early, [scenarios.Herd("cow", 1)], recovers_fine=0)]
    )
    (act,) = scenarios.answer(r.plugin, supposed).acts
    assert (act.lawful, act.why, [c.label for c in act.cites]) == (
        False,
        refused.value.message,
        ["26"],
    )
    r.do(sell(imposed + DAY, 1500))
    out = r.compare(imposed + DAY)
    assert [(a.act.value, a.lawful) for a in out.acts] == [("SALE", True), ("SALE", True)]


@pytest.mark.parametrize("code", ["nagaland", "mizoram"])
def test_acts_at_one_instant_are_taken_in_the_course_order(dbs: Databases, code: str) -> None:
    """The registers keep no order within an instant and the scenario's facts state none:
    both take a delivery before a refusal at one instant (course.AT_ONE_INSTANT). A delivery
    dated at the instant of a refusal already recorded is refused (it would come before it,
    and the refusal may then have been of no animal); an instant later it is recorded, and
    the scenario of the course is the registers' answer."""
    r = Registers(dbs, code)
    then = DAY0 + DAY
    r.do(lambda s: r.deliver_one(s, then))  # a delivery, then a refusal, at one instant
    r.do(
        lambda s: refusals.record_refusal(s, r.who, impoundment_id=r.case, at=then, claimant=OWNER)
    )
    assert [a.act.value for a in r.compare(then).acts] == ["DELIVER", "REFUSAL"]

    r = Registers(dbs, code)
    r.do(
        lambda s: refusals.record_refusal(s, r.who, impoundment_id=r.case, at=then, claimant=OWNER)
    )
    with pytest.raises(ValidationError) as refused:
        r.do(lambda s: r.deliver_one(s, then))
    assert refused.value.details["field"] == "at"
    assert "refusal is recorded at this very instant" in refused.value.message
    later = then + timedelta(minutes=1)
    r.do(lambda s: r.deliver_one(s, later))
    assert [a.act.value for a in r.compare(later).acts] == ["REFUSAL", "DELIVER"]
