"""Full-text search over every installed Act's sections (SQLite FTS5, in memory).

Built once from the plugins' data; ranked by BM25 with a highlighted snippet. Pure
Python standard library, so it works the same whatever database the platform runs on.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from dataclasses import dataclass
from functools import cache

from pashu.jurisdictions.acts import Act, Section
from pashu.jurisdictions.registry import installed


@dataclass(frozen=True)
class Hit:
    jurisdiction: str
    act: Act
    section: Section
    snippet: str  # the matched words between OPEN and CLOSE
    heading: str  # the heading, its matched words between OPEN and CLOSE
    rank: float  # a score, larger is better: BM25 negated (SQLite's bm25 is smaller-better)

    @property
    def snippet_parts(self) -> list[tuple[str, bool]]:
        return parts(self.snippet)

    @property
    def heading_parts(self) -> list[tuple[str, bool]]:
        return parts(self.heading)


# Marks around a match: control characters no Act's text holds (the scans' own square
# brackets, "[illegible]", must not read as highlights).
OPEN, CLOSE = "\x02", "\x03"


def parts(marked: str) -> list[tuple[str, bool]]:
    """ "a \x02b\x03 c" -> [("a ", False), ("b", True), (" c", False)]."""
    out: list[tuple[str, bool]] = []
    for i, piece in enumerate(re.split(f"[{OPEN}{CLOSE}]", marked)):
        if piece:
            out.append((piece, i % 2 == 1))
    return out


def bracketed(marked: str) -> str:
    return marked.replace(OPEN, "[").replace(CLOSE, "]")


# A quoted run of words is a phrase; the rest are words matched as prefixes.
_PHRASE = re.compile(r'"([^"]*)"')


def fts_query(text: str) -> str | None:
    """FTS5 syntax from what a lawyer types: every word and every "quoted phrase" must
    match; each token is quoted, so FTS operators in the input are only words."""
    phrases = [re.findall(r"\w+", p.lower()) for p in _PHRASE.findall(text)]
    words = re.findall(r"\w+", _PHRASE.sub(" ", text).lower())
    terms = [f'"{" ".join(p)}"' for p in phrases if p] + [f'"{w}"*' for w in words]
    return " ".join(terms) or None


class LawIndex:
    def __init__(self) -> None:
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._lock = threading.Lock()  # one in-memory connection shared by threads
        self._db.execute(
            "CREATE VIRTUAL TABLE law USING fts5(heading, text, jurisdiction UNINDEXED, "
            "act UNINDEXED, ref UNINDEXED, tokenize='porter unicode61')"
        )
        self._refs: dict[int, tuple[str, Act, Section]] = {}
        for plugin in installed():
            for act in plugin.acts:
                for sec in act.sections:
                    ref = len(self._refs)
                    self._refs[ref] = (plugin.code, act, sec)
                    self._db.execute(
                        "INSERT INTO law VALUES (?, ?, ?, ?, ?)",
                        (sec.heading, sec.text, plugin.code, act.uri, ref),
                    )

    def search(
        self,
        text: str,
        jurisdiction: str | None = None,
        limit: int = 20,
        act: str | None = None,
    ) -> list[Hit]:
        query = fts_query(text)
        if query is None:
            return []
        sql = (
            "SELECT ref, snippet(law, 1, ?, ?, ' … ', 16), highlight(law, 0, ?, ?), "
            "bm25(law, 4.0, 1.0) AS r FROM law WHERE law MATCH ?"
        )
        args: list[object] = [OPEN, CLOSE, OPEN, CLOSE, query]
        if jurisdiction is not None:
            sql += " AND jurisdiction = ?"
            args.append(jurisdiction)
        if act is not None:
            sql += " AND act = ?"
            args.append(act)
        sql += " ORDER BY r LIMIT ?"
        args.append(limit)
        with self._lock:
            rows = self._db.execute(sql, args).fetchall()
        hits = []
        for ref, snippet, heading, rank in rows:
            code, found, sec = self._refs[ref]
            # Clients read a score as larger-is-better; FTS5's bm25() is negative and smaller
            # is better, so its negation is the same order with the sign they expect.
            hits.append(Hit(code, found, sec, snippet or sec.heading, heading, -rank))
        return hits


@cache
def law_index() -> LawIndex:
    return LawIndex()
