"""A person as the registers name one: a name and an address."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Person:
    name: str
    address: str

    @property
    def key(self) -> str:
        """Same name and address, whatever the case, spacing or punctuation."""
        return normalise(self.name) + "|" + normalise(self.address)


def normalise(text: str) -> str:
    return " ".join(re.sub(r"[^\w]+", " ", text.casefold()).split())
