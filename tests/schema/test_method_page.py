"""The method page (issue #33): how the sources were read, served at /method, linked from the
sections it explains."""

from __future__ import annotations

from tests.conftest import GraphQLClient


async def test_the_method_page_says_how_the_sources_were_read(gql: GraphQLClient) -> None:
    r = await gql.http.get("/method")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    page = r.text
    for heading in ("The sources", "How the scan was read", "Summary and text"):
        assert f">{heading}</h2>" in page, heading
    assert 'id="summary-and-text"' in page and 'id="how-days-are-counted"' in page
    # The Bill, the scan, the counting of days and every mark.
    assert "BILL, 2014" in page and "OCR scan" in page and "General Clauses Act" in page
    for mark in ("read", "interpreted", "reconstructed", "unknown"):
        assert f"<strong>{mark}</strong>" in page, mark
    assert "<code>[illegible]</code>" in page


async def test_a_scanned_section_shows_its_summary_labelled_and_links_the_method(
    gql: GraphQLClient,
) -> None:
    r = await gql.http.get(
        "/akn/in-cg/act/1976/pashu-niyantran/~sec_1", headers={"Accept": "text/html"}
    )
    assert r.status_code == 200
    assert "This Act may be called the Madhya Pradesh Pashu (Niyantran) Adhiniyam, 1976." in r.text
    assert "(ours, not the Act's words)" in r.text and 'href="/method#summary-and-text"' in r.text
    act = await gql.http.get("/akn/in-mz/act/2014/animal-control-taxation")
    assert "Source: The source is the Bill of 2014" in act.text
