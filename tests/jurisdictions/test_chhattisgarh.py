"""Chhattisgarh Pashu (Niyantran) Adhiniyam, 1976: what the scenarios cannot express well.

The Act survives only as an OCR scan; the statute file marks each provision read,
reconstructed or unknown. These tests pin those marks and make sure no illegible figure
ever becomes a number.
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal

import pytest

from pashu.core.citations import Confidence
from pashu.core.errors import NotInJurisdiction
from pashu.core.legaltime import IST
from pashu.jurisdictions import species
from pashu.jurisdictions.chhattisgarh import plugin
from pashu.jurisdictions.chhattisgarh.rules import ABSENT_CHAPTER
from pashu.jurisdictions.vocabulary import (
    Capability,
    ComparisonTopic,
    MoneyKind,
    TimelineEvents,
)

ACT_URI = "/akn/in-cg/act/1976/pashu-niyantran"
NUMBERS = ["longTitle", *map(str, range(1, 14)), "Schedule"]
R, C, U = Confidence.READ, Confidence.RECONSTRUCTED, Confidence.UNKNOWN

# The statute file's table, clause by clause: (section, sub-section path) -> mark.
TABLE_MARKS = {
    **{("2", c): R for c in "abcd"},
    ("4", "1"): R,
    **{("4", f"2/{c}"): C for c in "abcdef"},
    ("8", "1"): U,
    ("8", "2"): U,  # numbering reconstructed; the second limb (other things) illegible
    ("8", "margin"): U,  # only the margin note "Attempts and Abetment" can be read
    ("9", "1"): R,
    ("9", "1/proviso"): U,
    ("9", "2"): R,
    ("10", "1"): R,
    ("10", "2"): C,
    ("10", "3"): C,
    ("10", "4"): C,
    **{("Schedule", str(i)): R for i in (1, 2, 3, 4, 6, 7, 8)},
    ("Schedule", "5"): U,
}
SECTION_MARKS = {
    "longTitle": R, "1": R, "2": R, "3": R, "4": C, "5": C, "6": C, "7": C,
    "8": U, "9": U, "10": C, "11": C, "12": R, "13": R, "Schedule": U,
}  # fmt: skip
ORDER = list(Confidence)
SEIZED_AT = datetime(2024, 6, 2, 10, 0, tzinfo=IST)


def test_chhattisgarh_identity_and_iso_code() -> None:
    assert (plugin.code, plugin.name, plugin.iso_code) == ("chhattisgarh", "Chhattisgarh", "IN-CG")
    assert plugin.act.uri == ACT_URI
    assert plugin.act.year == 1976
    assert plugin.funds == {}


def test_chhattisgarh_act_note_explains_the_scan_and_the_iso_change() -> None:
    note = plugin.act.note or ""
    assert "OCR scan" in note
    assert "IN-CG" in note and "IN-CT" in note and "2023" in note


def test_chhattisgarh_every_section_present_with_text_and_a_unique_uri() -> None:
    assert [s.number for s in plugin.act.sections] == NUMBERS
    uris = [s.uri for s in plugin.act.sections]
    assert len(set(uris)) == len(uris)
    for sec in plugin.act.sections:
        assert sec.text and sec.heading, sec.number
        assert re.fullmatch(re.escape(ACT_URI) + r"/~(sec_\d+|longtitle|schedule)", sec.uri)


@pytest.mark.parametrize(("number", "mark"), SECTION_MARKS.items())
def test_chhattisgarh_section_confidence(number: str, mark: Confidence) -> None:
    sec = plugin.act.section(number)
    assert sec.confidence is mark
    if mark is not R:
        assert sec.note, f"section {number} is {mark.value} but says nothing about why"


def test_chhattisgarh_provision_marks_are_the_statute_files_table() -> None:
    got = {(s.number, p.path): p.confidence for s in plugin.act.sections for p in s.provisions}
    assert got == TABLE_MARKS
    for (number, path), mark in TABLE_MARKS.items():
        cite = plugin.act.cite(number, path)
        assert cite.confidence is mark, f"{cite.label}"
        assert cite.note, f"{cite.label} has no note to show beside it"


def test_chhattisgarh_section_mark_is_the_weakest_of_its_clauses() -> None:
    for sec in plugin.act.sections:
        if sec.provisions:
            weakest = max((p.confidence for p in sec.provisions), key=ORDER.index)
            assert sec.confidence is weakest, sec.number
    assert plugin.act.confidence is plugin.lowest_confidence() is U


def test_chhattisgarh_illegible_words_are_marked_illegible_in_the_text() -> None:
    assert "which may extend to [illegible]" in plugin.act.section("8").text
    assert "5. [illegible]" in plugin.act.section("Schedule").text
    # The readings ("most likely ...") are the summary's, not the text's.
    assert "most likely" not in plugin.act.section("8").text
    assert "most likely one year" in (plugin.act.section("8").summary or "")


def test_chhattisgarh_no_offence_carries_a_figure_the_scan_hides() -> None:
    """s.8(1): the term and the fine cap are unknown; no offence may hold a value for them."""
    assert plugin.offences
    for o in plugin.offences:
        assert o.fine_min is None and o.fine_max is None and o.subsequent_fine is None, o.code
        assert o.imprisonment_max_months is None, o.code
        # The minimum is as illegible as the cap: unknown, never "no minimum".
        assert {"fine_min", "fine_max", "imprisonment_max_months"} <= set(o.unknown), o.code
        assert o.citation.label.startswith("8(") and o.citation.confidence is U, o.code


def test_chhattisgarh_every_applied_offence_compounds_for_at_most_one_thousand() -> None:
    for o in plugin.offences:
        if not o.applicable:
            continue
        assert o.compoundable and o.composition_max == Decimal("1000.00")
        cap = next(c for c in o.extra_cites if c.label == "10(2)")
        assert cap.confidence is C


def test_chhattisgarh_calf_is_unknown_not_yes_or_no() -> None:
    c = plugin.classify("calf")
    assert c.is_cattle.value is None
    assert c.is_cattle.confidence is U
    assert "Schedule(5)" in {x.label for x in c.is_cattle.cites}
    assert "illegible" in c.is_cattle.why


def test_chhattisgarh_every_species_has_a_reasoned_answer() -> None:
    for name in species.SPECIES:
        c = plugin.classify(name)
        assert c.is_cattle.cites and c.is_cattle.why, name
        assert c.is_animal.value is None and "no term 'animal'" in c.is_animal.why, name
        if c.is_cattle.value is None:
            assert c.is_cattle.confidence is U, name
            assert "Schedule(5)" in {x.label for x in c.is_cattle.cites}, name
        else:
            assert c.is_cattle.confidence is not U, name
    # No species is "not cattle": a "no" would rest on the illegible item 5.
    assert not [n for n in species.SPECIES if plugin.classify(n).is_cattle.value is False]


def test_chhattisgarh_not_cattle_answers_are_marked_as_illegible_item_5_allows() -> None:
    """A mithun, pig, horse or camel is not among the legible items, but the "no" rests on
    item 5 as much as a calf's "yes" would: unknown, never a "no" marked read."""
    for name in ("mithun", "pig", "horse", "camel"):
        d = plugin.classify(name).is_cattle
        assert d.value is None and d.confidence is U, name
        assert "item 5 is illegible" in d.why, name


def test_chhattisgarh_species_outside_the_schedule_may_be_added_by_notification() -> None:
    d = plugin.classify("horse").is_cattle
    assert "3" in {c.label for c in d.cites} and "notification" in d.why


def test_chhattisgarh_readings_of_the_young_and_the_sexes_are_interpreted() -> None:
    for name in ("ram", "ewe", "lamb", "kid"):
        d = plugin.classify(name).is_cattle
        assert d.value is True and d.confidence is Confidence.INTERPRETED, name
        assert all(c.note for c in d.cites if c.confidence is Confidence.INTERPRETED), name


def test_chhattisgarh_money_goes_to_no_named_fund() -> None:
    for kind in MoneyKind:
        if kind in ABSENT_CHAPTER:
            with pytest.raises(NotInJurisdiction):
                plugin.routing(kind)
        else:
            d = plugin.routing(kind)
            assert d.value == [] and d.cites and "does not say" in d.why, kind
    assert set(MoneyKind) - set(ABSENT_CHAPTER) == {
        MoneyKind.FINE,
        MoneyKind.OFFENCE_FINE,
        MoneyKind.COMPOSITION,
        MoneyKind.LICENCE_FEE,
    }


def test_chhattisgarh_refuses_what_the_act_lacks() -> None:
    assert plugin.capabilities == {Capability.REGULATED_AREAS, Capability.COMPOUNDING}
    with pytest.raises(NotInJurisdiction) as err:
        plugin.impoundment_timeline(TimelineEvents(seized_at=SEIZED_AT))
    assert err.value.details["capability"] == "IMPOUNDMENT"
    assert plugin.act.title in err.value.message
    with pytest.raises(NotInJurisdiction):
        plugin.prohibited_purchasers()
    with pytest.raises(NotInJurisdiction):
        plugin.fine_rate_kind("PUBLIC_PROPERTY")
    assert plugin.rate_rules() == {}


@pytest.mark.parametrize("topic", list(ComparisonTopic))
def test_chhattisgarh_compares_every_topic_with_citations(topic: ComparisonTopic) -> None:
    d = plugin.comparison(topic)
    assert d.summary and d.cites and d.why


def test_chhattisgarh_fine_caps_comparison_states_no_invented_figure() -> None:
    d = plugin.compare(ComparisonTopic.FINE_CAPS)
    assert d.confidence is U
    # The only rupee figure in it is the legible composition cap.
    assert re.findall(r"Rs [\d,]+", d.value) == ["Rs 1,000"]


def test_chhattisgarh_attempt_and_abetment_from_a_margin_note_is_unknown_and_not_applied() -> None:
    """Only the margin note is legible: the offence is listed as unknown, with its reason, and
    no case (so no fine and no composition) can be recorded under it."""
    attempt = next(o for o in plugin.offences if o.code == "s8-attempt")
    assert not attempt.applicable and attempt.citation.confidence is U
    assert attempt.unknown_reason and "margin note" in attempt.unknown_reason
    assert not attempt.compoundable and attempt.composition_max is None
    assert {"compoundable", "composition_max", "fine_max"} <= set(attempt.unknown)
    for name in ("8(margin)", "s8-attempt"):
        with pytest.raises(NotInJurisdiction) as refused:
            plugin.offence(name)
        assert "not applied" in refused.value.message
        assert refused.value.citation is not None and refused.value.citation.label == "8(margin)"
    assert plugin.offence("8(1)").code == "s8-1"


def test_chhattisgarh_keeper_required_is_left_to_orders_not_unknown() -> None:
    """s.4(1) is legible: whether animals must be under a keeper is left to the orders."""
    from pashu.jurisdictions import research
    from pashu.jurisdictions.vocabulary import ComparisonTopic

    row = research.answer(plugin, ComparisonTopic.KEEPING_RULES)
    keeper = next(f for f in row.facts if f.key == "keeper_required")
    assert not keeper.unknown and keeper.text and "left to notified orders" in keeper.text
    assert [c.label for c in keeper.cites] == ["4(1)"] and keeper.confidence is Confidence.READ
