"""The Acts as data: sections with their text, FRBR URIs and confidence marks.

An Act is loaded from a YAML file beside its plugin (see `load_act`); its sections are
addressed by number as the Act writes them ("14", "2", "Schedule") and cited with an
optional sub-section path ("3", "k/ii").
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from pashu.core.citations import Citation, Confidence, provision_eid


@dataclass(frozen=True)
class Provision:
    """A mark on part of a section: "14(3)" read as INTERPRETATION.md says."""

    path: str  # sub-section path below the section: "3", "k/ii"
    confidence: Confidence
    note: str | None = None


@dataclass(frozen=True)
class Section:
    number: str
    heading: str
    text: str
    uri: str
    confidence: Confidence
    note: str | None = None
    chapter: str | None = None
    provisions: tuple[Provision, ...] = ()
    # Our account of the section in our own words, where the text is hard to read (the scan):
    # shown beside the text, labelled a summary, never served or indexed as the Act's words.
    summary: str | None = None


@dataclass(frozen=True)
class Dated:
    """An event of an Act's life as its source gives it: on a day, in a year only, or at a
    time the source does not give (`day` and `year` both None)."""

    day: dt.date | None = None
    year: int | None = None
    name: str | None = None  # what the date is ("assent"), or the Gazette published in
    note: str | None = None
    cite: str | None = None  # the provision that says it: "1(3)"

    @property
    def precision(self) -> str:
        return "day" if self.day else "year" if self.year else "unknown"

    @property
    def earliest(self) -> dt.date | None:
        """The first day the event can have happened on."""
        return self.day or (dt.date(self.year, 1, 1) if self.year else None)


@dataclass(frozen=True)
class Related:
    """Another Act this one repealed or was adopted from (its text is not held)."""

    title: str
    number: str | None
    year: int | None
    uri: str | None = None  # its Akoma Ntoso work URI (not served here)
    note: str | None = None
    cite: str | None = None  # the provision that says it: "23(1)"


@dataclass(frozen=True)
class Document:
    """What the Akoma Ntoso document says of the Act beside its sections."""

    number: str  # FRBR number: the Act's number, or its name where the source gives none
    author: str | None  # the legislature that made it; None where the source does not say
    long_title: str | None = None
    preamble: str | None = None
    enacted: Dated = Dated()
    published: Dated | None = None
    commencement: Dated = Dated()
    repeals: tuple[Related, ...] = ()
    adopted_from: Related | None = None
    former_uris: tuple[str, ...] = ()
    # {section: {"section 2": "22"}}: cross-references the text prints wrongly, as read.
    cross_references: dict[str, dict[str, str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Act:
    uri: str  # FRBR work URI: /akn/in-nl/act/1985/cattle-trespass
    title: str
    short_title: str
    year: int | None
    sections: tuple[Section, ...]
    confidence: Confidence = Confidence.READ
    note: str | None = None
    document: Document = Document(number="", author=None)
    # What the served text is taken from (a gazette scan, a Bill, an extract) ...
    source: str | None = None
    # ... and, where that is not the enacted Act's own text or its attribution is a reading,
    # what a reader must know before relying on it (shown with every answer resting on it).
    source_note: str | None = None
    _index: dict[str, Section] = field(default_factory=dict, compare=False, repr=False)
    # Citations are immutable and an Act does not change while a process runs: each label
    # is parsed once (the sweep cites a few sections for every case it decides).
    _cited: dict[str, Citation] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._index.update({s.number: s for s in self.sections})

    def section(self, number: str) -> Section:
        try:
            return self._index[number]
        except KeyError:
            raise KeyError(f"{self.title} has no section {number!r}") from None

    def cite(self, section: str, subsection: str | None = None) -> Citation:
        """A citation of `section` (and `subsection`) carrying its confidence mark.

        A mark on the sub-section (or on a broader part containing it) wins over the
        section's own mark.
        """
        sec = self.section(section)
        confidence, note = sec.confidence, sec.note
        if subsection:
            for p in sec.provisions:
                if subsection == p.path or subsection.startswith(p.path + "/"):
                    confidence, note = p.confidence, p.note
        return Citation(self.uri, self.short_title, section, subsection, confidence, note)

    def cite_label(self, label: str) -> Citation:
        """Cite by the label lawyers write: "14", "14(3)", "2(k)(ii)"."""
        cited = self._cited.get(label)
        if cited is None:
            cited = self._cited[label] = self.cite(*parse_label(label))
        return cited


def parse_label(label: str) -> tuple[str, str | None]:
    """ "2(k)(ii)" -> ("2", "k/ii"); "14" -> ("14", None)."""
    head, _, rest = label.replace(" ", "").partition("(")
    if not rest:
        return head, None
    return head, "/".join(part for part in rest.rstrip(")").split(")("))


def _section(act_uri: str, raw: dict[str, Any]) -> Section:
    number = str(raw["number"])
    return Section(
        number=number,
        heading=str(raw.get("heading") or ""),
        text=str(raw.get("text") or "").strip(),
        uri=act_uri + "/~" + provision_eid(number),
        confidence=Confidence(raw.get("confidence", "read")),
        note=raw.get("note"),
        chapter=None if raw.get("chapter") is None else str(raw["chapter"]),
        provisions=tuple(
            Provision(str(path), Confidence(mark["confidence"]), mark.get("note"))
            for path, mark in (raw.get("provisions") or {}).items()
        ),
        summary=None if raw.get("summary") is None else str(raw["summary"]).strip(),
    )


def _dated(raw: dict[str, Any] | None) -> Dated:
    raw = raw or {}
    return Dated(
        day=raw.get("date"),
        year=raw["date"].year if raw.get("date") else raw.get("year"),
        name=raw.get("name"),
        note=raw.get("note"),
        cite=raw.get("cite"),
    )


def _related(raw: dict[str, Any]) -> Related:
    return Related(
        title=raw["title"],
        number=None if raw.get("number") is None else str(raw["number"]),
        year=raw.get("year"),
        uri=raw.get("uri"),
        note=raw.get("note"),
        cite=raw.get("cite"),
    )


def _document(uri: str, raw: dict[str, Any] | None) -> Document:
    raw = raw or {}
    return Document(
        number=str(raw.get("number") or uri.rsplit("/", 1)[-1]),
        author=raw.get("author"),
        long_title=raw.get("long_title"),
        preamble=raw.get("preamble"),
        enacted=_dated(raw.get("enacted")),
        published=_dated(raw["published"]) if raw.get("published") else None,
        commencement=_dated(raw.get("commencement")),
        repeals=tuple(_related(r) for r in raw.get("repeals") or ()),
        adopted_from=_related(raw["adopted_from"]) if raw.get("adopted_from") else None,
        former_uris=tuple(raw.get("former_uris") or ()),
        cross_references={
            str(k): {str(a): str(b) for a, b in v.items()}
            for k, v in (raw.get("cross_references") or {}).items()
        },
    )


def load_act(path: Path) -> Act:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    uri = raw["uri"]
    return Act(
        uri=uri,
        title=raw["title"],
        short_title=raw.get("short_title", raw["title"]),
        year=raw.get("year"),
        sections=tuple(_section(uri, s) for s in raw["sections"]),
        confidence=Confidence(raw.get("confidence", "read")),
        note=raw.get("note"),
        document=_document(uri, raw.get("document")),
        source=raw.get("source"),
        source_note=raw.get("source_note"),
    )
