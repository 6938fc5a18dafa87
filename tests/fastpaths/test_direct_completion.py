"""A direct mutation's answer completed without graphql-core's executor
(fastpaths/direct_mutations.completed) is graphql-core's own completion, field for field:
aliases, `__typename`, nested objects, enums, instants, a null owner; and what it does not
cover is left to graphql-core."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select

from pashu.db.impoundment import Impoundment as Case
from pashu.fastpaths import direct_mutations
from pashu.fastpaths.compiled import Asked
from pashu.fastpaths.direct_mutations import Unsupported, completed, plan
from pashu.schema.impoundment.types import Impoundment
from pashu.schema.schema import schema
from tests.conftest import Databases, GraphQLClient
from tests.fastpaths.test_direct_mutations import DIRECT
from tests.schema.impoundment_helpers import department, seize, seizure


async def test_completed_here_as_graphql_core_completes(dbs: Databases, gql: GraphQLClient) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    await seize(gql, t.token, pound)
    await seize(gql, t.token, pound, owner=None, area=" kohima  tc ")
    made = schema()
    answers = direct_mutations(made)
    found = plan(made, {"recordSeizure": answers._roots["recordSeizure"]}, DIRECT, None)
    assert found is not None
    with dbs.app.transaction(t.id) as s:
        cases = [Impoundment.of(c) for c in s.scalars(select(Case).order_by(Case.register_number))]
    asked = Asked(DIRECT, None, {"input": seizure(pound)})  # variables graphql-core accepts
    mine = [completed(found, value) for value in cases]
    theirs = [json.loads(answers.by_graphql_core(found, asked, value)) for value in cases]
    assert mine == [answer["data"] for answer in theirs]
    assert [m["entered"]["owner"] is None for m in mine] == [False, True]


def test_a_value_of_another_type_is_left_to_graphql_core() -> None:
    made = schema()
    roots = {"recordSeizure": direct_mutations(made)._roots["recordSeizure"]}
    found = plan(made, roots, DIRECT, None)
    assert found is not None
    with pytest.raises(Unsupported):
        completed(found, object())
