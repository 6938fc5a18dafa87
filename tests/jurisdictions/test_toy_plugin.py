"""A fourth state is a separate distribution declaring one entry point: nothing else.

The toy distribution is written to a directory with its own .dist-info (as pip would
install it) and put on sys.path; the registry finds it through importlib.metadata, and
the public API serves it next to the built-in states without any change to the core.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from pashu.jurisdictions import registry
from tests.conftest import Databases, GraphQLClient, make_tenant
from tests.jurisdictions import scenarios

# Anonymous answers here are checked made and kept (byte-equal): tests/conftest.py.
pytestmark = pytest.mark.public_law

TOY = """
from decimal import Decimal
from pashu.core.citations import Confidence
from pashu.core.decision import Decision
from pashu.jurisdictions.acts import Act, Section
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.vocabulary import (
    Capability,
    Classification,
    ComparisonTopic,
    MoneyKind,
    Route,
)

ACT = Act(
    uri="/akn/in-xx/act/2030/toy",
    title="Toy Animals Act, 2030",
    short_title="Toy Act",
    year=2030,
    sections=(
        Section("1", "Definitions", "(1) \\"cattle\\" means goats.",
                "/akn/in-xx/act/2030/toy/~sec_1", Confidence.READ),
        Section("2", "Fines", "All fines go to the Toy Fund.",
                "/akn/in-xx/act/2030/toy/~sec_2", Confidence.READ),
    ),
)


class Toy(Jurisdiction):
    def classify(self, species):
        cite = [self.act.cite("1", "1")]
        return Classification(species, Decision(species == "goat", cite, "s.1(1)"),
                              Decision(None, [], "no such term"))

    def routing(self, kind):
        if kind is not MoneyKind.FINE:
            raise self.not_provided(Capability.IMPOUNDMENT)
        return Decision([Route("toy_fund", Decimal(1))], [self.act.cite("2")], "s.2")

    def compare(self, topic):
        return Decision(f"Toy answer on {topic.value}", [self.act.cite("1")], "toy")


plugin = Toy(code="toyland", name="Toyland", iso_code="IN-XX", acts=[ACT],
             capabilities=frozenset(), funds={"toy_fund": "Toy Fund"})
"""


# The toy's own legal scenarios, shipped beside its code as every plugin's are.
TOY_SCENARIOS = """
- name: a goat is cattle (s.1(1))
  classify: goat
  expect: {is_cattle: true, cattle_cites: ["1(1)"]}

- name: a pig is not cattle
  classify: pig
  expect: {is_cattle: false}

- name: every fine goes to the Toy Fund (s.2)
  routing: FINE
  expect: {funds: {toy_fund: "1"}, cites: ["2"]}
"""


@pytest.fixture
def toy_installed(tmp_path: Path) -> Iterator[None]:
    (tmp_path / "pashu_toy").mkdir()
    (tmp_path / "pashu_toy" / "__init__.py").write_text(TOY)
    (tmp_path / "pashu_toy" / "scenarios.yaml").write_text(TOY_SCENARIOS)
    info = tmp_path / "pashu_toy-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pashu-toy\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        textwrap.dedent(
            """\
            [pashu.jurisdictions]
            toyland = pashu_toy:plugin
            """
        )
    )
    sys.path.insert(0, str(tmp_path))
    registry.reload()
    try:
        yield
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("pashu_toy", None)
        registry.reload()


def test_the_registry_finds_a_plugin_by_its_entry_point(toy_installed: None) -> None:
    assert registry.codes() == ["chhattisgarh", "mizoram", "nagaland", "toyland"]
    assert registry.get("toyland").classify("goat").is_cattle.value is True


def test_the_new_states_own_scenarios_are_found_and_run(toy_installed: None) -> None:
    found = scenarios.scenario_files()  # what tests/jurisdictions/test_scenarios.py runs
    assert set(found) == {"chhattisgarh", "mizoram", "nagaland", "toyland"}
    toy = registry.get("toyland")
    ran = scenarios.load(found["toyland"])
    assert [s["name"] for s in ran] == [
        "a goat is cattle (s.1(1))",
        "a pig is not cattle",
        "every fine goes to the Toy Fund (s.2)",
    ]
    for scenario in ran:
        scenarios.run(toy, scenario)
    # Run, not only read: an expectation the plugin does not meet fails.
    wrong = {**ran[2], "expect": {"funds": {"toy_fund": "1"}, "cites": ["1"]}}
    with pytest.raises(AssertionError, match="cites"):
        scenarios.run(toy, wrong)


async def test_the_public_api_serves_the_new_state(toy_installed: None, gql: GraphQLClient) -> None:
    data = await gql.ok(
        '{ jurisdiction(code: "toyland") { name isoCode acts { uri } } '
        "compare(topic: FINE_CAPS) { rows { jurisdiction summary } } "
        'classifyAnimal(species: "goat") { jurisdiction isCattle } }'
    )
    assert data["jurisdiction"] == {
        "name": "Toyland",
        "isoCode": "IN-XX",
        "acts": [{"uri": "/akn/in-xx/act/2030/toy"}],
    }
    assert "toyland" in {r["jurisdiction"] for r in data["compare"]["rows"]}
    toy = next(r for r in data["classifyAnimal"] if r["jurisdiction"] == "toyland")
    assert toy["isCattle"] is True


async def test_a_tenant_can_be_bound_to_the_new_state(
    toy_installed: None, dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "toyland")
    data = await gql.ok("{ viewer { tenant { jurisdiction { code name } } } }", token=t.token)
    assert data["viewer"]["tenant"]["jurisdiction"] == {"code": "toyland", "name": "Toyland"}
