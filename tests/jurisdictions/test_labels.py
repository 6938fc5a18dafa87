"""Labels read as English and cite provisions as lawyers write them (issue #33)."""

from __future__ import annotations

import pytest

from pashu.core.citations import Citation, Confidence
from pashu.core.errors import FineAboveCap
from pashu.jurisdictions import registry
from pashu.jurisdictions.notifications import check
from pashu.jurisdictions.species import a
from tests.jurisdictions.test_notifications import AERODROME, COW_SCALE, JAN, n


def test_the_article_follows_the_sound_of_the_noun() -> None:
    assert [a(w) for w in ("ass", "elephant", "ox", "ewe", "cow", "horse")] == [
        "an ass",
        "an elephant",
        "an ox",
        "a ewe",
        "a cow",
        "a horse",
    ]


def test_no_answer_says_a_before_a_vowel() -> None:
    for plugin in registry.installed():
        for name in ("ass", "elephant", "ox"):
            c = plugin.classify(name)
            for why in (c.is_cattle.why, c.is_animal.why):
                assert f"a {name} " not in f"{why} " and f"A {name} " not in why, (plugin.code, why)


def test_a_cap_names_the_section_that_sets_it() -> None:
    nagaland = registry.get("nagaland")
    with pytest.raises(FineAboveCap) as err:
        check(nagaland, n(AERODROME, "cow", "200.01", JAN), COW_SCALE)
    assert "exceeds the cap s.12 sets" in err.value.message
    assert "cap of 12" not in err.value.message


def cite(section: str, sub: str | None = None) -> Citation:
    return Citation("/akn/x", "X Act", section, sub, Confidence.READ, None)


@pytest.mark.parametrize(
    ("section", "sub", "cited"),
    [
        ("14", "3", "s.14(3)"),
        ("2", "k/ii", "s.2(k)(ii)"),
        ("Schedule", "1", "Schedule, item 1"),
        ("Schedule", None, "the Schedule"),
        ("longTitle", None, "the long title"),
        ("8", "margin", "s.8 (margin note)"),
        ("registration", "3", "registration(3)"),
    ],
)
def test_a_citation_reads_as_lawyers_write_it(section: str, sub: str | None, cited: str) -> None:
    assert cite(section, sub).cited == cited
