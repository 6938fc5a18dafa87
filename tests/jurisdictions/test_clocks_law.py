"""The clocks' law in each plugin: which notices each Act requires, their words, and what
happens to proceeds when the owner's claim window closes."""

from __future__ import annotations

import pytest

from pashu.core.errors import NotInJurisdiction
from pashu.jurisdictions import registry
from pashu.jurisdictions.clocks import (
    FIELDS,
)
from pashu.jurisdictions.vocabulary import Action

VALUES = {name: f"<{name}>" for name in FIELDS}


def test_nagaland_requires_the_report_and_the_notice_proclaimed_by_beat_of_drum() -> None:
    law = registry.get("nagaland").clock_law()
    report = law.notice_template(Action.REPORT_UNCLAIMED)
    notice = law.notice_template(Action.PUBLISH_NOTICE)
    assert [c.label for c in report.cites] == ["14(1)"]
    assert report.value.proclaimed_by is None
    assert [c.label for c in notice.cites] == ["14(2)"]
    assert "beat of drum" in (notice.value.proclaimed_by or "")
    labels = [label for label, _ in notice.value.rows]
    assert labels[:3] == [
        "(a) Number and description of the cattle",
        "(b) Place where they were seized",
        "(c) Place where they are impounded",
    ]
    with pytest.raises(NotInJurisdiction):
        law.notice_template(Action.ANNOUNCE_SEIZURE)  # the Act has no crier


def test_mizoram_requires_the_village_crier_announcement_only() -> None:
    law = registry.get("mizoram").clock_law()
    announcement = law.notice_template(Action.ANNOUNCE_SEIZURE)
    assert [c.label for c in announcement.cites] == ["7(5)"]
    assert "Village Crier" in (announcement.value.proclaimed_by or "")
    for action in (Action.REPORT_UNCLAIMED, Action.PUBLISH_NOTICE):
        with pytest.raises(NotInJurisdiction):
            law.notice_template(action)


@pytest.mark.parametrize("code", ["mizoram", "nagaland"])
@pytest.mark.parametrize(
    "action",
    [Action.ANNOUNCE_SEIZURE, Action.REPORT_UNCLAIMED, Action.PUBLISH_NOTICE, Action.AUCTION],
)
def test_every_template_uses_only_the_fields_the_platform_fills(code: str, action: Action) -> None:
    law = registry.get(code).clock_law()
    try:
        t = law.notice_template(action).value
    except NotInJurisdiction:
        return
    for text in (t.title, t.footer, *(part for row in t.rows for part in row)):
        text.format_map(VALUES)  # a KeyError names a field no service fills


def test_unclaimed_surplus_goes_to_the_local_authority_fund_in_nagaland_only() -> None:
    nagaland = registry.get("nagaland").clock_law().unclaimed_after_window()
    assert nagaland.value == "local_authority_fund"
    assert nagaland.value in registry.get("nagaland").funds
    assert [c.label for c in nagaland.cites] == ["17(3)", "18(1)"]
    mizoram = registry.get("mizoram").clock_law().unclaimed_after_window()
    assert mizoram.value is None  # s.10(4): the proceeds are in the fund already
    assert [c.label for c in mizoram.cites] == ["10(4)"]


def test_an_act_without_pounds_has_no_clocks() -> None:
    with pytest.raises(NotInJurisdiction):
        registry.get("chhattisgarh").clock_law()
