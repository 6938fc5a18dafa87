"""Keeping rules and grazing grounds through the API (Mizoram ss.3, 4, 6; refusals where an
Act has none)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from pashu.db.keeping import GrazingDecision
from pashu.db.tenancy import AuditEvent
from tests.conftest import Databases, GraphQLClient, add_token, make_tenant

CHECK = """
query($species: String!, $mode: KeepingMode!, $time: TimeOfDay!, $place: String!,
      $on: Date, $ground: ID) {
  keepingCheck(species: $species, mode: $mode, timeOfDay: $time, place: $place, on: $on,
               grazingGroundId: $ground) {
    species complies grazingGround explanation confidence
    rule { clause kinds }
    citations { section confidence note }
  }
}"""
RULES = "{ keepingRules { clause kinds species byDay byNight freeInGrazingGround } }"
DECLARE = """
mutation($input: DeclareGrazingGroundInput!) {
  declareGrazingGround(input: $input) {
    id name villageCouncil inForce explanation approval { approved } citations { section }
  }
}"""
DECIDE = """
mutation($input: RecordGrazingDecisionInput!) {
  recordGrazingDecision(input: $input) { approved decidedOn reference }
}"""
ORDER = """
mutation($input: MakeGrazingOrderInput!) {
  makeGrazingOrder(input: $input) { id title inForce explanation citations { section } }
}"""
GROUNDS = """
query($on: Date) {
  grazingGrounds(on: $on) {
    id name inForce explanation approval { approved decidedOn }
    orders { id title inForce decision { approved } }
  }
}"""


def ask(
    species: str, mode: str, time: str, place: str = "Bawngkawn", **more: Any
) -> dict[str, Any]:
    return {"species": species, "mode": mode, "time": time, "place": place, **more}


def declaration(**over: Any) -> dict[str, Any]:
    base = {
        "villageCouncil": "Tlangnuam Village Council",
        "name": "Tlangnuam Grazing Ground",
        "location": "Hill slope east of the village, below the water tank",
        "extent": "12 ha",
        "reference": "VC resolution 4/2026",
        "declaredOn": "2026-01-10",
        "effectiveFrom": "2026-02-01",
    }
    return {"input": {**base, **over}}


async def test_mizoram_lists_its_keeping_rules_kind_by_kind(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram", "viewer")
    rules = (await gql.ok(RULES, token=t.token))["keepingRules"]
    assert [r["clause"] for r in rules] == ["4(1)", "4(2)", "4(3)", "4(4)"]
    assert rules[0]["species"] == ["fowl", "pig"]
    assert rules[3]["species"] is None  # every other kind
    assert rules[1]["byNight"] == ["CONFINED", "IN_SHED", "FENCED"]
    assert rules[2]["freeInGrazingGround"] is True and rules[0]["freeInGrazingGround"] is False


async def test_goat_grazing_under_a_keeper_complies_by_day_not_at_night(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram", "viewer")
    day = (await gql.ok(CHECK, ask("goats", "UNDER_KEEPER", "DAY"), t.token))["keepingCheck"]
    assert day["complies"] is True and day["species"] == "goat"
    assert day["rule"]["clause"] == "4(2)"
    night = (await gql.ok(CHECK, ask("goat", "UNDER_KEEPER", "NIGHT"), t.token))["keepingCheck"]
    assert night["complies"] is False
    assert [c["section"] for c in night["citations"]] == ["4(2)(ii)"]
    assert "at night" in night["explanation"]


async def test_cow_rule_shows_the_interpretation_of_clause_b(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram", "viewer")
    cow = (await gql.ok(CHECK, ask("cow", "TETHERED", "DAY"), t.token))["keepingCheck"]
    assert cow["complies"] is True and cow["confidence"] == "INTERPRETED"
    assert "clause (b)" in cow["citations"][0]["note"]
    loose = (await gql.ok(CHECK, ask("cow", "AT_LARGE", "DAY"), t.token))["keepingCheck"]
    assert loose["complies"] is False
    assert [c["section"] for c in loose["citations"]] == ["4(3)", "3(1)"]


async def test_unknown_species_and_states_without_keeping_rules_are_refused(
    dbs: Databases, gql: GraphQLClient
) -> None:
    mz = make_tenant(dbs, "mizoram", "viewer")
    err = await gql.error(CHECK, ask("unicorn", "FENCED", "DAY"), mz.token)
    assert err["extensions"]["code"] == "UNKNOWN_SPECIES"
    nl = make_tenant(dbs, "nagaland", "viewer")
    err = await gql.error(CHECK, ask("cow", "AT_LARGE", "DAY"), nl.token)
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"
    assert err["extensions"]["citation"]["section"] == "25"
    cg = make_tenant(dbs, "chhattisgarh")
    err = await gql.error(RULES, token=cg.token)
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"
    assert "Adhiniyam" in err["message"]
    err = await gql.error(DECLARE, declaration(), cg.token)
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"


async def test_only_an_act_with_grazing_grounds_lists_them_and_keeps_their_register(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """Mizoram s.6 provides grazing grounds; the Cattle Trespass Act has keeping-related
    provisions but none: its tenant's register is refused, not shown empty."""
    caps = "{ viewer { tenant { jurisdiction { capabilities } } } }"
    mz = make_tenant(dbs, "mizoram", "viewer")
    listed = await gql.ok(caps, token=mz.token)
    assert "GRAZING_GROUNDS" in listed["viewer"]["tenant"]["jurisdiction"]["capabilities"]
    assert (await gql.ok(GROUNDS, {}, mz.token))["grazingGrounds"] == []
    nl = make_tenant(dbs, "nagaland")
    listed = await gql.ok(caps, token=nl.token)
    assert "GRAZING_GROUNDS" not in listed["viewer"]["tenant"]["jurisdiction"]["capabilities"]
    err = await gql.error(GROUNDS, {}, nl.token)
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"
    assert err["extensions"]["capability"] == "GRAZING_GROUNDS"
    assert "provides no grazing grounds" in err["message"]
    err = await gql.error(DECLARE, declaration(), nl.token)
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"


async def test_a_grazing_ground_is_in_force_only_once_the_state_government_approves(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram")
    made = (await gql.ok(DECLARE, declaration(), t.token))["declareGrazingGround"]
    assert made["inForce"] is False and made["approval"] is None
    assert "approval" in made["explanation"]
    assert [c["section"] for c in made["citations"]] == ["6(1)"]

    loose = ask("mithun", "AT_LARGE", "NIGHT", "tlangnuam  grazing ground", on="2026-03-01")
    before = (await gql.ok(CHECK, loose, t.token))["keepingCheck"]
    assert before["complies"] is False and "not a grazing ground in force" in before["explanation"]

    early = await gql.error(
        DECIDE,
        {
            "input": {
                "subjectId": made["id"],
                "approved": True,
                "decidedOn": "2026-01-01",
                "reference": "Govt letter",
            }
        },
        t.token,
    )
    assert early["extensions"]["code"] == "VALIDATION"
    approval = {
        "subjectId": made["id"],
        "approved": True,
        "decidedOn": "2026-02-15",
        "reference": "Govt of Mizoram letter AH/12/2026",
    }
    await gql.ok(DECIDE, {"input": approval}, t.token)
    again = await gql.error(DECIDE, {"input": {**approval, "approved": False}}, t.token)
    assert again["extensions"]["code"] == "CONFLICT"

    after = (await gql.ok(CHECK, loose, t.token))["keepingCheck"]
    assert after["complies"] is True
    assert after["grazingGround"] == "Tlangnuam Grazing Ground"
    # s.3(1) lets no animal alone without a keeper: s.6(1)'s free movement is a reading.
    assert [c["section"] for c in after["citations"]] == ["6(1)", "4(3)", "3(1)"]
    assert after["confidence"] == "INTERPRETED" and after["citations"][0]["note"]
    # In force from the approval, not from the declared date.
    feb = (await gql.ok(CHECK, {**loose, "on": "2026-02-10"}, t.token))["keepingCheck"]
    assert feb["complies"] is False
    # Elsewhere, at large is still a contravention.
    out = await gql.ok(CHECK, ask("mithun", "AT_LARGE", "NIGHT", on="2026-03-01"), t.token)
    assert out["keepingCheck"]["complies"] is False

    listed = (await gql.ok(GROUNDS, {"on": "2026-03-01"}, t.token))["grazingGrounds"]
    assert listed[0]["inForce"] is True and listed[0]["approval"]["decidedOn"] == "2026-02-15"
    with dbs.admin.transaction(t.id) as s:
        assert s.scalar(select(func.count()).select_from(GrazingDecision)) == 1


async def test_grazing_orders_are_referred_and_in_force_only_when_approved(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram")
    ground = (await gql.ok(DECLARE, declaration(name="Sialsuk ground"), t.token))[
        "declareGrazingGround"
    ]
    order = {
        "groundId": ground["id"],
        "title": "Closing hours of the Sialsuk ground",
        "text": "No animal shall be brought into the ground after 6 p.m.",
        "madeOn": "2026-03-01",
        "referredOn": "2026-03-02",
    }
    made = (await gql.ok(ORDER, {"input": order}, t.token))["makeGrazingOrder"]
    assert made["inForce"] is False and [c["section"] for c in made["citations"]] == ["6(2)"]
    bad = await gql.error(ORDER, {"input": {**order, "referredOn": "2026-02-01"}}, t.token)
    assert bad["extensions"]["code"] == "VALIDATION"
    await gql.ok(
        DECIDE,
        {
            "input": {
                "subjectId": made["id"],
                "approved": False,
                "decidedOn": "2026-03-20",
                "reference": "Govt letter 9",
            }
        },
        t.token,
    )
    listed = (await gql.ok(GROUNDS, {}, t.token))["grazingGrounds"]
    orders = listed[0]["orders"]
    assert orders[0]["inForce"] is False and orders[0]["decision"]["approved"] is False
    with dbs.admin.transaction(t.id) as s:
        actions = set(s.scalars(select(AuditEvent.action)))
    assert {"grazing.declare", "grazing.make_order", "grazing.decide"} <= actions


async def test_grazing_registers_need_a_clerk_and_are_the_tenants_own(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram")
    viewer = add_token(dbs, t, "viewer")
    err = await gql.error(DECLARE, declaration(), viewer)
    assert err["extensions"]["code"] == "FORBIDDEN"
    await gql.ok(DECLARE, declaration(name="Own ground"), t.token)
    dup = await gql.error(DECLARE, declaration(name="own  GROUND"), t.token)
    assert dup["extensions"]["code"] == "CONFLICT"
    other = make_tenant(dbs, "mizoram")
    assert (await gql.ok(GROUNDS, {}, other.token))["grazingGrounds"] == []
