"""GraphQL enums made from the core's Python enums, with a description for every value.

The core's enums stay plain Python (the jurisdiction layer knows nothing of GraphQL); the schema
module that exposes one says here what each value means, in the Acts' words."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

import strawberry


def described_enum(
    cls: type[enum.Enum],
    values: Mapping[str, str],
    *,
    description: str,
    name: str | None = None,
) -> None:
    """strawberry.enum(cls) with `values[member name]` as each value's description; a member
    left undescribed (or a description for no member) fails when the module is imported."""
    strawberry.enum(cls, name=name, description=description)
    definition: Any = cls.__strawberry_definition__  # type: ignore[attr-defined]
    names = {v.name for v in definition.values}
    if names != set(values):
        raise ValueError(f"{cls.__name__}: describe exactly {sorted(names)}")
    for value in definition.values:
        value.description = values[value.name]
