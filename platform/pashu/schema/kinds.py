"""The kinds of place, seizer and buyer as GraphQL enums whose values are the installed plugins'.

Each plugin declares the kinds its Acts name (`Jurisdiction.impoundment_kinds`), so a new Act
with a new kind of seizer changes no core code (issue #35). The enums are declared here once,
empty, for the types to annotate with; `refresh()` (called by `build_schema`) gives each the
codes the installed plugins declare, in the registry's order, before strawberry converts it.
Strawberry reads an enum definition's values and class when it builds a schema, so a schema has
the kinds of the plugins installed when it was built, and keeps them.

A value reaches a resolver as a `str` (the class is a StrEnum); a resolver returns the code as
stored, which graphql-core turns into the value of that name. The service refuses a kind the
tenant's Acts do not name (`Jurisdiction.require_kind`): the enum admits every installed Act's.
"""

from __future__ import annotations

import enum
from typing import Any

import strawberry

from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import PUBLIC_BUYER


@strawberry.enum(
    description="The kind of place animals were seized at: the kinds the installed Acts name "
    "(each value says which); an Act names the places it reaches (Jurisdiction.placesOfSeizure), "
    "the place sets the fine's rate kind, and a kind the tenant's Act does not name is refused"
)
class PlaceKind(enum.StrEnum):
    pass


@strawberry.enum(
    description="The capacity in which a person seized: the persons the installed Acts name "
    "(each value says which); each Act gives the power to seize only to those it names "
    "(Jurisdiction.seizurePowers), and a capacity the tenant's Act does not name is refused"
)
class SeizerCapacity(enum.StrEnum):
    pass


@strawberry.enum(
    description="Who bought at a sale: a member of the public, or one of the buyers the "
    "installed Acts name to bar (each value says which); a buyer the tenant's Act bars is "
    "refused with PROHIBITED_PURCHASER, one it does not name with VALIDATION"
)
class BuyerRole(enum.StrEnum):
    pass


# The buyer no Act bars, a value of every schema.
_PUBLIC = "Any member of the public: no Act bars them from buying"


def refresh() -> None:
    """Give each enum the kinds the plugins installed now declare."""
    _fill(PlaceKind, "places", {})
    _fill(SeizerCapacity, "seizers", {})
    _fill(BuyerRole, "buyers", {PUBLIC_BUYER: _PUBLIC})


def _fill(cls: type[enum.StrEnum], family: str, core: dict[str, str]) -> None:
    described = dict(core)
    for code, named in registry.kinds(family).items():
        described.setdefault(code, _description([(p.act.short_title, k) for p, k in named]))
    make: Any = enum.StrEnum  # its functional API, which mypy reads only with a literal name
    fresh = strawberry.enum(make(cls.__name__, {c: c for c in described}))
    made: Any = fresh.__strawberry_definition__
    for value in made.values:
        value.description = described[value.name]
    definition: Any = cls.__strawberry_definition__  # type: ignore[attr-defined]
    definition.wrapped_cls, definition.values = fresh, made.values


def _description(named: list[tuple[str, Any]]) -> str:
    """ "Its label (Act s.X; Other Act s.Y)": the first Act's words, every Act's sections."""
    label = named[0][1].label
    where = "; ".join(
        f"{act} " + ", ".join(c.cited for c in kind.cites) for act, kind in named if kind.cites
    )
    return f"{label[:1].upper()}{label[1:]}" + (f" ({where})" if where else "")


def code(value: str) -> Any:
    """A stored code as the enum's value for a resolver's answer (graphql-core names it)."""
    return value
