"""Decisions: every rule answers with a value, the provisions it rests on, and why."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from pashu.core.citations import Citation, Confidence

T = TypeVar("T")
U = TypeVar("U")

_ORDER = [Confidence.READ, Confidence.INTERPRETED, Confidence.RECONSTRUCTED, Confidence.UNKNOWN]


@dataclass(frozen=True)
class Decision(Generic[T]):
    value: T
    cites: list[Citation] = field(default_factory=list)
    why: str = ""

    @property
    def confidence(self) -> Confidence:
        """A decision is only as sure as the least sure provision it rests on."""
        if not self.cites:
            return Confidence.READ
        return max((c.confidence for c in self.cites), key=_ORDER.index)

    def map(self, fn: Callable[[T], U]) -> Decision[U]:
        return Decision(fn(self.value), self.cites, self.why)
