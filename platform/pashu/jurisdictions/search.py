"""Full-text search over every installed Act's sections (SQLite FTS5, in memory).

Built once from the plugins' data; ranked by BM25 with a highlighted snippet. Pure
Python standard library, so it works the same whatever database the platform runs on.

Two kinds of rows: the Acts' own words (heading and text), and our editorial notes (a
section's note, its summary, the notes on its provisions), indexed apart so a search for
words only a note holds ("most likely") finds the note, labelled editorial, never the Act.
Hits come in three groups, each by BM25: sections whose words match, sections known by their
heading alone (the text is not held), then editorial notes.

No stemmer: Porter's makes "illegible" and "illegal" one word ("illeg"). Each word is matched
as a prefix, with its regular English plural or singular ("penalty"/"penalties",
"calf"/"calves"), so inflected forms are found without merging different words.
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
    # A score, larger is better: BM25 negated (FTS5's bm25 is smaller-better), within the
    # hit's group (see the module's doc); the answer's order is the ranking.
    rank: float
    editorial: bool = False  # the match is in our notes on the section, not the Act's words

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


def forms(word: str) -> list[str]:
    """The word and its regular plural or singular, each matched as a prefix."""
    out = [word]
    if len(word) > 3:
        if word.endswith("ies"):
            out.append(word[:-3] + "y")
        elif word.endswith("ves"):
            out += [word[:-3] + "f", word[:-3] + "fe"]
        elif word.endswith("s") and not word.endswith("ss"):
            out.append(word[:-1])
        if word.endswith("y") and not word.endswith("ly"):
            out.append(word[:-1] + "ies")
        elif word.endswith("fe"):
            out.append(word[:-2] + "ves")
        elif word.endswith("f"):
            out.append(word[:-1] + "ves")
    return list(dict.fromkeys(out))


def fts_query(text: str) -> str | None:
    """FTS5 syntax from what a lawyer types: every word and every "quoted phrase" must
    match; each token is quoted, so FTS operators in the input are only words."""
    phrases = [re.findall(r"\w+", p.lower()) for p in _PHRASE.findall(text)]
    words = re.findall(r"\w+", _PHRASE.sub(" ", text).lower())
    terms = [f'"{" ".join(p)}"' for p in phrases if p]
    for w in words:
        alternatives = [f'"{f}"*' for f in forms(w)]
        terms.append(
            alternatives[0] if len(alternatives) == 1 else f"({' OR '.join(alternatives)})"
        )
    # Explicit AND: FTS5 does not join a parenthesised group to its neighbours implicitly.
    return " AND ".join(terms) or None


# The transcription's marker for an illegible span is the editor's, not the Act's: it is
# indexed as a symbol no word matches (so "illegible" finds the notes that say so, not every
# span of the scan) and shown again as written.
ILLEGIBLE = "[illegible]"
_HIDDEN = "[\u2591]"  # a shade block: a separator to the unicode61 tokenizer


def _indexed(words: str) -> str:
    return words.replace(ILLEGIBLE, _HIDDEN)


def _shown(words: str) -> str:
    return words.replace(_HIDDEN, ILLEGIBLE)


def editorial_text(section: Section) -> str:
    """Our words about a section: its summary, its note and the notes on its provisions."""
    notes = [section.summary, section.note, *(p.note for p in section.provisions)]
    return "\n".join(dict.fromkeys(n for n in notes if n))


# Groups, in the order hits are given.
_WORDS, _HEADING_ONLY, _EDITORIAL = 0, 1, 2


class LawIndex:
    def __init__(self) -> None:
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._lock = threading.Lock()  # one in-memory connection shared by threads
        self._db.execute(
            "CREATE VIRTUAL TABLE law USING fts5(heading, text, jurisdiction UNINDEXED, "
            "act UNINDEXED, ref UNINDEXED, grp UNINDEXED, tokenize='unicode61 remove_diacritics 2')"
        )
        self._refs: dict[int, tuple[str, Act, Section]] = {}
        rows = []
        for plugin in installed():
            for act in plugin.acts:
                for sec in act.sections:
                    ref = len(self._refs)
                    self._refs[ref] = (plugin.code, act, sec)
                    group = _WORDS if sec.text else _HEADING_ONLY
                    rows.append(
                        (
                            _indexed(sec.heading),
                            _indexed(sec.text),
                            plugin.code,
                            act.uri,
                            ref,
                            group,
                        )
                    )
                    notes = editorial_text(sec)
                    if notes:
                        rows.append(("", notes, plugin.code, act.uri, ref, _EDITORIAL))
        self._db.executemany("INSERT INTO law VALUES (?, ?, ?, ?, ?, ?)", rows)

    def search(
        self,
        text: str,
        jurisdiction: str | None = None,
        limit: int = 20,
        act: str | None = None,
        editorial: bool | None = None,
    ) -> list[Hit]:
        """`editorial`: None, both kinds of rows; False, the Acts' words only; True, notes only."""
        query = fts_query(text)
        if query is None:
            return []
        sql = (
            "SELECT ref, snippet(law, 1, ?, ?, ' … ', 16), highlight(law, 0, ?, ?), "
            "bm25(law, 4.0, 1.0) AS r, grp FROM law WHERE law MATCH ?"
        )
        args: list[object] = [OPEN, CLOSE, OPEN, CLOSE, query]
        if jurisdiction is not None:
            sql += " AND jurisdiction = ?"
            args.append(jurisdiction)
        if act is not None:
            sql += " AND act = ?"
            args.append(act)
        if editorial is not None:
            sql += " AND grp = ?" if editorial else " AND grp != ?"
            args.append(_EDITORIAL)
        sql += " ORDER BY grp, r LIMIT ?"
        args.append(limit)
        with self._lock:
            rows = self._db.execute(sql, args).fetchall()
        hits = []
        for ref, snippet, heading, rank, group in rows:
            code, found, sec = self._refs[ref]
            # Clients read a score as larger-is-better; FTS5's bm25() is negative and smaller
            # is better, so its negation is the same order with the sign they expect.
            hits.append(
                Hit(
                    code,
                    found,
                    sec,
                    _shown(snippet) or sec.heading,
                    _shown(heading) or sec.heading,
                    -rank,
                    editorial=group == _EDITORIAL,
                )
            )
        return hits


@cache
def law_index() -> LawIndex:
    return LawIndex()
