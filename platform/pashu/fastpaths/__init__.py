"""The fast paths: operations answered without graphql-core's ordinary executor, each a twin
of the ordinary path held to it by tests (docs/FASTPATHS.md says which, and when each falls
back). Only this layer answers a GraphQL operation another way; the app asks it first.

- `compiled` + `case_lists`: the dashboard's case lists as one SQL statement (PostgreSQL).
- `direct_mutations` + `record_seizure`: `recordSeizure` decided and written in one or two
  round trips on the driver's own connection (PostgreSQL).
- `public_answers`: whole answers to anonymous questions of the public law, kept and served.
"""

from __future__ import annotations

import strawberry

from pashu.fastpaths import case_lists
from pashu.fastpaths.compiled import CompiledQueries
from pashu.fastpaths.direct_mutations import DirectMutations
from pashu.fastpaths.record_seizure import RecordSeizure


def compiled_queries(schema: strawberry.Schema, max_cost: int | None = None) -> CompiledQueries:
    """The hot queries that have an SQL form (fastpaths/compiled.py), over this schema,
    each request's cost weighed as the ordinary path weighs it (`max_cost`)."""
    return CompiledQueries(
        schema._schema,
        roots={"impoundments": case_lists.impoundments},
        types=case_lists.TYPES,
        max_cost=max_cost,
    )


def direct_mutations(schema: strawberry.Schema) -> DirectMutations:
    """The hot mutations that have a direct form (fastpaths/direct_mutations.py)."""
    return DirectMutations(schema, {"recordSeizure": RecordSeizure()})
