"""The schema: every domain's queries and mutations merged into one."""

from __future__ import annotations

from functools import cache

import strawberry
from strawberry.tools import merge_types

from pashu.config import settings
from pashu.schema.law.queries import LawQuery
from pashu.schema.lifecycle import CloseSession
from pashu.schema.limits import extensions
from pashu.schema.tenancy.queries import TenancyQuery
from pashu.schema.tenancy.types import User

Query = merge_types("Query", (LawQuery, TenancyQuery))


@cache
def schema() -> strawberry.Schema:
    return strawberry.Schema(
        query=Query, types=[User], extensions=[*extensions(settings()), CloseSession]
    )
