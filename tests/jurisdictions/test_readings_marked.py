"""Readings the text leaves open are marked `interpreted`, and the answer's why says so."""

from __future__ import annotations

from datetime import datetime

from pashu.core.citations import Confidence
from pashu.core.legaltime import IST
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Action, TimelineEvents

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
