"""Chhattisgarh s.4 orders and licences as the Act gives them (issue #21, powers): an order
may rest on s.4(1) alone; an order that provides no licence cannot make keeping wait on one;
a keeping licence is not a movement permit; s.10(4) cancels only the offender's licence on
compounding, and a cancellation otherwise does not cite s.10(4)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from pashu.db.ledger import LedgerEntry
from pashu.db.offences import Composition
from pashu.db.regulated_areas import LicenceCancellation, NotifiedOrder
from tests.conftest import Databases, GraphQLClient, make_tenant
from tests.schema.test_offences import record
from tests.schema.test_offences_orders import COMPOUND
from tests.schema.test_registration_regulated_areas import (
    CANCEL,
    GRANT,
    KEEPING,
    ORDER,
    ask,
    order,
)

MOVING = """
query($species: String!, $area: String!, $on: Date!, $holder: String) {
  movementAllowed(species: $species, area: $area, on: $on, holder: $holder) {
    allowed needsLicence order { reference } citations { section } explanation
  }
}
"""


def grant(order_id: str, holder: str, kind: str = "LICENCE") -> dict[str, Any]:
    return {
        "input": {
            "orderId": order_id,
            "kind": kind,
            "holder": holder,
            "validFrom": "2026-04-01",
            "at": "2026-04-01T11:00:00+05:30",
        }
    }


async def test_chhattisgarh_an_order_may_rest_on_s4_1_alone(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "chhattisgarh")
    made = (await gql.ok(ORDER, order(clauses=[], licenceFee=None), t.token))["recordNotifiedOrder"]
    assert made["clauses"] == []
    assert made["citations"] == [{"section": "4(1)", "confidence": "READ"}]
    listed = await gql.ok("{ notifiedOrders { reference clauses } }", token=t.token)
    assert listed["notifiedOrders"] == [{"reference": "CG Gazette 2026/45", "clauses": []}]


async def test_chhattisgarh_a_regulating_order_without_licences_does_not_forbid_keeping(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "chhattisgarh")
    await gql.ok(ORDER, order(clauses=["a"], licenceFee=None), t.token)
    kept = (await gql.ok(KEEPING, ask("cow", "2026-04-02", "Ramesh Yadav"), t.token))[
        "keepingAllowed"
    ]
    assert kept["allowed"] is True and kept["needsLicence"] is False
    assert kept["order"] == {"reference": "CG Gazette 2026/45"}
    assert "provides no licence" in kept["explanation"]
    assert "4(2)(e)" in [c["section"] for c in kept["citations"]]


async def test_chhattisgarh_a_keeping_licence_is_not_a_movement_permit(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "chhattisgarh")
    both = order(activities=["KEEPING", "MOVEMENT"], clauses=["a", "d", "e"], permitFee="100.00")
    made = (await gql.ok(ORDER, both, t.token))["recordNotifiedOrder"]
    await gql.ok(GRANT, grant(made["id"], "Ramesh Yadav"), t.token)
    kept = await gql.ok(KEEPING, ask("cow", "2026-04-02", "Ramesh Yadav"), t.token)
    assert kept["keepingAllowed"]["allowed"] is True
    moved = (await gql.ok(MOVING, ask("cow", "2026-04-02", "Ramesh Yadav"), t.token))[
        "movementAllowed"
    ]
    assert moved["allowed"] is False and moved["needsLicence"] is True
    assert "permit" in moved["explanation"]
    await gql.ok(GRANT, grant(made["id"], "Ramesh Yadav", "PERMIT"), t.token)
    permitted = await gql.ok(MOVING, ask("cow", "2026-04-02", "Ramesh Yadav"), t.token)
    assert permitted["movementAllowed"]["allowed"] is True


async def test_chhattisgarh_compounding_cancels_only_the_offenders_licence(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "chhattisgarh")
    case = await record(gql, t, "8(1)", name="Ramesh", address="Tatibandh, Raipur")
    made = (await gql.ok(ORDER, order(), t.token))["recordNotifiedOrder"]
    others = (await gql.ok(GRANT, grant(made["id"], "Suresh Sahu"), t.token))["grantLicence"]
    own = (await gql.ok(GRANT, grant(made["id"], "Ramesh"), t.token))["grantLicence"]
    variables = {"id": case["id"], "amount": "500.00", "licence": others["id"]}
    refused = await gql.error(COMPOUND, variables, t.token)
    assert refused["extensions"]["code"] == "VALIDATION"
    assert refused["extensions"]["citation"]["section"] == "10(4)"
    with dbs.admin.transaction(t.id) as s:
        assert s.scalars(select(Composition)).all() == []
        assert s.scalars(select(LicenceCancellation)).all() == []
        accounts = set(s.scalars(select(LedgerEntry.account)))
        assert "payer:offender" not in accounts  # no composition money moved either
    comp = await gql.ok(COMPOUND, {**variables, "licence": own["id"]}, t.token)
    assert comp["compoundOffence"]["licenceCancellation"]["status"] == "CANCELLED"
    listed = await gql.ok(
        "{ cattleLicences { holder cancelledAt citations { section } } }", token=t.token
    )
    by_holder = {x["holder"]: x for x in listed["cattleLicences"]}
    assert by_holder["Ramesh"]["citations"] == [{"section": "10(4)"}]
    assert by_holder["Suresh Sahu"]["cancelledAt"] is None


async def test_chhattisgarh_a_cancellation_not_on_compounding_does_not_cite_s10_4(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "chhattisgarh")
    made = (await gql.ok(ORDER, order(), t.token))["recordNotifiedOrder"]
    licence = (await gql.ok(GRANT, grant(made["id"], "Suresh Sahu"), t.token))["grantLicence"]
    cancel = {"licenceId": licence["id"], "reason": "premises unsanitary, order cl. 7"}
    cancelled = (await gql.ok(CANCEL, {"input": cancel}, t.token))["cancelLicence"]
    assert [c["section"] for c in cancelled["citations"]] == ["4(2)(e)", "4(2)(f)"]
    with dbs.admin.transaction(t.id) as s:
        (row,) = s.scalars(select(LicenceCancellation)).all()
        assert row.on_composition is False
        assert s.scalars(select(NotifiedOrder)).one().clauses == "a,e"


async def test_chhattisgarh_inspection_under_an_order_providing_for_it_s4_2_b(
    dbs: Databases, gql: GraphQLClient
) -> None:
    from tests.schema.test_keeping_inspections import CASES, DESIGNATE, VISIT, person, visit

    t = make_tenant(dbs, "chhattisgarh")
    officer = person(designatedBy="GOVERNMENT", villageCouncil=None, reference="CG order 4/2026")
    inspector = (await gql.ok(DESIGNATE, officer, t.token))["designateInspector"]["id"]
    premises = visit(
        inspector,
        [],
        at="2026-04-10T11:00:00+05:30",
        place="Raipur Municipal Corporation",
        ownerName="Ramesh Yadav",
        ownerAddress="Tatibandh, Raipur",
        hygienic=False,
    )
    # No order in force there provides for inspection: none is possible.
    refused = await gql.error(VISIT, premises, t.token)
    assert refused["extensions"]["code"] == "NOT_IN_JURISDICTION"
    assert refused["extensions"]["citation"]["section"] == "4(2)(b)"
    await gql.ok(ORDER, order(clauses=["a", "b", "e"]), t.token)
    made = (await gql.ok(VISIT, premises, t.token))["recordInspection"]
    assert made["contravention"] is True and made["offenceCaseId"]
    cases = (await gql.ok(CASES, token=t.token))["offenceCases"]
    assert [(c["section"], c["offender"]["name"]) for c in cases] == [("8(1)", "Ramesh Yadav")]
