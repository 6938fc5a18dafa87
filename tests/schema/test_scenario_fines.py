"""compareScenario supposes fines on conviction and sales recovering them (Nagaland Cattle
Trespass Act 1985 s.26), each sale asked of the model of the case's course exactly as
recordSale(recoversFineId) asks it: the fine imposed by then, unpaid, under a section s.26
names, and what a sale leaves owed of it, as recordSale reckons it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import GraphQLClient
from tests.schema.test_scenario_acts import RATES, scenario, sections

pytestmark = pytest.mark.public_law

IMPOSED = "2026-01-05T11:00:00+05:30"
ONE_COW = [{"species": "cow", "count": 1}]


def for_fine(at: str, fine: int, **more: Any) -> dict[str, Any]:
    return {"at": at, "animals": ONE_COW, "recoversFine": fine, **more}


async def test_nagaland_s26_a_sale_for_a_fine_once_imposed_not_before_nor_once_paid(
    gql: GraphQLClient,
) -> None:
    """Before the fine is imposed the sale is refused (s.26), as recordSale refuses it; once
    imposed, the same day, no notice is needed; sold for the whole fine (no price: all of it
    recovered), a second sale for it finds nothing owed. The cow left is still unclaimed:
    s.14(1)'s report is the next duty."""
    fines = [{"at": IMPOSED, "amount": "200.00", "section": "25"}]
    sales = [
        for_fine("2026-01-05T10:00:00+05:30", 0),
        for_fine("2026-01-05T12:00:00+05:30", 0),
        for_fine("2026-01-05T13:00:00+05:30", 0),
    ]
    a = await scenario(gql, "nagaland", fines=fines, sales=sales)
    early, sold, again = a["acts"]
    assert (early["lawful"], sections(early)) == (False, {"26"})
    assert early["explanation"] == "the cattle can be sold for a fine only once it is imposed"
    assert sold["lawful"] is True and "26" in sections(sold)  # the recovery it is lawful by
    assert (again["lawful"], sections(again)) == (False, {"26"})
    assert again["explanation"] == "this fine has been paid already"
    assert a["nextAction"]["action"] == "REPORT_UNCLAIMED"


async def test_nagaland_s26_only_a_fine_under_a_section_it_names(gql: GraphQLClient) -> None:
    """A fine under s.24 is not one s.26 lets be recovered by sale: refused, citing s.26; a
    fine with no section given is one under the first section s.26 names (s.25)."""
    fines = [{"at": IMPOSED, "amount": "50.00", "section": "24"}, {"at": IMPOSED, "amount": "50"}]
    sales = [for_fine("2026-01-05T12:00:00+05:30", 0), for_fine("2026-01-05T12:30:00+05:30", 1)]
    a = await scenario(gql, "nagaland", fines=fines, sales=sales)
    wrong, right = a["acts"]
    assert (wrong["lawful"], sections(wrong)) == (False, {"26"})
    assert wrong["explanation"].startswith("a fine under section 24 is not recovered by sale")
    assert right["lawful"] is True


async def test_nagaland_s26_a_sale_short_of_the_fine_leaves_the_rest_for_another(
    gql: GraphQLClient,
) -> None:
    """ "by sale of the all or any of the cattle": at a price that leaves less than the fine
    after the dues of s.16(2) (on the scenario's rates), the rest stays owed and a second
    sale may recover it; at a price that meets it, nothing is left for a second."""
    fines = [{"at": IMPOSED, "amount": "200.00"}]
    second = for_fine("2026-01-05T13:00:00+05:30", 0)
    short = [for_fine("2026-01-05T12:00:00+05:30", 0, price="100.00"), second]
    a = await scenario(gql, "nagaland", rates=RATES, fines=fines, sales=short)
    assert [x["lawful"] for x in a["acts"]] == [True, True]
    met = [for_fine("2026-01-05T12:00:00+05:30", 0, price="1000.00"), second]
    a = await scenario(gql, "nagaland", rates=RATES, fines=fines, sales=met)
    assert [x["lawful"] for x in a["acts"]] == [True, False]
    assert a["acts"][1]["explanation"] == "this fine has been paid already"


async def test_mizoram_has_no_sale_for_a_fine(gql: GraphQLClient) -> None:
    fines = [{"at": IMPOSED, "amount": "200.00"}]
    a = await scenario(
        gql, "mizoram", fines=fines, sales=[for_fine("2026-01-20T12:00:00+05:30", 0)]
    )
    (check,) = a["acts"]
    assert check["lawful"] is False and "provides no recovery" in check["explanation"]


async def test_a_sale_names_one_of_the_scenarios_fines(gql: GraphQLClient) -> None:
    facts = {
        "animals": [{"species": "cow", "count": 2}],
        "seizedAt": "2026-01-03T09:00:00+05:30",
        "fines": [{"at": IMPOSED, "amount": "200.00"}],
        "sales": [for_fine("2026-01-05T12:00:00+05:30", 1)],
    }
    query = "query($f: ScenarioInput!) { compareScenario(facts: $f) { jurisdiction } }"
    err = await gql.error(query, {"f": facts})
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"]["field"] == "sales"
