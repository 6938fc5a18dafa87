"""Extent, kinds and powers at the Acts' edges (issue #32): a cancellation under Mizoram
s.1(2)'s proviso cannot bring in an area the Act itself leaves out; a kind notified under
Nagaland s.2(1) can be rescinded (General Clauses Act s.21), a kind the Act names cannot; a
release by "the Magistrate acting under Chapter V" (Nagaland s.19(2)) needs a complaint on
record; a Chhattisgarh inspection (s.4(2)(b)) names the premises and the order's area apart."""

from __future__ import annotations

from tests.conftest import Databases, GraphQLClient, make_tenant
from tests.schema.impoundment_helpers import department, seize
from tests.schema.test_complaints import FILE, complaint
from tests.schema.test_registration_regulated_areas import ORDER, order
from tests.schema.test_release_orders import RELEASE
from tests.schema.test_release_orders import order as release
from tests.schema.test_seizure_powers_and_extent import AREA, FORCE, KIND, PUBLIC, area, refused


async def test_mizoram_a_cancellation_cannot_bring_a_municipal_area_into_the_act_s1_2(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """s.1(2): the Act "extends to the whole of the state ... except the areas within the
    jurisdiction of Municipalities and of [the] Autonomous District Councils"; the proviso
    lets the Government exempt areas and "vary or cancel such notification" — its own, not the
    Act's exception."""
    mz, pound = await department(dbs, gql, "mizoram")
    await gql.ok(AREA, area("Lunglei Municipal Council", "MUNICIPALITY", "2014-01-01"), mz.token)
    cancel = area("Lunglei Municipal Council", "CANCELLATION", "2026-01-01", "MG 2026/1")
    err = await gql.error(AREA, cancel, mz.token)
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"]["citation"]["section"] == "1(2)"
    force = await gql.ok(FORCE, {"area": "Lunglei Municipal Council", "on": "2026-02-01"}, mz.token)
    assert force["actInForce"]["inForce"] is False
    seized = await refused(gql, mz.token, pound, area="Lunglei Municipal Council")
    assert seized["extensions"]["code"] == "NOT_IN_JURISDICTION"
    # An exemption the Government made, it may cancel.
    await gql.ok(AREA, area("Hnahthial", "EXEMPTION", "2025-01-01", "MG 2025/4"), mz.token)
    await gql.ok(AREA, area("Hnahthial", "CANCELLATION", "2026-01-01", "MG 2026/2"), mz.token)
    back = await gql.ok(FORCE, {"area": "Hnahthial", "on": "2026-01-02"}, mz.token)
    assert back["actInForce"]["inForce"] is True


async def test_nagaland_a_notified_kind_can_be_rescinded_but_not_a_kind_the_act_names(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """s.2(1): cattle include "such other kinds of animals as the Government may, by
    notification in the Gazette specify"; the General Clauses Act s.21 lets the power to
    notify rescind. Cows are cattle by the Act's words and stay so."""
    nl, pound = await department(dbs, gql, "nagaland")
    mithun = [{"species": "mithun", "count": 1}]
    added = {"species": "mithun", "effectiveFrom": "2026-01-03", "reference": "NL Gazette 2025/9"}
    await gql.ok(KIND, {"input": added}, nl.token)
    await seize(gql, nl.token, pound, animals=mithun)  # seized 3 January: cattle
    out = {**added, "included": False, "effectiveFrom": "2026-02-01", "reference": "NL G 2026/2"}
    made = (await gql.ok(KIND, {"input": out}, nl.token))["recordKindNotification"]
    assert made["included"] is False
    after = await refused(
        gql,
        nl.token,
        pound,
        animals=mithun,
        seizedAt="2026-02-02T09:00:00+05:30",
        impoundedAt="2026-02-02T10:00:00+05:30",
    )
    assert after["extensions"]["code"] == "NOT_IN_JURISDICTION"
    cows = {**out, "species": "cow"}
    err = await gql.error(KIND, {"input": cows}, nl.token)
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"]["citation"]["confidence"] == "interpreted"
    public = (await gql.ok(PUBLIC, {"code": "nagaland"}))["jurisdiction"]["notifiedKinds"]
    assert public["removable"] is True


async def test_nagaland_a_magistrates_release_needs_a_complaint_on_record_s19_2(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """s.19(2): a release ordered by "the Magistrate acting under Chapter V" — Chapter V is
    complaints of illegal seizure or detention (ss.20-22): without a complaint the Magistrate
    is not acting under it."""
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)  # seized 3 January
    by_magistrate = release(
        case, authority="MAGISTRATE", orderedBy="Sub-Divisional Magistrate, Kohima"
    )
    err = await gql.error(RELEASE, by_magistrate, t.token)
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"]["citation"]["section"] == "19(2)"
    await gql.ok(FILE, complaint(case, "2026-01-04T10:00:00+05:30"), t.token)
    done = (await gql.ok(RELEASE, by_magistrate, t.token))["releaseByOrder"]
    assert done["authority"] == "MAGISTRATE" and done["animals"] == 3


async def test_chhattisgarh_an_inspection_names_the_premises_and_the_orders_area_s4_2_b(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """s.4(2)(b): an order for an area may provide for the inspection of cattle and of the
    premises where they are kept: the visit is to premises within the order's area."""
    from tests.schema.test_keeping_inspections import DESIGNATE, VISIT, person, visit

    t = make_tenant(dbs, "chhattisgarh")
    officer = person(designatedBy="GOVERNMENT", villageCouncil=None, reference="CG order 4/2026")
    inspector = (await gql.ok(DESIGNATE, officer, t.token))["designateInspector"]["id"]
    await gql.ok(ORDER, order(area="Rajnandgaon Nagar Nigam", clauses=["a", "b", "e"]), t.token)
    dairy = visit(
        inspector,
        [],
        at="2026-04-10T11:00:00+05:30",
        place="Dairy of Ramkumar Sahu, Basantpur, Rajnandgaon",
        area="Rajnandgaon Nagar Nigam",
        ownerName="Ramkumar Sahu",
        ownerAddress="Basantpur, Rajnandgaon",
        hygienic=True,
    )
    made = (await gql.ok(VISIT, dairy, t.token))["recordInspection"]
    assert made["contravention"] is False
    elsewhere = {**dairy["input"], "area": "Raipur Municipal Corporation"}
    err = await gql.error(VISIT, {"input": elsewhere}, t.token)
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"
    assert err["extensions"]["citation"]["section"] == "4(2)(b)"
