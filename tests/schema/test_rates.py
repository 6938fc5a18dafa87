"""Rate notifications through the API: publish with a finance token, checked against the Act's
bounds; a refused notification is not kept; each tenant sees only its own."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from pashu.db.tenancy import AuditEvent
from tests.conftest import Databases, GraphQLClient, add_token, make_tenant

PUBLISH = """
mutation($input: PublishNotificationInput!) {
  publishNotification(input: $input) {
    id kind species amount effectiveFrom reference publishedBy createdAt
    bound { factor base citation { section uri } }
    citations { section }
  }
}
"""
LIST = """
query($kind: RateKind, $asOf: Date) {
  notifications(kind: $kind, asOf: $asOf) { kind species amount effectiveFrom reference }
}
"""


def notice(
    kind: str, amount: str, on: str = "2026-01-01", species: str | None = "cow"
) -> dict[str, Any]:
    return {
        "input": {
            "kind": kind,
            "species": species,
            "amount": amount,
            "effectiveFrom": on,
            "reference": f"Nagaland Gazette {kind} {on}",
        }
    }


async def test_nagaland_habitual_area_fine_is_capped_at_double_the_notified_scale(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland", role="finance")
    scale = await gql.ok(PUBLISH, notice("FINE_PER_HEAD", "50.00"), t.token)
    made = scale["publishNotification"]
    assert made["amount"] == "50.00" and made["effectiveFrom"] == "2026-01-01"
    assert made["bound"] is None and made["citations"] == [{"section": "11(1)"}]

    double = await gql.ok(PUBLISH, notice("HABITUAL_AREA_FINE_PER_HEAD", "100.00"), t.token)
    assert double["publishNotification"]["bound"] == {
        "factor": "2",
        "base": "FINE_PER_HEAD",
        "citation": {
            "section": "11(2)",
            "uri": "/akn/in-nl/act/1985/cattle-trespass/~sec_11__subsec_2",
        },
    }

    err = await gql.error(PUBLISH, notice("HABITUAL_AREA_FINE_PER_HEAD", "100.01"), t.token)
    assert err["extensions"]["code"] == "FINE_ABOVE_CAP"
    assert err["extensions"]["citation"]["section"] == "11(2)"
    assert err["extensions"]["cap"] == "100.00"

    listed = (await gql.ok(LIST, token=t.token))["notifications"]
    assert [(r["kind"], r["amount"]) for r in listed] == [
        ("FINE_PER_HEAD", "50.00"),
        ("HABITUAL_AREA_FINE_PER_HEAD", "100.00"),
    ]


async def test_publishing_leaves_an_audit_record(dbs: Databases, gql: GraphQLClient) -> None:
    t = make_tenant(dbs, "mizoram", role="finance")
    made = (await gql.ok(PUBLISH, notice("FINE_PER_HEAD", "75.00"), t.token))["publishNotification"]
    with dbs.app.transaction(t.id) as s:
        events = s.scalars(select(AuditEvent).where(AuditEvent.action == "rate.publish")).all()
    assert len(events) == 1
    assert events[0].after is not None and events[0].after["amount"] == "75.00"
    assert made["publishedBy"].endswith("(finance)")


async def test_a_notification_is_in_force_from_its_date(dbs: Databases, gql: GraphQLClient) -> None:
    t = make_tenant(dbs, "nagaland")  # an admin may publish too
    await gql.ok(PUBLISH, notice("FINE_PER_HEAD", "50.00", "2026-01-01"), t.token)
    await gql.ok(PUBLISH, notice("FINE_PER_HEAD", "80.00", "2026-07-01"), t.token)
    await gql.ok(PUBLISH, notice("FINE_PER_HEAD", "30.00", "2026-01-01", species=None), t.token)

    def on(day: str, kind: str | None = None) -> dict[str, Any]:
        return {"asOf": day, "kind": kind}

    assert (await gql.ok(LIST, on("2025-12-31"), t.token))["notifications"] == []
    june = (await gql.ok(LIST, on("2026-06-30"), t.token))["notifications"]
    assert sorted((r["species"] or "*", r["amount"]) for r in june) == [
        ("*", "30.00"),
        ("cow", "50.00"),
    ]
    july = (await gql.ok(LIST, on("2026-07-01", "FINE_PER_HEAD"), t.token))["notifications"]
    assert sorted((r["species"] or "*", r["amount"]) for r in july) == [
        ("*", "30.00"),
        ("cow", "80.00"),
    ]
    everything = (await gql.ok(LIST, token=t.token))["notifications"]
    assert len(everything) == 3


async def test_a_clerk_may_not_publish_but_may_read(dbs: Databases, gql: GraphQLClient) -> None:
    t = make_tenant(dbs, "nagaland", role="clerk")
    err = await gql.error(PUBLISH, notice("FINE_PER_HEAD", "50.00"), t.token)
    assert err["extensions"]["code"] == "FORBIDDEN"
    assert (await gql.ok(LIST, token=t.token))["notifications"] == []


async def test_publishing_needs_a_token(gql: GraphQLClient) -> None:
    err = await gql.error(PUBLISH, notice("FINE_PER_HEAD", "50.00"))
    assert err["extensions"]["code"] == "UNAUTHENTICATED"
    err = await gql.error(LIST)
    assert err["extensions"]["code"] == "UNAUTHENTICATED"


async def test_nagaland_leaves_no_animal_tax_to_notification(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland", role="finance")
    err = await gql.error(PUBLISH, notice("ANIMAL_TAX", "10.00"), t.token)
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"
    assert "leaves no animal tax to notification" in err["message"]


async def test_a_habitual_area_rate_without_a_scale_is_refused(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland", role="finance")
    err = await gql.error(PUBLISH, notice("HABITUAL_AREA_FINE_PER_HEAD", "10.00"), t.token)
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"]["citation"]["section"] == "11(2)"
    assert (await gql.ok(LIST, token=t.token))["notifications"] == []


async def test_an_unknown_species_is_refused_with_the_vocabulary(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram", role="finance")
    err = await gql.error(PUBLISH, notice("FINE_PER_HEAD", "10.00", species="unicorn"), t.token)
    assert err["extensions"]["code"] == "UNKNOWN_SPECIES"
    assert "cow" in err["extensions"]["vocabulary"]


async def test_another_tenant_does_not_see_the_notifications(
    dbs: Databases, gql: GraphQLClient
) -> None:
    a = make_tenant(dbs, "nagaland", role="finance")
    b = make_tenant(dbs, "nagaland", role="finance")
    made = (await gql.ok(PUBLISH, notice("FINE_PER_HEAD", "50.00"), a.token))["publishNotification"]
    assert (await gql.ok(LIST, token=b.token))["notifications"] == []
    assert (await gql.ok(LIST, {"asOf": "2026-02-01"}, b.token))["notifications"] == []
    node = "query($id: ID!) { node(id: $id) { id ... on RateNotification { amount } } }"
    assert (await gql.ok(node, {"id": made["id"]}, a.token))["node"]["amount"] == "50.00"
    assert (await gql.ok(node, {"id": made["id"]}, b.token))["node"] is None
    # b's own scale does not lift a's bound, nor the other way round
    viewer = add_token(dbs, b, "viewer")
    assert (await gql.ok(LIST, token=viewer))["notifications"] == []
    err = await gql.error(PUBLISH, notice("HABITUAL_AREA_FINE_PER_HEAD", "10.00"), b.token)
    assert err["extensions"]["code"] == "VALIDATION"
