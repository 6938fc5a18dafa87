"""The law of registration, animal tax, establishments and regulated areas, as each plugin
answers it: legal scenarios, with the section each answer rests on."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pashu.core.citations import Confidence
from pashu.core.errors import NotInJurisdiction, ValidationError
from pashu.core.legaltime import IST
from pashu.jurisdictions import registry
from pashu.jurisdictions.registration import (
    CattleActivity,
    OrderEffect,
    OrderFacts,
    OwnerCategory,
    PermitFacts,
    PermitKind,
    RegistrationLaw,
    TaxSchedule,
)
from pashu.jurisdictions.vocabulary import Capability


def rules(code: str, capability: Capability) -> RegistrationLaw:
    return registry.get(code).registration_law(capability)


MZ = "mizoram"


def test_mizoram_registration_is_due_within_one_calendar_month_of_owning() -> None:
    d = rules(MZ, Capability.ANIMAL_REGISTRATION).registration_window(date(2026, 1, 31))
    # One month from 31 January ends with 28 February (calendar months); late from 1 March.
    assert d.value.deadline == datetime(2026, 3, 1, tzinfo=IST)
    assert d.cites[0].label == "12(1)" and d.confidence is Confidence.INTERPRETED


@pytest.mark.parametrize(
    ("category", "clause"),
    [
        (OwnerCategory.CENTRAL_GOVERNMENT, "(a)"),
        (OwnerCategory.STATE_GOVERNMENT, "(b)"),
        (OwnerCategory.NORTH_EASTERN_COUNCIL, "(c)"),
        (OwnerCategory.GOVERNMENT_CORPORATION, "(d)"),
        (OwnerCategory.VILLAGE_COUNCIL, "(e)"),
    ],
)
def test_mizoram_public_owners_are_exempt_under_the_proviso_to_11_2(
    category: OwnerCategory, clause: str
) -> None:
    d = rules(MZ, Capability.ANIMAL_TAX).exemption(category)
    assert d.value is True and d.cites[0].label == "11(2)" and clause in d.why


def test_mizoram_private_owners_are_liable() -> None:
    d = rules(MZ, Capability.ANIMAL_TAX).exemption(OwnerCategory.PRIVATE)
    assert d.value is False and d.cites[0].label == "11(1)"


def test_mizoram_tax_instalments_at_the_owner_s_option_with_the_time_left_to_rules() -> None:
    law = rules(MZ, Capability.ANIMAL_TAX)
    annual = law.tax_instalments(2026, TaxSchedule.ANNUAL, date(2025, 12, 1))
    assert [(p.due_on, p.share) for p in annual.value] == [(date(2026, 1, 1), Decimal(1))]
    halves = law.tax_instalments(2026, TaxSchedule.HALF_YEARLY, date(2026, 8, 15))
    assert [p.due_on for p in halves.value] == [date(2026, 8, 15), date(2026, 8, 15)]
    assert halves.cites[0].label == "11(3)" and halves.confidence is Confidence.INTERPRETED
    assert "not in the Act" in halves.why


def test_mizoram_appeal_has_no_time_limit_in_the_act() -> None:
    d = rules(MZ, Capability.ANIMAL_TAX).appeal()
    assert d.cites[0].label == "14" and "no time limit" in d.why


NL = "nagaland"


@given(st.integers(1, 2000), st.integers(1, 10_000))
def test_nagaland_penalty_is_the_fee_plus_two_rupees_a_day(days: int, fee_paise: int) -> None:
    fee = Decimal(fee_paise) / 100
    last = date(2026, 3, 31)
    d = rules(NL, Capability.ESTABLISHMENT_REGISTRATION).establishment_penalty(
        fee, last, date.fromordinal(last.toordinal() + days), valid_application_on_time=False
    )
    assert d.value == fee + 2 * days
    assert d.cites[0].label == "registration(6)"


def test_nagaland_proviso_no_penalty_for_a_valid_application_in_time() -> None:
    law = rules(NL, Capability.ESTABLISHMENT_REGISTRATION)
    d = law.establishment_penalty(Decimal(300), date(2026, 3, 31), date(2026, 3, 31), True)
    assert d.value == 0 and "proviso" in d.why
    with pytest.raises(ValidationError):
        law.establishment_penalty(Decimal(300), date(2026, 3, 31), date(2026, 4, 1), True)


def test_nagaland_twelve_months_are_twelve_months_not_and_a_day() -> None:
    law = rules(NL, Capability.ESTABLISHMENT_REGISTRATION)
    d = law.establishment_term(date(2026, 3, 30))
    assert (d.value.valid_from, d.value.valid_until) == (date(2026, 3, 30), date(2027, 3, 29))
    early = law.establishment_term(date(2027, 1, 5), current_until=date(2027, 3, 29))
    assert (early.value.valid_from, early.value.valid_until) == (
        date(2027, 3, 30),
        date(2028, 3, 29),
    )


def test_nagaland_days_of_default_are_a_reading_and_an_invalid_timely_application_pays() -> None:
    law = rules(NL, Capability.ESTABLISHMENT_REGISTRATION)
    d = law.establishment_penalty(Decimal(300), date(2026, 3, 31), date(2026, 3, 20), False)
    assert d.value == Decimal(300)
    assert d.confidence.value == "interpreted" and "interpreted" in d.why


def test_nagaland_registration_is_renewed_every_twelve_months() -> None:
    d = rules(NL, Capability.ESTABLISHMENT_REGISTRATION).establishment_term(date(2024, 2, 29))
    assert (d.value.valid_from, d.value.valid_until) == (date(2024, 2, 29), date(2025, 2, 28))
    assert d.cites[0].label == "registration(1)"


CG = "chhattisgarh"
ORDER = OrderFacts(
    ref="order CG 1 (Durg)",
    area="Durg",
    effect=OrderEffect.REGULATE,
    activities=frozenset({CattleActivity.KEEPING}),
    clauses=("a", "e"),
    effective_from=date(2026, 1, 1),
    effective_until=date(2026, 12, 31),
    species=frozenset({"cow", "buffalo"}),
)


def _keeping(species: str, on: date, permits: list[PermitFacts]) -> bool | None:
    plugin = registry.get(CG)
    law = rules(CG, Capability.REGULATED_AREAS)
    cattle = plugin.classify(species).is_cattle
    return law.activity_allowed(
        CattleActivity.KEEPING, species, cattle, on, [ORDER], permits
    ).value.allowed


def test_chhattisgarh_regulated_keeping_needs_a_licence_under_the_order() -> None:
    licence = PermitFacts("licence 1", ORDER.ref, PermitKind.LICENCE, "Sahu")
    assert _keeping("cow", date(2026, 6, 1), []) is False
    assert _keeping("cow", date(2026, 6, 1), [licence]) is True
    assert _keeping("goat", date(2026, 6, 1), []) is True  # cattle, but not named by the order
    assert _keeping("cow", date(2027, 1, 1), []) is True  # the order has ended


def test_chhattisgarh_order_clauses_are_those_of_4_2() -> None:
    law = rules(CG, Capability.REGULATED_AREAS)
    d = law.order_clauses(["E", "(a)", "e"])
    assert d.value == ("a", "e")
    assert [c.label for c in d.cites] == ["4(1)", "4(2)(a)", "4(2)(e)"]
    assert d.confidence is Confidence.RECONSTRUCTED
    with pytest.raises(ValidationError):
        law.order_clauses(["g"])
    assert law.licence_cancellation(on_composition=True).cites[0].label == "10(4)"
    assert "10(4)" not in {c.label for c in law.licence_cancellation().cites}
    alone = law.order_clauses([])  # "without prejudice to the generality of" s.4(1)
    assert alone.value == () and [c.label for c in alone.cites] == ["4(1)"]


@pytest.mark.parametrize(
    ("code", "capability"),
    [
        (MZ, Capability.ESTABLISHMENT_REGISTRATION),
        (MZ, Capability.REGULATED_AREAS),
        (NL, Capability.ANIMAL_TAX),
        (CG, Capability.ANIMAL_REGISTRATION),
    ],
)
def test_a_chapter_the_act_lacks_is_refused(code: str, capability: Capability) -> None:
    with pytest.raises(NotInJurisdiction):
        rules(code, capability)
