"""Keeping rules, grazing grounds, inspections, pound areas and returns as the Acts say them
(Mizoram ss.3-6, 21, 7(3), 12(2), 13(3); Nagaland ss.3, 6, 9(1), 10)."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pashu.core.citations import Confidence
from pashu.core.errors import NotInJurisdiction
from pashu.jurisdictions import registry
from pashu.jurisdictions.keeping import (
    GroundFacts,
    KeepingLaw,
    KeepingMode,
    PoundChoice,
    TimeOfDay,
)
from pashu.jurisdictions.species import SPECIES
from pashu.jurisdictions.vocabulary import Capability

M, DAY, NIGHT = KeepingMode, TimeOfDay.DAY, TimeOfDay.NIGHT
ON = date(2026, 5, 1)
GROUND = GroundFacts("Tlangnuam grazing ground", True, date(2026, 1, 1), None)


def law(code: str) -> KeepingLaw:
    keeping = registry.get(code).keeping
    assert keeping is not None
    return keeping


def labels(
    code: str, species: str, mode: KeepingMode, time: TimeOfDay, ground: GroundFacts | None = None
) -> list[str]:
    return [c.label for c in law(code).check(species, mode, time, ground, ON).cites]


def complies(
    species: str, mode: KeepingMode, time: TimeOfDay, ground: GroundFacts | None = None
) -> bool:
    return law("mizoram").check(species, mode, time, ground, ON).value.complies


def test_mizoram_fowls_and_pigs_are_kept_in_confinement_day_and_night() -> None:
    for species in ("fowl", "pig"):
        assert complies(species, M.CONFINED, DAY) and complies(species, M.CONFINED, NIGHT)
        assert not complies(species, M.UNDER_KEEPER, DAY)
        assert not complies(species, M.TETHERED, DAY)
    assert labels("mizoram", "pig", M.AT_LARGE, DAY) == ["4(1)", "3(1)"]


def test_mizoram_goats_graze_under_a_keeper_or_tethered_by_day_and_are_shedded_at_night() -> None:
    assert complies("goat", M.UNDER_KEEPER, DAY) and complies("goat", M.TETHERED, DAY)
    assert not complies("goat", M.AT_LARGE, DAY)
    assert not complies("goat", M.UNDER_KEEPER, NIGHT)
    assert not complies("goat", M.TETHERED, NIGHT)
    assert complies("kid", M.IN_SHED, NIGHT)
    night = law("mizoram").check("goat", M.IN_SHED, NIGHT, None, ON)
    assert [c.label for c in night.cites] == ["4(2)(ii)"]
    assert night.confidence is Confidence.READ


def test_mizoram_goats_confined_elsewhere_than_a_shed_at_night_is_an_interpretation() -> None:
    penned = law("mizoram").check("goat", M.CONFINED, NIGHT, None, ON)
    assert penned.value.complies is True
    assert penned.confidence is Confidence.INTERPRETED


def test_mizoram_cattle_are_kept_like_goats_read_from_the_missing_clause_b() -> None:
    for species in ("cow", "calf", "mithun", "buffalo", "horse", "pony"):
        assert complies(species, M.UNDER_KEEPER, DAY)
        assert not complies(species, M.UNDER_KEEPER, NIGHT)
        assert complies(species, M.IN_SHED, NIGHT)
    d = law("mizoram").check("cow", M.TETHERED, DAY, None, ON)
    assert [c.label for c in d.cites] == ["4(3)"]
    assert d.confidence is Confidence.INTERPRETED  # s.4(3)'s "clause (b)" read as s.4(2)
    assert "clause (b)" in (d.cites[0].note or "")


def test_mizoram_other_animals_are_fenced_or_tied_not_merely_watched() -> None:
    for species in ("sheep", "ass", "dog", "duck"):
        assert complies(species, M.FENCED, NIGHT) and complies(species, M.TETHERED, DAY)
        assert not complies(species, M.UNDER_KEEPER, DAY)
    assert labels("mizoram", "dog", M.UNDER_KEEPER, DAY) == ["4(4)"]


def test_mizoram_cattle_at_large_in_an_approved_grazing_ground_are_lawfully_there() -> None:
    d = law("mizoram").check("mithun", M.AT_LARGE, NIGHT, GROUND, ON)
    assert d.value.complies is True and d.value.ground == GROUND.name
    assert [c.label for c in d.cites] == ["6(1)", "4(3)", "3(1)"]
    assert not complies("mithun", M.AT_LARGE, NIGHT)  # outside it, s.3(1) and s.4(3)


def test_mizoram_at_large_without_a_keeper_in_a_grazing_ground_reads_s6_against_s3() -> None:
    """s.3(1) lets no animal alone without a keeper; s.6(1)'s free movement is a reading."""
    d = law("mizoram").check("cow", M.AT_LARGE, DAY, GROUND, ON)
    assert d.value.complies is True
    assert d.confidence is Confidence.INTERPRETED
    free = d.cites[0]
    assert free.label == "6(1)" and free.confidence is Confidence.INTERPRETED
    assert "3(1)" in (free.note or "") and "3(1)" in {c.label for c in d.cites}
    assert "interpreted" in d.why and "without a keeper" in d.why
    # Under a keeper there is nothing to read against s.3(1).
    kept = law("mizoram").check("cow", M.UNDER_KEEPER, DAY, GROUND, ON)
    assert [c.label for c in kept.cites] == ["6(1)", "4(3)"]
    assert kept.cites[0].confidence is Confidence.READ


def test_mizoram_grazing_ground_without_approval_or_out_of_its_dates_excuses_nothing() -> None:
    unapproved = GroundFacts("Zawlpui", False, date(2026, 1, 1), None)
    d = law("mizoram").check("cow", M.AT_LARGE, DAY, unapproved, ON)
    assert d.value.complies is False and "not a grazing ground in force" in d.why
    lapsed = GroundFacts("Zawlpui", True, date(2025, 1, 1), date(2025, 12, 31))
    assert not complies("cow", M.AT_LARGE, DAY, lapsed)
    assert not law("mizoram").grazing_ground(unapproved, ON).value


def test_mizoram_grazing_ground_does_not_free_fowls_and_pigs() -> None:
    d = law("mizoram").check("pig", M.AT_LARGE, DAY, GROUND, ON)
    assert d.value.complies is False and "does not excuse" in d.why


def test_mizoram_goats_in_a_grazing_ground_rest_on_an_interpretation_of_s6() -> None:
    d = law("mizoram").check("goat", M.AT_LARGE, DAY, GROUND, ON)
    assert d.value.complies is True
    assert d.cites[0].label == "6(1)" and d.cites[0].confidence is Confidence.INTERPRETED


def test_mizoram_grazing_orders_need_prior_approval() -> None:
    k = law("mizoram")
    assert k.grazing_order(None).value is False
    assert k.grazing_order(False).value is False
    assert k.grazing_order(True).value is True
    assert [c.label for c in k.grazing_order(None).cites] == ["6(2)"]


def test_mizoram_inspection_contravention_is_an_offence_under_s15_1() -> None:
    rule = law("mizoram").inspection()
    assert rule.value.offence_section == "15(1)"
    assert registry.get("mizoram").offence(rule.value.offence_section).code == "s15_1"
    assert [c.label for c in rule.cites] == ["21", "15(1)"]


def test_mizoram_returns_are_the_village_councils_registers() -> None:
    r = law("mizoram").returns()
    assert r.value.keeper == "the Village Council" and r.value.per_pound is False
    assert [c.label for c in r.cites] == ["7(3)", "12(2)", "13(3)", "12(3)"]


def test_nagaland_has_no_keeping_rules_but_points_at_s25() -> None:
    with pytest.raises(NotInJurisdiction) as e:
        law("nagaland").check("cow", M.AT_LARGE, DAY, None, ON)
    assert "Nagaland Cattle Trespass Act" in e.value.message
    assert e.value.citation is not None and e.value.citation.label == "25"


def test_chhattisgarh_has_no_keeping_rules_grazing_grounds_or_pound_areas() -> None:
    k = law("chhattisgarh")
    for ask in (k.rules, k.pound_area, k.returns):
        with pytest.raises(NotInJurisdiction) as e:
            ask()
        assert "Pashu (Niyantran) Adhiniyam" in e.value.message


def test_nagaland_land_seizures_go_to_the_areas_pound_road_seizures_to_the_nearest() -> None:
    k = law("nagaland")
    land = k.destination("PRIVATE_LAND")
    assert land.value is PoundChoice.AREA_POUND
    assert [c.label for c in land.cites] == ["9(1)", "3(2)"]
    assert k.destination("HABITUAL_TRESPASS_AREA").value is PoundChoice.AREA_POUND
    road = k.destination("PUBLIC_PROPERTY")
    assert road.value is PoundChoice.NEAREST_POUND and [c.label for c in road.cites] == ["10"]
    air = k.destination("AERODROME")
    assert air.value is PoundChoice.NEAREST_POUND and air.confidence is Confidence.INTERPRETED
    assert k.pound_area().value == "the Director"
    assert [c.label for c in k.returns().cites] == ["6", "7"]


def test_mizoram_has_no_pound_areas() -> None:
    with pytest.raises(NotInJurisdiction):
        law("mizoram").destination("PRIVATE_LAND")


@given(
    species=st.sampled_from(sorted(SPECIES)),
    mode=st.sampled_from(list(KeepingMode)),
    time=st.sampled_from(list(TimeOfDay)),
)
def test_mizoram_every_answer_cites_a_clause_of_s4_and_no_animal_is_lawfully_loose_alone(
    species: str, mode: KeepingMode, time: TimeOfDay
) -> None:
    d = law("mizoram").check(species, mode, time, None, ON)
    assert d.cites and d.cites[0].section == "4"
    assert d.why
    if mode is KeepingMode.AT_LARGE:
        assert d.value.complies is False
        assert "3(1)" in [c.label for c in d.cites]
    if d.value.complies:  # s.3(1): only confinement, a tie or a keeper's watch
        assert mode is not KeepingMode.AT_LARGE


@given(
    species=st.sampled_from(sorted(SPECIES)),
    mode=st.sampled_from(list(KeepingMode)),
)
def test_mizoram_what_is_lawful_at_night_is_lawful_by_day(species: str, mode: KeepingMode) -> None:
    k = law("mizoram")
    if k.check(species, mode, NIGHT, None, ON).value.complies:
        assert k.check(species, mode, DAY, None, ON).value.complies


def test_chhattisgarh_inspection_rests_on_an_order_providing_for_it_s4_2_b() -> None:
    rule = law("chhattisgarh").inspection()
    assert rule.value.order_clause == "b" and rule.value.offence_section == "8(1)"
    assert [c.label for c in rule.cites] == ["4(2)(b)", "4(1)", "8(1)"]
    assert rule.confidence is Confidence.UNKNOWN  # s.8(1)'s figures; s.4(2)(b) reconstructed
    assert rule.cites[0].confidence is Confidence.RECONSTRUCTED


@pytest.mark.parametrize("code", registry.codes())
def test_an_act_lists_grazing_grounds_among_its_chapters_exactly_when_its_law_answers_them(
    code: str,
) -> None:
    """The API's `capabilities` is what a page offers the grazing register by: a plugin that
    declares GRAZING_GROUNDS answers whether a ground or an order is in force, and one whose
    keeping law refuses them does not declare it (Mizoram s.6)."""
    plugin = registry.get(code)
    try:
        if plugin.keeping is None:
            raise NotInJurisdiction("no keeping law")
        plugin.keeping.grazing_ground(GROUND, ON)
        plugin.keeping.grazing_order(None)
        answers = True
    except NotInJurisdiction:
        answers = False
    assert plugin.has(Capability.GRAZING_GROUNDS) == answers
