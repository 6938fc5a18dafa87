"""The cost of a query, worked out before it runs, and a budget it must keep within.

A unit is about 10 µs of the server's work and a few dozen bytes of answer: what one field
value costs to resolve and write out (measured on a case of 2,000 animals: 48,000 field
values in 0.3 s, 1.4 MB). Every field selected costs a unit, scalars too (a case's animals
are its bulk: 2,000 of them, seven fields each, are 1.4 MB). What is under a field costs once
per row it may return, by the bound the data can reach: `first` rows for a page (its
default when not given; for a plain list without `first`, its maximum), a case's animals
the most a seizure may hold (core/bounds.py), LIST_ROWS for a case's own papers (a few steps
of one case's course). Fields whose answer is work to make weigh what they cost: a PDF is
rendered by a pool of two processes (schema/documents.py); the register copy lists every
animal, so it weighs what its lines cost for the most a seizure may hold. (Weighed at 125,000
when a full case's copy took about 1.25 s; since its lines are broken once (core/documents.py)
it takes 0.4 s of the server's CPU (tests/schema/test_heaviest_allowed_query.py prints it:
0.43 s on a loaded 2-core host), so 41,000: a page and 18 units an animal. The budget is
unchanged, so a query may now ask three full copies, about 1.3 s of rendering, within the
2 s the budget is set for.)

Depth and aliases do not bound work; this does. The answer's size is bounded once more where
it is sent (`PASHU_MAX_RESPONSE_BYTES`, app.py): text fields hold up to their column.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from graphql import (
    ExecutionResult,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    GraphQLField,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLSchema,
    InlineFragmentNode,
    IntValueNode,
    OperationDefinitionNode,
    SelectionSetNode,
    VariableNode,
    get_named_type,
)
from strawberry.extensions import SchemaExtension

from pashu.core.bounds import MAX_HEADS_PER_SEIZURE
from pashu.core.errors import LimitExceeded
from pashu.schema.paging import maximum

FIELD = 1  # any field, object or scalar
# Fields whose answer is work to make, in units: timelines and dues worked out over a case's
# animals (a full case's dues about 0.1 s), the law's comparisons and searches.
WEIGHTS: Mapping[str, int] = {
    "timeline": 1_000,
    "impoundmentTimeline": 1_000,
    "dues": 10_000,
    "nextAction": 20,
    "searchLaw": 500,
    "compare": 500,
    "compareMatrix": 5_000,
}
# A PDF: a page rendered (PDF_PAGE), and for a document that lists a case's animals one by
# one (the register copy), PDF_PER_ANIMAL for each animal a seizure may hold.
PDF = "pdfBase64"
PDF_PAGE = 5_000
PDF_PER_ANIMAL = 18  # 0.36 s of a full copy's 0.4 s, over 2,000 animals, at 10 µs a unit
LISTS_ANIMALS = frozenset({"registerCopy"})
# Lists whose rows the data bounds, by (type, field): a case's animals, up to a seizure's cap.
ROWS: Mapping[tuple[str, str], int] = {("Impoundment", "animals"): MAX_HEADS_PER_SEIZURE}
LIST_ROWS = 5  # what any other list without `first` is taken to hold
PER_ROW = frozenset({"edges"})  # a connection's edges are its `first` rows, counted there


def pdf_cost(document_field: str | None) -> int:
    """What one PDF of the document under `document_field` costs to render."""
    if document_field in LISTS_ANIMALS:
        return PDF_PAGE + PDF_PER_ANIMAL * MAX_HEADS_PER_SEIZURE
    return PDF_PAGE


def _is_list(t: Any) -> bool:
    while isinstance(t, GraphQLNonNull):
        t = t.of_type
    return isinstance(t, GraphQLList)


class Cost:
    def __init__(
        self,
        schema: GraphQLSchema,
        fragments: Mapping[str, FragmentDefinitionNode],
        variables: Mapping[str, Any],
    ) -> None:
        self.schema, self.fragments, self.variables = schema, fragments, variables

    def _rows(self, owner: Any, field: GraphQLField, node: FieldNode) -> int:
        arg = field.args.get("first")
        if arg is not None:
            given = next((a.value for a in node.arguments or () if a.name.value == "first"), None)
            value: Any = arg.default_value
            if isinstance(given, IntValueNode):
                value = int(given.value)
            elif isinstance(given, VariableNode):
                value = self.variables.get(given.name.value, value)
            if value is None and _is_list(field.type):
                # A plain list without `first` answers up to its maximum (schema/paging.py).
                return maximum(node.name.value)
            # A value GraphQL will refuse (not an Int) is left to its own error, and one past
            # the list's maximum to the list's (LIMIT_EXCEEDED naming `first`).
            if not isinstance(value, int) or not 0 < value < 2**31:
                return 1
            return min(value, maximum(node.name.value))
        if _is_list(field.type) and node.name.value not in PER_ROW:
            return ROWS.get((getattr(owner, "name", ""), node.name.value), LIST_ROWS)
        return 1

    def _fields(self, parent: Any, selection: SelectionSetNode) -> Iterator[tuple[Any, FieldNode]]:
        for s in selection.selections:
            if isinstance(s, FieldNode):
                yield parent, s
            elif isinstance(s, InlineFragmentNode):
                on = self.schema.get_type(s.type_condition.name.value) if s.type_condition else None
                yield from self._fields(on or parent, s.selection_set)
            elif isinstance(s, FragmentSpreadNode) and s.name.value in self.fragments:
                fragment = self.fragments[s.name.value]
                on = self.schema.get_type(fragment.type_condition.name.value)
                yield from self._fields(on or parent, fragment.selection_set)

    def of(
        self,
        parent: Any,
        selection: SelectionSetNode | None,
        depth: int = 0,
        above: str | None = None,
    ) -> int:
        """The cost of `selection` on `parent`, the type of field `above`."""
        if selection is None or depth > 50:
            return 0
        total = 0
        for owner, node in self._fields(parent, selection):
            fields = getattr(owner, "fields", None)
            name = node.name.value
            field = fields.get(name) if fields else None
            if field is None:  # __typename, or a field validation has refused already
                continue
            named = get_named_type(field.type)
            weight = pdf_cost(above) if name == PDF else WEIGHTS.get(name, FIELD)
            under = self.of(named, node.selection_set, depth + 1, name)
            total += weight + self._rows(owner, field, node) * under
        return total


def cost(
    schema: GraphQLSchema,
    operation: OperationDefinitionNode,
    fragments: Mapping[str, Any],
    variables: Mapping[str, Any],
) -> int:
    root: GraphQLObjectType | None = schema.get_root_type(operation.operation)
    return Cost(schema, fragments, variables).of(root, operation.selection_set)


class CostLimit(SchemaExtension):
    """Refuses a query over `budget`, with its cost, before anything runs."""

    def __init__(self, budget: int) -> None:
        self.budget = budget

    def on_execute(self) -> Iterator[None]:
        ctx = self.execution_context
        document = ctx.graphql_document
        if document is not None and ctx.result is None:
            fragments = {
                d.name.value: d
                for d in document.definitions
                if isinstance(d, FragmentDefinitionNode)
            }
            operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
            chosen = [
                o
                for o in operations
                if ctx.operation_name is None or (o.name and o.name.value == ctx.operation_name)
            ]
            variables = ctx.variables if isinstance(ctx.variables, dict) else {}
            spent = max(
                (cost(ctx.schema._schema, o, fragments, variables) for o in chosen), default=0
            )
            if spent > self.budget:
                refused = LimitExceeded(
                    f"the query would cost {spent}; a query may cost at most {self.budget} "
                    "(every field counts once per row it may answer, a case's animals as "
                    "many as a seizure may hold; documents, timelines and dues weigh more: "
                    "ask for fewer rows or fields, or fetch a document by its URL)",
                    cost=spent,
                    budget=self.budget,
                )
                ctx.result = ExecutionResult(
                    data=None, errors=[GraphQLError(refused.message, original_error=refused)]
                )
        yield
