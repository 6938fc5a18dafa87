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
from tests.schema.impoundment_helpers import POUND, SEIZE, seizure

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
    Kind,
    Kinds,
    MoneyKind,
    RateKind,
    Route,
    SeizurePower,
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
        Section("3", "Seizure", "The toy warden may seize goats found in a toy box; no toy "
                "maker shall buy them.", "/akn/in-xx/act/2030/toy/~sec_3", Confidence.READ),
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

    # A kind of place, of seizer and of buyer no other Act names: declared here, not in the core.
    def impoundment_kinds(self):
        s3 = (self.act.cite("3"),)
        return Kinds(
            places=(Kind("TOY_BOX", "a toy box", s3),),
            seizers=(Kind("TOY_WARDEN", "the toy warden", s3),),
            buyers=(Kind("TOY_MAKER", "a toy maker", s3),),
        )

    def seizure_powers(self):
        return [SeizurePower("TOY_WARDEN", frozenset({"TOY_BOX"}), False,
                             (self.act.cite("3"),), "the toy warden may seize in a toy box")]

    def register_entry(self):
        return Decision(False, [self.act.cite("3")], "s.3")

    def impoundment_timeline(self, events):
        return []

    def fine_rate_kind(self, place):
        return Decision(RateKind.FINE_PER_HEAD, [self.act.cite("2")], "s.2")

    def prohibited_purchasers(self):
        return Decision(frozenset({"TOY_MAKER"}), [self.act.cite("3")], "s.3")


plugin = Toy(code="toyland", name="Toyland", iso_code="IN-XX", acts=[ACT],
             capabilities=frozenset({Capability.IMPOUNDMENT, Capability.AUCTION}),
             funds={"toy_fund": "Toy Fund"})
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


ENUMS = """{
  place: __type(name: "PlaceKind") { enumValues { name description } }
  seizer: __type(name: "SeizerCapacity") { enumValues { name description } }
  buyer: __type(name: "BuyerRole") { enumValues { name description } }
}"""


async def test_the_new_states_kinds_are_values_of_the_schema_and_a_case_is_recorded_with_them(
    toy_installed: None, dbs: Databases, gql: GraphQLClient
) -> None:
    """The kinds of place, seizer and buyer are the plugins' (issue #35): the toy's are values
    of the schema's enums, described in its words with its section, and a seizure in a toy box
    by the toy warden is entered in a Toyland tenant's register."""
    types = await gql.ok(ENUMS)
    said = {
        k: {v["name"]: v["description"] for v in types[k]["enumValues"]}
        for k in ("place", "seizer", "buyer")
    }
    assert said["place"]["TOY_BOX"] == "A toy box (Toy Act s.3)"
    assert said["seizer"]["TOY_WARDEN"] == "The toy warden (Toy Act s.3)"
    assert said["buyer"]["TOY_MAKER"] == "A toy maker (Toy Act s.3)"
    assert {"PRIVATE_LAND", "AERODROME"} <= set(said["place"])  # the other Acts' kept
    law = await gql.ok(
        '{ jurisdiction(code: "toyland") { placesOfSeizure prohibitedPurchasers { roles } '
        "seizurePowers { capacity places } } }"
    )
    assert law["jurisdiction"] == {
        "placesOfSeizure": ["TOY_BOX"],
        "prohibitedPurchasers": {"roles": ["TOY_MAKER"]},
        "seizurePowers": [{"capacity": "TOY_WARDEN", "places": ["TOY_BOX"]}],
    }

    t = make_tenant(dbs, "toyland")
    pound = (await gql.ok(POUND, {"name": "Toy pound"}, t.token))["createPound"]["id"]
    toy = {"placeKind": "TOY_BOX", "seizerCapacity": "TOY_WARDEN", "damage": None}
    toy["animals"] = [{"species": "goat", "count": 1}]
    case = (await gql.ok(SEIZE, {"input": seizure(pound, **toy)}, t.token))["recordSeizure"]
    page = await gql.ok(
        "query($id: ID!) { impoundment(id: $id) { placeKind seizer { capacity } } }",
        {"id": case["id"]},
        t.token,
    )
    assert page["impoundment"] == {"placeKind": "TOY_BOX", "seizer": {"capacity": "TOY_WARDEN"}}

    # Another Act's kind is refused for this tenant, naming its own; nothing is entered.
    nl = await gql.error(
        SEIZE, {"input": seizure(pound, **{**toy, "placeKind": "AERODROME"})}, t.token
    )
    assert nl["extensions"]["code"] == "VALIDATION"
    assert nl["extensions"]["field"] == "placeKind"
    assert nl["extensions"]["allowed"] == ["TOY_BOX"]
    assert "AERODROME is not a kind of place that Toy Animals Act, 2030 names" in nl["message"]
    count = await gql.ok("{ impoundments(first: 10) { edges { node { id } } } }", None, t.token)
    assert len(count["impoundments"]["edges"]) == 1


async def test_without_the_new_state_its_kinds_are_not_in_the_schema(gql: GraphQLClient) -> None:
    types = await gql.ok(ENUMS)
    assert "TOY_BOX" not in {v["name"] for v in types["place"]["enumValues"]}
    assert "TOY_WARDEN" not in {v["name"] for v in types["seizer"]["enumValues"]}
    err = await gql.error(
        '{ compareScenario(facts: {animals: [{species: "goat", count: 1}], '
        'seizedAt: "2026-01-03T09:00:00+05:30", place: TOY_BOX}) { jurisdiction } }'
    )
    assert "Value 'TOY_BOX' does not exist in 'PlaceKind' enum" in err["message"]
