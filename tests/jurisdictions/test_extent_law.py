"""Where an Act is in force on a day, and kinds notified into it, read from dated entries
(Mizoram s.1(2); Nagaland ss.1(2)(b), 2(1); Chhattisgarh ss.1, 3)."""

from __future__ import annotations

from datetime import date

from pashu.core.citations import Confidence
from pashu.jurisdictions import registry
from pashu.jurisdictions.extent import AreaEntry, AreaGround, KindEntry, in_force, notified

MZ, NL, CG = (registry.get(c) for c in ("mizoram", "nagaland", "chhattisgarh"))


def entry(ground: AreaGround, since: date, ref: str = "Gazette") -> AreaEntry:
    return AreaEntry("Area", ground, since, ref)


def test_mizoram_an_area_no_entry_names_is_in_force_a_municipal_one_is_not() -> None:
    assert in_force(MZ.extent(), "Area", [], date(2026, 1, 1)).value is True
    municipal = in_force(
        MZ.extent(), "Area", [entry(AreaGround.MUNICIPALITY, date(2014, 1, 1))], date(2026, 1, 1)
    )
    assert municipal.value is False and [c.label for c in municipal.cites] == ["1(2)", "2(e)"]


def test_mizoram_an_exemption_and_its_cancellation_each_run_from_their_dates() -> None:
    entries = [
        entry(AreaGround.EXEMPTION, date(2026, 3, 1), "MG 1"),
        entry(AreaGround.CANCELLATION, date(2026, 6, 1), "MG 2"),
    ]
    on = {
        d: in_force(MZ.extent(), "Area", entries, d).value
        for d in (date(2026, 2, 28), date(2026, 3, 1), date(2026, 5, 31), date(2026, 6, 1))
    }
    assert list(on.values()) == [True, False, False, True]


def test_nagaland_a_rescinded_exclusion_is_a_reading_of_the_general_clauses_act() -> None:
    entries = [
        entry(AreaGround.EXCLUSION, date(2026, 1, 1)),
        entry(AreaGround.CANCELLATION, date(2026, 2, 1)),
    ]
    d = in_force(NL.extent(), "Area", entries, date(2026, 2, 1))
    assert d.value is True and d.confidence is Confidence.INTERPRETED


def test_chhattisgarh_unknown_without_a_commencement_not_yet_before_it() -> None:
    assert in_force(CG.extent(), "Area", [], date(2026, 1, 1)).value is None
    later = [entry(AreaGround.COMMENCEMENT, date(2026, 5, 1))]
    assert in_force(CG.extent(), "Area", later, date(2026, 4, 30)).value is False
    assert in_force(CG.extent(), "Area", later, date(2026, 5, 1)).value is True


def test_a_notified_kind_is_cattle_from_its_date_and_the_latest_notification_decides() -> None:
    mithun = NL.classify("mithun").is_cattle
    rule = NL.kinds()
    added = [KindEntry("mithun", True, date(2026, 1, 3), "NG 9")]
    assert notified(mithun, "mithun", rule, added, date(2026, 1, 2)).value is False
    now = notified(mithun, "mithun", rule, added, date(2026, 1, 3))
    assert now.value is True and [c.label for c in now.cites] == ["2(1)"] and "NG 9" in now.why
    pig = CG.classify("pig").is_cattle
    both = [
        KindEntry("pig", True, date(2026, 7, 1), "CG 70"),
        KindEntry("pig", False, date(2026, 9, 1), "CG 90"),
    ]
    assert notified(pig, "pig", CG.kinds(), both, date(2026, 8, 1)).value is True
    assert notified(pig, "pig", CG.kinds(), both, date(2026, 9, 1)).value is False
