"""The Mizoram Animal (Control & Taxation) Act, 2014: what scenarios cannot say well."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pashu.core.citations import Confidence
from pashu.core.errors import NotInJurisdiction
from pashu.core.legaltime import IST, legal_date
from pashu.jurisdictions import registry, species
from pashu.jurisdictions.mizoram import plugin
from pashu.jurisdictions.vocabulary import (
    Action,
    Capability,
    ComparisonTopic,
    MoneyKind,
    TimelineEvents,
)

ACT_URI = "/akn/in-mz/act/2014/animal-control-taxation"
# A copy of the project's statute file, kept in the repository so the check holds on any clone.
STATUTE = (
    Path(__file__).resolve().parents[1]
    / "data"
    / "statutes"
    / "mizoram-animal-control-and-taxation-act-2014.txt"
)

# INTERPRETATION.md's readings: (section, sub-section path or None for the whole section).
READINGS = [
    ("2", "k/ii"),
    ("2", "k/iii"),
    ("4", "3"),
    ("7", "4"),
    ("10", "4"),
    ("15", "3"),
    ("16", None),
    ("18", None),
]


def test_mizoram_act_has_every_section_1_to_23_with_text_heading_and_chapter() -> None:
    act = plugin.act
    assert act.uri == ACT_URI
    assert [s.number for s in act.sections] == [str(n) for n in range(1, 24)]
    for s in act.sections:
        assert s.heading.strip(), s.number
        assert s.text.strip(), s.number
        assert s.chapter, s.number


def test_mizoram_section_uris_are_unique_frbr_uris() -> None:
    uris = [s.uri for s in plugin.act.sections]
    assert len(set(uris)) == len(uris)
    for s in plugin.act.sections:
        assert s.uri == f"{ACT_URI}/~sec_{s.number}"
    assert plugin.act.cite_label("2(k)(ii)").uri == f"{ACT_URI}/~sec_2__subsec_k__para_ii"


def test_mizoram_section_texts_are_verbatim_from_the_statute() -> None:
    source = STATUTE.read_text(encoding="utf-8")
    for s in plugin.act.sections:
        assert f"{s.number}. {s.heading}\n{s.text}\n" in source + "\n", s.number


def test_mizoram_chapters_follow_the_act() -> None:
    chapter = {s.number: s.chapter or "" for s in plugin.act.sections}
    assert "PRELIMINARY" in chapter["2"]
    assert "SEIZURE" in chapter["7"] and "SEIZURE" in chapter["10"]
    assert "TAXATION" in chapter["11"] and "TAXATION" in chapter["14"]
    assert "PENALTIES" in chapter["15"] and "PENALTIES" in chapter["21"]
    assert "MISCELLANEOUS" in chapter["23"]


@pytest.mark.parametrize(("section", "path"), READINGS)
def test_mizoram_interpreted_provisions_are_marked_with_their_note(
    section: str, path: str | None
) -> None:
    cite = plugin.act.cite(section, path)
    assert cite.confidence is Confidence.INTERPRETED
    assert cite.note and len(cite.note) > 20


def test_mizoram_marks_do_not_spill_onto_provisions_read_as_written() -> None:
    for label in ("2(a)", "2(b)", "2(k)(i)", "4(1)", "4(2)", "7(1)", "7(5)", "10(1)", "15(1)"):
        assert plugin.act.cite_label(label).confidence is Confidence.READ, label
    assert plugin.act.section("16").confidence is Confidence.INTERPRETED
    assert plugin.act.section("17").confidence is Confidence.READ


def test_mizoram_classifies_every_species_of_the_vocabulary_with_citations() -> None:
    cattle = set()
    unsettled = set()
    for name in species.SPECIES:
        c = plugin.classify(name)
        assert c.is_cattle.cites and c.is_animal.cites, name
        assert c.is_cattle.why and c.is_animal.why, name
        if c.is_cattle.value:
            cattle.add(name)
        if c.is_animal.value is None:
            unsettled.add(name)
            assert c.is_animal.confidence is not Confidence.READ, name
    assert cattle == {"cow", "ox", "bull", "calf", "heifer"}
    assert unsettled == {"elephant"}


def test_mizoram_heifer_is_cattle_only_by_interpretation() -> None:
    heifer = plugin.classify("heifer").is_cattle
    cow = plugin.classify("cow").is_cattle
    assert heifer.confidence is Confidence.INTERPRETED and heifer.cites[0].note
    assert cow.confidence is Confidence.READ


def test_mizoram_routing_shares_add_up_to_one_and_name_known_funds() -> None:
    routed = 0
    for kind in MoneyKind:
        try:
            d = plugin.routing(kind)
        except NotInJurisdiction as err:
            assert kind in {
                MoneyKind.COMPOSITION,
                MoneyKind.ESTABLISHMENT_FEE,
                MoneyKind.LICENCE_FEE,
            }
            assert plugin.act.title in err.message
            continue
        routed += 1
        assert sum((r.share for r in d.value), Decimal(0)) == Decimal(1), kind
        assert all(r.fund in plugin.funds for r in d.value), kind
        assert d.cites and d.why, kind
    assert routed == 7


def test_mizoram_refused_capabilities_name_themselves() -> None:
    with pytest.raises(NotInJurisdiction) as err:
        plugin.routing(MoneyKind.COMPOSITION)
    assert err.value.details["capability"] == Capability.COMPOUNDING.value


def test_mizoram_offences_are_fines_only_and_none_compoundable() -> None:
    assert {o.section for o in plugin.offences} == {"15(1)", "15(3)", "16", "17", "18(1)", "18(2)"}
    for o in plugin.offences:
        assert o.imprisonment_max_months is None, o.code
        assert not o.compoundable and o.composition_max is None, o.code
        assert o.fine_max is not None and o.unknown == (), o.code
    assert plugin.offence("15(3)").note and "victim" in (plugin.offence("15(3)").note or "")


def test_mizoram_every_place_uses_the_one_fine_scale_of_s9() -> None:
    kinds = {plugin.fine_rate_kind(p).value for p in registry.kinds("places")}
    assert len(kinds) == 1
    assert "place" in plugin.fine_rate_kind("AERODROME").why


def test_mizoram_every_comparison_cites_and_mentions_its_sections() -> None:
    for topic in ComparisonTopic:
        d = plugin.comparison(topic)
        assert d.cites and d.summary, topic
        for cite in d.cites:
            assert cite.section in d.summary, (topic, cite.label)


_instants = st.datetimes(
    min_value=datetime(2015, 1, 1), max_value=datetime(2040, 12, 31), timezones=st.just(IST)
)


@given(brought=_instants, delay=st.integers(min_value=0, max_value=24 * 60 - 1))
def test_mizoram_auction_opens_at_midnight_eight_days_after_the_announcement_day(
    brought: datetime, delay: int
) -> None:
    announced = brought + timedelta(minutes=delay)
    steps = {
        s.action: s
        for s in plugin.impoundment_timeline(
            TimelineEvents(seized_at=brought, impounded_at=brought, announced_at=announced)
        )
    }
    announce = steps[Action.ANNOUNCE_SEIZURE].window
    assert announce.deadline == brought + timedelta(hours=24)
    assert announce.is_open(announced)
    auction = steps[Action.AUCTION].window
    assert auction.deadline is None
    assert legal_date(auction.not_before) == legal_date(announced) + timedelta(days=8)
    assert auction.not_before.astimezone(IST).time().isoformat() == "00:00:00"
    claim = steps[Action.CLAIM_SALE_PROCEEDS]
    assert claim.projected and not steps[Action.AUCTION].projected
    assert claim.window.deadline is not None
    assert legal_date(claim.window.deadline) == legal_date(auction.not_before) + timedelta(days=16)


def test_mizoram_timeline_has_only_the_acts_steps() -> None:
    seized = datetime(2026, 6, 2, 15, tzinfo=IST)
    actions = [s.action for s in plugin.impoundment_timeline(TimelineEvents(seized_at=seized))]
    assert actions == [
        Action.DELIVER_TO_POUND,
        Action.ANNOUNCE_SEIZURE,
        Action.AUCTION,
        Action.CLAIM_SALE_PROCEEDS,
    ]


def test_mizoram_feeding_charges_to_the_village_council_fund_is_interpreted() -> None:
    """s.8(2) says only "collected by the Village Council": the fund is a reading."""
    from pashu.jurisdictions import research

    routed = plugin.routing(MoneyKind.FEEDING_CHARGE)
    assert routed.confidence is Confidence.INTERPRETED
    (s8,) = [c for c in routed.cites if c.label == "8(2)"]
    assert s8.confidence is Confidence.INTERPRETED and "collected by the Village Council" in (
        s8.note or ""
    )
    row = research.answer(plugin, ComparisonTopic.MONEY_ROUTING)
    assert row.confidence is Confidence.INTERPRETED
    fact = next(f for f in row.facts if f.key == "feeding_charge")
    assert fact.confidence is Confidence.INTERPRETED


def test_mizoram_periods_include_six_months_vicious_and_the_tax_instalments() -> None:
    from pashu.jurisdictions import research
    from pashu.jurisdictions.comparison import Unit

    row = research.answer(plugin, ComparisonTopic.PERIODS)
    facts = {f.key: f for f in row.facts}
    vicious = facts["vicious_for"]
    assert vicious.duration is not None and vicious.duration.count == 6
    assert vicious.duration.unit is Unit.MONTHS
    assert {c.label for c in vicious.cites} == {"2(k)(ii)", "2(k)(iii)"}
    assert vicious.confidence is Confidence.INTERPRETED
    for key, months in (("tax_annually", 12), ("tax_half_yearly", 6)):
        d = facts[key].duration
        assert d is not None and d.count == months and d.unit is Unit.MONTHS, key
        assert [c.label for c in facts[key].cites] == ["11(3)"], key
    assert "half-yearly" in row.summary and "past six months" in row.summary
