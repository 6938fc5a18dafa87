"""The law of offences, as each plugin encodes it: bounds of fines, subsequent offences, unknown
caps, compounding, cognizance, forfeiture, vicious animals and compensation."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pashu.core.citations import Confidence
from pashu.core.errors import (
    FineAboveCap,
    FineBelowMinimum,
    NotInJurisdiction,
    PashuError,
    ValidationError,
)
from pashu.core.legaltime import IST
from pashu.jurisdictions import registry
from pashu.jurisdictions.penalties import (
    CompensationKind,
    OffenderRole,
    PenaltyLaw,
    ViciousKind,
    check_fine,
)

MZ, NL, CG = (registry.get(c) for c in ("mizoram", "nagaland", "chhattisgarh"))


def rules(code: str) -> PenaltyLaw:
    law = registry.get(code).penalties
    assert law is not None
    return law


def refusal(fn: object, *args: object, **kw: object) -> PashuError:
    with pytest.raises(PashuError) as info:
        fn(*args, **kw)  # type: ignore[operator]
    return info.value


def test_nagaland_s25_fine_is_between_25_and_250_rupees() -> None:
    s25 = NL.offence("25")
    low = refusal(check_fine, s25, Decimal("24.99"), subsequent=False)
    high = refusal(check_fine, s25, Decimal("250.01"), subsequent=False)
    assert isinstance(low, FineBelowMinimum) and isinstance(high, FineAboveCap)
    assert high.citation is not None and high.citation.label == "25"
    assert check_fine(s25, Decimal("250.00"), subsequent=False).value.amount == Decimal("250.00")


@given(st.integers(min_value=1, max_value=100_000))
def test_mizoram_s15_1_accepts_up_to_500_and_refuses_above(paise: int) -> None:
    amount = Decimal(paise) / 100
    s15 = MZ.offence("15(1)")
    if amount <= Decimal("500"):
        assert check_fine(s15, amount, subsequent=False).value.amount == amount
    else:
        assert isinstance(refusal(check_fine, s15, amount, subsequent=False), FineAboveCap)


def test_mizoram_s18_first_offence_capped_at_200_subsequent_fixed_at_300() -> None:
    s18 = MZ.offence("18(1)")
    assert isinstance(refusal(check_fine, s18, Decimal("201"), subsequent=False), FineAboveCap)
    assert check_fine(s18, Decimal("300"), subsequent=True).value.subsequent
    assert isinstance(refusal(check_fine, s18, Decimal("200"), subsequent=True), FineBelowMinimum)
    assert isinstance(refusal(check_fine, s18, Decimal("301"), subsequent=True), FineAboveCap)


def test_chhattisgarh_s8_1_fine_cap_is_unknown_and_never_enforced() -> None:
    s8 = CG.offence("8(1)")
    checked = check_fine(s8, Decimal("100000.00"), subsequent=False)
    assert checked.value.cap_unknown and checked.value.warning
    assert "illegible" in checked.value.warning
    assert checked.confidence is Confidence.UNKNOWN


def test_a_fine_is_above_zero() -> None:
    assert isinstance(
        refusal(check_fine, NL.offence("24"), Decimal("0"), subsequent=False), ValidationError
    )


def test_nagaland_s28_fine_is_recoverable_from_the_pound_keepers_salary() -> None:
    assert NL.offence("28").recoverable_from_salary
    assert not NL.offence("25").recoverable_from_salary
    assert not MZ.offence("17").recoverable_from_salary


def test_nagaland_s29_fines_under_25_and_28_may_be_applied_as_compensation() -> None:
    assert rules("nagaland").fine_appropriation(NL.offence("25")).value
    assert rules("nagaland").fine_appropriation(NL.offence("28")).value
    not_24 = rules("nagaland").fine_appropriation(NL.offence("24"))
    assert not not_24.value and not_24.cites[0].label == "29"
    assert isinstance(
        refusal(rules("mizoram").fine_appropriation, MZ.offence("15(1)")), NotInJurisdiction
    )


def test_mizoram_s15_3_fine_goes_to_the_victim_other_fines_to_the_fund() -> None:
    payee = rules("mizoram").fine_payee(MZ.offence("15(3)"))
    assert payee is not None and payee.value == "victim"
    assert rules("mizoram").fine_payee(MZ.offence("15(1)")) is None


def test_chhattisgarh_compounding_up_to_1000_with_acquittal_and_licence_cancellation() -> None:
    rule = rules("chhattisgarh").compounding(CG.offence("8(1)")).value
    assert rule.composition_max == Decimal("1000.00")
    assert rule.acquittal and rule.release_up_to_estimate and rule.cancels_licence
    assert rule.cap_cite.label == "10(2)" and rule.effect_cite.label == "10(3)"
    assert rule.cap_cite.confidence is Confidence.RECONSTRUCTED


def test_no_compounding_in_mizoram_or_nagaland() -> None:
    for code, section in (("mizoram", "15(1)"), ("nagaland", "25")):
        offence = registry.get(code).offence(section)
        assert isinstance(refusal(rules(code).compounding, offence), NotInJurisdiction)


def test_chhattisgarh_cognizance_needs_an_officers_written_report() -> None:
    needs = rules("chhattisgarh").cognizance()
    assert needs.value and needs.cites[0].label == "10(1)"
    assert not rules("nagaland").cognizance().value


def test_forfeiture_only_where_the_act_provides_it() -> None:
    assert rules("chhattisgarh").forfeiture().cites[0].label == "8(2)"
    assert isinstance(refusal(rules("mizoram").forfeiture), NotInJurisdiction)


def test_chhattisgarh_s9_makes_corporations_and_their_officers_liable() -> None:
    s8 = CG.offence("8(1)")
    officer = rules("chhattisgarh").charge(s8, OffenderRole.OFFICER_OF_CORPORATION)
    assert {"9(1)", "9(2)"} <= {c.label for c in officer.cites}
    nl_refusal = refusal(
        rules("nagaland").charge, NL.offence("25"), OffenderRole.OFFICER_OF_CORPORATION
    )
    assert isinstance(nl_refusal, NotInJurisdiction)


def test_mizoram_bite_makes_an_animal_vicious_for_six_calendar_months() -> None:
    bite = datetime(2025, 4, 5, 15, 0, tzinfo=IST)
    window = rules("mizoram").vicious_window(ViciousKind.UNPROVOKED_BITE, bite)
    assert window.value.deadline == datetime(2025, 10, 6, 0, 0, tzinfo=IST)
    assert window.cites[0].label == "2(k)(iii)"
    penalty = rules("mizoram").vicious_window(ViciousKind.COURT_PENALTY, bite)
    assert penalty.value.deadline == window.value.deadline
    behaviour = rules("mizoram").vicious_window(ViciousKind.BEHAVIOUR, bite)
    assert behaviour.value.deadline is None and behaviour.cites[0].label == "2(k)(i)"


def test_only_mizoram_knows_vicious_animals() -> None:
    at = datetime(2025, 4, 5, tzinfo=IST)
    for code in ("nagaland", "chhattisgarh"):
        assert isinstance(
            refusal(rules(code).vicious_window, ViciousKind.BEHAVIOUR, at), NotInJurisdiction
        )


def test_mizoram_s15_3_owner_pays_treatment_or_500_to_the_victim() -> None:
    liability = rules("mizoram").attack_liability()
    assert liability.value.victim_sum == Decimal("500.00")
    assert liability.cites[0].label == "15(3)"


def test_compensation_mizoram_uncapped_by_council_nagaland_up_to_100_with_fines() -> None:
    damage = rules("mizoram").compensation(CompensationKind.DAMAGE)
    assert damage.value.cap is None and damage.cites[0].label == "15(2)"
    seizure = rules("nagaland").compensation(CompensationKind.ILLEGAL_SEIZURE)
    assert seizure.value.cap == Decimal("100.00") and seizure.value.with_fines_and_expenses
    assert seizure.value.orders_release and seizure.cites[0].label == "22(1)"
    assert isinstance(
        refusal(rules("chhattisgarh").compensation, CompensationKind.DAMAGE), NotInJurisdiction
    )


def test_set_off_against_a_civil_decree_only_in_nagaland() -> None:
    assert rules("nagaland").set_off().cites[0].label == "31"
    assert isinstance(refusal(rules("mizoram").set_off), NotInJurisdiction)
