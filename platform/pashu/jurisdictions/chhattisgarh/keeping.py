"""The Chhattisgarh Pashu (Niyantran) Adhiniyam, 1976 sets no rules for how each kind of
animal is kept, no grazing grounds, pounds or returns: keeping and movement of cattle are
prohibited or regulated only by notified orders under s.4 (see the regulated areas)."""

from __future__ import annotations

from pashu.jurisdictions.keeping import KeepingLaw


class ChhattisgarhKeeping(KeepingLaw):
    """Every part refuses with NOT_IN_JURISDICTION naming the Act (the base's default)."""
