"""The cost of a query, worked out before it runs, and a budget it must keep within.

Depth and aliases do not bound work: 30 aliases of a page of 100 cases, each asking for its
documents, rendered 6,000 PDFs. Each field costs its weight (an object 1, a scalar 0, the
expensive ones more), and what is under a field costs once per row it may return: `first`
rows for a page (its default when not given; for a plain list without `first`, its maximum),
LIST_ROWS for any other list.
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
    is_leaf_type,
)
from strawberry.extensions import SchemaExtension

from pashu.core.errors import LimitExceeded
from pashu.schema.paging import maximum

# Fields whose answer is work to make: documents rendered, timelines and dues computed.
WEIGHTS: Mapping[str, int] = {
    "pdfBase64": 100,
    "registerCopy": 3,
    "document": 3,
    "notice": 3,
    "exhibitedList": 3,
    "timeline": 5,
    "impoundmentTimeline": 5,
    "dues": 5,
    "nextAction": 2,
    "searchLaw": 5,
    "compare": 5,
    "compareMatrix": 20,
}
LIST_ROWS = 5  # what a list without `first` is taken to hold
PER_ROW = frozenset({"edges"})  # a connection's edges are its `first` rows, counted there


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

    def _rows(self, field: GraphQLField, node: FieldNode) -> int:
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
            # A value GraphQL will refuse (not an Int) is left to its own error.
            return value if isinstance(value, int) and 0 < value < 2**31 else 1
        if _is_list(field.type) and node.name.value not in PER_ROW:
            return LIST_ROWS
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

    def of(self, parent: Any, selection: SelectionSetNode | None, depth: int = 0) -> int:
        if selection is None or depth > 50:
            return 0
        total = 0
        for owner, node in self._fields(parent, selection):
            fields = getattr(owner, "fields", None)
            field = fields.get(node.name.value) if fields else None
            if field is None:  # __typename, or a field validation has refused already
                continue
            named = get_named_type(field.type)
            weight = WEIGHTS.get(node.name.value, 0 if is_leaf_type(named) else 1)
            under = self.of(named, node.selection_set, depth + 1)
            total += weight + self._rows(field, node) * under
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
                    "(documents, timelines and dues weigh more; ask for fewer rows)",
                    cost=spent,
                    budget=self.budget,
                )
                ctx.result = ExecutionResult(
                    data=None, errors=[GraphQLError(refused.message, original_error=refused)]
                )
        yield
