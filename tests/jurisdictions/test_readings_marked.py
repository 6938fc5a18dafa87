"""Readings the text leaves open are marked `interpreted`, and the answer's why says so."""

from __future__ import annotations

from datetime import datetime

from pashu.core.citations import Confidence
from pashu.core.legaltime import IST
from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import Action, TimelineEvents

nagaland = registry.get("nagaland")


def test_nagaland_s17_3_three_months_from_the_sale_is_interpreted() -> None:
    events = TimelineEvents(
        seized_at=datetime(2026, 6, 2, 9, tzinfo=IST), sold_at=datetime(2026, 6, 25, tzinfo=IST)
    )
    step = next(
        s for s in nagaland.impoundment_timeline(events) if s.action is Action.CLAIM_SURPLUS
    )
    (cite,) = step.cites
    assert cite.label == "17(3)" and cite.confidence is Confidence.INTERPRETED
    assert "interpreted" in step.why


def test_nagaland_whether_fowls_cover_ducks_is_interpreted() -> None:
    duck = nagaland.classify("duck").is_cattle
    assert duck.value is False
    assert duck.confidence is Confidence.INTERPRETED
    assert "interpreted" in duck.why


def test_chhattisgarh_forfeiture_reaches_an_illegible_second_limb_so_is_unknown() -> None:
    law = registry.get("chhattisgarh").penalties
    assert law is not None
    forfeiture = law.forfeiture()
    assert forfeiture.confidence is Confidence.UNKNOWN
    assert "illegible" in forfeiture.why and "other things" in forfeiture.why


def test_chhattisgarh_no_section_between_6_and_9_is_read_and_none_has_an_invented_heading() -> None:
    act = registry.get("chhattisgarh").act
    assert act.section("7").heading == "[heading not legible]"
    for label in ("8(1)", "8(2)", "8(margin)"):
        assert act.cite_label(label).confidence is Confidence.UNKNOWN, label
    assert "reconstructed" in (act.section("8").note or "")
