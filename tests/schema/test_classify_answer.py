"""A classification reads as one line of two clauses, and cites each provision once (issue #35:
"…(s.3) the Act defines…" ran together; Mizoram's mithun answer cited s.4 twice)."""

from __future__ import annotations

from tests.conftest import GraphQLClient

CLASSIFY = """
query($s: String!) {
  classifyAnimal(species: $s) { jurisdiction explanation citations { section } }
}"""


async def test_the_mithun_under_each_act_cites_each_section_once(gql: GraphQLClient) -> None:
    rows = (await gql.ok(CLASSIFY, {"s": "mithun"}))["classifyAnimal"]
    by = {r["jurisdiction"]: r for r in rows}
    for row in rows:
        sections = [c["section"] for c in row["citations"]]
        assert len(sections) == len(set(sections)), (row["jurisdiction"], sections)
    assert [c["section"] for c in by["mizoram"]["citations"]] == ["2(b)", "4", "2(a)"]
    # The answer on cattle and the one on "animal" are kept apart by a semicolon.
    assert "(s.3); the Act defines no term" in by["chhattisgarh"]["explanation"]
    assert "beside cattle; the mithun is reared" in by["mizoram"]["explanation"]
