"""Pure building blocks: money, legal time, citations, decisions, errors.

Nothing here knows about a database, a web request or a particular state.
"""

from pashu.core.citations import Citation, Confidence
from pashu.core.decision import Decision
from pashu.core.errors import PashuError
from pashu.core.legaltime import IST, Window, days_after, hours_after, months_after
from pashu.core.money import from_paise, rupees, split, to_paise

__all__ = [
    "IST",
    "Citation",
    "Confidence",
    "Decision",
    "PashuError",
    "Window",
    "days_after",
    "from_paise",
    "hours_after",
    "months_after",
    "rupees",
    "split",
    "to_paise",
]
