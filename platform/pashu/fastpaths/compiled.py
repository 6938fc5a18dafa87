"""Hot queries planned into one SQL statement that builds the whole response (PostgreSQL).

graphql-core answers a dashboard page field by field: 50 cases × 20 fields, each an awaited
resolver, which is most of a request's time. A query whose every field has an SQL form (the
`SqlFields` tables kept beside each domain's types) is instead planned, once per document,
into one statement that builds the JSON in PostgreSQL, as PostGraphile does.

Same answers, same rules:
- a plan is used only after its document has once been answered by the ordinary path without
  errors, so validation and the depth, alias and token limits are that path's own;
- it runs on the request's own session: the caller's tenant scope and row-level security;
- whatever it cannot answer exactly (SQLite, no or a bad token, a variable or an argument the
  ordinary path would refuse) falls back to the ordinary path, which gives the answer or the
  error.

tests/fastpaths/test_compiled.py holds the two paths to the same JSON.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any

import orjson
import psycopg
from graphql import (
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    GraphQLObjectType,
    GraphQLSchema,
    InlineFragmentNode,
    OperationDefinitionNode,
    OperationType,
    SelectionSetNode,
    parse,
)
from graphql.execution.values import (
    VariableValues,
    get_argument_values,
    get_variable_values,
)
from graphql.utilities import get_operation_ast
from sqlalchemy import CTE, Integer, Select, Subquery, bindparam, select, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import Response

from pashu.core.errors import PashuError
from pashu.db.direct import Direct, DriverStatement
from pashu.db.engine import Database
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Jurisdiction
from pashu.observability import requests
from pashu.schema.caches import PARSED_PER_CHAR, BoundedCache
from pashu.schema.context import bearer, build_context
from pashu.schema.cost import Price, price
from pashu.services.tenancy.tenants import (
    check_params,
    principal_check,
    principal_of,
    record_use,
    tenant_of_token,
)

log = logging.getLogger(__name__)
SORTED = orjson.OPT_SORT_KEYS
# The token check, as the first columns of a compiled statement.
CHECKED = principal_check("principal")


class Unsupported(Exception):
    """The selection holds something without an SQL form: it is answered the ordinary way."""


@dataclass(frozen=True)
class Inputs:
    """What a request supplies to a plan: its variables (coerced), the caller's Act and
    tenant (a cursor must be one of its own), and the request's instant: "now" wherever a
    field or filter defaults to it (`asOf`), read here once, never from the clock by a
    field, so a kept statement is given it as a value (`CompiledQueries._driver_statement`)."""

    variables: VariableValues
    plugin: Jurisdiction
    tenant: uuid.UUID | None = None
    now: datetime = field(default_factory=lambda: datetime.now(UTC))


# A field's SQL: (compiler, the field as asked, the SQL name of the row it is read from).
FieldSql = Callable[["Compiler", FieldNode, str], str]
SqlFields = Mapping[str, FieldSql]


def lit(value: str) -> str:
    """An SQL string literal, safe inside text() (whose `:name` would be a parameter)."""
    return "'" + value.replace("'", "''").replace(":", "\\:") + "'"


# How the API writes values, in SQL: the same text the resolvers' serializers produce.


def b64url(sql_text: str) -> str:
    """base64url of a text (PostgreSQL's base64 breaks lines every 76 characters)."""
    return f"translate(encode(convert_to({sql_text}, 'UTF8'), 'base64'), E'+/\\n', '-_')"


def global_id(type_name: str, pk: str) -> str:
    """node.to_global_id: base64url of "Type:uuid", without padding."""
    prefix = lit(type_name + ":")
    return f"rtrim({b64url(f'{prefix} || {pk}::text')}, '=')"


_SECONDS = lit('YYYY-MM-DD"T"HH24:MI:SS')


def instant(col: str, zone: str) -> str:
    """datetime.astimezone(zone).isoformat(): microseconds, and the offset's seconds, only
    when there are some; the offset read from the zone's history, as zoneinfo reads it.
    For UTC and zones east of it (IST), whose offsets are never negative."""
    local = f"({col} AT TIME ZONE {lit(zone)})"
    micro = f"date_part('microseconds', {col})::int % 1000000"
    fraction = f"CASE WHEN {micro} = 0 THEN '' ELSE '.US' END"
    if zone == "UTC":
        offset = lit("+00:00")
    else:
        d = f"({local} - ({col} AT TIME ZONE 'UTC'))"
        offset = (
            f"to_char({d}, {lit('+HH24:MI')}) || "
            f"CASE WHEN date_part('second', {d}) = 0 THEN '' ELSE to_char({d}, {lit(':SS')}) END"
        )
    return f"to_char({local}, {_SECONDS} || {fraction}) || {offset}"


@dataclass(frozen=True)
class Prepared:
    """What a root field adds to the statement for one request."""

    ctes: list[CTE]
    params: dict[str, Any]


# A root field's per-request step: its coerced arguments in, its CTEs and values out.
Prepare = Callable[[Inputs], Prepared]


@dataclass
class Compiler:
    """Turns a selection into SQL building its JSON, field by field, from `types`."""

    schema: GraphQLSchema
    types: Mapping[str, SqlFields]
    fragments: Mapping[str, FragmentDefinitionNode]
    # Bind parameters the SQL names, each computed per request from its inputs.
    params: dict[str, Callable[[Inputs], Any]] = field(default_factory=dict)
    # Per-request steps by name: a field asked twice (under two aliases) adds its CTE once.
    prepares: dict[str, Prepare] = field(default_factory=dict)
    # Integer parameters written into the statement's text per request, not sent as values
    # (a page's size in its LIMIT): PostgreSQL keeps one plan of a prepared statement for
    # every execution only when it knows what that plan is for (`CaseFilter.page`).
    literals: set[str] = field(default_factory=set)
    _aliases: int = 0

    def bind(self, value: Callable[[Inputs], Any]) -> str:
        name = f"p{len(self.params)}"
        self.params[name] = value
        return f":{name}"

    def alias(self) -> str:
        """A fresh SQL alias for a nested row source."""
        self._aliases += 1
        return f"t{self._aliases}"

    def arguments(self, type_name: str, node: FieldNode) -> Callable[[Inputs], dict[str, Any]]:
        """The field's arguments, coerced as graphql-core would, per request."""
        field_def = self._object(type_name).fields[node.name.value]
        return lambda inputs: get_argument_values(field_def, node, inputs.variables)

    def object(
        self,
        type_name: str,
        selection: SelectionSetNode | None,
        row: str,
        sql_fields: SqlFields | None = None,
    ) -> str:
        """`json_build_object(...)` of the selection on `type_name`, read from `row`; its
        fields' SQL from `types`, or from `sql_fields` where they depend on the field's
        arguments."""
        sql_fields = sql_fields or self.types.get(type_name)
        if sql_fields is None or selection is None:
            raise Unsupported(type_name)
        pairs: list[str] = []
        keys: set[str] = set()
        for node in self.fields(type_name, selection):
            key = node.alias.value if node.alias else node.name.value
            if key in keys:  # GraphQL would merge the two selections; not planned here
                raise Unsupported(f"{type_name}.{key} asked twice")
            keys.add(key)
            name = node.name.value
            if name == "__typename":
                value = lit(type_name)
            elif name in sql_fields:
                value = sql_fields[name](self, node, row)
            else:
                raise Unsupported(f"{type_name}.{name}")
            pairs.append(f"{lit(key)}, {value}")
        if len(pairs) > 50:  # json_build_object takes at most 100 arguments
            raise Unsupported(f"{len(pairs)} fields of {type_name}")
        return f"json_build_object({', '.join(pairs)})"

    def _object(self, type_name: str) -> GraphQLObjectType:
        found = self.schema.get_type(type_name)
        assert isinstance(found, GraphQLObjectType), type_name
        return found

    def _applies(self, type_name: str, condition: str | None) -> bool:
        return (
            condition is None
            or condition == type_name
            or condition in {i.name for i in self._object(type_name).interfaces}
        )

    def fields(self, type_name: str, selection: SelectionSetNode) -> Iterator[FieldNode]:
        """The fields asked, fragments spread in place, in order."""
        for s in selection.selections:
            if s.directives:  # @include / @skip depend on variables
                raise Unsupported("directives")
            if isinstance(s, FieldNode):
                yield s
            elif isinstance(s, InlineFragmentNode):
                condition = s.type_condition.name.value if s.type_condition else None
                if not self._applies(type_name, condition):
                    raise Unsupported("a fragment on another type")
                yield from self.fields(type_name, s.selection_set)
            elif isinstance(s, FragmentSpreadNode):
                fragment = self.fragments[s.name.value]
                if fragment.directives or not self._applies(
                    type_name, fragment.type_condition.name.value
                ):
                    raise Unsupported("a fragment on another type")
                yield from self.fields(type_name, fragment.selection_set)


@dataclass
class Plan:
    """One document's statement, with what each request must supply to it."""

    operation: OperationDefinitionNode
    sql: str
    compiler: Compiler
    price: Price  # its query cost, given each request's variables (schema/cost.py)

    def __post_init__(self) -> None:
        # Parsed once: its parameters are given per execution, its literals written in.
        self.json = text(self.sql).bindparams(
            *(
                bindparam(name, type_=Integer, literal_execute=True)
                for name in self.compiler.literals
            )
        )

    def statement(
        self, inputs: Inputs, checked: Subquery | None = None
    ) -> tuple[Select[Any], dict[str, Any]]:
        """The statement for this request, and its parameters' values. With `checked`
        (the token check), its row comes first and the JSON is built only when there is
        one: a token unknown, revoked or expired gets no row, and no page is read."""
        values = {name: value(inputs) for name, value in self.compiler.params.items()}
        ctes: list[CTE] = []
        for prepare in self.compiler.prepares.values():
            prepared = prepare(inputs)
            ctes += prepared.ctes
            values.update(prepared.params)
        if checked is None:
            return select(self.json).add_cte(*ctes), values
        return select(checked, self.json).select_from(checked).add_cte(*ctes), values

    def variables(self, schema: GraphQLSchema, given: Any) -> VariableValues | None:
        """The request's variables coerced, or None where the ordinary path would refuse."""
        if given is not None and not isinstance(given, dict):
            return None
        definitions = self.operation.variable_definitions or ()
        coerced = get_variable_values(schema, definitions, given or {})
        return None if isinstance(coerced, list) else coerced


# A root field's planner: (compiler, the root field) -> the SQL of its JSON value.
RootSql = Callable[[Compiler, FieldNode], str]


def plan(
    schema: GraphQLSchema,
    roots: Mapping[str, RootSql],
    types: Mapping[str, SqlFields],
    query: str,
    operation_name: str | None,
) -> Plan | None:
    """The plan of a query document, or None when any part of it has no SQL form."""
    try:
        document = parse(query)
    except GraphQLError:
        return None
    operation = get_operation_ast(document, operation_name)
    if operation is None or operation.operation is not OperationType.QUERY:
        return None
    fragments = {
        d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)
    }
    compiler = Compiler(schema, types, fragments)
    try:
        pairs = []
        for node in compiler.fields("Query", operation.selection_set):
            root = roots.get(node.name.value)
            if root is None:
                raise Unsupported(node.name.value)
            key = node.alias.value if node.alias else node.name.value
            pairs.append(f"{lit(key)}, {root(compiler, node)}")
    except (Unsupported, KeyError):
        return None
    if len(pairs) != 1:  # one hot root per query; a mix is answered the ordinary way
        return None
    sql = f"json_build_object('data', json_build_object({pairs[0]}))::text"
    return Plan(operation, sql, compiler, price(schema, operation, fragments))


# How far apart the two instants a statement is built at to find its values that are the
# instant (any non-zero step; a second is well clear of a clock's resolution).
INSTANT_PROBE = timedelta(seconds=1)


@dataclass(frozen=True)
class Kept:
    """A statement kept for a document's repeated request, and the names of its values that
    are the request's instant."""

    statement: DriverStatement
    instants: frozenset[str]


def _kept(
    made: DriverStatement,
    again: DriverStatement,
    now: datetime,
    later: datetime,
    checked: Mapping[str, Any],
) -> Kept | None:
    """`made` (built at `now`) to keep, if `again` (built at `later`) is the same statement
    whose values differ only where they are the instant; else None."""
    if made.numbered != again.numbered or made.params.keys() != again.params.keys():
        return None
    if not checked.keys() <= made.params.keys():
        return None
    instants = set()
    for name, value in made.params.items():
        if value == again.params[name]:
            continue
        if value != now or again.params[name] != later:
            return None
        instants.add(name)
    return Kept(made, frozenset(instants))


@dataclass(frozen=True)
class Asked:
    """A request's document and variables, as sent."""

    query: str
    operation_name: str | None
    variables: Any


async def asked(request: Request) -> Asked | None:
    """What a JSON POST asks; None for anything else (the ordinary path reads it)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip()
    if request.method != "POST" or kind != "application/json":
        return None
    try:
        body = orjson.loads(await request.body())
    except orjson.JSONDecodeError:
        return None
    if not isinstance(body, dict) or not isinstance(body.get("query"), str):
        return None
    name = body.get("operationName")
    return Asked(body["query"], name if isinstance(name, str) else None, body.get("variables"))


class CompiledQueries:
    """The plans of the documents seen, and the fast path that answers with them."""

    def __init__(
        self,
        schema: GraphQLSchema,
        roots: Mapping[str, RootSql],
        types: Mapping[str, SqlFields],
        entries: int = 256,
        budget: int = 32_000_000,
        max_cost: int | None = None,
    ) -> None:
        self.schema = schema
        self._roots, self._types = roots, types
        # The query cost's budget (schema/cost.py): a document proven with a small `first`
        # may be sent again with a larger one, so the cost is worked out for each request's
        # variables; over the budget, the ordinary path refuses it with its cost.
        self.max_cost = max_cost
        # Both bounded in entries and bytes: a client sending ever new documents costs at
        # most so much of each.
        self._plans = BoundedCache(entries, budget, lambda key, _: len(key[0]) * PARSED_PER_CHAR)
        self._proven = BoundedCache(entries, budget, lambda key, _: len(key[0]))
        # Statements compiled for the driver, by document, Act, tenant and variables, with
        # the names of their values that are the request's instant (`Kept`).
        self._statements = BoundedCache(
            entries,
            budget,
            lambda key, kept: len(key[0]) + len(kept[0].statement.text if kept[0] else ""),
        )
        # Each tenant's Act, as a token check last found it (only tenants that exist).
        self._acts: dict[uuid.UUID, str] = {}

    def _plan(self, query: str, name: str | None) -> Plan | None:
        kept: tuple[Plan | None] | None = self._plans.get((query, name))
        if kept is None:
            kept = (plan(self.schema, self._roots, self._types, query, name),)
            self._plans.put((query, name), kept)
        return kept[0]

    def proven(self, a: Asked) -> bool:
        return self._proven.get((a.query, a.operation_name)) is not None

    def prove(self, a: Asked, response: Response) -> None:
        """Record that the ordinary path answered this document without errors."""
        if self.proven(a) or response.status_code != 200:
            return
        if b'"errors"' in bytes(response.body):
            return
        self._proven.put((a.query, a.operation_name), True)

    async def answer(
        self, db: Database, request: Request, a: Asked, *, session: bool
    ) -> str | None:
        """The response's JSON text, or None: answer it the ordinary way. Without a
        `session`, only what needs none (`_checked_within`, on the direct pool of any
        loop); with one, only what does (`_checked_first`: the tenant's Act not yet known,
        or a replica to read from), on the loop of the ORM's engine (app.py's executor)."""
        try:
            return await self._answer(db, request, a, session)
        except Exception:  # whatever it is, the ordinary path answers, or reports it coded
            log.exception("the compiled path failed; resolving field by field")
            return None

    async def _answer(self, db: Database, request: Request, a: Asked, session: bool) -> str | None:
        found: Plan | None = self._plan(a.query, a.operation_name)
        variables = found.variables(self.schema, a.variables) if found else None
        if found is None or variables is None:
            return None  # before the token is checked: the ordinary path checks it
        if self.max_cost is not None:
            spent = found.price.of(variables.coerced)
            if spent > self.max_cost:
                return None
        token = bearer(request)
        if token is None:
            return None
        try:
            tenant = tenant_of_token(token)
        except PashuError:
            return None
        act = self._acts.get(tenant)
        if act is None or db.replica_engine is not None:
            return await self._checked_first(db, request, found, variables) if session else None
        if session:
            return None
        return await self._checked_within(db, a, found, variables, token, tenant, act)

    async def _checked_within(
        self,
        db: Database,
        a: Asked,
        found: Plan,
        variables: VariableValues,
        token: str,
        tenant: uuid.UUID,
        act: str,
    ) -> str | None:
        """One statement checks the token and builds the page, in the tenant's scope (both
        walls), sent with its transaction in one round trip (db/direct.py). Which Act's
        rules the page needs is known from an earlier request of the tenant's; the
        statement's own row says it again, and a change is answered anew."""
        direct = db.direct
        assert direct is not None  # compiled statements are PostgreSQL's
        now = datetime.now(UTC)
        checked = check_params(token, now)
        try:
            made, values = self._driver_statement(
                direct, a, found, Inputs(variables, registry.get(act), tenant, now), checked
            )
        except (PashuError, GraphQLError):  # refused by the resolver, with its own error
            return None
        try:
            row = await direct.run(made, values)
            if row is None:  # unknown, revoked or expired: the ordinary path refuses it
                return None
            who, used = principal_of(row, now)
            if used is not None:  # at most once a minute per token
                await direct.run(direct.compile(tenant, record_use(used, now), {}))
        except psycopg.Error:  # logged; the ordinary path answers, or reports the failure
            log.exception("the compiled statement failed; resolving field by field")
            return None
        if who.jurisdiction != act:  # the tenant's Act is not the one planned for
            self._acts[tenant] = who.jurisdiction
            return None
        requests.note_tenant(who.tenant_slug)
        requests.note_operation(found.operation.name.value if found.operation.name else None)
        return str(row[-1])

    def _driver_statement(
        self, direct: Direct, a: Asked, found: Plan, inputs: Inputs, checked: dict[str, Any]
    ) -> tuple[DriverStatement, dict[str, Any]]:
        """The statement for these variables in this tenant, compiled for the driver, and the
        values to give it for this request. Kept for the next request with the same ones
        when a second build, at another instant, differs only in values that are the instant
        itself (a default `asOf` of now, the `overdue` filter's now): then only those and
        the token check's own values (`checked`) are given per request, and the driver's
        prepared statement serves every one. Anything else reading the clock, or a value
        converted from the instant, gives another second build: not kept, built anew."""
        tenant = inputs.tenant
        assert tenant is not None  # the tenant the token names
        key = (
            a.query,
            a.operation_name,
            inputs.plugin.code,
            tenant,
            orjson.dumps(a.variables, option=SORTED),
        )
        kept: tuple[Kept | None] | None = self._statements.get(key)
        if kept is not None and kept[0] is not None:
            instants = dict.fromkeys(kept[0].instants, inputs.now)
            return kept[0].statement, {**checked, **instants}

        def build(at: Inputs) -> DriverStatement:
            statement, values = found.statement(at, CHECKED)
            return direct.compile(tenant, statement, {**values, **checked})

        made = build(inputs)
        if kept is None:
            later = replace(inputs, now=inputs.now + INSTANT_PROBE)
            self._statements.put(key, (_kept(made, build(later), inputs.now, later.now, checked),))
        return made, checked

    async def _checked_first(
        self, db: Database, request: Request, found: Plan, variables: VariableValues
    ) -> str | None:
        """The token checked on the primary, then the page (from the replica, if any)."""
        ctx = await build_context(request, db, bearer(request))
        ctx.read_from_replica = True  # only queries are compiled
        try:
            if ctx.principal is None:
                return None
            self._acts[ctx.principal.tenant_id] = ctx.principal.jurisdiction
            requests.note_operation(found.operation.name.value if found.operation.name else None)
            inputs = Inputs(
                variables, registry.get(ctx.principal.jurisdiction), ctx.principal.tenant_id
            )
            try:
                statement, values = found.statement(inputs)
            except (PashuError, GraphQLError):  # refused by the resolver, with its own error
                return None

            def run(s: Session) -> str:
                return str(s.execute(statement, values).scalar_one())

            try:
                return await ctx.read(run)
            except DBAPIError:  # logged; the ordinary path answers, or reports the failure
                log.exception("the compiled statement failed; resolving field by field")
                return None
        finally:
            await ctx.close()
