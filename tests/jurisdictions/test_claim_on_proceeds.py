"""The owner's claim on a sale's proceeds is one answer: the timeline's claim step is the
plugin's `claim_on_proceeds` of the sale, whatever else happened in the case.

The clock closes a claim window on `claim_on_proceeds` alone (services/impoundment/_course/
timeline.claim_window), without working out the case's whole timeline: were an Act's
timeline to time its claim step from anything but the sale, the window the clock closes
and the step the case page shows would part.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pashu.core.errors import NotInJurisdiction
from pashu.core.legaltime import IST, days_after
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.vocabulary import Action, TimelineEvents, TimelineStep

CLAIMS = (Action.CLAIM_SURPLUS, Action.CLAIM_SALE_PROCEEDS)


def _timed(plugin: Jurisdiction) -> bool:
    try:
        plugin.impoundment_timeline(TimelineEvents(seized_at=datetime(2026, 6, 2, tzinfo=IST)))
    except NotInJurisdiction:
        return False
    return True


PLUGINS = [code for code in registry.codes() if _timed(registry.get(code))]

_instants = st.datetimes(
    min_value=datetime(2015, 1, 1), max_value=datetime(2040, 12, 31), timezones=st.just(IST)
)


@st.composite
def _courses(draw: st.DrawFn) -> TimelineEvents:
    """A case's events in the order the Acts allow: impounded within two days of the
    seizure, announced within a day, the notice once a week has run, the sale after it; any
    of the later ones may not have happened yet."""
    seized = draw(_instants)
    impounded = seized + timedelta(minutes=draw(st.integers(0, 48 * 60)))
    announced = impounded + timedelta(minutes=draw(st.integers(0, 24 * 60 - 1)))
    noticed = days_after(impounded, 7) + timedelta(minutes=draw(st.integers(0, 30 * 24 * 60)))
    sold = days_after(noticed, 7) + timedelta(minutes=draw(st.integers(0, 90 * 24 * 60)))
    happened = draw(st.integers(0, 3))  # how far the case has come
    return TimelineEvents(
        seized_at=seized,
        impounded_at=impounded,
        announced_at=announced if happened >= 1 else None,
        noticed_at=noticed if happened >= 2 else None,
        sold_at=sold if happened >= 3 else None,
    )


def _claims(steps: list[TimelineStep]) -> list[TimelineStep]:
    return [s for s in steps if s.action in CLAIMS]


@pytest.mark.parametrize("code", PLUGINS)
@settings(max_examples=150, deadline=None)
@given(events=_courses())
def test_the_timelines_claim_is_the_claim_on_the_sales_proceeds(
    code: str, events: TimelineEvents
) -> None:
    plugin = registry.get(code)
    claims = _claims(plugin.impoundment_timeline(events))
    assert len(claims) == 1, claims  # an Act that sells gives the owner one claim
    (claim,) = claims
    if events.sold_at is not None:
        assert claim == plugin.claim_on_proceeds(events.sold_at)
    else:  # projected from the first instant the sale may be held
        assert claim == plugin.claim_on_proceeds(claim.window.not_before, projected=True)
    assert claim.window.deadline is not None and claim.cites  # the Act sets the period


@pytest.mark.parametrize("code", PLUGINS)
def test_the_claim_on_a_sale_does_not_move_with_what_came_before_it(code: str) -> None:
    """One sale instant, two courses to it (a notice, or none yet on record): one claim."""
    plugin = registry.get(code)
    seized = datetime(2026, 6, 2, 10, tzinfo=IST)
    sold = datetime(2026, 7, 20, 11, tzinfo=IST)
    bare = TimelineEvents(seized_at=seized, impounded_at=seized, sold_at=sold)
    noticed = TimelineEvents(
        seized_at=seized,
        impounded_at=seized,
        announced_at=seized + timedelta(hours=2),
        noticed_at=datetime(2026, 6, 12, 9, tzinfo=IST),
        sold_at=sold,
    )
    assert _claims(plugin.impoundment_timeline(bare)) == _claims(
        plugin.impoundment_timeline(noticed)
    )
    assert _claims(plugin.impoundment_timeline(bare)) == [plugin.claim_on_proceeds(sold)]


@pytest.mark.parametrize("code", PLUGINS)
def test_a_plugin_that_gives_no_claim_of_its_own_has_its_timelines(code: str) -> None:
    """The default a plugin without its own `claim_on_proceeds` gets (a third party's) finds
    the claim step in the Act's timeline: the same answer as the built-in plugins give."""
    plugin = registry.get(code)
    sold = datetime(2026, 7, 20, 11, tzinfo=IST)
    assert Jurisdiction.claim_on_proceeds(plugin, sold) == plugin.claim_on_proceeds(sold)
    projected = Jurisdiction.claim_on_proceeds(plugin, sold, projected=True)
    assert projected == plugin.claim_on_proceeds(sold, projected=True)
    assert projected is not None and projected.projected
