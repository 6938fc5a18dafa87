"""Chhattisgarh s.4: notified orders prohibiting or regulating the keeping or movement of
cattle in an area; licences and permits under them (s.4(2)(e)); cancellation (s.10(4))."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from pashu.db.regulated_areas import NotifiedOrder
from pashu.db.tenancy import AuditEvent
from tests.conftest import Databases, GraphQLClient, add_token, make_tenant

ORDER = """
mutation($input: RecordNotifiedOrderInput!) {
  recordNotifiedOrder(input: $input) {
    id reference area effect activities clauses licenceFee citations { section confidence }
  }
}
"""
GRANT = """
mutation($input: GrantLicenceInput!) {
  grantLicence(input: $input) { id kind holder fee cancelledAt }
}
"""
CANCEL = """
mutation($input: CancelLicenceInput!) {
  cancelLicence(input: $input) { id cancelledAt cancellationReason citations { section } }
}
"""
KEEPING = """
query($species: String!, $area: String!, $on: Date!, $holder: String) {
  keepingAllowed(species: $species, area: $area, on: $on, holder: $holder) {
    allowed needsLicence order { reference } citations { section } explanation
  }
}
"""
MOVEMENT = """
query($species: String!, $area: String!, $on: Date!) {
  movementAllowed(species: $species, area: $area, on: $on) {
    allowed order { reference } citations { section } explanation
  }
}
"""


def order(**over: Any) -> dict[str, Any]:
    base = {
        "title": "Raipur dairies order",
        "reference": "CG Gazette 2026/45",
        "area": "Raipur Municipal Corporation",
        "effect": "REGULATE",
        "activities": ["KEEPING"],
        "clauses": ["a", "e"],
        "effectiveFrom": "2026-04-01",
        "licenceFee": "500.00",
    }
    return {"input": {**base, **over}}


def ask(species: str, on: str, holder: str | None = None) -> dict[str, Any]:
    return {"species": species, "area": "raipur municipal  corporation", "on": on, "holder": holder}


async def test_keeping_cattle_under_a_regulating_order_needs_a_licence(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "chhattisgarh")
    made = (await gql.ok(ORDER, order(), t.token))["recordNotifiedOrder"]
    assert made["clauses"] == ["a", "e"]
    assert [c["section"] for c in made["citations"]] == ["4(1)", "4(2)(a)", "4(2)(e)"]
    assert made["citations"][1]["confidence"] == "RECONSTRUCTED"

    before = await gql.ok(KEEPING, ask("cow", "2026-03-31", "Ramesh Yadav"), t.token)
    assert before["keepingAllowed"]["allowed"] is True  # the order is not yet in force
    without = await gql.ok(KEEPING, ask("cows", "2026-04-01", "Ramesh Yadav"), t.token)
    assert without["keepingAllowed"]["allowed"] is False
    assert without["keepingAllowed"]["needsLicence"] is True
    assert without["keepingAllowed"]["order"] == {"reference": "CG Gazette 2026/45"}

    licence = (
        await gql.ok(
            GRANT,
            {
                "input": {
                    "orderId": made["id"],
                    "kind": "LICENCE",
                    "holder": "Ramesh Yadav",
                    "validFrom": "2026-04-01",
                    "at": "2026-04-01T11:00:00+05:30",
                }
            },
            t.token,
        )
    )["grantLicence"]
    assert licence["fee"] == "500.00"
    held = await gql.ok(KEEPING, ask("cow", "2026-04-02", "Ramesh Yadav"), t.token)
    assert held["keepingAllowed"]["allowed"] is True
    assert "4(2)(e)" in [c["section"] for c in held["keepingAllowed"]["citations"]]

    # Cancelled as the order provides (not on compounding): keeping is no longer allowed.
    cancelled = (
        await gql.ok(
            CANCEL,
            {
                "input": {
                    "licenceId": licence["id"],
                    "reason": "offence under s.8 compounded",
                    "at": "2026-05-01T10:00:00+05:30",
                }
            },
            t.token,
        )
    )["cancelLicence"]
    assert cancelled["citations"] == [{"section": "4(2)(e)"}, {"section": "4(2)(f)"}]
    after = await gql.ok(KEEPING, ask("cow", "2026-05-02", "Ramesh Yadav"), t.token)
    assert after["keepingAllowed"]["allowed"] is False
    twice = await gql.error(
        CANCEL, {"input": {"licenceId": licence["id"], "reason": "again"}}, t.token
    )
    assert twice["extensions"]["code"] == "CONFLICT"


async def test_a_prohibiting_order_forbids_movement_of_cattle_but_not_of_other_animals(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "chhattisgarh")
    await gql.ok(
        ORDER,
        order(
            reference="CG Gazette 2026/46",
            effect="PROHIBIT",
            activities=["MOVEMENT"],
            clauses=["(d)"],
            licenceFee=None,
        ),
        t.token,
    )
    buffalo = (await gql.ok(MOVEMENT, ask("buffalo", "2026-06-01"), t.token))["movementAllowed"]
    assert buffalo["allowed"] is False
    assert buffalo["citations"] == [{"section": "4(1)"}, {"section": "4(2)(d)"}]
    # A pig is not among the Schedule's legible items, but item 5 is illegible: whether the
    # order (which binds cattle only) binds it cannot be said either.
    pig = (await gql.ok(MOVEMENT, ask("pig", "2026-06-01"), t.token))["movementAllowed"]
    assert pig["allowed"] is None
    # Schedule item 5 is illegible: whether a calf is cattle, hence bound, cannot be said.
    calf = (await gql.ok(MOVEMENT, ask("calf", "2026-06-01"), t.token))["movementAllowed"]
    assert calf["allowed"] is None


async def test_bad_orders_are_refused_and_change_nothing(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "chhattisgarh")
    bad_clause = await gql.error(ORDER, order(clauses=["g"]), t.token)
    fee_on_ban = await gql.error(ORDER, order(effect="PROHIBIT"), t.token)
    assert [e["extensions"]["code"] for e in (bad_clause, fee_on_ban)] == ["VALIDATION"] * 2
    with dbs.admin.transaction(t.id) as s:
        assert s.scalars(select(NotifiedOrder)).all() == []


async def test_a_viewer_may_not_record_an_order_and_others_have_no_regulated_areas(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "chhattisgarh")
    viewer = add_token(dbs, t, "viewer")
    assert (await gql.error(ORDER, order(), viewer))["extensions"]["code"] == "FORBIDDEN"
    m = make_tenant(dbs, "mizoram")
    err = await gql.error(KEEPING, {**ask("cow", "2026-06-01")}, m.token)
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"
    await gql.ok(ORDER, order(), t.token)
    with dbs.admin.transaction(t.id) as s:
        assert "order.record" in s.scalars(select(AuditEvent.action)).all()
