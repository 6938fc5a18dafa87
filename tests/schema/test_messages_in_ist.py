"""Messages, documents and errors print every instant in IST with its offset (as the API
writes instants), enum values as the API spells them, and roles as words."""

from __future__ import annotations

from tests.conftest import Databases, GraphQLClient, add_token
from tests.schema.clocks_helpers import CLOSE, case
from tests.schema.impoundment_helpers import NOTICE, department, notice, seize
from tests.schema.test_auctions import _close, _scheduled
from tests.schema.test_impoundment_release import _sold
from tests.schema.test_rates import PUBLISH
from tests.schema.test_rates import notice as rate_notice

SALES = """query($id: ID!) { impoundment(id: $id) { sales { document { text } } } }"""


async def test_too_early_names_the_instant_in_ist(dbs: Databases, gql: GraphQLClient) -> None:
    token, seized = await _scheduled(dbs, gql)
    (auction,) = (await case(gql, token, seized["id"]))["auctions"]
    early = await gql.error(CLOSE, _close(auction, "2026-01-22T11:00:00+05:30", []), token)
    assert early["extensions"]["code"] == "TOO_EARLY"
    assert early["extensions"]["notBefore"] == "2026-01-23T11:00:00+05:30"
    assert "2026-01-23T11:00:00+05:30" in early["message"] and "+00:00" not in early["message"]


async def test_the_account_of_sale_prints_the_stay_in_ist(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)
    await _sold(
        gql, t.token, seized, "PUBLISH_NOTICE", "2026-01-11T10:00:00+05:30",
        "2026-01-19T10:00:00+05:30",
    )  # fmt: skip
    (sale,) = (await gql.ok(SALES, {"id": seized["id"]}, t.token))["impoundment"]["sales"]
    stay = next(ln for ln in sale["document"]["text"].splitlines() if "(b)" in ln)
    assert "03 Jan 2026, 15:00 IST" in stay and "19 Jan 2026, 10:00 IST" in stay


async def test_a_second_notice_names_its_kind_as_the_api_spells_it(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)
    await notice(gql, t.token, seized, "REPORT_UNCLAIMED", "2026-01-11T10:00:00+05:30")  # s.14(2)
    await notice(gql, t.token, seized, "PUBLISH_NOTICE", "2026-01-11T10:00:00+05:30")
    given = {
        "impoundmentId": seized["id"],
        "kind": "PUBLISH_NOTICE",
        "issuedAt": "2026-01-12T10:00:00+05:30",
    }
    err = await gql.error(NOTICE, {"input": given}, t.token)
    assert err["extensions"]["code"] == "CONFLICT"
    assert "PUBLISH_NOTICE" in err["message"] and "publish_notice" not in err["message"]


async def test_forbidden_names_the_roles_as_words(dbs: Databases, gql: GraphQLClient) -> None:
    t, _ = await department(dbs, gql, "nagaland")
    clerk = add_token(dbs, t, "clerk")
    err = await gql.error(PUBLISH, rate_notice("FINE_PER_HEAD", "10.00"), clerk)
    assert err["extensions"]["code"] == "FORBIDDEN"
    assert "finance or admin" in err["message"] and "('" not in err["message"]
