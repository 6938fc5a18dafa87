"""Printable documents: plain text for the screen and the register, PDF for printing.

A document is a title, a list of (label, value) rows and the provisions it rests on. The
PDF uses the core Helvetica font, so text outside Latin-1 is transliterated there (the
plain text keeps it as written).
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_right
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from itertools import accumulate

from fpdf import FPDF
from fpdf.fonts import CoreFont

from pashu.core.citations import Citation
from pashu.core.legaltime import IST


@dataclass(frozen=True)
class Document:
    title: str
    rows: list[tuple[str, str]]
    cites: list[Citation] = field(default_factory=list)
    footer: str = ""

    def text(self) -> str:
        width = max((len(label) for label, _ in self.rows), default=0)
        lines = [self.title, "=" * len(self.title), ""]
        lines += [f"{label.ljust(width)}  {value}" for label, value in self.rows]
        if self.cites:
            lines += ["", "Under: " + "; ".join(f"{c.act_title} {c.cited}" for c in self.cites)]
        if self.footer:
            lines += ["", self.footer]
        return "\n".join(lines) + "\n"

    def pdf(self) -> bytes:
        doc = FPDF(format="A4")
        doc.set_auto_page_break(auto=True, margin=15)
        doc.add_page()
        doc.set_font("Helvetica", "B", 14)
        _paragraph(doc, self.title, 8)
        doc.ln(2)
        for label, value in self.rows:
            doc.set_font("Helvetica", "B", 10)
            doc.cell(60, 6, _latin1(label))
            doc.set_font("Helvetica", size=10)
            _paragraph(doc, value, 6)
        if self.cites:
            doc.ln(3)
            doc.set_font("Helvetica", "I", 9)
            under = "; ".join(f"{c.act_title} {c.cited}" for c in self.cites)
            _paragraph(doc, "Under: " + under, 5)
        if self.footer:
            doc.ln(3)
            _paragraph(doc, self.footer, 5)
        return bytes(doc.output())


def _paragraph(doc: FPDF, text: str, height: float) -> None:
    """`text` from where the cursor stands to the right margin, wrapped at spaces (a word
    wider than the line at its characters), a line of `height` each, on as many pages as it
    takes; the cursor left at the left margin below it, as fpdf's `multi_cell` leaves it.

    Not `multi_cell`: it measures a line again for each character it adds, so the register
    copy of a full seizure (2,000 animals, descriptions of up to 300 characters: some 600,000
    characters in one row) took 29 s to print. Here each character is measured once, and
    each line is written as it is (`text`), not laid out as a cell: about 0.3 s."""
    x = doc.get_x()
    room = doc.w - doc.r_margin - x - 2 * doc.c_margin
    font = doc.current_font
    assert isinstance(font, CoreFont)  # Helvetica, a core font
    widths = font.cw  # its characters' widths, in 1/1000 of its size
    scale = doc.font_size_pt * 0.001 / doc.k
    # A cell's baseline, as fpdf places one in a cell of this height.
    baseline = 0.5 * height + 0.3 * doc.font_size
    y = doc.get_y()
    for line in _lines(_latin1(text), room / scale, widths):
        if y + height > doc.page_break_trigger:
            doc.add_page()
            y = doc.get_y()
        if line:
            doc.text(x + doc.c_margin, y + baseline, line)
        y += height
    doc.set_xy(doc.l_margin, y)


def _lines(text: str, room: float, widths: Mapping[str, float]) -> Iterator[str]:
    """`text` as lines at most `room` wide (in the font's units), broken at spaces and at its
    own line breaks, a word wider than a line broken at its characters."""
    space = widths[" "]
    width = widths.__getitem__
    for paragraph in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line: list[str] = []
        used = 0.0
        for word in paragraph.split(" "):
            wide = sum(map(width, word))
            if line and used + space + wide <= room:
                line.append(word)
                used += space + wide
                continue
            if line:
                yield " ".join(line)
            if wide <= room:
                line, used = [word], wide
                continue
            # Too wide for any line: broken where it reaches the margin.
            ends = list(accumulate(map(width, word)))
            start, before = 0, 0.0
            while True:
                end = max(bisect_right(ends, before + room, lo=start), start + 1)
                if end >= len(word):
                    line, used = [word[start:]], ends[-1] - before
                    break
                yield word[start:end]
                start, before = end, ends[end - 1]
        yield " ".join(line)


def pdf(doc: Document) -> bytes:
    """`doc.pdf()`, as a function a pool of processes can be handed (schema/documents.py)."""
    return doc.pdf()


def _latin1(text: str) -> str:
    text = text.replace("₹", "Rs ").replace("–", "-").replace("—", "-").replace("…", "...")
    text = text.replace("“", '"').replace("”", '"').replace("’", "'").replace("×", "x")
    folded = unicodedata.normalize("NFKD", text)
    return folded.encode("latin-1", "replace").decode("latin-1")


def when(instant: datetime | None) -> str:
    """An instant as a clerk writes it: in IST, to the minute."""
    return "" if instant is None else instant.astimezone(IST).strftime("%d %b %Y, %H:%M IST")


def day(d: date) -> str:
    return d.strftime("%d %b %Y")
