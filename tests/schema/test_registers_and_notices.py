"""Registers and notices as the Acts require them (issue #32): every notice, however it is
recorded, states what the Act says it states (Nagaland s.14(2))."""

from __future__ import annotations

from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import department, notice, seize

TEXT = """
query($id: ID!) { impoundment(id: $id) { notices { kind text document { text } } } }"""


async def test_a_notice_recorded_by_hand_states_the_cattle_and_where_seized_and_impounded(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """s.14(2): the notice states "(a) the number and description of the cattle, (b) the
    place where they were seized, (c) the place where they are impounded"; a clerk's
    recordNotice without a text serves the same particulars as the sweep's notice."""
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)  # 2 cows (brown, white blaze) and a goat
    await notice(gql, t.token, case, "REPORT_UNCLAIMED", "2026-01-11T10:00:00+05:30")
    await notice(gql, t.token, case, "PUBLISH_NOTICE", "2026-01-11T12:00:00+05:30")
    found = (await gql.ok(TEXT, {"id": case["id"]}, t.token))["impoundment"]["notices"]
    posted = next(n for n in found if n["kind"] == "PUBLISH_NOTICE")
    for text in (posted["text"], posted["document"]["text"]):
        assert "2 cow (brown, white blaze); 1 goat" in text  # (a)
        assert "Paddy field of K. Angami, Kohima village" in text  # (b)
        assert "Main pound" in text  # (c)
