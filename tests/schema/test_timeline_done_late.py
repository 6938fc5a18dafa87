"""Each step of a case's timeline says when it was taken and whether that was late, from
the same window the step gives (issue #35: a duty done 11 days late showed as a plain DONE)."""

from __future__ import annotations

from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import department, notice, seize

TIMELINE = """
query($id: ID!) {
  impoundment(id: $id) { timeline { action deadline doneAt late daysLate } }
}"""


async def steps(gql: GraphQLClient, token: str, case: str) -> dict[str, dict[str, object]]:
    found = (await gql.ok(TIMELINE, {"id": case}, token))["impoundment"]["timeline"]
    return {s["action"]: s for s in found}


async def test_an_announcement_made_eleven_days_after_its_last_day_is_late_by_eleven(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    case = await seize(gql, t.token, pound, seizerCapacity="LAND_OWNER")
    before = await steps(gql, t.token, case["id"])
    announce = before["ANNOUNCE_SEIZURE"]
    assert announce["doneAt"] is None and announce["late"] is False
    assert announce["daysLate"] is None
    # Brought in at 15:00 on 3 January: the pound's receipt is the delivery, on time.
    assert before["DELIVER_TO_POUND"]["doneAt"] == "2026-01-03T15:00:00+05:30"
    assert before["DELIVER_TO_POUND"]["late"] is False

    deadline = str(announce["deadline"])
    assert deadline.startswith("2026-01-04")  # the last day it may be made is 4 January
    await notice(gql, t.token, case, "ANNOUNCE_SEIZURE", "2026-01-15T10:00:00+05:30")
    after = (await steps(gql, t.token, case["id"]))["ANNOUNCE_SEIZURE"]
    assert after["doneAt"] == "2026-01-15T10:00:00+05:30"
    assert after["late"] is True
    assert after["daysLate"] == 11  # 5 to 15 January, the last day allowed excluded


async def test_a_step_taken_within_its_window_is_not_late(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    case = await seize(gql, t.token, pound, seizerCapacity="LAND_OWNER")
    await notice(gql, t.token, case, "ANNOUNCE_SEIZURE", "2026-01-03T17:00:00+05:30")
    done = (await steps(gql, t.token, case["id"]))["ANNOUNCE_SEIZURE"]
    assert done["doneAt"] == "2026-01-03T17:00:00+05:30"
    assert done["late"] is False and done["daysLate"] is None
