"""The schema: every domain's queries and mutations merged into one."""

from __future__ import annotations

from functools import cache

import strawberry
from strawberry.tools import merge_types

from pashu.config import Settings, settings
from pashu.schema.law.queries import LawQuery
from pashu.schema.lifecycle import CloseSession
from pashu.schema.limits import extensions
from pashu.schema.pounds.mutations import PoundsMutation
from pashu.schema.pounds.queries import PoundsQuery
from pashu.schema.pounds.types import Pound
from pashu.schema.rates.mutations import RatesMutation
from pashu.schema.rates.queries import RatesQuery
from pashu.schema.tenancy.queries import TenancyQuery
from pashu.schema.tenancy.types import User

Query = merge_types("Query", (LawQuery, TenancyQuery, RatesQuery, PoundsQuery))
Mutation = merge_types("Mutation", (RatesMutation, PoundsMutation))


def build_schema(cfg: Settings) -> strawberry.Schema:
    return strawberry.Schema(
        query=Query,
        mutation=Mutation,
        types=[User, Pound],
        extensions=[*extensions(cfg), CloseSession],
    )


@cache
def schema() -> strawberry.Schema:
    """The schema as configured by the environment."""
    return build_schema(settings())
