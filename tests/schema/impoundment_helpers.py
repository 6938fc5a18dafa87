"""Shared steps of the impoundment tests: a tenant with rates, a pound, a seizure."""

from __future__ import annotations

from typing import Any

from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import RateKind
from tests.conftest import Databases, GraphQLClient, TenantFixture, make_tenant

PUBLISH = """
mutation($input: PublishNotificationInput!) { publishNotification(input: $input) { id } }"""
POUND = """
mutation($name: String!) {
  createPound(input: {name: $name, localAuthority: "Kohima TC"}) { id localAuthority { id } }
}"""
SEIZE = """
mutation($input: RecordSeizureInput!) {
  recordSeizure(input: $input) {
    id registerNumber status
    animals { id species status }
    animalCounts { species count inPound }
    timeline { action notBefore deadline citation { section } }
  }
}"""
DUES = """
query($id: ID!, $asOf: DateTime) {
  impoundment(id: $id) {
    status
    dues(asOf: $asOf) { total lines { kind species heads days amount citation { section } } }
  }
}"""
DELIVER = """
mutation($input: DeliverToOwnerInput!) { deliverToOwner(input: $input) { number amount } }"""
NOTICE = """
mutation($input: RecordNoticeInput!) { recordNotice(input: $input) { kind issuedAt } }"""
SALE = """
mutation($input: RecordSaleInput!) {
  recordSale(input: $input) {
    proceeds surplus
    account {
      cattleSeized cattleSold finesAndCharges proceeds disposal { item amount } citations
      unrecovered { item amount }
    }
  }
}"""
FUNDS = "{ funds { account balance holder } }"


async def rate(
    gql: GraphQLClient,
    token: str,
    kind: str,
    species: str | None,
    amount: str,
    since: str,
    **area: str,
) -> None:
    await gql.ok(
        PUBLISH,
        {
            "input": {
                "kind": kind,
                "species": species,
                "amount": amount,
                "effectiveFrom": since,
                "reference": f"Gazette {kind} {species} {since}",
                **area,
            }
        },
        token,
    )


def feeding_area(jurisdiction: str, authority: str) -> dict[str, str]:
    """Where the Act has each local authority fix its pounds' feeding rates (Nagaland s.4),
    the authority that fixed them; else none (the rate is for every area)."""
    rule = registry.get(jurisdiction).rate_rules().get(RateKind.FEEDING_PER_HEAD_PER_DAY)
    return {"localAuthorityId": authority} if rule is not None and rule.local_only else {}


async def department(
    dbs: Databases, gql: GraphQLClient, jurisdiction: str
) -> tuple[TenantFixture, str]:
    """A tenant with a pound and rates for cows and goats from 1 January 2026."""
    t = make_tenant(dbs, jurisdiction)
    made = (await gql.ok(POUND, {"name": "Main pound"}, t.token))["createPound"]
    area = feeding_area(jurisdiction, made["localAuthority"]["id"])
    for species, fine, feed in (("cow", "50.00", "10.00"), ("goat", "20.00", "5.00")):
        await rate(gql, t.token, "FINE_PER_HEAD", species, fine, "2026-01-01")
        await rate(gql, t.token, "FEEDING_PER_HEAD_PER_DAY", species, feed, "2026-01-01", **area)
    pound: str = made["id"]
    return t, pound


async def authority_of(gql: GraphQLClient, token: str, pound: str = "Main pound") -> str:
    """The global id of the local authority of the pound named `pound`."""
    found = await gql.ok("{ pounds { name localAuthority { id } } }", None, token)
    ids = [p["localAuthority"]["id"] for p in found["pounds"] if p["name"] == pound]
    return str(ids[0])


def seizure(pound: str, **over: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "poundId": pound,
        "seizedAt": "2026-01-03T09:00:00+05:30",
        "impoundedAt": "2026-01-03T15:00:00+05:30",
        "placeKind": "PRIVATE_LAND",
        "place": "Paddy field of K. Angami, Kohima village",
        "seizer": {"name": "K. Angami", "address": "Kohima village"},
        "seizerSigned": True,
        "seizerCapacity": "CULTIVATOR",
        "damage": "paddy trampled and eaten",
        "owner": {"name": "T. Sema", "address": "Jotsoma"},
        "animals": [
            {"species": "cow", "count": 2, "description": "brown, white blaze"},
            {"species": "goat", "count": 1},
        ],
    }
    base.update(over)
    return base


async def seize(gql: GraphQLClient, token: str, pound: str, **over: Any) -> dict[str, Any]:
    data = await gql.ok(SEIZE, {"input": seizure(pound, **over)}, token)
    case: dict[str, Any] = data["recordSeizure"]
    return case


def readable(account: str, holder: str | None) -> str:
    """An account named by its holder instead of the holder's id: "fund:x@Kohima TC"."""
    return f"{account.rsplit(':', 1)[0]}@{holder}" if holder else account


async def balances(gql: GraphQLClient, token: str) -> dict[str, str]:
    """The books, each account keyed by `readable`."""
    funds = (await gql.ok(FUNDS, token=token))["funds"]
    return {readable(f["account"], f["holder"]): f["balance"] for f in funds}


async def notice(
    gql: GraphQLClient,
    token: str,
    case: dict[str, Any],
    kind: str,
    issued_at: str,
    proclaimed_at: str | None = None,
) -> dict[str, Any]:
    """Record a notice of `kind` as issued (and proclaimed) at the instants given."""
    given: dict[str, Any] = {"impoundmentId": case["id"], "kind": kind, "issuedAt": issued_at}
    if proclaimed_at:
        given["proclaimedAt"] = proclaimed_at
    data = await gql.ok(NOTICE, {"input": given}, token)
    recorded: dict[str, Any] = data["recordNotice"]
    return recorded
