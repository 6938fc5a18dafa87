"""The clock reminds an owner of an animal tax instalment fallen due unpaid, once
(Animal (Control & Taxation) Act 2014 ss.11(3), 13)."""

from __future__ import annotations

from tests.conftest import Databases, GraphQLClient
from tests.schema.test_registration import ASSESS, PAY, REGISTER, mizoram, registration

RUN = """
mutation($asOf: DateTime) {
  runDueActions(input: {asOf: $asOf}) { kind impoundmentId instalmentId detail }
}"""
INSTALMENTS = "{ taxInstalments { id number dueOn paid reminder { issuedAt text } } }"


async def test_an_unpaid_instalment_is_reminded_once_when_it_falls_due(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = await mizoram(dbs, gql)
    reg = await gql.ok(
        REGISTER, registration(at="2026-01-01T08:00:00+05:30", owned_since="2025-12-10"), t.token
    )
    plan = await gql.ok(
        ASSESS,
        {
            "input": {
                "registrationId": reg["registerAnimals"]["id"],
                "year": 2026,
                "schedule": "HALF_YEARLY",
            }
        },
        t.token,
    )
    first, second = plan["assessAnimalTax"]
    assert (first["dueOn"], second["dueOn"]) == ("2026-01-01", "2026-07-01")

    before = (await gql.ok(RUN, {"asOf": "2025-12-31T23:00:00+05:30"}, t.token))["runDueActions"]
    assert before == []
    done = (await gql.ok(RUN, {"asOf": "2026-01-01T09:00:00+05:30"}, t.token))["runDueActions"]
    assert [(a["kind"], a["instalmentId"], a["impoundmentId"]) for a in done] == [
        ("TAX_INSTALMENT_DUE", first["id"], None)
    ]
    again = (await gql.ok(RUN, {"asOf": "2026-01-02T09:00:00+05:30"}, t.token))["runDueActions"]
    assert again == []  # reminded once

    await gql.ok(
        PAY,
        {
            "input": {
                "instalmentId": second["id"],
                "amount": second["amount"],
                "at": "2026-06-20T10:00:00+05:30",
            }
        },
        t.token,
    )
    july = (await gql.ok(RUN, {"asOf": "2026-07-02T09:00:00+05:30"}, t.token))["runDueActions"]
    assert july == []  # the second half was paid before it fell due
    rows = {i["number"]: i for i in (await gql.ok(INSTALMENTS, token=t.token))["taxInstalments"]}
    assert "instalment 1 of 2026 is due" in rows[1]["reminder"]["text"]
    assert "11(3)" in rows[1]["reminder"]["text"] or "13(1)" in rows[1]["reminder"]["text"]
    assert rows[2]["reminder"] is None and rows[2]["paid"] is True
