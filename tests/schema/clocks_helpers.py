"""Shared steps of the clock tests: run the sweep through the API, read a case's notices."""

from __future__ import annotations

from typing import Any

from tests.conftest import GraphQLClient

RUN = """
mutation($asOf: DateTime) {
  runDueActions(input: {asOf: $asOf}) { kind impoundmentId at late noticeId auctionId detail }
}"""
CASE = """
query($id: ID!) { impoundment(id: $id) {
  status
  nextAction { action notBefore deadline }
  notices { id kind issuedAt proclaimedAt late
            document { title text pdfBase64 citations { section } } }
  auctions { id round scheduledFor place conditions closedAt
             notice { text pdfBase64 } lots { id number species count status saleId } }
} }"""
PROCLAIM = """
mutation($input: RecordProclamationInput!) {
  recordProclamation(input: $input) { kind proclaimedAt }
}"""
CLOSE = """
mutation($input: CloseAuctionInput!) {
  closeAuction(input: $input) { id closedAt lots { number species count status saleId } }
}"""
RUNS = """
query($first: Int, $failedOnly: Boolean) {
  taskRuns(first: $first, failedOnly: $failedOnly) {
    task subject asOf outcome durationMs actions attempt error
  }
}"""


async def sweep(gql: GraphQLClient, token: str, as_of: str) -> list[dict[str, Any]]:
    done: list[dict[str, Any]] = (await gql.ok(RUN, {"asOf": as_of}, token))["runDueActions"]
    return done


async def case(gql: GraphQLClient, token: str, case_id: str) -> dict[str, Any]:
    found: dict[str, Any] = (await gql.ok(CASE, {"id": case_id}, token))["impoundment"]
    return found
