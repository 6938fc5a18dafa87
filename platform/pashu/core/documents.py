"""Printable documents: plain text for the screen and the register, PDF for printing.

A document is a title, a list of (label, value) rows and the provisions it rests on. The
PDF uses the core Helvetica font, so text outside Latin-1 is transliterated there (the
plain text keeps it as written).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from datetime import date, datetime

from fpdf import FPDF

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
        doc.multi_cell(0, 8, _latin1(self.title), new_x="LMARGIN", new_y="NEXT")
        doc.ln(2)
        doc.set_font("Helvetica", size=10)
        for label, value in self.rows:
            doc.set_font("Helvetica", "B", 10)
            doc.cell(60, 6, _latin1(label))
            doc.set_font("Helvetica", size=10)
            doc.multi_cell(0, 6, _latin1(value), new_x="LMARGIN", new_y="NEXT")
        if self.cites:
            doc.ln(3)
            doc.set_font("Helvetica", "I", 9)
            under = "; ".join(f"{c.act_title} {c.cited}" for c in self.cites)
            doc.multi_cell(0, 5, _latin1("Under: " + under), new_x="LMARGIN", new_y="NEXT")
        if self.footer:
            doc.ln(3)
            doc.multi_cell(0, 5, _latin1(self.footer), new_x="LMARGIN", new_y="NEXT")
        return bytes(doc.output())


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
