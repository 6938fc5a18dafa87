"""The pound's return counts the fines on conviction for offences arising from its cases
(issue #15), and those fines reach the fund of the local authority the case belongs to, on a
reading of Nagaland s.18(1) the answer marks as such (issue #21)."""

from __future__ import annotations

from decimal import Decimal

from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import balances, department, seize
from tests.schema.test_keeping_pounds import RETURN
from tests.schema.test_offences import FINE, PAY

RECORD = """
mutation($impoundment: ID!) {
  recordOffence(input: {section: "25", committedAt: "2026-01-03T09:00:00+05:30",
      impoundmentId: $impoundment,
      offender: {name: "T. Sema", address: "Jotsoma", role: OWNER}}) { id }
}"""
POUND = """
mutation { createPound(input: {name: "Jotsoma pound", localAuthority: "Jotsoma VC"}) { id } }"""


async def test_nagaland_return_includes_fines_on_conviction_from_the_pounds_cases(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, main = await department(dbs, gql, "nagaland")
    other = (await gql.ok(POUND, token=t.token))["createPound"]["id"]
    case = await seize(gql, t.token, main)
    offence = (await gql.ok(RECORD, {"impoundment": case["id"]}, t.token))["recordOffence"]
    fine = (
        await gql.ok(
            FINE,
            # The case's pound names the local body: none is given (FINE's default is null'd).
            {
                "id": offence["id"],
                "amount": "200.00",
                "at": "2026-01-10T10:00:00+05:30",
                "body": None,
            },
            t.token,
        )
    )["imposeFine"]
    assert "a reading" in fine["routingNote"]  # s.18(1) read wider, and said so
    assert fine["routes"][0]["account"].startswith("fund:local_authority_fund:")
    await gql.ok(
        PAY, {"id": fine["id"], "at": "2026-01-12T10:00:00+05:30", "salary": False}, t.token
    )
    books = await balances(gql, t.token)
    assert books["fund:local_authority_fund@Kohima TC"] == "200.00"  # the case's authority
    assert sum(Decimal(v) for v in books.values()) == 0

    period = {"from": "2026-01-01", "to": "2026-01-31"}
    jan = (await gql.ok(RETURN, {"pound": main, **period}, t.token))["poundReturn"]
    assert (jan["offenceFines"], jan["offenceFinesPaid"]) == ("200.00", "200.00")
    assert {b["name"]: b["amount"] for b in jan["balances"]} == {
        "Local authority fund, Kohima TC": "200.00"
    }
    assert "18(1)" in [c["section"] for c in jan["citations"]]
    assert "Fines on conviction paid (offences from these cases)" in jan["document"]["text"]
    theirs = (await gql.ok(RETURN, {"pound": other, **period}, t.token))["poundReturn"]
    assert (theirs["offenceFines"], theirs["offenceFinesPaid"]) == ("0.00", "0.00")
    dec = {"from": "2025-12-01", "to": "2025-12-31"}
    before = (await gql.ok(RETURN, {"pound": main, **dec}, t.token))["poundReturn"]
    assert before["offenceFines"] == "0.00" and before["balances"] == []
