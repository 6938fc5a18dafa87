"""W5 asks each query as the frontend's page sends it: with the signed-in user's token, or,
for the law pages' queries, without one (bench/documents.py `PUBLIC`). The set is read off
the pages' calls (web/*.js: `gql("Name", variables, { auth: true })` sends the token), so a
page that starts or stops sending it changes what W5 must ask."""

from __future__ import annotations

import re
from pathlib import Path

from bench.documents import PUBLIC, queries, sends_token

WEB = Path(__file__).resolve().parents[2] / "platform/pashu/web"
# A call of the pages' `gql` (web/lib.js): its operation's name, and its arguments up to `);`.
CALL = re.compile(r'\bgql\(\s*"(\w+)"(.*?)\);', re.DOTALL)


def _calls() -> dict[str, set[bool]]:
    """Each operation the pages call by name, and whether each call sends the token."""
    found: dict[str, set[bool]] = {}
    for page in WEB.glob("*.js"):
        for m in CALL.finditer(page.read_text(encoding="utf-8")):
            found.setdefault(m.group(1), set()).add("auth: true" in m.group(2))
    return found


def test_the_queries_sent_without_a_token_are_the_law_pages() -> None:
    calls = _calls()
    names = {d.name for d in queries()}
    without = {name for name, sent in calls.items() if False in sent and name in names}
    assert without == PUBLIC
    # None of them is also sent with a token by another page (W5 would then measure one way).
    assert all(calls[name] == {False} for name in PUBLIC)
    assert not sends_token("CompareMatrix") and sends_token("LatestCases")
