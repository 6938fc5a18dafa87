"""Demo data that fits a state: its people, places and the Act's own authorities.

A plugin may ship a `demo.yaml` (illustrative names, not real persons) that `pashu demo`
uses for its demo tenant, so each state's demo reads like that state's register:

    pounds:                      # name, and the authority the Act puts in charge of it
      - {name: ..., authority: ...}
    seizer: {name: ..., address: ...}
    owner: {name: ..., address: ...}       # appears on the first case's register entry
    claimant: {name: ..., address: ...}    # claims and takes delivery on the third case
    buyer: {name: ..., address: ...}       # buys at the auction of the fifth case
    places: [...]                          # where each demo case's animals were seized
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml


@dataclass(frozen=True)
class DemoPerson:
    name: str
    address: str


@dataclass(frozen=True)
class DemoPound:
    name: str
    authority: str


@dataclass(frozen=True)
class DemoData:
    pounds: tuple[DemoPound, ...]
    seizer: DemoPerson
    owner: DemoPerson
    claimant: DemoPerson
    buyer: DemoPerson
    places: tuple[str, ...]

    def place(self, i: int) -> str:
        return self.places[i % len(self.places)]


def load_demo(path: Path) -> DemoData:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))

    def person(key: str) -> DemoPerson:
        return DemoPerson(str(raw[key]["name"]), str(raw[key]["address"]))

    pounds = tuple(DemoPound(str(p["name"]), str(p["authority"])) for p in raw["pounds"])
    places = tuple(str(p) for p in raw["places"])
    if len(pounds) < 2 or not places:
        raise ValueError(f"{path}: a demo needs two pounds and at least one place")
    return DemoData(
        pounds=pounds,
        seizer=person("seizer"),
        owner=person("owner"),
        claimant=person("claimant"),
        buyer=person("buyer"),
        places=places,
    )
