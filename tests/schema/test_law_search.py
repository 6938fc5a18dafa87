"""Search a lawyer can use (issue #16): ranked hits, highlighted words, phrases, filters."""

from __future__ import annotations

import pytest

from tests.conftest import GraphQLClient

# Every anonymous answer here is checked made and kept (byte-equal): tests/conftest.py.
pytestmark = pytest.mark.public_law

SEARCH = (
    "query($t: String!, $j: ID, $a: String) { searchLaw(text: $t, jurisdiction: $j, act: $a) "
    "{ jurisdiction snippet rank section { number uri actUri confidence } "
    "snippetParts { text matched } headingParts { text matched } } }"
)


async def test_search_highlights_the_matched_words_in_its_snippet(gql: GraphQLClient) -> None:
    hits = (await gql.ok(SEARCH, {"t": "auction"}))["searchLaw"]
    assert hits
    for h in hits[:5]:
        matched = [p["text"].lower() for p in h["snippetParts"] + h["headingParts"] if p["matched"]]
        assert matched and all(m.startswith("auction") for m in matched)
    ranks = [h["rank"] for h in hits]
    assert ranks == sorted(ranks)  # best first


async def test_a_quoted_phrase_matches_only_the_words_together(gql: GraphQLClient) -> None:
    phrase = (await gql.ok(SEARCH, {"t": '"beat of drum"'}))["searchLaw"]
    assert [(h["jurisdiction"], h["section"]["number"]) for h in phrase] == [("nagaland", "14")]
    marked = [p["text"] for p in phrase[0]["snippetParts"] if p["matched"]]
    assert marked == ["beat of drum"]
    assert len((await gql.ok(SEARCH, {"t": '"drum beat"'}))["searchLaw"]) == 0


async def test_search_filters_by_act(gql: GraphQLClient) -> None:
    act = "/akn/in-nl/act/1985/agricultural-produce-marketing"
    hits = (await gql.ok(SEARCH, {"t": "compounding", "a": act}))["searchLaw"]
    assert hits and {h["section"]["actUri"] for h in hits} == {act}
    err = await gql.error(SEARCH, {"t": "pound", "a": "/akn/in-xx/act/1/none"})
    assert err["extensions"]["code"] == "NOT_FOUND"


async def test_a_scans_own_brackets_are_not_taken_for_highlights(gql: GraphQLClient) -> None:
    hits = (await gql.ok(SEARCH, {"t": "term", "j": "chhattisgarh"}))["searchLaw"]
    section_8 = next(h for h in hits if h["section"]["number"] == "8")
    unmatched = "".join(p["text"] for p in section_8["snippetParts"] if not p["matched"])
    assert "[illegible]" in unmatched  # the transcription's marker, shown as text
    assert [p["text"] for p in section_8["snippetParts"] if p["matched"]] == ["term"]
