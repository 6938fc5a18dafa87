"""Citations: which Act, which section, and how sure we are of its words."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Confidence(enum.Enum):
    """How a provision's text is known (statutes/*.md, INTERPRETATION.md)."""

    READ = "read"  # the words are legible and applied as written
    INTERPRETED = "interpreted"  # a slip in the text, read as INTERPRETATION.md says
    RECONSTRUCTED = "reconstructed"  # partly legible; the most likely reading
    UNKNOWN = "unknown"  # not legible: never turned into a value


@dataclass(frozen=True)
class Citation:
    """A pointer to one provision: `act_uri` + section (+ sub-section, clause).

    `uri` is the Akoma Ntoso FRBR work URI of the provision, e.g.
    /akn/in-nl/act/1985/cattle-trespass/~sec_14__subsec_3.
    """

    act_uri: str
    act_title: str
    section: str
    subsection: str | None = None
    confidence: Confidence = Confidence.READ
    note: str | None = None

    @property
    def label(self) -> str:
        """As lawyers write it: "14(3)"; "2(k)(ii)" for a clause."""
        if not self.subsection:
            return self.section
        parts = self.subsection.split("/")
        return self.section + "".join(f"({p})" for p in parts)

    @property
    def cited(self) -> str:
        """As a sentence cites it: "s.14(3)", "Schedule, item 1", "the long title", "s.8 (margin
        note)"; a provision the source gives no number keeps its label."""
        parts = self.subsection.split("/") if self.subsection else []
        if self.section[:1].isdigit():
            if parts and parts[-1] == "margin":
                head = self.section + "".join(f"({p})" for p in parts[:-1])
                return f"s.{head} (margin note)"
            return f"s.{self.label}"
        if self.section.lower() == "schedule":
            if not parts:
                return "the Schedule"
            return f"Schedule, item {parts[0]}" + "".join(f"({p})" for p in parts[1:])
        if self.section == "longTitle":
            return "the long title"
        return self.label

    @property
    def uri(self) -> str:
        return self.act_uri + "/~" + provision_eid(self.section, self.subsection)

    def with_confidence(self, confidence: Confidence, note: str | None) -> Citation:
        return Citation(
            self.act_uri, self.act_title, self.section, self.subsection, confidence, note
        )


def provision_eid(section: str, subsection: str | None = None) -> str:
    """Akoma Ntoso eId: sec_14, sec_14__subsec_3, sec_2__subsec_k__para_ii."""
    # A schedule or long title is not a numbered section: "Schedule" -> "schedule".
    eid = "sec_" + section if section[:1].isdigit() else section.lower().replace(" ", "_")
    if subsection:
        kinds = ["subsec", "para", "subpara"]
        for depth, part in enumerate(subsection.split("/")):
            eid += f"__{kinds[min(depth, 2)]}_{part}"
    return eid
