"""Hot mutations answered on the driver's own connections, without the field-by-field path
(PostgreSQL).

A clerk's `recordSeizure` through graphql-core and an ORM session costs, besides its own law,
the session's round trips (the pool's ping, BEGIN, the tenant setting, each read, COMMIT),
the ORM's unit of work and the executor's awaits: about seven times the rows' own cost. A
mutation with a direct form (`DirectRoot`, kept beside its domain's resolvers) is instead
answered in two round trips (db/direct.py): the token check pipelined with the reads the
law needs, then the writes and their commit; and, once a caller and the registers it needs
have been read so, in one (a guard re-checking both where the rows are written: the settled
path of fastpaths/record_seizure.py). The law itself is the service's own functions, so the
rows are the rows the resolver writes.

Same answers, same rules:
- a document is answered directly only after the ordinary path has answered it once without
  errors, so validation and the depth, alias, cost and token limits are that path's own;
- its variables are checked (schema/inputs.py) and coerced, and its arguments coerced, as
  that path checks and coerces them;
- the selection on the result may hold only fields that resolve from the result alone
  (no awaits, no context): it is completed by graphql-core with the schema's own resolvers;
- whatever it does not answer (no or a bad token, a refusal by the law, a variable the
  ordinary path would refuse, an error the database reports) is answered by the ordinary
  path, which gives the answer or the error: nothing has been written then (a refused
  statement is rolled back with its transaction). A connection lost after the writes were
  sent is not retried: it is reported, as the ordinary path reports a lost COMMIT.

tests/fastpaths/test_direct_mutations.py holds the two paths to the same JSON and rows.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

import orjson
import strawberry
from graphql import (
    DocumentNode,
    FieldNode,
    GraphQLEnumType,
    GraphQLError,
    GraphQLField,
    GraphQLInputObjectType,
    GraphQLInputType,
    GraphQLList,
    GraphQLNamedType,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLOutputType,
    GraphQLResolveInfo,
    GraphQLScalarType,
    GraphQLSchema,
    OperationDefinitionNode,
    OperationType,
    SelectionSetNode,
    VariableNode,
    coerce_input_value,
    execute_sync,
    get_named_type,
    parse,
)
from graphql.execution.values import get_argument_values, get_variable_values
from graphql.pyutils import Undefined
from graphql.utilities import get_operation_ast, type_from_ast
from starlette.requests import Request

from pashu.core.errors import Unauthenticated
from pashu.db.direct import Direct
from pashu.db.engine import Database
from pashu.fastpaths.compiled import Asked
from pashu.observability import requests
from pashu.schema import inputs, token_check
from pashu.schema.caches import PARSED_PER_CHAR, BoundedCache
from pashu.schema.context import bearer
from pashu.schema.errors import log_error
from pashu.services.tenancy.tenants import Principal

log = logging.getLogger(__name__)

# A root field's direct form: (the driver's path, the caller's token, the field's arguments
# as graphql-core coerces them: GraphQL names, defaults filled, scalars parsed, enums made,
# and where to leave the token's check if it then answers nothing: token_check.keep)
# -> the caller and the field's value, or None: answer it the ordinary way.
Keep = Callable[[token_check.Checked | Unauthenticated], None]
DirectRoot = Callable[[Direct, str, dict[str, Any], Keep], Awaitable[tuple[Principal, Any] | None]]


Resolver = Callable[[Any, str], Any]  # the schema's default resolver: getattr

# The deepest a variable's type may nest for its value to be coerced without graphql-core's
# walk for nesting too deep (its own bound, 200 in 3.3, is above this).
MAX_NESTING_DEPTH = 32


class Unsupported(Exception):
    """The selection holds a field that needs more than the result to resolve."""


# A value completed: its JSON, as graphql-core completes it; Unsupported where it cannot be.
Complete = Callable[[Any], Any]
# An argument given by a variable: the argument's name, the variable's, and its type.
Bound = tuple[str, str, GraphQLInputType]


@dataclass(frozen=True)
class Plan:
    """A mutation document with one root field that has a direct form."""

    document: DocumentNode
    operation: OperationDefinitionNode
    node: FieldNode
    field: GraphQLField
    root: DirectRoot
    # Every argument of the field, each given by a variable of a non-null type that nests
    # no deeper than MAX_NESTING_DEPTH (None: not so, coerced by graphql-core's whole way).
    bound: tuple[Bound, ...] | None = None
    # The answer's completion, planned once (`_completer`); None: graphql-core completes it.
    complete: Complete | None = None

    def arguments(self, schema: strawberry.Schema, variables: Any) -> dict[str, Any] | None:
        """The field's arguments, coerced from the request's variables as graphql-core's
        `get_variable_values` and `get_argument_values` coerce them; None where either
        would refuse them (the ordinary path then says how).

        Where every argument is a variable (`bound`), each is coerced by graphql-core's
        `coerce_input_value`, as `get_variable_values` coerces it, without what it does per
        request that the plan has done once: the variables' types read from the document,
        and the walk of each value for nesting deeper than its bound, which a type that
        nests no deeper cannot meet (`_depth`). tests/fastpaths/test_direct_arguments.py
        holds the two to the same arguments and refusals."""
        given = variables or {}
        if self.bound is None:
            core = schema._schema
            coerced = get_variable_values(core, self.operation.variable_definitions or (), given)
            if isinstance(coerced, list):
                return None
            try:
                return get_argument_values(self.field, self.node, coerced)
            except GraphQLError:
                return None
        arguments = {}
        for name, variable, type_ in self.bound:
            if variable not in given:
                return None
            try:
                value = coerce_input_value(given[variable], type_)
            except GraphQLError:  # graphql-core before 3.3 raises where 3.3 returns Undefined
                return None
            if value is Undefined:
                return None
            arguments[name] = value
        return arguments


def _self_contained(named: GraphQLNamedType, selection: SelectionSetNode) -> None:
    """Refuse (Unsupported) a selection with a field whose resolver awaits or reads the
    request's context: only what resolves from the result itself is completed directly."""
    if not isinstance(named, GraphQLObjectType):
        raise Unsupported(named.name)
    for node in selection.selections:
        if not isinstance(node, FieldNode):  # fragments: the ordinary way
            raise Unsupported(type(node).__name__)
        name = node.name.value
        if name == "__typename":
            continue
        field = named.fields.get(name)
        if field is None or node.arguments:
            raise Unsupported(name)
        sf = field.extensions.get("strawberry-definition")
        if sf is None or sf.is_async or sf.extensions or sf.permission_classes:
            raise Unsupported(name)
        if sf.base_resolver is not None and sf.base_resolver.info_parameter:
            raise Unsupported(name)
        if node.selection_set is not None:
            _self_contained(get_named_type(field.type), node.selection_set)


def plan(
    schema: strawberry.Schema, roots: Mapping[str, DirectRoot], query: str, name: str | None
) -> Plan | None:
    """The plan of a mutation document, or None when it has no direct form."""
    try:
        document = parse(query)
    except GraphQLError:
        return None
    operation = get_operation_ast(document, name)
    core = schema._schema
    if operation is None or operation.operation != OperationType.MUTATION or operation.directives:
        return None
    fields = operation.selection_set.selections
    if len(fields) != 1 or not isinstance(fields[0], FieldNode) or fields[0].directives:
        return None
    node = fields[0]
    root = roots.get(node.name.value)
    mutation = core.mutation_type
    if root is None or mutation is None or node.selection_set is None:
        return None
    field = mutation.fields[node.name.value]
    try:
        _self_contained(get_named_type(field.type), node.selection_set)
    except Unsupported:
        return None
    try:
        complete: Complete | None = _completer(field.type, node, schema.config.default_resolver)
    except Unsupported:
        complete = None
    return Plan(
        document, operation, node, field, root, _bound(core, operation, node, field), complete
    )


def _bound(
    core: GraphQLSchema, operation: OperationDefinitionNode, node: FieldNode, field: GraphQLField
) -> tuple[Bound, ...] | None:
    """Each argument of `field` with the variable that gives it in `node` and its type, when
    every argument is so given, by a variable defined once with a non-null type and no
    default, nesting no deeper than MAX_NESTING_DEPTH; else None."""
    definitions: dict[str, GraphQLInputType] = {}
    for definition in operation.variable_definitions or ():
        type_ = type_from_ast(core, definition.type)
        name = definition.variable.name.value
        if name in definitions or definition.default_value is not None or definition.directives:
            return None
        if not isinstance(type_, GraphQLNonNull) or _depth(type_, ()) is None:
            return None
        definitions[name] = type_
    given = {a.name.value: a.value for a in node.arguments or ()}
    if given.keys() != field.args.keys():
        return None
    bound = []
    for name, value in given.items():
        if not isinstance(value, VariableNode) or value.name.value not in definitions:
            return None
        bound.append((name, value.name.value, definitions[value.name.value]))
    return tuple(bound)


def _depth(type_: Any, within: tuple[GraphQLInputObjectType, ...]) -> int | None:
    """How deep a value of `type_` may nest as graphql-core counts it (each list and input
    object a level), or None: unbounded (an input object within itself) or deeper than
    MAX_NESTING_DEPTH."""
    if isinstance(type_, GraphQLNonNull):
        return _depth(type_.of_type, within)
    if isinstance(type_, GraphQLList):
        inner = _depth(type_.of_type, within)
        deep = None if inner is None else inner + 1
    elif isinstance(type_, GraphQLInputObjectType):
        if type_ in within:
            return None
        inner_depths = [_depth(f.type, (*within, type_)) for f in type_.fields.values()]
        if any(d is None for d in inner_depths):
            return None
        deep = 1 + max((d for d in inner_depths if d is not None), default=0)
    else:
        deep = 0
    return deep if deep is not None and deep <= MAX_NESTING_DEPTH else None


class DirectMutations:
    """The plans of the mutation documents seen, and the path that answers with them."""

    def __init__(
        self,
        schema: strawberry.Schema,
        roots: Mapping[str, DirectRoot],
        entries: int = 256,
        budget: int = 32_000_000,
    ) -> None:
        self.schema = schema
        self._roots = roots
        # Bounded in entries and bytes: a client sending ever new documents costs so much.
        self._plans = BoundedCache(entries, budget, lambda key, _: len(key[0]) * PARSED_PER_CHAR)
        self._proven = BoundedCache(entries, budget, lambda key, _: len(key[0]))

    def _plan(self, query: str, name: str | None) -> Plan | None:
        kept: tuple[Plan | None] | None = self._plans.get((query, name))
        if kept is None:
            kept = (plan(self.schema, self._roots, query, name),)
            self._plans.put((query, name), kept)
        return kept[0]

    def proven(self, a: Asked) -> bool:
        return self._proven.get((a.query, a.operation_name)) is not None

    def prove(self, a: Asked, status: int, body: bytes) -> None:
        """Record that the ordinary path answered this document without errors."""
        if status == 200 and b'"errors"' not in body and not self.proven(a):
            self._proven.put((a.query, a.operation_name), True)

    async def answer(self, db: Database, request: Request, a: Asked) -> bytes | None:
        """The response's JSON, or None: answer it the ordinary way (nothing was written)."""
        found = self._plan(a.query, a.operation_name)
        token = bearer(request)
        if found is None or token is None or db.direct is None:
            return None
        if a.variables is not None and not isinstance(a.variables, dict):
            return None
        if inputs.problem(a.variables, None) is not None:  # the document's text was checked
            return None
        arguments = found.arguments(self.schema, a.variables)
        if arguments is None:  # refused: the ordinary path says how
            return None
        done = await found.root(
            db.direct, token, arguments, lambda o: token_check.keep(request, token, o)
        )
        if done is None:
            return None
        who, value = done
        requests.note_tenant(who.tenant_slug)
        requests.note_operation(found.operation.name.value if found.operation.name else None)
        return self._complete(found, a, value)

    def _complete(self, found: Plan, a: Asked, value: Any) -> bytes:
        """The response for the root field's `value`: completed here as graphql-core would
        (`completed`), or, for what that does not cover, by graphql-core itself."""
        try:
            return orjson.dumps({"data": completed(found, value)})
        except Unsupported:
            return self.by_graphql_core(found, a, value)

    def by_graphql_core(self, found: Plan, a: Asked, value: Any) -> bytes:
        """The response completed by graphql-core with the schema's resolvers (the plan
        admitted only fields that need nothing else)."""
        root = found.node

        def given(next_: Any, source: Any, info: GraphQLResolveInfo, **args: Any) -> Any:
            if info.path.prev is None and info.field_nodes[0] is root:
                return value
            return next_(source, info, **args)

        result = execute_sync(
            self.schema._schema,
            found.document,
            variable_values=a.variables,
            operation_name=a.operation_name,
            middleware=[given],
        )
        body: dict[str, Any] = {"data": result.data}
        if result.errors:  # written already: the rows stand; the fault is reported
            # Each error's code and the document's hash: an error's text quotes the document.
            for error in result.errors:
                log_error(error, a.operation_name, a.query)
            body["errors"] = [
                {
                    "message": "internal error completing the answer",
                    "extensions": {"code": "INTERNAL"},
                }
            ]
            requests.note_errors(["INTERNAL"])
        return orjson.dumps(body)


def completed(found: Plan, value: Any) -> dict[str, Any]:
    """The `data` of the answer for the root field's `value`, completed as graphql-core
    completes it; Unsupported for what this does not cover."""
    if found.complete is None:
        raise Unsupported("selection")
    root = found.node
    key = root.alias.value if root.alias else root.name.value
    return {key: found.complete(value)}


def _completer(type_: GraphQLOutputType, node: FieldNode, default: Resolver) -> Complete:
    """graphql-core's completion of a value of `type_` selected by `node`, for the fields a
    plan admits, planned from the document once (the fields, their resolvers and types)
    and applied per value: a null where the type forbids one, or a leaf its type does not
    serialize, is Unsupported then (the caller completes with graphql-core)."""
    if isinstance(type_, GraphQLNonNull):
        inner = _completer(type_.of_type, node, default)

        def non_null(value: Any) -> Any:
            if value is None:
                raise Unsupported("null")
            return inner(value)

        return non_null
    if isinstance(type_, GraphQLList):
        item = _completer(type_.of_type, node, default)
        return lambda value: None if value is None else [item(v) for v in value]
    if isinstance(type_, GraphQLScalarType | GraphQLEnumType):
        serialize = type_.serialize

        def leaf(value: Any) -> Any:
            if value is None:
                return None
            out = serialize(value)
            if out is Undefined:
                raise Unsupported("leaf")
            return out

        return leaf
    if isinstance(type_, GraphQLObjectType) and node.selection_set is not None:
        return _object(type_, node.selection_set, default)
    raise Unsupported(str(type_))


def _object(named: GraphQLObjectType, selection: SelectionSetNode, default: Resolver) -> Complete:
    """An object's completion: each field resolved as strawberry resolves it (its method
    with the source as `self`, or the schema's default resolver) and completed by its
    type; a directive, a resolver taking the root or parent, or a value another type
    claims is Unsupported."""
    fields: list[tuple[str, Callable[[Any], Any], Complete]] = []
    for node in selection.selections:
        if not isinstance(node, FieldNode) or node.directives:
            raise Unsupported("directive")
        key = node.alias.value if node.alias else node.name.value
        if node.name.value == "__typename":
            fields.append((key, partial(_constant, named.name), _same))
            continue
        field = named.fields[node.name.value]
        sf = field.extensions["strawberry-definition"]
        resolver = sf.base_resolver
        get: Callable[[Any], Any]
        if resolver is None:
            python_name = sf.python_name
            get = partial(_attribute, default, python_name)
        elif resolver.root_parameter or resolver.parent_parameter:
            raise Unsupported(node.name.value)
        elif resolver.self_parameter:
            get = resolver.wrapped_func
        else:
            get = partial(_called, resolver.wrapped_func)
        fields.append((key, get, _completer(field.type, node, default)))
    is_type_of = named.is_type_of

    def complete(source: Any) -> dict[str, Any] | None:
        if source is None:
            return None
        if is_type_of is not None and not is_type_of(source, None):  # type: ignore[arg-type]
            raise Unsupported(named.name)
        return {key: complete_(get(source)) for key, get, complete_ in fields}

    return complete


def _attribute(default: Resolver, name: str, source: Any) -> Any:
    return default(source, name)


def _same(value: Any) -> Any:
    return value


def _constant(value: Any, _: Any) -> Any:
    return value


def _called(function: Callable[[], Any], _: Any) -> Any:
    return function()
