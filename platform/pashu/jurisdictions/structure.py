"""A section's text split on its own numbering: sub-sections, paragraphs, sub-paragraphs.

The Acts are held as each section's text (acts/*.yaml), one line per numbered part as the
source prints it. The hierarchy is derived here from that text, never retyped: a line that
opens with a number — "(1)", "(a)", "(ii)", "ii)", "1." — opens a part, and the order in which
the numbering styles first appear in a section gives their depth (a definitions section may run
(a)…(k) then (i)…(iii); another section (1)…(3) then (a)…(c)). Each part's eId follows the
citations' convention (`provision_eid`): subsec at the first depth, para at the second,
subpara below — so `~sec_2__subsec_k__para_ii` names a part that exists.

Rules, each for a case the sources have:
- "(i)" continues a lettered run when it is the next letter ((h) then (i)); otherwise it is a
  Roman numeral ((f) then (i)).
- A number repeated among siblings (one register's clauses print "(c)" twice) keeps its printed
  number but takes the next free one in its run for its eId, as INTERPRETATION.md reads it.
- "(2) (a) It extends…" opens two parts; "(2) Goats : i) Every owner…" opens the paragraph
  after the colon.
- A proviso ("Provided that…", "[Proviso:]") is its own unnumbered part, `…_proviso`, inside
  the part it qualifies; a "[Margin note: …]" line is an unnumbered part of the section,
  `…_margin`. Lines that open nothing continue the part before them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

KINDS = ("subsec", "para", "subpara")  # eId prefixes by depth (core/citations.py)
ELEMENTS = {"subsec": "subsection", "para": "paragraph", "subpara": "subparagraph"}

_ROMAN = {
    r: i + 1
    for i, r in enumerate(
        [
            "i",
            "ii",
            "iii",
            "iv",
            "v",
            "vi",
            "vii",
            "viii",
            "ix",
            "x",
            "xi",
            "xii",
            "xiii",
            "xiv",
            "xv",
            "xvi",
            "xvii",
            "xviii",
            "xix",
            "xx",
        ]
    )
}
# "(1)", "(a)", "(ii)" — or "ii)" and "1." as some lines print them.
_MARK = re.compile(
    r"^(?:\(\s*([0-9]{1,3}|[a-z]{1,4})\s*\)|([ivx]{1,5})\)|([0-9]{1,3})\.)(?=\s|$)\s*"
)
_AFTER_COLON = re.compile(r"^(.*?:)\s+((?:\(\s*(?:1|a|i)\s*\)|i\))\s.*)$")
_PROVISO = re.compile(r"^(?:Provided\b|\[Proviso:?\])")
_MARGIN = re.compile(r"^\[Margin note\b")


@dataclass
class Part:
    """One numbered (or named) part of a section."""

    eid: str
    kind: str  # subsec / para / subpara
    num: str | None  # as printed: "(3)", "ii)"; None for a proviso or margin note
    token: str  # the number in the eId: "3", "ii", "proviso"
    style: str  # num / alpha / roman / named
    lines: list[str] = field(default_factory=list)
    children: list[Part] = field(default_factory=list)

    @property
    def element(self) -> str:
        return ELEMENTS[self.kind]

    def walk(self) -> list[Part]:
        out = [self]
        for c in self.children:
            out.extend(c.walk())
        return out


@dataclass
class Split:
    """A section's own lines (before its first part) and its parts."""

    lines: list[str]
    parts: list[Part]

    def eids(self) -> set[str]:
        return {p.eid for top in self.parts for p in top.walk()}


def _style(token: str, expected_alpha: set[str]) -> str:
    if token.isdigit():
        return "num"
    if token in _ROMAN and token not in expected_alpha:
        return "roman"
    return "alpha"


def _next(style: str, token: str) -> str:
    if style == "num":
        return str(int(token) + 1)
    if style == "roman":
        by_value = {v: k for k, v in _ROMAN.items()}
        return by_value.get(_ROMAN.get(token, 0) + 1, token + "i")
    return chr(ord(token[-1]) + 1) if len(token) == 1 and token < "z" else token + "a"


def split(section_eid: str, text: str) -> Split:
    root = Part(section_eid, "", None, "", "named")
    order: list[str] = []  # numbering styles in the order they first appear: their depth
    stack: list[Part] = []  # the open numbered parts, by depth
    current = root  # where a line that opens nothing belongs

    def parent_at(depth: int) -> Part:
        return stack[depth - 1] if depth else root

    def open_part(depth: int, token: str, num: str | None, style: str) -> Part:
        parent = parent_at(depth)
        taken = {c.token for c in parent.children}
        eid_token = token
        while eid_token in taken:  # a number printed twice: the next free one in its run
            eid_token = _next(style, eid_token) if style != "named" else eid_token + "_2"
        kind = KINDS[min(depth, len(KINDS) - 1)]
        part = Part(f"{parent.eid}__{kind}_{eid_token}", kind, num, eid_token, style)
        parent.children.append(part)
        return part

    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    # A proviso that runs on in the line of its part starts a line of its own.
    queue: list[str] = []
    for ln in lines:
        head, sep, tail = ln.partition("[Proviso:]")
        queue.extend([head.strip(), sep + tail] if sep and head.strip() else [ln])
    i = 0
    while i < len(queue):
        line = queue[i]
        i += 1
        m = _MARK.match(line)
        if m:
            token = (m.group(1) or m.group(2) or m.group(3)).strip()
            expected = {_next("alpha", p.token) for p in stack if p.style == "alpha"}
            style = _style(token, expected)
            if style not in order:
                order.append(style)
            depth = min(order.index(style), len(stack))
            del stack[depth:]
            part = open_part(depth, token, m.group(0).strip(), style)
            stack.append(part)
            current = part
            rest = line[m.end() :].strip()
            if _MARK.match(rest):  # "(2) (a) It extends…": two parts open on one line
                queue.insert(i, rest)
                continue
            colon = _AFTER_COLON.match(rest)
            if colon:  # "(2) Goats : i) Every owner…": the part's words, then its first child
                rest = colon.group(1)
                queue.insert(i, colon.group(2))
            if rest:
                part.lines.append(rest)
            continue
        if _PROVISO.match(line):
            proviso = open_part(len(stack), "proviso", None, "named")
            proviso.lines.append(line)
            current = proviso  # its own continuation lines follow it
            continue
        if _MARGIN.match(line):
            del stack[:]
            margin = open_part(0, "margin", None, "named")
            margin.lines.append(line)
            current = margin
            continue
        current.lines.append(line)
    return Split(root.lines, root.children)


# Cross-references: "section 10", "sections 25,26 and 28", "sub-section (2) of section 8",
# "sub-section (1)" (of the section it stands in), "§4". A mention followed by "of the …" or
# "of that …" names another Act's section ("section 21 of the Indian Penal Code") and is left
# as text. A number the text prints wrongly is linked as the Act's data reads it
# (`cross_references` in acts/*.yaml: a "section II" printed for section 11).
_NUMBER = r"(?:\d+|[IVX]+\b|\([IVX]+\))"
_SUBSEC = r"sub-?\s?section\s*\((\w+)\)"
_REF = re.compile(
    rf"{_SUBSEC}(?:\s+of\s+section\s+({_NUMBER}))?"
    rf"|\bsections?\s+({_NUMBER}(?:\s*(?:,|and|or|to)\s*{_NUMBER})*)"
    rf"|§\s?(\d+)"
    r"|\bChapter\s+([IVX]+)\b",
    re.I,
)
_EXTERNAL = re.compile(r"^\s*(?:\(\w+\))?\s*of\s+(?:the|that)\b", re.I)
_ONE = re.compile(_NUMBER)


Segment = str | tuple[str, str]  # plain text, or (text, eId it refers to)


def cross_references(
    text: str,
    here: str,
    sections: set[str],
    eids: dict[str, set[str]],
    readings: dict[str, str] | None = None,
    chapters: set[str] | None = None,
) -> list[Segment]:
    """`text` (one line of section `here`) cut into plain text and references to the Act's
    own provisions, as eIds. `sections` are the Act's section numbers, `eids` each section's
    parts' eIds; `readings` maps a section number as printed ("2", "II") to the section it is
    read as ("22", "11"); `chapters` are the Act's chapter numbers ("III")."""
    read = {k.removeprefix("section ").strip("()"): v for k, v in (readings or {}).items()}
    out: list[Segment] = []
    at = 0

    def link(start: int, end: int, eid: str | None) -> None:
        nonlocal at
        if eid is None:
            return
        if start > at:
            out.append(text[at:start])
        out.append((text[start:end], eid))
        at = end

    def number(printed: str) -> str:
        n = printed.strip("()")
        return read.get(n, n)

    def section_eid(printed: str) -> str | None:
        n = number(printed)
        return f"sec_{n}" if n in sections else None

    for m in _REF.finditer(text):
        if _EXTERNAL.match(text[m.end() :]):
            continue
        if m.group(1):  # a sub-section, of a named section or of this one
            sec = number(m.group(2)) if m.group(2) else here
            eid = f"sec_{sec}__subsec_{m.group(1)}"
            link(m.start(), m.end(), eid if eid in eids.get(sec, set()) else None)
        elif m.group(3):
            base = m.start(3)
            for one in _ONE.finditer(m.group(3)):
                start, end = base + one.start(), base + one.end()
                if one.start() == 0:  # the word "section" belongs to the first link
                    start = m.start()
                link(start, end, section_eid(one.group(0)))
        elif m.group(4):
            link(m.start(), m.end(), section_eid(m.group(4)))
        else:
            num = m.group(5).upper()
            link(m.start(), m.end(), f"chp_{num}" if num in (chapters or set()) else None)
    if at < len(text):
        out.append(text[at:])
    return out
