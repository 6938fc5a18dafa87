"""The dashboard's case list in SQL: each field of `impoundments` as the JSON its resolver
gives (types.py, queries.py), for the compiled path (fastpaths/compiled.py).

Which cases a page holds is `CaseFilter.page()`, the resolver's own query, used as the
statement's `page`; the rest reads from it. Fields not listed here (timelines, papers,
notices, money lines, an auction's notice and lots) have no SQL form, and a query asking for
one is answered the ordinary way.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from graphql import FieldNode
from strawberry.utils.str_converters import to_snake_case

from pashu.core.legaltime import IST, aware
from pashu.db import impoundment as db
from pashu.db.clocks import Auction
from pashu.db.pounds import LocalAuthority, Pound
from pashu.fastpaths.compiled import (
    Compiler,
    FieldSql,
    Inputs,
    Prepared,
    SqlFields,
    b64url,
    global_id,
    instant,
    lit,
)
from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import PlaceKind
from pashu.schema.impoundment.queries import CaseFilter
from pashu.services.impoundment import dues

PAGE = "page"
NEWEST_FIRST = "seized_at DESC, id DESC"
ANIMALS = db.ImpoundedAnimal.__tablename__
AUCTIONS = Auction.__tablename__
IN_POUND = lit(db.AnimalStatus.IN_POUND.value)
# Built once: the tenant's scope is added when a statement runs (db/scoping.py).
SEGMENTS = dues.rate_segments().cte(dues.SEGMENTS)


def _column(name: str) -> FieldSql:
    return lambda c, node, row: f"{row}.{name}"


def _at(name: str) -> FieldSql:
    return lambda c, node, row: instant(f"{row}.{name}", IST.key)


def _id(type_name: str) -> FieldSql:
    return lambda c, node, row: global_id(type_name, f"{row}.id")


def _shown(alias: str) -> str:
    """The page's rows as shown: without the one read to tell whether another page follows."""
    return f"(SELECT * FROM {PAGE} ORDER BY {NEWEST_FIRST} LIMIT :size) {alias}"


def _cursor(row: str) -> str:
    """queries._cursor: base64url of "<seized_at in UTC, isoformat>|<id>|<tenant_id>"."""
    position = f"{instant(f'{row}.seized_at', 'UTC')} || '|' || {row}.id::text"
    return b64url(f"{position} || '|' || {row}.tenant_id::text")


def _when(c: Compiler, node: FieldNode, type_name: str) -> str:
    """The field's `asOf` as a parameter: the instant given, else now (as the resolver), the
    request's (`Inputs.now`), so a statement kept for the next request is given its own."""
    args = c.arguments(type_name, node)

    def value(inputs: Inputs) -> datetime:
        given = args(inputs).get("asOf")
        return aware(given) if given else inputs.now

    return c.bind(value)


def impoundments(c: Compiler, node: FieldNode) -> str:
    """The root field: its arguments make the page (per request), its selection the JSON."""
    args = c.arguments("Query", node)

    def prepare(inputs: Inputs) -> Prepared:
        given = {to_snake_case(k): v for k, v in args(inputs).items()}
        if given.get("as_of") is None:  # `overdue` judged at the request's now, as the resolver
            given["as_of"] = inputs.now
        query, size = CaseFilter(**given, tenant=inputs.tenant).page()
        return Prepared([query.cte(PAGE)], {"size": size, "paged": given.get("after") is not None})

    c.prepares[PAGE] = prepare
    c.literals.add("size")  # `_shown`'s LIMIT
    return c.object("ImpoundmentConnection", node.selection_set, PAGE)


def _edges(c: Compiler, node: FieldNode, row: str) -> str:
    s = c.alias()
    edge = c.object("ImpoundmentEdge", node.selection_set, s)
    return (
        f"coalesce((SELECT json_agg({edge} ORDER BY {s}.seized_at DESC, {s}.id DESC) "
        f"FROM {_shown(s)}), '[]'::json)"
    )


def _end_cursor(c: Compiler, node: FieldNode, row: str) -> str:
    e = c.alias()
    return f"(SELECT {_cursor(e)} FROM {_shown(e)} ORDER BY {e}.seized_at, {e}.id LIMIT 1)"


def _start_cursor(c: Compiler, node: FieldNode, row: str) -> str:
    e = c.alias()
    return f"(SELECT {_cursor(e)} FROM {_shown(e)} ORDER BY {NEWEST_FIRST} LIMIT 1)"


def _owner(c: Compiler, node: FieldNode, row: str) -> str:
    person = c.object("Person", node.selection_set, row)
    return f"CASE WHEN coalesce({row}.owner_name, '') <> '' THEN {person} END"


def _next_action(c: Compiler, node: FieldNode, row: str) -> str:
    action = c.object("NextAction", node.selection_set, row)
    return (
        f"CASE WHEN {row}.next_action IS NOT NULL AND {row}.next_action_at IS NOT NULL "
        f"THEN {action} END"
    )


def _overdue(c: Compiler, node: FieldNode, row: str) -> str:
    when = _when(c, node, "NextAction")
    return f"({row}.next_deadline IS NOT NULL AND {when} >= {row}.next_deadline)"


def _one(type_name: str, table: str, key: str) -> FieldSql:
    """The row of `table` that the row's `key` names (in the same tenant), as `type_name`."""

    def sql(c: Compiler, node: FieldNode, row: str) -> str:
        r = c.alias()
        found = c.object(type_name, node.selection_set, r)
        return (
            f"(SELECT {found} FROM {table} {r} "
            f"WHERE {r}.tenant_id = {row}.tenant_id AND {r}.id = {row}.{key})"
        )

    return sql


def _animals(c: Compiler, node: FieldNode, row: str) -> str:
    a = c.alias()
    animal = c.object("Animal", node.selection_set, a)
    return (
        f"coalesce((SELECT json_agg({animal} ORDER BY {a}.id) FROM {ANIMALS} {a} "
        f"WHERE {a}.tenant_id = {row}.tenant_id AND {a}.impoundment_id = {row}.id), '[]'::json)"
    )


def _animal_counts(c: Compiler, node: FieldNode, row: str) -> str:
    """Per species in the order each first appears among the animals (by id)."""
    g = c.alias()
    count = c.object("AnimalCount", node.selection_set, g)
    return (
        f"coalesce((SELECT json_agg({count} ORDER BY {g}.first) FROM ("
        f"SELECT species, count(*) AS count, count(*) FILTER (WHERE status = {IN_POUND}) "
        f"AS in_pound, min(id::text) AS first FROM {ANIMALS} "
        f"WHERE tenant_id = {row}.tenant_id AND impoundment_id = {row}.id GROUP BY species"
        f") {g}), '[]'::json)"
    )


def _auctions(c: Compiler, node: FieldNode, row: str) -> str:
    """The case's auctions by round (schema/clocks/types.py `case_auctions`)."""
    a = c.alias()
    auction = c.object("Auction", node.selection_set, a)
    return (
        f"coalesce((SELECT json_agg({auction} ORDER BY {a}.round) FROM {AUCTIONS} {a} "
        f"WHERE {a}.tenant_id = {row}.tenant_id AND {a}.impoundment_id = {row}.id), '[]'::json)"
    )


def _scale(place: PlaceKind) -> Callable[[Inputs], str | None]:
    return lambda inputs: dues.fine_kinds(inputs.plugin).get(place)


def _bound(place: PlaceKind, part: int) -> Callable[[Inputs], str | None]:
    """The base scale (0) or factor (1) bounding the place's fine scale, or None."""

    def value(inputs: Inputs) -> str | None:
        bound = dues.fine_bounds(inputs.plugin).get(place)
        return None if bound is None else bound[part]

    return value


def _dues(c: Compiler, node: FieldNode, row: str) -> str:
    when = _when(c, node, "Impoundment")
    c.prepares[dues.SEGMENTS] = lambda _: Prepared([SEGMENTS], {})
    # The fine scale of each place of seizure is the caller's Act's: a parameter per place any
    # installed Act names (None for a place the caller's does not).
    places = list(registry.kinds("places"))
    scales = {p: c.bind(_scale(p)) for p in places}
    bases = {p: c.bind(_bound(p, 0)) for p in places}
    factors = {p: c.bind(_bound(p, 1)) for p in places}
    bound = dues.fine_bound_sql(row, bases, factors)
    total = dues.total_sql(dues.fine_kind_sql(row, scales), row, when, bound=bound)
    fields = {
        "asOf": lambda c, node, row: instant(when, IST.key),
        "total": lambda c, node, row: total,
    }
    return c.object("Dues", node.selection_set, row, fields)


TYPES: dict[str, SqlFields] = {
    "ImpoundmentConnection": {
        "edges": _edges,
        "pageInfo": lambda c, node, row: c.object("PageInfo", node.selection_set, row),
    },
    "ImpoundmentEdge": {
        "cursor": lambda c, node, row: _cursor(row),
        "node": lambda c, node, row: c.object("Impoundment", node.selection_set, row),
    },
    "PageInfo": {
        "hasNextPage": lambda c, node, row: f"(SELECT count(*) > :size FROM {PAGE})",
        "hasPreviousPage": lambda c, node, row: "CAST(:paged AS boolean)",
        "startCursor": _start_cursor,
        "endCursor": _end_cursor,
    },
    "Impoundment": {
        "id": _id("Impoundment"),
        "registerNumber": _column("register_number"),
        "status": _column("status"),
        "seizedAt": _at("seized_at"),
        "impoundedAt": _at("impounded_at"),
        "placeKind": _column("place_kind"),
        "place": _column("place"),
        "area": _column("area"),
        "seizer": lambda c, node, row: c.object("Seizer", node.selection_set, row),
        "owner": _owner,
        "nextAction": _next_action,
        "pound": _one("Pound", Pound.__tablename__, "pound_id"),
        "animals": _animals,
        "animalCounts": _animal_counts,
        "auctions": _auctions,
        "dues": _dues,
    },
    "Seizer": {
        "name": _column("seizer_name"),
        "address": _column("seizer_address"),
        "signed": _column("seizer_signed"),
        "capacity": _column("seizer_capacity"),
        "damageFound": _column("damage"),
    },
    "Person": {  # the owner: the only Person the compiled fields reach
        "name": _column("owner_name"),
        "address": lambda c, node, row: f"coalesce({row}.owner_address, '')",
    },
    "NextAction": {
        "action": _column("next_action"),
        "notBefore": _at("next_action_at"),
        "deadline": _at("next_deadline"),
        "overdue": _overdue,
    },
    "Pound": {
        "id": _id("Pound"),
        "name": _column("name"),
        "localAuthority": _one(
            "LocalAuthority", LocalAuthority.__tablename__, "local_authority_id"
        ),
    },
    "LocalAuthority": {"id": _id("LocalAuthority"), "name": _column("name")},
    "Animal": {
        "id": _id("Animal"),
        "species": _column("species"),
        "description": _column("description"),
        "earTag": _column("ear_tag"),
        "status": _column("status"),
        "releasedAt": _at("released_at"),
        "injury": _column("injury"),
        "carcassReturnedAt": _at("carcass_returned_at"),
    },
    "Auction": {  # its scalars; its notice and lots have no SQL form
        "id": _id("Auction"),
        "impoundmentId": lambda c, node, row: global_id("Impoundment", f"{row}.impoundment_id"),
        "round": _column("round"),
        "scheduledFor": _at("scheduled_for"),
        "place": _column("place"),
        "conditions": _column("conditions"),
        "noticeIssuedAt": _at("notice_issued_at"),
        "closedAt": _at("closed_at"),
    },
    "AnimalCount": {
        "species": _column("species"),
        "count": _column("count"),
        "inPound": _column("in_pound"),
    },
}
