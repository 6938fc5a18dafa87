"""Auctions run by the clock: scheduled once the Act's window opens, with a public notice and
lots; closed by recording the sales; unsold lots stay in the pound and go up again."""

from __future__ import annotations

import base64
from decimal import Decimal
from typing import Any

from tests.conftest import Databases, GraphQLClient
from tests.schema.clocks_helpers import CLOSE, case, sweep
from tests.schema.impoundment_helpers import balances, department, seize

BUYER = {"name": "L. Ao", "address": "Mokokchung", "role": "PUBLIC"}


async def _scheduled(dbs: Databases, gql: GraphQLClient) -> tuple[str, dict[str, Any]]:
    """A Nagaland case whose auction the sweep has scheduled (notice 11 Jan, auction from 19)."""
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)
    await sweep(gql, t.token, "2026-01-11T10:00:00+05:30")
    assert await sweep(gql, t.token, "2026-01-18T23:00:00+05:30") == []  # s.14(3)
    done = await sweep(gql, t.token, "2026-01-19T09:00:00+05:30")
    assert [(a["kind"], a["impoundmentId"]) for a in done] == [("SCHEDULE_AUCTION", seized["id"])]
    return t.token, seized


def _close(auction: dict[str, Any], at: str, results: list[dict[str, Any]]) -> dict[str, Any]:
    return {"input": {"auctionId": auction["id"], "at": at, "results": results}}


async def test_nagaland_auction_scheduled_once_with_notice_and_lots(
    dbs: Databases, gql: GraphQLClient
) -> None:
    token, seized = await _scheduled(dbs, gql)
    assert await sweep(gql, token, "2026-01-19T09:05:00+05:30") == []  # once
    (auction,) = (await case(gql, token, seized["id"]))["auctions"]
    assert auction["round"] == 1 and auction["closedAt"] is None
    assert auction["scheduledFor"] == "2026-01-23T11:00:00+05:30"
    assert auction["place"] == "Main pound, Kohima TC"
    assert "Director" in auction["conditions"]
    assert [(lot["species"], lot["count"], lot["status"]) for lot in auction["lots"]] == [
        ("cow", 2, "OFFERED"),
        ("goat", 1, "OFFERED"),
    ]
    text = auction["notice"]["text"]
    assert "Public auction of impounded cattle" in text and "lot 1: 2 cow" in text
    assert "section 19(1)" in text
    assert base64.b64decode(auction["notice"]["pdfBase64"]).startswith(b"%PDF")


async def test_closing_sells_lots_and_unsold_lots_go_up_again(
    dbs: Databases, gql: GraphQLClient
) -> None:
    token, seized = await _scheduled(dbs, gql)
    (auction,) = (await case(gql, token, seized["id"]))["auctions"]
    cows, _goats = auction["lots"]
    early = await gql.error(CLOSE, _close(auction, "2026-01-22T11:00:00+05:30", []), token)
    assert early["extensions"]["code"] == "TOO_EARLY"
    closed = await gql.ok(
        CLOSE,
        _close(
            auction,
            "2026-01-23T12:00:00+05:30",
            [{"lotId": cows["id"], "buyer": BUYER, "price": "3000.00", "expenses": "50.00"}],
        ),
        token,
    )
    lots = closed["closeAuction"]["lots"]
    assert [(lot["species"], lot["status"]) for lot in lots] == [
        ("cow", "SOLD"),
        ("goat", "UNSOLD"),
    ]
    assert lots[0]["saleId"] is not None
    again = await gql.error(CLOSE, _close(auction, "2026-01-23T13:00:00+05:30", []), token)
    assert again["extensions"]["code"] == "CONFLICT"

    found = await case(gql, token, seized["id"])
    assert found["status"] == "PARTLY_RELEASED"
    books = await balances(gql, token)
    assert sum(Decimal(v) for v in books.values()) == 0

    # The goat is still in the pound: the next sweep puts it up in a second round.
    done = await sweep(gql, token, "2026-01-24T09:00:00+05:30")
    assert [a["kind"] for a in done] == ["SCHEDULE_AUCTION"]
    second = (await case(gql, token, seized["id"]))["auctions"][1]
    assert second["round"] == 2
    assert [(lot["species"], lot["count"]) for lot in second["lots"]] == [("goat", 1)]


async def test_a_barred_buyer_is_refused_and_the_auction_stays_open(
    dbs: Databases, gql: GraphQLClient
) -> None:
    token, seized = await _scheduled(dbs, gql)
    (auction,) = (await case(gql, token, seized["id"]))["auctions"]
    keeper = {**BUYER, "role": "POUND_KEEPER"}
    err = await gql.error(
        CLOSE,
        _close(
            auction,
            "2026-01-23T12:00:00+05:30",
            [{"lotId": auction["lots"][0]["id"], "buyer": keeper, "price": "3000.00"}],
        ),
        token,
    )
    assert err["extensions"]["code"] == "PROHIBITED_PURCHASER"
    assert err["extensions"]["citation"]["section"] == "19(1)"
    (still,) = (await case(gql, token, seized["id"]))["auctions"]
    assert still["closedAt"] is None
    assert [lot["status"] for lot in still["lots"]] == ["OFFERED", "OFFERED"]


async def test_mizoram_auction_after_seven_days_from_the_announcement(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    seized = await seize(gql, t.token, pound)
    await sweep(gql, t.token, "2026-01-03T16:00:00+05:30")
    assert await sweep(gql, t.token, "2026-01-10T23:59:00+05:30") == []
    done = await sweep(gql, t.token, "2026-01-11T08:00:00+05:30")
    assert [a["kind"] for a in done] == ["SCHEDULE_AUCTION"]
    (auction,) = (await case(gql, t.token, seized["id"]))["auctions"]
    assert "Village Council" in auction["notice"]["text"]
    assert "section 10(3)" in auction["notice"]["text"]


async def test_the_open_auctions_are_listed_by_date(dbs: Databases, gql: GraphQLClient) -> None:
    token, seized = await _scheduled(dbs, gql)
    listed = await gql.ok("{ auctions { impoundmentId round scheduledFor } }", token=token)
    assert listed["auctions"] == [
        {"impoundmentId": seized["id"], "round": 1, "scheduledFor": "2026-01-23T11:00:00+05:30"}
    ]
    everything = await gql.ok("{ auctions(openOnly: false) { round } }", token=token)
    assert len(everything["auctions"]) == 1
