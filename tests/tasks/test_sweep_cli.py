"""`pashu sweep` runs the same sweep from the command line, for one tenant or all."""

from __future__ import annotations

from tests.conftest import Databases, GraphQLClient
from tests.schema.clocks_helpers import case
from tests.schema.impoundment_helpers import department, seize
from tests.tasks.conftest import db_url
from tests.test_cli import pashu


async def test_pashu_sweep_issues_due_notices_once(dbs: Databases, gql: GraphQLClient) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    seized = await seize(gql, t.token, pound)
    url = db_url(dbs.app)
    args = ("sweep", "--tenant", t.slug, "--as-of", "2026-01-03T16:00:00+05:30")
    first = pashu(*args, db_url=url)
    assert first.returncode == 0, first.stderr
    assert "ANNOUNCE_SEIZURE" in first.stdout and "swept 1 tenant(s)" in first.stdout
    again = pashu(*args, db_url=url)
    assert again.returncode == 0 and "ANNOUNCE_SEIZURE" not in again.stdout
    assert [n["kind"] for n in (await case(gql, t.token, seized["id"]))["notices"]] == [
        "ANNOUNCE_SEIZURE"
    ]
    unknown = pashu("sweep", "--tenant", "no-such-tenant", db_url=url)
    assert unknown.returncode == 2
