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
animal, so it weighs the most a seizure may hold. (Weighed when a full case's copy took about
1.25 s; since its lines are broken once (core/documents.py) it takes 0.3-0.4 s of a renderer's
CPU. The weight stands: the budget is set above it, so one full case's copy is allowed.)

A document's cost is worked out once, as a Price: a number, plus terms for the `first`s its
variables give (CostLimit keeps it per query text and operation, bounded as the parsed
documents are, schema/caches.py); each request puts its own variables to it. A fragment is
priced once where it is spread, however often: a walk of the fields a document of fragments
spread twice in each of forty expands to would never end.

Depth and aliases do not bound work; this does. The answer's size is bounded once more where
it is sent (`PASHU_MAX_RESPONSE_BYTES`, app.py): text fields hold up to their column.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from graphql import (
    DocumentNode,
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
from pashu.schema.caches import BoundedCache
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
PDF_PER_ANIMAL = 60
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


def _count(value: Any, is_list: bool, most: int) -> int:
    """The rows a field given `first` = `value` is counted for (`most` its list's maximum)."""
    if value is None and is_list:
        # A plain list without `first` answers up to its maximum (schema/paging.py).
        return most
    # A value GraphQL will refuse (not an Int) is left to its own error, and one past the
    # list's maximum to the list's (LIMIT_EXCEEDED naming `first`).
    if not isinstance(value, int) or not 0 < value < 2**31:
        return 1
    return min(value, most)


@dataclass(frozen=True, eq=False)
class Rows:
    """A field's rows when its `first` is a variable: known only with each request's values."""

    variable: str
    default: Any  # the argument's default, taken when the variable is not given
    is_list: bool
    most: int

    def of(self, variables: Mapping[str, Any]) -> int:
        return _count(variables.get(self.variable, self.default), self.is_list, self.most)


@dataclass(frozen=True, eq=False)
class Price:
    """A selection's cost, worked out once per document: `constant`, plus for each term
    factor × rows × what is under, where rows (when not None) depend on the variables.
    A document whose `first`s are all literal is a constant; a fragment spread many times
    is one shared node, worked out (and evaluated) once."""

    constant: int
    terms: tuple[tuple[int, Rows | None, Price], ...] = ()

    def of(self, variables: Mapping[str, Any], known: dict[int, int] | None = None) -> int:
        """The cost with these variables (`known`: the shared nodes' values so far)."""
        if not self.terms:
            return self.constant
        known = {} if known is None else known
        value = known.get(id(self))
        if value is None:
            value = self.constant + sum(
                factor * (1 if rows is None else rows.of(variables)) * under.of(variables, known)
                for factor, rows, under in self.terms
            )
            known[id(self)] = value
        return value


NOTHING = Price(0)


class Pricing:
    """Works out the Price of an operation's selections, each selection set once per
    (type, field above, depth): a fragment spread twice in each of twenty fragments is
    twenty nodes, not a million fields walked."""

    def __init__(self, schema: GraphQLSchema, fragments: Mapping[str, FragmentDefinitionNode]):
        self.schema, self.fragments = schema, fragments
        self._done: dict[tuple[int, int, str | None, int], Price] = {}
        self.nodes = 0  # the nodes with terms made: what a kept Price holds beyond a number

    def _rows(self, owner: Any, field: GraphQLField, node: FieldNode) -> int | Rows:
        arg = field.args.get("first")
        if arg is not None:
            given = next((a.value for a in node.arguments or () if a.name.value == "first"), None)
            value: Any = arg.default_value
            is_list, most = _is_list(field.type), maximum(node.name.value)
            if isinstance(given, IntValueNode):
                value = int(given.value)
            elif isinstance(given, VariableNode):
                return Rows(given.name.value, value, is_list, most)
            return _count(value, is_list, most)
        if _is_list(field.type) and node.name.value not in PER_ROW:
            return ROWS.get((getattr(owner, "name", ""), node.name.value), LIST_ROWS)
        return 1

    def of(
        self,
        parent: Any,
        selection: SelectionSetNode | None,
        depth: int = 0,
        above: str | None = None,
    ) -> Price:
        """The Price of `selection` on `parent`, the type of field `above`."""
        if selection is None or depth > 50:
            return NOTHING
        key = (id(selection), id(parent), above, depth)
        done = self._done.get(key)
        if done is None:
            done = self._done[key] = self._of(parent, selection, depth, above)
        return done

    def _of(self, parent: Any, selection: SelectionSetNode, depth: int, above: str | None) -> Price:
        constant = 0
        terms: list[tuple[int, Rows | None, Price]] = []

        def add(factor: int, rows: Rows | None, under: Price) -> None:
            nonlocal constant
            if rows is None and not under.terms:
                constant += factor * under.constant
            else:
                terms.append((factor, rows, under))

        for s in selection.selections:
            if isinstance(s, FieldNode):
                fields = getattr(parent, "fields", None)
                name = s.name.value
                field = fields.get(name) if fields else None
                if field is None:  # __typename, or a field validation has refused already
                    continue
                named = get_named_type(field.type)
                constant += pdf_cost(above) if name == PDF else WEIGHTS.get(name, FIELD)
                under = self.of(named, s.selection_set, depth + 1, name)
                rows = self._rows(parent, field, s)
                if isinstance(rows, Rows):
                    add(1, rows, under)
                else:
                    add(rows, None, under)
            elif isinstance(s, InlineFragmentNode):
                on = self.schema.get_type(s.type_condition.name.value) if s.type_condition else None
                add(1, None, self.of(on or parent, s.selection_set, depth, above))
            elif isinstance(s, FragmentSpreadNode) and s.name.value in self.fragments:
                fragment = self.fragments[s.name.value]
                on = self.schema.get_type(fragment.type_condition.name.value)
                add(1, None, self.of(on or parent, fragment.selection_set, depth, above))
        if not terms:
            return Price(constant)
        self.nodes += 1
        return Price(constant, tuple(terms))


def price(
    schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: Mapping[str, Any]
) -> Price:
    """What `operation` costs, as a function of its variables."""
    root: GraphQLObjectType | None = schema.get_root_type(operation.operation)
    return Pricing(schema, fragments).of(root, operation.selection_set)


def cost(
    schema: GraphQLSchema,
    operation: OperationDefinitionNode,
    fragments: Mapping[str, Any],
    variables: Mapping[str, Any],
) -> int:
    return price(schema, operation, fragments).of(variables)


def prices(
    schema: GraphQLSchema, document: DocumentNode, operation_name: str | None
) -> tuple[tuple[Price, ...], int]:
    """The Price of each operation of `document` that `operation_name` may choose (every one
    when it is None), and the nodes with terms they hold (what keeping them costs)."""
    fragments = {
        d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)
    }
    pricing = Pricing(schema, fragments)
    chosen = tuple(
        pricing.of(schema.get_root_type(d.operation), d.selection_set)
        for d in document.definitions
        if isinstance(d, OperationDefinitionNode)
        and (operation_name is None or (d.name and d.name.value == operation_name))
    )
    return chosen, pricing.nodes


class CostLimit(SchemaExtension):
    """Refuses a query over `budget`, with its cost, before anything runs. The Price of a
    document is worked out once and kept in `kept` (by query text and operation name,
    schema/caches.py: bounded); each request only puts its variables to it."""

    def __init__(self, budget: int, kept: BoundedCache | None = None) -> None:
        self.budget = budget
        self.kept = kept

    def _prices(self) -> tuple[Price, ...]:
        ctx = self.execution_context
        assert ctx.graphql_document is not None
        cache = self.kept if isinstance(ctx.query, str) else None
        key = (ctx.query, ctx.operation_name)
        kept: tuple[tuple[Price, ...], int] | None = cache.get(key) if cache is not None else None
        if kept is None:
            kept = prices(ctx.schema._schema, ctx.graphql_document, ctx.operation_name)
            if cache is not None:
                cache.put(key, kept)
        return kept[0]

    def on_execute(self) -> Iterator[None]:
        ctx = self.execution_context
        if ctx.graphql_document is not None and ctx.result is None:
            variables = ctx.variables if isinstance(ctx.variables, dict) else {}
            spent = max((p.of(variables) for p in self._prices()), default=0)
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
