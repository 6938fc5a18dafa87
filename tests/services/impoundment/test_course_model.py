"""The model of a case's course (services/impoundment/course.py) on plain facts, no database:
for each Act that impounds, each act a clerk or the clock records, allowed or refused with
the code, the section and the field to blame; the duties open and the next action."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal
from typing import Any

import pytest

from pashu.core.citations import Confidence
from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import Action, ReleasingAuthority
from pashu.services.impoundment import course
from pashu.services.impoundment.course import (
    Act,
    AnimalFact,
    AuctionFact,
    ComplaintFact,
    Course,
    CourseFacts,
    DeliveryFact,
    FineFact,
    NoticeFact,
    SaleFact,
)

A, B = uuid.UUID(int=1), uuid.UUID(int=2)
SEIZED, IMPOUNDED = "2026-01-03T09:00", "2026-01-03T10:00"


def t(s: str) -> datetime:
    return datetime.fromisoformat(s + ":00+05:30" if len(s) == 16 else s)


def two_cows(code: str, *notices: tuple[Action, str], **over: Any) -> CourseFacts:
    """Two cows seized 3 January 09:00 IST and impounded at 10:00, with the notices given."""
    fields: dict[str, Any] = {
        "plugin": registry.get(code),
        "seized_at": t(SEIZED),
        "impounded_at": t(IMPOUNDED),
        "animals": (AnimalFact(A, "cow", "IN_POUND"), AnimalFact(B, "cow", "IN_POUND")),
        "notices": tuple(NoticeFact(kind.value, t(at)) for kind, at in notices),
    }
    fields.update(over)
    return CourseFacts(**fields)


def sold_on_refusal(code: str, *notices: tuple[Action, str]) -> CourseFacts:
    """The owner refused to pay on 5 January 10:00; one cow was sold at 12:00 for the
    herd's dues, the other is still in the pound."""
    sold = t("2026-01-05T12:00")
    return two_cows(
        code,
        *notices,
        animals=(AnimalFact(A, "cow", "SOLD", sold, sold), AnimalFact(B, "cow", "IN_POUND", sold)),
        refused_at=t("2026-01-05T10:00"),
        refusal_sold_at=sold,
        sales=(SaleFact(sold, {"onRefusal": True}),),
    )


def refused(facts: CourseFacts, act: Act, at: str, **given: Any) -> tuple[Any, ...]:
    """The model's refusal as a user sees it: code, section, field."""
    found = course.check(facts, act, t(at), **given)
    assert found is not None, f"{act} at {at} was allowed"
    return found.code, found.citation.label if found.citation else None, found.field


def allowed(facts: CourseFacts, act: Act, at: str, **given: Any) -> bool:
    return course.check(facts, act, t(at), **given) is None


# -- Nagaland: the Cattle Trespass Act 1985 ------------------------------------------------


def test_nagaland_unclaimed_cattle_are_reported_after_seven_days_then_noticed_then_sold() -> None:
    """s.14(1)-(3): report seven days from impounding, the notice thereupon, the auction
    seven days from the notice."""
    fresh = two_cows("nagaland")
    nxt = Course(fresh).next_action()
    assert nxt is not None and nxt.action is Action.REPORT_UNCLAIMED
    assert nxt.not_before == t("2026-01-11T00:00")
    assert refused(fresh, Act.NOTICE, "2026-01-10T12:00", kind=Action.REPORT_UNCLAIMED) == (
        "TOO_EARLY",
        "14(1)",
        "issuedAt",
    )
    assert refused(fresh, Act.NOTICE, "2026-01-12T12:00", kind=Action.PUBLISH_NOTICE) == (
        "TOO_EARLY",
        "14(2)",
        "kind",
    )
    assert refused(fresh, Act.NOTICE, "2026-01-12T12:00", kind=Action.ANNOUNCE_SEIZURE)[0] == (
        "NOT_IN_JURISDICTION"
    )
    assert allowed(fresh, Act.NOTICE, "2026-01-12T12:00", kind=Action.REPORT_UNCLAIMED)
    assert refused(fresh, Act.SALE, "2026-01-12T12:00", animal_ids=[A]) == (
        "TOO_EARLY",
        "14(3)",
        "at",
    )
    assert refused(fresh, Act.SCHEDULE_AUCTION, "2026-01-12T12:00")[:2] == ("TOO_EARLY", "14(3)")

    noticed = two_cows(
        "nagaland",
        (Action.REPORT_UNCLAIMED, "2026-01-11T10:00"),
        (Action.PUBLISH_NOTICE, "2026-01-11T11:00"),
    )
    assert refused(noticed, Act.NOTICE, "2026-01-12T12:00", kind=Action.REPORT_UNCLAIMED)[0] == (
        "TOO_LATE"  # the report cannot follow the notice that follows it
    )
    nxt = Course(noticed).next_action()
    assert nxt is not None and (nxt.action, nxt.not_before) == (
        Action.AUCTION,
        t("2026-01-19T00:00"),
    )
    assert Course(noticed).due(t("2026-01-18T23:00")) == []
    assert Course(noticed).due(t("2026-01-19T09:00")) == [Action.AUCTION]
    assert refused(noticed, Act.SALE, "2026-01-18T12:00", animal_ids=[A])[:2] == (
        "TOO_EARLY",
        "14(3)",
    )
    assert allowed(noticed, Act.SALE, "2026-01-19T12:00", animal_ids=[A])
    assert allowed(noticed, Act.SCHEDULE_AUCTION, "2026-01-19T12:00")
    assert refused(
        noticed, Act.SCHEDULE_AUCTION, "2026-01-19T12:00", scheduled_for=t("2026-01-19T11:00")
    ) == ("TOO_EARLY", "14(3)", "scheduledFor")


def test_nagaland_delivery_on_payment_and_on_deposit_under_protest() -> None:
    """ss.13, 15, 20: delivered from the impounding; a deposit under protest only while a
    complaint can still follow, within ten days of the seizure."""
    facts = two_cows("nagaland")
    assert refused(facts, Act.DELIVER, "2026-01-03T09:30") == ("VALIDATION", None, "at")
    assert allowed(facts, Act.DELIVER, "2026-01-04T09:30", animal_ids=[A])
    assert refused(facts, Act.DELIVER, "2026-01-04T09:30", animal_ids=[uuid.UUID(int=9)]) == (
        "VALIDATION",
        None,
        "animalIds",
    )
    assert allowed(facts, Act.DELIVER_ON_DEPOSIT, "2026-01-05T09:30")
    assert refused(facts, Act.DELIVER_ON_DEPOSIT, "2026-01-22T10:00") == ("TOO_LATE", "20", "at")
    assert allowed(facts, Act.COMPLAINT, "2026-01-05T09:30")
    assert refused(facts, Act.COMPLAINT, "2026-01-14T00:00") == ("TOO_LATE", "20", "at")
    # Both gone: nothing left to deliver, and no duty open.
    gone = two_cows(
        "nagaland",
        animals=(AnimalFact(A, "cow", "DELIVERED"), AnimalFact(B, "cow", "DELIVERED")),
    )
    assert refused(gone, Act.DELIVER, "2026-01-05T09:30") == ("CONFLICT", None, "animalIds")
    assert Course(gone).next_action() is None and Course(gone).duties() == []


def test_nagaland_refusal_to_pay_opens_a_sale_at_once_and_the_rest_go_back() -> None:
    """s.16(1): sold from the refusal, no s.14 periods; once as many were sold as the dues
    need, no second sale and no auction (s.16(3)); the rest are delivered, or refused."""
    facts = two_cows("nagaland")
    assert refused(facts, Act.REFUSAL, "2026-01-03T09:30")[:2] == ("TOO_EARLY", "16(1)")
    assert allowed(facts, Act.REFUSAL, "2026-01-05T10:00")
    assert refused(facts, Act.DELIVER_REST, "2026-01-05T10:00")[:2] == ("CONFLICT", "16(2)")
    claimed = two_cows("nagaland", refused_at=t("2026-01-05T10:00"))
    assert refused(claimed, Act.REFUSAL, "2026-01-05T11:00")[:2] == ("CONFLICT", "16(1)")
    assert allowed(claimed, Act.SALE, "2026-01-05T12:00", animal_ids=[A])
    nxt = Course(claimed).next_action()
    assert nxt is not None and (nxt.action, nxt.not_before) == (
        Action.AUCTION,
        t("2026-01-05T10:00"),
    )

    after = sold_on_refusal("nagaland")
    assert refused(after, Act.SALE, "2026-01-05T13:00", animal_ids=[B])[:2] == ("CONFLICT", "16(1)")
    assert refused(after, Act.SCHEDULE_AUCTION, "2026-01-05T13:00")[:2] == ("CONFLICT", "16(1)")
    assert refused(after, Act.DELIVER_REST, "2026-01-05T11:00") == ("VALIDATION", None, "at")
    assert allowed(after, Act.DELIVER_REST, "2026-01-06T10:00")
    assert allowed(after, Act.REFUSE_REST, "2026-01-06T10:00")
    # The sale reckoned the whole herd's feeding to its day: nothing is dated before it.
    assert refused(after, Act.DELIVER, "2026-01-05T11:00", animal_ids=[B]) == (
        "VALIDATION",
        None,
        "at",
    )
    # The surplus is claimable for three months from the sale (s.17(3)).
    assert allowed(after, Act.CLAIM_PROCEEDS, "2026-01-06T10:00")
    assert refused(after, Act.CLAIM_PROCEEDS, "2026-04-06T00:00") == ("TOO_LATE", "17(3)", "at")


def test_nagaland_after_the_sale_on_refusal_the_cow_left_has_a_duty_open() -> None:
    """s.16(3) (issue #31): "the remaining cattle ... shall be delivered to the owner": the
    duty is open from the sale, with no deadline (the Act sets none: interpreted), and it is
    a clerk's, not the clock's."""
    model = Course(sold_on_refusal("nagaland"))
    nxt = model.next_action()
    assert nxt is not None
    assert (nxt.action, nxt.not_before, nxt.deadline) == (
        Action.DELIVER_REST,
        t("2026-01-05T12:00"),
        None,
    )
    (duty,) = model.duties()
    assert {c.label for c in duty.cites} == {"16(2)", "16(3)", "16(4)"}
    assert duty.cites[0].confidence is Confidence.INTERPRETED
    assert model.due(t("2026-02-01T10:00")) == []  # no sweep does it
    assert model.states() == {A: course.AnimalStatus.SOLD, B: course.AnimalStatus.IN_POUND}
    # Before the sale, both were held.
    assert set(model.states(t("2026-01-05T11:00")).values()) == {course.AnimalStatus.IN_POUND}


def test_nagaland_release_by_order() -> None:
    """s.19(2): a Magistrate orders a release acting on a complaint (Chapter V); the order
    follows the seizure and the release follows the order."""
    facts = two_cows("nagaland")
    magistrate = {"authority": ReleasingAuthority.MAGISTRATE, "ordered_at": t("2026-01-05T11:00")}
    assert refused(facts, Act.RELEASE_BY_ORDER, "2026-01-05T12:00", **magistrate) == (
        "VALIDATION",
        "19(2)",
        "authority",
    )
    complained = two_cows("nagaland", complaints=(t("2026-01-04T10:00"),))
    assert allowed(complained, Act.RELEASE_BY_ORDER, "2026-01-05T12:00", **magistrate)
    assert refused(complained, Act.RELEASE_BY_ORDER, "2026-01-05T10:00", **magistrate) == (
        "VALIDATION",
        "19(2)",
        "at",
    )
    early = {"authority": ReleasingAuthority.DIRECTOR, "ordered_at": t("2026-01-02T10:00")}
    assert refused(facts, Act.RELEASE_BY_ORDER, "2026-01-05T12:00", **early) == (
        "VALIDATION",
        None,
        "orderedAt",
    )


def test_nagaland_s26_a_sale_for_a_fine_is_the_models_to_allow() -> None:
    """s.26: a fine under s.25 (or for mischief by cattle trespass) may be recovered by sale
    of the cattle of the trespass, once imposed, while owed; the sale is timed by the fine,
    not by the notices (s.14). Each refusal cites s.26, as recordSale gives it."""
    F, G = uuid.UUID(int=7), uuid.UUID(int=8)
    imposed = t("2026-01-05T11:00")
    fine = FineFact(F, imposed, Decimal(200), "25")
    facts = two_cows("nagaland", fines=(fine, FineFact(G, imposed, Decimal(50), "24")))
    sell: dict[str, Any] = {"animal_ids": [A], "recovers_fine": F}
    # Before it was imposed: too early.
    assert refused(facts, Act.SALE, "2026-01-05T10:00", **sell) == ("TOO_EARLY", "26", None)
    # Once imposed, the same day: no report or notice needed first.
    assert allowed(facts, Act.SALE, "2026-01-05T12:00", **sell)
    assert refused(facts, Act.SALE, "2026-01-05T12:00", animal_ids=[A])[:2] == (
        "TOO_EARLY",
        "14(3)",
    )
    # A fine under s.24 is not one s.26 lets be recovered by sale.
    wrong = refused(facts, Act.SALE, "2026-01-05T12:00", animal_ids=[A], recovers_fine=G)
    assert wrong == ("VALIDATION", "26", "recoversFineId")
    # A fine not of this case's cattle: only the cattle of the trespass are sold for it.
    other = {"animal_ids": [A], "recovers_fine": uuid.UUID(int=99)}
    assert refused(facts, Act.SALE, "2026-01-05T12:00", **other) == (
        "VALIDATION",
        "26",
        "recoversFineId",
    )
    # Paid (or recovered in full by an earlier sale): nothing is left to recover.
    paid = two_cows("nagaland", fines=(FineFact(F, imposed, Decimal(200), "25", imposed),))
    assert refused(paid, Act.SALE, "2026-01-05T12:00", **sell)[:2] == ("CONFLICT", "26")
    # Part recovered: the rest is owed still, and a further sale may recover it.
    part = FineFact(F, imposed, Decimal(200), "25", recovered=Decimal(65))
    assert Course(two_cows("nagaland", fines=(part,))).fine_owed(F).owed == Decimal(135)
    assert allowed(two_cows("nagaland", fines=(part,)), Act.SALE, "2026-01-05T13:00", **sell)


def test_mizoram_has_no_sale_for_a_fine() -> None:
    F = uuid.UUID(int=7)
    facts = two_cows("mizoram", fines=(FineFact(F, t("2026-01-05T11:00"), Decimal(200), "25"),))
    found = refused(facts, Act.SALE, "2026-01-20T12:00", animal_ids=[A], recovers_fine=F)
    assert found[0] == "NOT_IN_JURISDICTION"


# -- Mizoram: the Animal (Control & Taxation) Act 2014 ---------------------------------------

ANNOUNCED = (Action.ANNOUNCE_SEIZURE, "2026-01-03T18:00")


def test_mizoram_announced_then_sold_seven_days_after_the_announcement() -> None:
    """ss.7(5), 10(1): the announcement within 24 hours of the animals being brought, the
    sale seven days from it; the Act has no report or notice of s.14's kind."""
    fresh = two_cows("mizoram")
    nxt = Course(fresh).next_action()
    assert nxt is not None and (nxt.action, nxt.deadline) == (
        Action.ANNOUNCE_SEIZURE,
        t("2026-01-04T10:00"),
    )
    assert allowed(fresh, Act.NOTICE, "2026-01-03T18:00", kind=Action.ANNOUNCE_SEIZURE)
    for kind in (Action.REPORT_UNCLAIMED, Action.PUBLISH_NOTICE):
        assert refused(fresh, Act.NOTICE, "2026-01-12T12:00", kind=kind)[0] == "NOT_IN_JURISDICTION"
    announced = two_cows("mizoram", ANNOUNCED)
    assert refused(announced, Act.NOTICE, "2026-01-04T12:00", kind=Action.ANNOUNCE_SEIZURE)[0] == (
        "CONFLICT"  # made once
    )
    nxt = Course(announced).next_action()
    assert nxt is not None and (nxt.action, nxt.not_before) == (
        Action.AUCTION,
        t("2026-01-11T00:00"),
    )
    assert refused(announced, Act.SALE, "2026-01-10T12:00", animal_ids=[A])[:2] == (
        "TOO_EARLY",
        "10(1)",
    )
    assert allowed(announced, Act.SALE, "2026-01-11T12:00", animal_ids=[A])


def test_mizoram_has_no_deposit_under_protest_no_complaint_and_no_release_by_order() -> None:
    facts = two_cows("mizoram", ANNOUNCED)
    assert allowed(facts, Act.DELIVER, "2026-01-04T09:30")
    for act in (Act.DELIVER_ON_DEPOSIT, Act.COMPLAINT, Act.DELIVER_REST, Act.REFUSE_REST):
        assert refused(facts, act, "2026-01-05T10:00")[0] == "NOT_IN_JURISDICTION", act
    order = {"authority": ReleasingAuthority.DIRECTOR, "ordered_at": t("2026-01-05T10:00")}
    assert refused(facts, Act.RELEASE_BY_ORDER, "2026-01-05T11:00", **order)[0] == (
        "NOT_IN_JURISDICTION"
    )


def test_mizoram_refusal_within_the_claim_period_then_the_rest_are_the_owners() -> None:
    """s.10(2): the owner who claims within seven days of the announcement and refuses to
    pay has as many sold as necessary; no refund follows (s.10(4)); the animals left are
    delivered to him (s.9(1)), a duty open from the sale (interpreted)."""
    facts = two_cows("mizoram", ANNOUNCED)
    assert allowed(facts, Act.REFUSAL, "2026-01-05T10:00")
    assert refused(facts, Act.REFUSAL, "2026-01-11T00:00") == ("TOO_LATE", "10(2)", "at")
    after = sold_on_refusal("mizoram", ANNOUNCED)
    assert refused(after, Act.SALE, "2026-01-05T13:00", animal_ids=[B])[:2] == ("CONFLICT", "10(2)")
    assert refused(after, Act.CLAIM_PROCEEDS, "2026-01-06T10:00")[:2] == ("CONFLICT", "10(4)")
    assert allowed(after, Act.DELIVER, "2026-01-06T10:00", animal_ids=[B])
    nxt = Course(after).next_action()
    assert nxt is not None and (nxt.action, nxt.not_before, nxt.deadline) == (
        Action.DELIVER_REST,
        t("2026-01-05T12:00"),
        None,
    )
    (duty,) = Course(after).duties()
    assert duty.cites[0].label == "10(2)"
    assert duty.cites[0].confidence is Confidence.INTERPRETED


def test_mizoram_claim_on_the_proceeds_of_an_unclaimed_sale_within_fifteen_days() -> None:
    """s.10(4): fifteen days from the sale held (not from the earliest auction date)."""
    sold = t("2026-01-20T12:00")
    facts = two_cows(
        "mizoram",
        ANNOUNCED,
        animals=(AnimalFact(A, "cow", "SOLD", sold, sold), AnimalFact(B, "cow", "IN_POUND")),
        sales=(SaleFact(sold, {"onRefusal": False}),),
    )
    assert refused(facts, Act.CLAIM_PROCEEDS, "2026-01-19T12:00") == ("TOO_EARLY", "10(4)", "at")
    assert allowed(facts, Act.CLAIM_PROCEEDS, "2026-02-04T12:00")
    assert refused(facts, Act.CLAIM_PROCEEDS, "2026-02-05T00:00") == ("TOO_LATE", "10(4)", "at")
    (claim,) = [s for s in Course(facts).timeline() if s.action is Action.CLAIM_SALE_PROCEEDS]
    assert (claim.window.not_before, claim.projected) == (sold, False)


@pytest.mark.parametrize("code", ["nagaland", "mizoram"])
def test_every_act_has_an_answer_on_every_course(code: str) -> None:
    """No act escapes the model: on a fresh case, after a refusal and after the sale on it,
    every act is answered (allowed, or a coded refusal), never an exception of ours."""
    facts = [two_cows(code, ANNOUNCED) if code == "mizoram" else two_cows(code)]
    facts.append(sold_on_refusal(code, *([ANNOUNCED] if code == "mizoram" else [])))
    given = {
        Act.NOTICE: {"kind": Action.PUBLISH_NOTICE},
        Act.RELEASE_BY_ORDER: {
            "authority": ReleasingAuthority.DIRECTOR,
            "ordered_at": t("2026-01-06T09:00"),
        },
        Act.SALE: {"animal_ids": [B]},
        Act.RECORD_INJURY: {"animal_id": B, "died": True},
        Act.RETURN_CARCASS: {"animal_id": A},
        Act.CORRECT_SEIZURE: {"impounded_at": t("2026-01-03T11:00")},
    }
    for f in facts:
        for act in Act:
            found = course.check(f, act, t("2026-01-06T10:00"), **given.get(act, {}))
            assert found is None or found.code in {
                "VALIDATION",
                "CONFLICT",
                "TOO_EARLY",
                "TOO_LATE",
                "NOT_IN_JURISDICTION",
                "NOT_FOUND",  # the auction, deposit, complaint or notice it names is not there
            }, (act, found.message)


# -- the acts after the course is set going (_course/records.py) ----------------------------

NOW = t("2026-06-01T12:00")  # the model's clock in these tests: acts after it are ahead


def test_an_auction_round_is_closed_on_its_day_once_and_not_ahead_of_now() -> None:
    R = uuid.UUID(int=7)
    held = t("2026-01-23T11:00")
    facts = two_cows("nagaland", auctions=(AuctionFact(R, held, t("2026-01-19T09:00")),))
    early = refused(facts, Act.CLOSE_AUCTION, "2026-01-23T10:00", auction_id=R, now=NOW)
    assert early[0] == "TOO_EARLY" and early[1] and early[2] == "at"
    ahead = course.check(facts, Act.CLOSE_AUCTION, NOW + (NOW - held), auction_id=R, now=NOW)
    assert ahead is not None and (ahead.code, ahead.field) == ("VALIDATION", "at")
    assert allowed(facts, Act.CLOSE_AUCTION, "2026-01-23T12:00", auction_id=R, now=NOW)
    closed = two_cows("nagaland", auctions=(AuctionFact(R, held, held, held),))
    assert refused(closed, Act.CLOSE_AUCTION, "2026-01-24T12:00", auction_id=R, now=NOW)[0] == (
        "CONFLICT"
    )


def test_nagaland_s15_a_deposit_is_applied_when_the_complaint_window_closes_unused() -> None:
    """Seized 3 January: the window for a complaint (s.20) ends with 13 January; the deposit
    waits for a complaint that follows, and is applied once, not before the window ends."""
    D = uuid.UUID(int=8)
    paid = DeliveryFact(t("2026-01-04T10:00"), True, id=D)
    facts = two_cows("nagaland", deliveries=(paid,))
    early = refused(facts, Act.APPLY_DEPOSIT, "2026-01-13T23:59", delivery_id=D, now=NOW)
    assert early == ("TOO_EARLY", "15", "asOf")
    on = Course(facts).require(Act.APPLY_DEPOSIT, t("2026-01-20T06:00"), delivery_id=D, now=NOW)
    assert on == t("2026-01-14T00:00")  # when the window closed, not when the sweep ran
    complained = two_cows(
        "nagaland", deliveries=(paid,), filed=(ComplaintFact(A, t("2026-01-05T10:00")),)
    )
    assert refused(complained, Act.APPLY_DEPOSIT, "2026-01-20T06:00", delivery_id=D)[0] == (
        "CONFLICT"
    )
    done = two_cows("nagaland", deliveries=(DeliveryFact(paid.at, True, id=D, applied=True),))
    assert refused(done, Act.APPLY_DEPOSIT, "2026-01-20T06:00", delivery_id=D)[0] == "CONFLICT"
    ahead = course.check(facts, Act.APPLY_DEPOSIT, t("2026-07-01T00:00"), delivery_id=D, now=NOW)
    assert ahead is not None and (ahead.code, ahead.field) == ("VALIDATION", "asOf")


def test_nagaland_s17_3_the_claim_window_closes_three_months_after_the_sale() -> None:
    sold = t("2026-01-20T12:00")
    facts = two_cows(
        "nagaland",
        (Action.REPORT_UNCLAIMED, "2026-01-11T10:00"),
        (Action.PUBLISH_NOTICE, "2026-01-11T11:00"),
        animals=(AnimalFact(A, "cow", "SOLD", sold, sold), AnimalFact(B, "cow", "SOLD", sold)),
        sales=(SaleFact(sold, {"onRefusal": False}),),
    )
    early = refused(facts, Act.CLOSE_CLAIM_WINDOW, "2026-04-19T12:00", now=NOW)
    assert early[0] == "TOO_EARLY" and early[1] and early[2] == "asOf"
    closes, action = Course(facts).require(Act.CLOSE_CLAIM_WINDOW, t("2026-05-01T00:00"), now=NOW)
    assert action is Action.CLAIM_SURPLUS and sold < closes <= t("2026-05-01T00:00")
    nothing = two_cows("nagaland")
    assert refused(nothing, Act.CLOSE_CLAIM_WINDOW, "2026-05-01T00:00")[0] == "CONFLICT"


def test_nagaland_ss20_22_a_decision_follows_its_complaint_and_the_dues_the_decision() -> None:
    C = uuid.UUID(int=9)
    facts = two_cows("nagaland", filed=(ComplaintFact(C, t("2026-01-04T11:00")),))
    before = refused(facts, Act.DECIDE_COMPLAINT, "2026-01-04T10:00", complaint_id=C)
    assert before == ("VALIDATION", "20", "at")
    assert allowed(facts, Act.DECIDE_COMPLAINT, "2026-01-06T12:00", complaint_id=C, illegal=True)
    assert refused(facts, Act.COLLECT_SEIZER_DUES, "2026-01-06T12:00", complaint_id=C) == (
        "CONFLICT",
        "22(2)",
        None,
    )
    decided = two_cows(
        "nagaland",
        filed=(ComplaintFact(C, t("2026-01-04T11:00"), t("2026-01-06T12:00"), True, Decimal(170)),),
    )
    assert refused(decided, Act.DECIDE_COMPLAINT, "2026-01-07T12:00", complaint_id=C)[0] == (
        "CONFLICT"
    )
    assert refused(decided, Act.COLLECT_SEIZER_DUES, "2026-01-06T11:00", complaint_id=C) == (
        "VALIDATION",
        "22(2)",
        "at",
    )
    assert allowed(decided, Act.COLLECT_SEIZER_DUES, "2026-01-06T13:00", complaint_id=C)
