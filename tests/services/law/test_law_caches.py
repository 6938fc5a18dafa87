"""What the law works out once and keeps: an Act's citations by label, a case's timeline
by its events. Kept answers are the answers the law gives afresh, never another plugin's,
and a caller cannot change what the next caller gets."""

from __future__ import annotations

from datetime import datetime

from pashu.core.legaltime import IST
from pashu.db.impoundment import Impoundment
from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import TimelineEvents, TimelineStep
from pashu.services.impoundment import cases as impoundments

SEIZED = datetime(2026, 1, 3, 15, 0, tzinfo=IST)


def _case() -> Impoundment:
    return Impoundment(seized_at=SEIZED, impounded_at=SEIZED, refused_at=None)


def test_a_kept_citation_is_the_one_the_act_gives() -> None:
    act = registry.get("nagaland").acts[0]
    first = act.cite_label("14(3)")
    assert act.cite_label("14(3)") is first
    assert first == act.cite("14", "3")
    assert first.label == "14(3)"


def test_a_kept_timeline_is_the_acts_and_each_caller_gets_its_own_list() -> None:
    plugin = registry.get("nagaland")
    fresh = plugin.impoundment_timeline(impoundments.events(_case(), []))
    kept = impoundments.timeline(plugin, _case(), [])
    assert kept == fresh
    kept.clear()  # a caller's own list: the next caller still gets the whole timeline
    assert impoundments.timeline(plugin, _case(), []) == fresh


def test_timelines_are_kept_per_plugin_object_not_per_equal_one() -> None:
    base = registry.get("nagaland")

    class Amended(type(base)):  # type: ignore[misc]
        """The same Act with its timeline cut short, as a test's amended plugin."""

        def impoundment_timeline(self, events: TimelineEvents) -> list[TimelineStep]:
            return super().impoundment_timeline(events)[:1]

    amended = Amended(**{f: getattr(base, f) for f in base.__dataclass_fields__})
    whole = impoundments.timeline(base, _case(), [])
    assert len(impoundments.timeline(amended, _case(), [])) == 1
    assert impoundments.timeline(base, _case(), []) == whole
    assert len(whole) > 1
