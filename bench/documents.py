"""The documents the frontend sends (`web/operations`, by operation name) and, for each query,
the variables a page sends with it: W5 times them and counts their statements, and
tests/schema/test_document_statements.py holds their statements constant in the data."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pashu.jurisdictions.vocabulary import Capability

# Its own path, not bench.settings: the tests import this module, and the settings set the
# benchmark's secret key in the environment.
MANIFEST = Path(__file__).resolve().parents[1] / "platform/pashu/web/operations/manifest.json"


@dataclass(frozen=True)
class Document:
    name: str
    kind: str  # "query" or "mutation"
    body: str


def documents() -> dict[str, Document]:
    """Every frontend document, by operation name (the manifest `pashu schema documents`
    writes)."""
    ops = json.loads(MANIFEST.read_text())["operations"]
    return {op["name"]: Document(op["name"], op["type"], op["body"]) for op in ops}


def variables(name: str, case: str, jurisdiction: str, instant: str) -> dict[str, Any]:
    """The variables of query `name` as its page sends them: about the case `case` (a global
    id) of a tenant under `jurisdiction`, at `instant`. KeyError for a query not listed, so a
    new document with variables is given its own here."""
    table: dict[str, dict[str, Any]] = {
        "CasePage": {"id": case},
        "CaseComplaints": {"id": case},
        "CasePapers": {"id": case},
        "CaseRegisterCopy": {"id": case},
        "RunCase": {"id": case},
        "CasesDueBy": {"d": instant},
        "ClassifyAnimal": {"s": "mithun"},
        "CompareMatrix": {"t": None, "j": None},
        "CompareTopic": {"t": "CLAIM_PERIOD"},
        "CompareScenario": {
            "f": {"animals": [{"species": "cow", "count": 2}], "seizedAt": instant}
        },
        "JurisdictionActs": {"c": jurisdiction},
        "LawTimeline": {"j": jurisdiction, "e": {"seizedAt": instant}},
        "ReadSection": {"c": jurisdiction, "n": "1"},
        "SearchLaw": {"q": "pound", "j": None, "a": None},
    }
    return table[name]


# The queries that ask for a chapter not every Act has, and that chapter: W5 asks each of a
# generated tenant whose Act has it (any other Act answers NOT_IN_JURISDICTION, and a
# measured refusal is no measurement). Every other query is asked of W1's tenant. Found by
# asking each query of a tenant of each Act (bench/README.md, W5); W5 fails if one is refused.
NEEDS: dict[str, Capability] = {
    # The keeping registers' pages (web/keeping.js): orders, licences, inspections, offences
    # compounded.
    **dict.fromkeys(
        (
            "KeepingSummary",
            "KeepingViewer",
            "NotifiedOrders",
            "CattleLicences",
            "KeepingInspections",
            "OffenceCases",
        ),
        Capability.REGULATED_AREAS,
    ),
    # The register of animals and its appeals (web/work.js).
    "RegistrationPage": Capability.ANIMAL_REGISTRATION,
    "RegistrationAppeals": Capability.ANIMAL_REGISTRATION,
    "EstablishmentsPage": Capability.ESTABLISHMENT_REGISTRATION,
    # The grazing register (web/work.js).
    "GrazingPage": Capability.GRAZING_GROUNDS,
}


# The queries the frontend sends without a token: the law pages' (web/lib.js `gql` called
# without `auth: true`), answered to anyone, so kept whole (fastpaths/public_answers.py). W5
# asks them as the pages do, without one; tests/bench/test_documents.py holds the set to the
# frontend's calls.
PUBLIC: frozenset[str] = frozenset(
    {
        "ClassifyAnimal",
        "CompareMatrix",
        "CompareScenario",
        "CompareTopic",
        "JurisdictionActs",
        "LawJurisdictions",
        "LawTimeline",
        "ReadSection",
        "SearchLaw",
    }
)


def sends_token(name: str) -> bool:
    """Whether the frontend sends query `name` with the signed-in user's token."""
    return name not in PUBLIC


def needs(name: str) -> Capability | None:
    """The chapter query `name` asks for, if not every Act has it."""
    return NEEDS.get(name)


def queries() -> list[Document]:
    return [d for d in documents().values() if d.kind == "query"]


def needs_variables(doc: Document) -> bool:
    return "$" in doc.body.split("{", 1)[0]
