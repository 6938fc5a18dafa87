"""What the Nagaland scenarios cannot say well: the Acts as data, marks, and invariants."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from pashu.core.citations import Confidence
from pashu.core.errors import NotInJurisdiction, ValidationError
from pashu.jurisdictions.acts import Act
from pashu.jurisdictions.nagaland import plugin
from pashu.jurisdictions.species import SPECIES
from pashu.jurisdictions.vocabulary import (
    Action,
    Capability,
    ComparisonTopic,
    MoneyKind,
    TimelineEvents,
)

CATTLE_TRESPASS = "/akn/in-nl/act/1985/cattle-trespass"
MARKETING = "/akn/in-nl/act/1985/agricultural-produce-marketing"
ESTABLISHMENTS = "/akn/in-nl/act/0001/registration-of-establishments"
# The statutes' texts, copied verbatim into the repository's test data, so the checks that
# the plugin quotes them word for word run on any clone (issue #35).
STATUTES = Path(__file__).resolve().parents[1] / "data" / "statutes"

# INTERPRETATION.md's Nagaland readings: provision -> a word its note must carry.
READINGS = {
    "2(1)": "calves",
    "11(3)": "aerodromes",
    "20": "from the date of seizure",
    "23": "section 22",
    "27": "section 25",
    "29": "25, 26 and 28",
    "30": "sue",
}

IST = datetime.fromisoformat("2026-01-03T09:00:00+05:30").tzinfo


def act(uri: str) -> Act:
    return next(a for a in plugin.acts if a.uri == uri)


def squash(text: str) -> str:
    return " ".join(text.split())


def test_nagaland_principal_act_is_the_cattle_trespass_act() -> None:
    assert plugin.act.uri == CATTLE_TRESPASS
    assert [a.uri for a in plugin.acts] == [CATTLE_TRESPASS, MARKETING, ESTABLISHMENTS]


def test_nagaland_cattle_trespass_act_has_every_section_with_text_and_a_unique_uri() -> None:
    sections = act(CATTLE_TRESPASS).sections
    assert [s.number for s in sections] == [str(n) for n in range(1, 35)]
    assert all(s.heading and s.text and s.chapter for s in sections)
    uris = [s.uri for s in sections]
    assert len(set(uris)) == len(uris)
    for s in sections:
        assert re.fullmatch(rf"{CATTLE_TRESPASS}/~sec_{s.number}", s.uri), s.uri


def test_nagaland_sections_sit_in_their_chapters() -> None:
    a = act(CATTLE_TRESPASS)
    first = {"1": "I", "3": "II", "9": "III", "13": "IV", "20": "V", "24": "VI", "30": "VII"}
    first["32"] = "VIII"
    for number, roman in first.items():
        assert (a.section(number).chapter or "").startswith(f"Chapter {roman} ") or (
            a.section(number).chapter == f"Chapter {roman}"
        ), number
    assert a.section("19").chapter == a.section("13").chapter
    assert a.section("29").chapter == "Chapter VI PENALTIES"


def test_nagaland_cattle_trespass_text_is_verbatim_from_the_statute() -> None:
    source = (STATUTES / "nagaland-cattle-trespass-act-1985.txt").read_text(encoding="utf-8")
    body = squash(source.split("as follows:", 1)[1])  # the sections, not the contents list
    for s in act(CATTLE_TRESPASS).sections:
        assert squash(s.text) in body, f"s.{s.number} text differs from the source"
        assert s.heading in body, f"s.{s.number} heading differs from the source"


def test_nagaland_unnamed_provision_is_verbatim() -> None:
    source = (STATUTES / "nagaland-registration-of-establishments-extract.txt").read_text(
        encoding="utf-8"
    )
    assert squash(act(ESTABLISHMENTS).section("registration").text) == squash(source)


@pytest.mark.parametrize(("label", "word"), sorted(READINGS.items()))
def test_nagaland_interpretation_readings_are_marked_with_their_note(label: str, word: str) -> None:
    cite = plugin.act.cite_label(label)
    assert cite.confidence is Confidence.INTERPRETED
    assert cite.note and word in cite.note


# Readings the platform itself makes, beyond INTERPRETATION.md's (issue #33): label -> a word
# its note must carry.
OWN_READINGS = {
    "17(3)": "from the sale",  # "within three months" names no start
    "12": "section 11",  # "section II"
}


@pytest.mark.parametrize(("label", "word"), sorted(OWN_READINGS.items()))
def test_nagaland_the_platforms_own_readings_are_marked_interpreted(label: str, word: str) -> None:
    cite = plugin.act.cite_label(label)
    assert cite.confidence is Confidence.INTERPRETED
    assert cite.note and word in cite.note


def test_nagaland_three_months_of_s17_3_are_interpreted_in_the_comparisons() -> None:
    from pashu.jurisdictions import research

    for topic in (ComparisonTopic.CLAIM_PERIOD, ComparisonTopic.PERIODS):
        row = research.answer(plugin, topic)
        fact = next(f for f in row.facts if f.key == "surplus_claim_within")
        assert fact.confidence is Confidence.INTERPRETED, topic
        assert row.confidence is Confidence.INTERPRETED, topic
        assert "interpreted" in row.summary.split("3 months", 1)[1][:80], topic


def test_nagaland_nothing_else_in_the_act_is_marked_interpreted() -> None:
    marked = {label.partition("(")[0] for label in (*READINGS, *OWN_READINGS)}
    for s in act(CATTLE_TRESPASS).sections:
        if s.number not in marked:
            assert s.confidence is Confidence.READ and not s.provisions, s.number
    # The marks on 2(1) and 11(3) do not spill onto their sibling sub-sections.
    assert plugin.act.cite_label("2(2)").confidence is Confidence.READ
    assert plugin.act.cite_label("11(2)").confidence is Confidence.READ


def test_nagaland_marketing_act_is_headings_only() -> None:
    a = act(MARKETING)
    assert [s.number for s in a.sections] == [str(n) for n in range(1, 102)]
    assert a.confidence is Confidence.UNKNOWN and a.note
    for s in a.sections:
        assert s.heading and s.text == "" and s.confidence is Confidence.UNKNOWN, s.number
        assert s.note and "heading" in s.note
    assert a.section("25").heading == "Compounding of offences"
    assert a.section("93").heading.startswith("Chairman, Vice-Chairman")


def test_nagaland_unnamed_provision_says_it_is_unnamed() -> None:
    a = act(ESTABLISHMENTS)
    assert "unnamed" in a.title.lower() and a.year is None and a.note
    section = a.section("registration")
    assert section.note and "neither its Act nor its State" in section.note
    assert "section number" in section.note
    for n in range(1, 7):
        assert f"({n}) " in section.text
    assert "Provided that" in section.text


@pytest.mark.parametrize("name", sorted(SPECIES))
def test_nagaland_every_species_is_decided_with_a_citation(name: str) -> None:
    c = plugin.classify(name)
    assert isinstance(c.is_cattle.value, bool)
    assert c.is_animal.value is None and "animal" in c.is_animal.why
    for d in (c.is_cattle, c.is_animal):
        assert d.cites and d.why


def test_nagaland_only_calves_heifers_and_ducks_are_readings_of_s2_1() -> None:
    interpreted = {
        n for n in SPECIES if plugin.classify(n).is_cattle.confidence is Confidence.INTERPRETED
    }
    assert interpreted == {"calf", "heifer", "duck"}  # the young of cows; "fowls"
    not_cattle = {n for n in SPECIES if plugin.classify(n).is_cattle.value is False}
    assert not_cattle == {"mithun", "duck", "dog", "cat"}


@pytest.mark.parametrize("kind", list(MoneyKind))
def test_nagaland_routes_add_up_to_one_or_are_explained(kind: MoneyKind) -> None:
    try:
        d = plugin.routing(kind)
    except NotInJurisdiction:
        assert kind in {
            MoneyKind.REGISTRATION_FEE,
            MoneyKind.ANIMAL_TAX,
            MoneyKind.COMPOSITION,
            MoneyKind.LICENCE_FEE,
        }
        return
    assert d.cites and d.why
    if d.value:
        assert sum((r.share for r in d.value), Decimal(0)) == 1
        assert all(isinstance(r.share, Decimal) and r.fund in plugin.funds for r in d.value)


def test_nagaland_deliver_to_pound_is_late_at_exactly_24_hours() -> None:
    seized = datetime(2026, 1, 3, 9, 0, tzinfo=IST)
    steps = {s.action: s for s in plugin.impoundment_timeline(TimelineEvents(seized_at=seized))}
    window = steps[Action.DELIVER_TO_POUND].window
    assert window.is_open(seized + timedelta(hours=24) - timedelta(microseconds=1))
    assert window.is_late(seized + timedelta(hours=24))
    complaint = steps[Action.COMPLAIN_ILLEGAL_SEIZURE].window
    assert complaint.is_open(datetime(2026, 1, 13, 23, 59, tzinfo=IST))
    assert complaint.is_late(datetime(2026, 1, 14, 0, 0, tzinfo=IST))


def test_nagaland_timeline_refuses_a_naive_instant() -> None:
    with pytest.raises(ValidationError):
        plugin.impoundment_timeline(TimelineEvents(seized_at=datetime(2026, 1, 3, 9, 0)))


def test_nagaland_refusing_compounding_cites_the_marketing_heading_as_unknown() -> None:
    with pytest.raises(NotInJurisdiction) as refused:
        plugin.require(Capability.COMPOUNDING)
    citation = refused.value.citation
    assert citation is not None and citation.act_uri == MARKETING and citation.section == "25"
    assert citation.confidence is Confidence.UNKNOWN


def test_nagaland_offences_are_not_compoundable_and_hide_only_what_another_law_sets() -> None:
    assert [o.section for o in plugin.offences] == ["24", "25", "26", "28"]
    for o in plugin.offences:
        assert not o.compoundable and o.composition_max is None
        assert o.citation.act_uri == CATTLE_TRESPASS and o.note
        # Only the mischief s.26 names hides its bounds: the general criminal law sets them.
        assert o.unknown == (("fine_max", "imprisonment_max_months") if o.section == "26" else ())
    assert "salary" in (plugin.offence("28").note or "")


@pytest.mark.parametrize("topic", list(ComparisonTopic))
def test_nagaland_every_comparison_cites_and_names_numbers_or_absence(
    topic: ComparisonTopic,
) -> None:
    d = plugin.compare(topic)
    assert d.cites and d.value.endswith(".")
    assert re.search(r"\d", d.value), "a comparison gives its numbers (or section numbers)"


def test_nagaland_compounding_none_in_the_cattle_trespass_act_provided_by_marketing_s25() -> None:
    """Not "not provided": the Cattle Trespass Act has none; the marketing Act's s.25
    provides compounding, on terms unknown (its heading alone is held)."""
    from pashu.jurisdictions import research

    row = research.answer(plugin, ComparisonTopic.COMPOUNDING)
    assert row.provided is True and row.confidence is Confidence.UNKNOWN
    assert "Cattle Trespass Act, 1985 has no compounding" in row.summary
    assert "provides compounding" in row.summary and "unknown" in row.summary
    facts = {f.key: f for f in row.facts}
    assert facts["cattle_trespass_act_compounding"].flag is False
    marketing = facts["marketing_act_compounding"]
    assert marketing.unknown and marketing.cites[0].act_uri == MARKETING
    assert facts["compounding_allowed"].flag is False  # no composition is recorded here
