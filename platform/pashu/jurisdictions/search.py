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
    snippet: str


class LawIndex:
    def __init__(self) -> None:
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._lock = threading.Lock()  # one in-memory connection shared by threads
        self._db.execute(
            "CREATE VIRTUAL TABLE law USING fts5(heading, text, jurisdiction UNINDEXED, "
            "ref UNINDEXED, tokenize='porter unicode61')"
        )
        self._refs: dict[int, tuple[str, Act, Section]] = {}
        for plugin in installed():
            for act in plugin.acts:
                for sec in act.sections:
                    ref = len(self._refs)
                    self._refs[ref] = (plugin.code, act, sec)
                    self._db.execute(
                        "INSERT INTO law VALUES (?, ?, ?, ?)",
                        (sec.heading, sec.text, plugin.code, ref),
                    )

    def search(self, text: str, jurisdiction: str | None = None, limit: int = 20) -> list[Hit]:
        words = re.findall(r"\w+", text.lower())
        if not words:
            return []
        # Every word must match (as a prefix); quoting keeps FTS syntax out of user input.
        query = " ".join(f'"{w}"*' for w in words)
        sql = (
            "SELECT ref, snippet(law, 1, '[', ']', ' … ', 16), bm25(law, 4.0, 1.0) AS r "
            "FROM law WHERE law MATCH ?"
        )
        args: list[object] = [query]
        if jurisdiction is not None:
            sql += " AND jurisdiction = ?"
            args.append(jurisdiction)
        sql += " ORDER BY r LIMIT ?"
        args.append(limit)
        with self._lock:
            rows = self._db.execute(sql, args).fetchall()
        hits = []
        for ref, snippet, _rank in rows:
            code, act, sec = self._refs[ref]
            hits.append(Hit(code, act, sec, snippet or sec.heading))
        return hits


@cache
def law_index() -> LawIndex:
    return LawIndex()
