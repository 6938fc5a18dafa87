"""Notified rates as law (DESIGN §2, "Parameters by date"): which one is in force, and the
bounds an Act puts on one rate by another. Pure: no database."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from pashu.core.errors import (
    FineAboveCap,
    NotInJurisdiction,
    UnknownSpecies,
    ValidationError,
)
from pashu.jurisdictions import registry
from pashu.jurisdictions.notifications import Notification, check, in_force
from pashu.jurisdictions.vocabulary import RateKind

FINE = RateKind.FINE_PER_HEAD
HABITUAL = RateKind.HABITUAL_AREA_FINE_PER_HEAD
AERODROME = RateKind.AERODROME_FINE_PER_HEAD
JAN, JUL = date(2026, 1, 1), date(2026, 7, 1)

nagaland = registry.get("nagaland")
mizoram = registry.get("mizoram")
chhattisgarh = registry.get("chhattisgarh")


def n(
    kind: RateKind, species: str | None, amount: str, on: date, ref: str = "Gaz. 1/2026"
) -> Notification:
    aerodrome = "Dimapur Airport" if kind is RateKind.AERODROME_FINE_PER_HEAD else None
    return Notification(kind, species, Decimal(amount), on, ref, aerodrome=aerodrome)


COW_SCALE = [n(FINE, "cow", "50.00", JAN), n(FINE, None, "30.00", JAN)]


# -- which notification is in force -------------------------------------------------------
def test_the_latest_notification_effective_by_the_day_is_in_force() -> None:
    history = [n(FINE, None, "30.00", JAN), n(FINE, None, "40.00", JUL)]
    assert in_force(history, FINE, None, date(2025, 12, 31)) is None
    assert in_force(history, FINE, None, JAN) == history[0]
    assert in_force(history, FINE, None, date(2026, 6, 30)) == history[0]
    assert in_force(history, FINE, None, JUL) == history[1]


def test_a_notification_for_the_species_wins_over_one_for_all_species() -> None:
    history = [n(FINE, "cow", "50.00", JAN), n(FINE, None, "40.00", JUL)]
    assert in_force(history, FINE, "cow", date(2026, 8, 1)) == history[0]
    assert in_force(history, FINE, "goat", date(2026, 8, 1)) == history[1]
    assert in_force(history, FINE, "goat", JAN) is None


def test_in_force_reads_species_through_the_vocabulary() -> None:
    history = [n(FINE, "ox", "50.00", JAN)]
    assert in_force(history, FINE, "Bullocks", JAN) == history[0]


def test_of_two_notifications_of_one_day_the_later_published_wins() -> None:
    history = [n(FINE, None, "30.00", JAN, "first"), n(FINE, None, "35.00", JAN, "corrigendum")]
    found = in_force(history, FINE, None, JUL)
    assert found is not None and found.reference == "corrigendum"


def test_another_kind_is_not_in_force() -> None:
    assert in_force([n(FINE, None, "30.00", JAN)], HABITUAL, None, JUL) is None


# -- Nagaland s.11(2) and s.12: caps by the scale --------------------------------------
def test_nagaland_habitual_area_fine_may_be_exactly_double_the_scale() -> None:
    d = check(nagaland, n(HABITUAL, "cow", "100.00", JAN), COW_SCALE)
    assert d.value == Decimal("100.00")
    assert d.cites[0].label == "11(2)"
    assert "Rs 100.00" in d.why


def test_nagaland_habitual_area_fine_above_double_the_scale_is_refused() -> None:
    with pytest.raises(FineAboveCap) as err:
        check(nagaland, n(HABITUAL, "cow", "100.01", JAN), COW_SCALE)
    assert err.value.citation is not None and err.value.citation.label == "11(2)"
    assert err.value.extensions["cap"] == "100.00"


def test_nagaland_aerodrome_fine_may_be_four_times_the_scale_and_no_more() -> None:
    d = check(nagaland, n(AERODROME, "cow", "200.00", JAN), COW_SCALE)
    assert d.value == Decimal("200.00") and d.cites[0].label == "12"
    with pytest.raises(FineAboveCap) as err:
        check(nagaland, n(AERODROME, "cow", "200.01", JAN), COW_SCALE)
    assert err.value.citation is not None and err.value.citation.label == "12"


def test_nagaland_bound_uses_the_scale_in_force_on_the_notifications_own_date() -> None:
    history = [n(FINE, "cow", "50.00", JAN), n(FINE, "cow", "80.00", JUL)]
    check(nagaland, n(HABITUAL, "cow", "160.00", JUL), history)
    with pytest.raises(FineAboveCap):
        check(nagaland, n(HABITUAL, "cow", "160.00", date(2026, 6, 30)), history)


def test_nagaland_bound_falls_back_to_the_scale_for_all_species() -> None:
    d = check(nagaland, n(HABITUAL, "goat", "60.00", JAN), COW_SCALE)
    assert d.value == Decimal("60.00")
    with pytest.raises(FineAboveCap):
        check(nagaland, n(HABITUAL, "goat", "60.01", JAN), COW_SCALE)


def test_nagaland_rate_for_all_species_respects_every_species_scale() -> None:
    history = [n(FINE, None, "50.00", JAN), n(FINE, "goat", "20.00", JAN)]
    with pytest.raises(FineAboveCap) as err:
        check(nagaland, n(HABITUAL, None, "100.00", JAN), history)
    assert err.value.extensions["cap"] == "40.00"
    # once goats have their own habitual-area rate, the general one no longer governs them
    history.append(n(HABITUAL, "goat", "40.00", JAN))
    assert check(nagaland, n(HABITUAL, None, "100.00", JAN), history).value == Decimal("100.00")


def test_nagaland_bound_without_a_notified_scale_is_refused_not_guessed() -> None:
    with pytest.raises(ValidationError) as err:
        check(nagaland, n(HABITUAL, "cow", "10.00", JAN), [n(FINE, "cow", "50.00", JUL)])
    assert "no fine per head" in err.value.message
    assert err.value.citation is not None and err.value.citation.label == "11(2)"


def test_nagaland_scale_itself_has_no_cap() -> None:
    d = check(nagaland, n(FINE, "cow", "100000.00", JAN), [])
    assert d.value == Decimal("100000.00") and d.cites[0].label == "11(1)"


# -- what every Act's notifications must be ---------------------------------------------
def test_mizoram_notified_fines_have_no_bound() -> None:
    d = check(mizoram, n(FINE, "mithun", "5000.00", JAN), [])
    assert d.value == Decimal("5000.00") and d.cites[0].label == "9(1)"
    assert "no cap" in d.why


def test_mizoram_has_no_habitual_area_rate() -> None:
    with pytest.raises(NotInJurisdiction):
        check(mizoram, n(HABITUAL, "cow", "10.00", JAN), [])


def test_chhattisgarh_leaves_no_rate_to_notification() -> None:
    with pytest.raises(NotInJurisdiction) as err:
        check(chhattisgarh, n(FINE, "cow", "10.00", JAN), [])
    assert err.value.code == "NOT_IN_JURISDICTION"
    assert "leaves no fine per head to notification" in err.value.message
    assert "Chhattisgarh" in err.value.message  # the Act is named


@pytest.mark.parametrize("amount", ["0.00", "-5.00"])
def test_a_rate_must_be_more_than_zero(amount: str) -> None:
    with pytest.raises(ValidationError):
        check(mizoram, n(FINE, "cow", amount, JAN), [])


def test_a_rate_is_exact_to_the_paisa() -> None:
    with pytest.raises(ValidationError):
        check(mizoram, n(FINE, "cow", "10.005", JAN), [])


def test_a_rate_needs_its_gazette_reference() -> None:
    with pytest.raises(ValidationError):
        check(mizoram, n(FINE, "cow", "10.00", JAN, ref="  "), [])


def test_a_fee_not_fixed_per_species_takes_no_species() -> None:
    with pytest.raises(ValidationError) as err:
        check(nagaland, n(RateKind.REGISTRATION_FEE, "cow", "500.00", JAN), [])
    assert "not fixed per species" in err.value.message
    assert check(nagaland, n(RateKind.REGISTRATION_FEE, None, "500.00", JAN), []).value == (
        Decimal("500.00")
    )


def test_species_go_through_the_vocabulary() -> None:
    check(nagaland, n(HABITUAL, "cows", "100.00", JAN), COW_SCALE)
    with pytest.raises(UnknownSpecies):
        check(nagaland, n(FINE, "unicorn", "10.00", JAN), [])
