"""The documents of a case: the seizer's copy, the receipt, the sale account, the pound's
exhibited list (Nagaland ss.7, 11(4), 13, 16(3); Mizoram ss.7(4), 9(2))."""

from __future__ import annotations

import base64
import multiprocessing

from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import DELIVER, department, seize

COPY = """
query($id: ID!) { impoundment(id: $id) {
  registerCopy { title text pdfBase64 citations { section } }
  receipts { number document { text } }
} }"""
LIST = """
{ pounds { exhibitedList(on: "2026-01-05") { title text citations { section } } } }"""


async def test_the_seizer_gets_a_copy_of_the_entry(dbs: Databases, gql: GraphQLClient) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    doc = (await gql.ok(COPY, {"id": case["id"]}, t.token))["impoundment"]["registerCopy"]
    assert "Register no.  1" in doc["text"] or "Register no." in doc["text"]
    assert "2 cow, 1 goat" in doc["text"]
    assert "03 Jan 2026, 09:00 IST" in doc["text"]
    assert "K. Angami, Kohima village" in doc["text"]
    assert "signed in the register" in doc["text"]
    assert doc["citations"] == [{"section": "7"}]
    assert base64.b64decode(doc["pdfBase64"]).startswith(b"%PDF")


async def test_the_receipt_itemises_what_was_paid(dbs: Databases, gql: GraphQLClient) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    case = await seize(gql, t.token, pound)
    await gql.ok(
        DELIVER,
        {
            "input": {
                "impoundmentId": case["id"],
                "at": "2026-01-03T18:00:00+05:30",
                "claimant": {"name": "T. Sema", "address": "Jotsoma"},
                "amountPaid": "145.00",
            }
        },
        t.token,
    )
    data = (await gql.ok(COPY, {"id": case["id"]}, t.token))["impoundment"]
    text = data["receipts"][0]["document"]["text"]
    assert "Receipt no. 1" in text and "Rs 145.00" in text
    assert "Fine" in text and "Feeding and watering" in text


async def test_the_pound_exhibits_its_fines_and_rates(dbs: Databases, gql: GraphQLClient) -> None:
    t, _ = await department(dbs, gql, "nagaland")
    doc = (await gql.ok(LIST, token=t.token))["pounds"][0]["exhibitedList"]
    assert "Rs 50.00" in doc["text"] and "Rs 10.00" in doc["text"]
    assert "Kohima TC" in doc["text"]
    assert {"section": "11(1)"} in doc["citations"] and {"section": "4"} in doc["citations"]


async def test_a_copy_is_printed_after_the_executor_is_stopped_and_started_again(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """A renderer ends when the thread that started it ends (PR_SET_PDEATHSIG is per thread),
    and renderers are started from the executor's thread: stopping the executor (a server
    stopped and another started in one process, as the benchmark's harnesses do) ends them,
    and the next PDF is printed by renderers started afresh. It used to be refused as
    INTERNAL, by a pool whose renderers had ended with the old thread."""
    from pashu.app import executor
    from pashu.schema.documents import forget_rendered

    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    first = (await gql.ok(COPY, {"id": case["id"]}, t.token))["impoundment"]["registerCopy"]
    executor.stop()
    forget_rendered()  # printed again, not served as kept
    # The database's pools belonged to the stopped loop: let go, as a server's lifespan does.
    await dbs.app.dispose()
    again = (await gql.ok(COPY, {"id": case["id"]}, t.token))["impoundment"]["registerCopy"]
    assert base64.b64decode(again["pdfBase64"]).startswith(b"%PDF")
    assert again["text"] == first["text"]


async def test_a_paper_asked_again_is_the_same_file_and_is_not_printed_again(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """A case's papers are opened and printed again and again: the same document is kept as
    printed (by its content), so the file asked again is the same, byte for byte, and no
    renderer is started for it; a document that says something else is printed anew."""
    from pashu.schema.documents import stop_renderers

    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    first = (await gql.ok(COPY, {"id": case["id"]}, t.token))["impoundment"]["registerCopy"]
    stop_renderers()  # every renderer ended: printing again would start one
    again = (await gql.ok(COPY, {"id": case["id"]}, t.token))["impoundment"]["registerCopy"]
    assert again["pdfBase64"] == first["pdfBase64"]
    assert not multiprocessing.active_children()
    other = await seize(gql, t.token, pound, place="Maize field, Jotsoma")
    copy = (await gql.ok(COPY, {"id": other["id"]}, t.token))["impoundment"]["registerCopy"]
    assert copy["pdfBase64"] != first["pdfBase64"]
    assert multiprocessing.active_children()  # printed
