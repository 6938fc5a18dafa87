"""The words served as the Acts' are the sources' words.

The sources are copied under tests/data/statutes/ (from the project's statutes folder) so these
checks hold on any clone. Mizoram and Nagaland: every section's text and heading occurs in its
source character for character once runs of whitespace are folded to one space. Chhattisgarh:
the source is an OCR scan, so every transcribed span (the text between two "[illegible]"
markers) must lie close to the OCR text of the same place (see `SIMILARITY`), and the spans the
transcription corrects are listed in tests/data/statutes/chhattisgarh-transcription.md.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest

from pashu.core.citations import Confidence
from pashu.jurisdictions import registry
from pashu.jurisdictions.acts import Act

STATUTES = Path(__file__).resolve().parents[1] / "data" / "statutes"
ILLEGIBLE = "[illegible]"

# How close a transcribed span must be to the OCR: difflib's ratio (2·matches / total length)
# between the span and the best window of its section's OCR (as long as the span, or a quarter
# longer to absorb the OCR's inserted junk), both folded to lower-case letters and digits (the
# OCR's stray punctuation and spacing carry no reading). 0.55 admits the OCR's letter-level
# garbling ("contravcn:s", "cattlb") and the .md's corrections of a word or two (the worst spans
# today: s.8(2)'s "that any cattle in respect of which the" over the OCR's "that any cattte
# i,, ,..p."i of *r.i"r. fu." scores 0.58, s.10(2)'s "one thousand rupees" 0.60); a text
# not taken from the scan scores lower (the paraphrase of s.12 once served scores 0.42). A close
# paraphrase can pass a character measure; the departures list says what was corrected and why.
SIMILARITY = 0.55
# Runs shorter than this say too little to be placed ("Act", "(b)"), unless a whole line.
MIN_SPAN = 12

# Where each section sits in the OCR: the first and last words of its region (the OCR keeps the
# page order; each region is searched for the best window of each span).
REGIONS = {
    "longTitle": ("Ani.Ait io", "nrovement of cattle"),
    "1": ("r'I'his Act", "clifferent dreas"),
    "2": ("iIo tl',is Act", "Gaecttc"),
    "3": ("'The State Govertment", "accordingly"),
    "4": ("If the State Government is of the opinion", "entary matters' including the"),
    "5": ('5. (1) A" order', "specified in thc order"),
    "6": ("6. The Stati", "to s ch nditi"),
    "7": ('",",5\'u)"rT', "prdclude prgg"),
    "8": ("O) y.^any person", "iorfeited"),
    "9": ("lf tlr,o Di:rsorl", "pr.ri.n.J-"),
    "10": ("1t1 ,Wo Court", "p[rr?i."),
    "11": ('"rummarilv', "offence i:lrushable"),
    "12": (".r:::Ht-i#l", 'made i""J;; .;;;ir- 4.'),
    "13": ("to Eqake", "Legislative Assembly"),
    "Schedule": ("| ' i ,il:.1 ,^Z.", "8.Sheep"),
}


def fold(text: str) -> str:
    return " ".join(text.split())


def letters(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def acts(code: str) -> dict[str, Act]:
    return {a.uri: a for a in registry.get(code).acts}


# -- Mizoram and Nagaland: character for character ---------------------------------------------


def test_mizoram_every_section_text_and_heading_occur_in_the_bill() -> None:
    source = fold((STATUTES / "mizoram-animal-control-and-taxation-act-2014.txt").read_text())
    for s in registry.get("mizoram").act.sections:
        assert fold(s.text) in source, f"s.{s.number} text differs from the source"
        assert fold(f"{s.number}. {s.heading}") in source, f"s.{s.number} heading differs"
        assert s.summary is None, s.number  # the words are the Bill's; nothing is summarised


def test_nagaland_every_read_span_occurs_in_its_source() -> None:
    by_uri = acts("nagaland")
    trespass = fold((STATUTES / "nagaland-cattle-trespass-act-1985.txt").read_text())
    body = trespass.split("as follows:", 1)[1]  # the sections, not the contents list
    for s in by_uri["/akn/in-nl/act/1985/cattle-trespass"].sections:
        assert fold(s.text) in body, f"s.{s.number} text differs from the source"
        assert fold(s.heading) in body, f"s.{s.number} heading differs from the source"
    contents = fold(
        (STATUTES / "nagaland-agricultural-produce-marketing-act-1985-contents.txt").read_text()
    )
    for s in by_uri["/akn/in-nl/act/1985/agricultural-produce-marketing"].sections:
        assert s.text == "" and s.confidence is Confidence.UNKNOWN, s.number
        assert fold(f"({s.number}) {s.heading}") in contents, f"s.{s.number} heading differs"
    extract = fold((STATUTES / "nagaland-registration-of-establishments-extract.txt").read_text())
    registration = by_uri["/akn/in-nl/act/0001/registration-of-establishments"]
    assert fold(registration.section("registration").text) == extract


# -- Chhattisgarh: close to the OCR of the same place ------------------------------------------


def ocr() -> str:
    return (STATUTES / "chhattisgarh-pashu-niyantran-adhiniyam-1976.ocr.txt").read_text()


def region(number: str) -> str:
    text = ocr()
    first, last = REGIONS[number]
    start = text.index(first)
    end = text.index(last, start) + len(last)
    return text[start:end]


def spans(text: str) -> list[str]:
    """The runs between two markers or line ends (the OCR may not keep the lines' order): each
    of `MIN_SPAN` letters or more, or a whole line (a Schedule item: "1. Bulls.")."""
    out = []
    for line in text.splitlines():
        if MARGIN.match(line):  # not in the OCR: checked against the reading (.md) instead
            continue
        runs = [letters(run) for run in line.split(ILLEGIBLE)]
        whole = len(runs) == 1
        out += [r for r in runs if len(r) >= MIN_SPAN or (whole and len(r) >= 4)]
    return out


# A margin note the scan shows beside the text (`[Margin note: Attempts and Abetment]`): the
# OCR kept none of them, the reading (.md) names each; the Akoma Ntoso structure makes it an
# element of its own, which the offence read from it cites (`8(margin)`).
MARGIN = re.compile(r"^\[Margin note: ([^\]]+)\]")


def test_chhattisgarh_margin_notes_are_the_readings_words() -> None:
    reading = (STATUTES / "chhattisgarh-pashu-niyantran-adhiniyam-1976.md").read_text()
    notes = [
        m.group(1)
        for s in registry.get("chhattisgarh").act.sections
        for m in map(MARGIN.match, s.text.splitlines())
        if m
    ]
    assert notes == ["Attempts and Abetment"]
    assert all(f"{n} (margin note legible)" in reading for n in notes)


def closeness(span: str, place: str) -> float:
    """The best ratio of `span` against a window of `place` (letters only)."""
    best = 0.0
    matcher = difflib.SequenceMatcher(None, autojunk=False)
    matcher.set_seq2(span)
    for width in (len(span), len(span) * 5 // 4):
        for start in range(0, max(1, len(place) - len(span) // 2), 3):
            matcher.set_seq1(place[start : start + width])
            if matcher.real_quick_ratio() > best and matcher.quick_ratio() > best:
                best = max(best, matcher.ratio())
    return best


CG_SECTIONS = [s.number for s in registry.get("chhattisgarh").act.sections]


def test_every_chhattisgarh_section_has_a_place_in_the_ocr() -> None:
    assert set(CG_SECTIONS) == set(REGIONS)


@pytest.mark.parametrize("number", CG_SECTIONS)
def test_chhattisgarh_transcribed_spans_lie_close_to_the_ocr(number: str) -> None:
    section = registry.get("chhattisgarh").act.section(number)
    place = letters(region(number))
    for span in spans(section.text):
        score = closeness(span, place)
        assert score >= SIMILARITY, f"s.{number}: {span!r} is {score:.2f} from the OCR"


def test_a_text_not_taken_from_the_scan_does_not_pass() -> None:
    """The paraphrase of s.12 once served as its text is far from the scan's words."""
    paraphrase = (
        "No suit, prosecution or legal proceeding lies against any person, or (for damages) "
        "against the State Government, for anything done in good faith in pursuance of an order "
        "under §4."
    )
    assert closeness(letters(paraphrase), letters(region("12"))) < SIMILARITY


def test_chhattisgarh_illegible_spans_are_marked_one_way_and_summaries_are_apart() -> None:
    act = registry.get("chhattisgarh").act
    for s in act.sections:
        # One marker only; the readings ("most likely ...") belong to the summary or the note.
        assert "unknown" not in s.text and "most likely" not in s.text, s.number
        assert not re.search(r"\[(?!illegible\]|Margin note: )", s.text), s.number
        assert s.summary != s.text, s.number
        if ILLEGIBLE in s.text:
            assert s.summary, f"s.{s.number} is partly illegible and has no summary beside it"
    assert "[illegible]" in act.section("Schedule").text


def test_chhattisgarh_departures_from_the_ocr_are_listed() -> None:
    listed = (STATUTES / "chhattisgarh-transcription.md").read_text()
    for number in CG_SECTIONS:
        assert f"| {number} |" in listed, f"s.{number} has no row in the departures list"
