"""Search a lawyer can use (issue #16): ranked hits, highlighted words, phrases, filters."""

from __future__ import annotations

from typing import Any

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
    # A score (issue #35): larger is better, and hits come best first (the Acts' words: no
    # editorial note says it).
    assert ranks == sorted(ranks, reverse=True) and all(r > 0 for r in ranks)


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


EDITORIAL = (
    "query($t: String!, $j: ID, $e: Boolean) { searchLaw(text: $t, jurisdiction: $j, "
    "editorial: $e) { jurisdiction editorial snippet section { number actUri } "
    "snippetParts { text matched } headingParts { text matched } } }"
)


async def _hits(gql: GraphQLClient, text: str, **kw: Any) -> list[dict[str, Any]]:
    hits: list[dict[str, Any]] = (await gql.ok(EDITORIAL, {"t": text, **kw}))["searchLaw"]
    return hits


def _where(hits: list[dict[str, Any]]) -> list[tuple[Any, Any, Any]]:
    return [(h["jurisdiction"], h["section"]["number"], h["editorial"]) for h in hits]


async def test_editorial_words_are_found_only_in_notes_and_labelled_editorial(
    gql: GraphQLClient,
) -> None:
    """ "most likely" is our reading of the scan, never the Act's words."""
    for words in ("most likely", "illegible", "reconstructed", "inference"):
        hits = await _hits(gql, words)
        assert hits, words
        assert all(h["editorial"] is True for h in hits), (words, _where(hits))
    only_acts = await _hits(gql, "most likely", e=False)
    assert only_acts == []


async def test_calf_finds_mizoram_2b_calves_first_and_the_scan_note_after_labelled(
    gql: GraphQLClient,
) -> None:
    for words in ("calf", "calves"):
        hits = await _hits(gql, words)
        assert _where(hits)[0] == ("mizoram", "2", False), words
        schedule = [h for h in hits if h["section"]["number"] == "Schedule"]
        assert schedule and all(h["editorial"] for h in schedule), words


async def test_illegible_does_not_find_illegal(gql: GraphQLClient) -> None:
    """No stemmer merges them ("illeg"); the scan's [illegible] markers are not words."""
    for h in await _hits(gql, "illegible"):
        assert "illegal" not in str(h["snippet"]).lower()
        assert h["editorial"] is True
    illegal = await _hits(gql, "illegal")
    assert illegal and all(h["jurisdiction"] == "nagaland" for h in illegal)


async def test_inflected_forms_are_found_without_a_stemmer(gql: GraphQLClient) -> None:
    penalties = {(h["jurisdiction"], h["section"]["number"]) for h in await _hits(gql, "penalty")}
    assert ("nagaland", "28") in penalties  # "any other penalty"
    assert await _hits(gql, "compounded") or await _hits(gql, "compounding")


async def test_sections_known_by_their_heading_alone_do_not_rank_first(gql: GraphQLClient) -> None:
    """The marketing Act is held as headings only: its "Compounding of offences" and
    "Penalties" come after every section whose words match."""
    marketing = "/akn/in-nl/act/1985/agricultural-produce-marketing"
    for words in ("compound", "penalty"):
        hits = await _hits(gql, words, e=False)
        assert hits[0]["section"]["actUri"] != marketing, words
        seen_heading_only = False
        for h in hits:
            if h["section"]["actUri"] == marketing:
                seen_heading_only = True
            else:
                assert not seen_heading_only, (words, _where(hits))
