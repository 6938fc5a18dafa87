"""Load an Act's offence catalogue from data (offences.yaml beside a plugin).

Each entry names the provision it rests on by label ("25", "15(1)"); amounts are decimal
strings in rupees; a bound the Act does not give is omitted, and one the text hides is
listed under `unknown` so that it can never be mistaken for "no limit".
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import yaml

from pashu.core.money import rupees
from pashu.jurisdictions.acts import Act
from pashu.jurisdictions.vocabulary import Offence

_FIELDS = (
    "fine_min",
    "fine_max",
    "subsequent_fine",
    "imprisonment_max_months",
    "composition_max",
    "compoundable",
)


def _amount(raw: Any) -> Decimal | None:
    return None if raw is None else rupees(str(raw))


def load_offences(path: Path, acts: dict[str, Act]) -> list[Offence]:
    """`acts` maps the keys used in the file's `act:` fields; the first is the default."""
    default = next(iter(acts.values()))
    offences = []
    for raw in yaml.safe_load(path.read_text(encoding="utf-8")):
        act = acts[raw["act"]] if "act" in raw else default
        unknown = tuple(raw.get("unknown") or ())
        for name in unknown:
            if name not in _FIELDS:
                raise ValueError(f"{path}: unknown field name {name!r} in 'unknown'")
            if raw.get(name) is not None:
                raise ValueError(f"{path}: {raw['code']}.{name} is unknown yet has a value")
        if not raw.get("applicable", True) and not raw.get("unknown_reason"):
            raise ValueError(f"{path}: {raw['code']} is not applied and says not why")
        months = raw.get("imprisonment_max_months")
        offences.append(
            Offence(
                code=str(raw["code"]),
                section=str(raw["section"]),
                title=str(raw["title"]),
                citation=act.cite_label(str(raw.get("cite", raw["section"]))),
                fine_min=_amount(raw.get("fine_min")),
                fine_max=_amount(raw.get("fine_max")),
                subsequent_fine=_amount(raw.get("subsequent_fine")),
                imprisonment_max_months=None if months is None else int(months),
                compoundable=bool(raw.get("compoundable", False)),
                composition_max=_amount(raw.get("composition_max")),
                unknown=unknown,
                note=raw.get("note"),
                extra_cites=tuple(act.cite_label(str(c)) for c in raw.get("extra_cites") or ()),
                recoverable_from_salary=bool(raw.get("recoverable_from_salary", False)),
                applicable=bool(raw.get("applicable", True)),
                unknown_reason=raw.get("unknown_reason"),
            )
        )
    return offences
