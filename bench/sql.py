"""The W1 answer written by hand in SQL: the floor's one statement and the peer's functions.

Both compute what `Impoundment.dues(asOf).total` computes in Python (services/impoundment/dues.py):
per animal still in the pound, the fine per head (unless settled) on the scale the tenant's
Act uses for the place of seizure, in force on the day of impounding, plus the feeding rate
in force on each legal day (IST) from the first unsettled day to `asOf`; a rate not notified
makes the total null. The floor uses the platform's own SQL twin of it (`dues.total_sql`,
held to `compute` by tests/services/impoundment/test_dues_sql.py); the peer's computed
column is written
as its users would, each at its fastest. Which scale applies where is law, so it is read
from the plugins (`fine_kinds`) and passed in as a VALUES list.
"""

from __future__ import annotations

from sqlalchemy.dialects import postgresql

from pashu.core.errors import PashuError
from pashu.jurisdictions import registry
from pashu.services.impoundment import dues
from pashu.services.impoundment.dues import SEGMENTS

IST = "'Asia/Kolkata'"
FEEDING = "'FEEDING_PER_HEAD_PER_DAY'"


def fine_kinds() -> list[tuple[str, str, str]]:
    """(jurisdiction, place kind, fine rate kind) for every Act that impounds."""
    rows = []
    for plugin in registry.installed():
        for place in (k.code for k in plugin.declared_kinds().places):
            try:
                kind = plugin.fine_rate_kind(place).value
            except PashuError:  # an Act without impoundment
                break
            rows.append((plugin.code, place, kind.value))
    return rows


def _values(rows: list[tuple[str, str, str]]) -> str:
    def lit(s: str) -> str:
        return "'" + s.replace("'", "''") + "'"

    return ", ".join(f"({lit(j)}, {lit(p)}, {lit(k)})" for j, p, k in rows)


def _fine_kind(case: str, kinds: list[tuple[str, str, str]]) -> str:
    """The case's fine scale: its tenant's Act and its place of seizure, looked up."""
    return (
        f"(SELECT m.k FROM (VALUES {_values(kinds)}) m(j, p, k), tenants t "
        f"WHERE t.id = {case}.tenant_id AND m.j = t.jurisdiction AND m.p = {case}.place_kind)"
    )


def _segments() -> str:
    """The tenant's rates as segments (dues.rate_segments), as SQL text; RLS scopes it."""
    compiled = dues.rate_segments().compile(
        dialect=postgresql.dialect(), compile_kwargs={"literal_binds": True}
    )
    return str(compiled)


def dues_total(case: str, as_of: str, kinds: list[tuple[str, str, str]], segments: str) -> str:
    """The dues total in SQL: the platform's own expression (services/impoundment/dues.py), with the
    fine scale looked up for any tenant rather than fixed for one Act."""
    return dues.total_sql(_fine_kind(case, kinds), case, as_of, segments)


def _ist(col: str) -> str:
    """An instant as the API writes it: ISO 8601 in IST with its offset (whole seconds)."""
    return (
        f"CASE WHEN {col} IS NULL THEN NULL ELSE "
        f"to_char({col} AT TIME ZONE {IST}, 'YYYY-MM-DD\"T\"HH24:MI:SS') || '+05:30' END"
    )


def _b64(text: str) -> str:
    return f"translate(encode(convert_to({text}, 'UTF8'), 'base64'), E'+/\\n', '-_')"


OPEN = "('IMPOUNDED', 'PARTLY_RELEASED')"


def floor_w1(kinds: list[tuple[str, str, str]]) -> str:
    """One statement: the whole GraphQL response of W1 as JSON text, built in PostgreSQL.

    Parameters: %(tenant)s, %(as_of)s (timestamptz), %(first)s; RLS holds the tenant too.
    """
    gid = "rtrim(" + _b64("'Impoundment:' || s.id::text") + ", '=')"
    cursor_ts = "to_char(e.seized_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS') || '+00:00'"
    cursor = _b64(f"{cursor_ts} || '|' || e.id::text")
    node = f"""json_build_object(
        'id', {gid},
        'registerNumber', s.register_number,
        'status', s.status,
        'seizedAt', {_ist("s.seized_at")},
        'owner', CASE WHEN coalesce(s.owner_name, '') <> '' THEN json_build_object(
            'name', s.owner_name, 'address', coalesce(s.owner_address, '')) END,
        'pound', (SELECT json_build_object('name', p.name) FROM pounds p
                  WHERE p.tenant_id = s.tenant_id AND p.id = s.pound_id),
        'animals', coalesce((SELECT json_agg(json_build_object(
                'species', a.species, 'status', a.status) ORDER BY a.id)
            FROM impounded_animals a
            WHERE a.tenant_id = s.tenant_id AND a.impoundment_id = s.id), '[]'),
        'nextAction', CASE WHEN s.next_action IS NOT NULL AND s.next_action_at IS NOT NULL
            THEN json_build_object('action', s.next_action,
                                   'deadline', {_ist("s.next_deadline")}) END,
        'dues', json_build_object('total', {dues_total("s", "%(as_of)s", kinds, SEGMENTS)}))"""
    return f"""
WITH {SEGMENTS} AS ({_segments()}), page AS (
    SELECT * FROM impoundments i
    WHERE i.tenant_id = %(tenant)s AND i.status IN {OPEN}
    ORDER BY i.seized_at DESC, i.id DESC
    LIMIT %(first)s + 1
), shown AS (
    SELECT * FROM page ORDER BY seized_at DESC, id DESC LIMIT %(first)s
)
SELECT json_build_object('data', json_build_object('impoundments', json_build_object(
    'edges', coalesce((SELECT json_agg(json_build_object('node', {node})
                                       ORDER BY s.seized_at DESC, s.id DESC) FROM shown s), '[]'),
    'pageInfo', json_build_object(
        'hasNextPage', (SELECT count(*) > %(first)s FROM page),
        'endCursor', (SELECT {cursor} FROM shown e ORDER BY e.seized_at, e.id LIMIT 1)))))::text
"""


def _peer_rate(kind: str, species: str, day: str, tenant: str) -> str:
    """The notification governing `species` on `day`: one for the species wins, else one for
    all species; among equal dates the later published (services/rates/rates.py order)."""

    def latest(match: str) -> str:
        return (
            f"(SELECT n.amount FROM rate_notifications n WHERE n.tenant_id = {tenant} "
            f"AND n.kind = {kind} AND {match} AND n.effective_from <= {day} "
            "ORDER BY n.effective_from DESC, n.created_at DESC, n.id DESC LIMIT 1)"
        )

    return f"coalesce({latest(f'n.species = {species}')}, {latest('n.species IS NULL')})"


def _peer_dues_total(case: str, as_of: str, kinds: list[tuple[str, str, str]]) -> str:
    """The dues total as a PostGraphile user writes a computed column: a rate looked up per
    animal and day. Measured faster for the peer (its functions run per row and are planned
    per call) than the segments form the floor and Pashu use; the peer gets its best."""
    impounded = f"({case}.impounded_at AT TIME ZONE {IST})::date"
    until = f"({as_of} AT TIME ZONE {IST})::date"
    first = f"coalesce((a.charges_settled_at AT TIME ZONE {IST})::date + 1, {impounded})"
    tenant = f"{case}.tenant_id"
    fines = (
        f"SELECT {_peer_rate(_fine_kind(case, kinds), 'a.species', impounded, tenant)} AS amount "
        "FROM impounded_animals a "
        f"WHERE a.tenant_id = {case}.tenant_id AND a.impoundment_id = {case}.id "
        "AND a.status = 'IN_POUND' AND NOT a.fine_settled"
    )
    feeding = (
        f"SELECT {_peer_rate(FEEDING, 'a.species', 'd.day', tenant)} "
        "FROM impounded_animals a CROSS JOIN LATERAL "
        f"(SELECT g::date AS day FROM generate_series({first}, {until}, interval '1 day') g) d "
        f"WHERE a.tenant_id = {case}.tenant_id AND a.impoundment_id = {case}.id "
        "AND a.status = 'IN_POUND'"
    )
    return (
        "(SELECT CASE WHEN bool_or(x.amount IS NULL) THEN NULL "
        "ELSE (coalesce(sum(x.amount), 0) / 100.0)::numeric(20, 2)::text END "
        f"FROM ({fines} UNION ALL {feeding}) x)"
    )


def peer_functions(kinds: list[tuple[str, str, str]]) -> list[str]:
    """What PostGraphile needs to express W1: the open cases (a setof function, as its users
    write for an IN filter) and the dues total (a computed column)."""
    return [
        f"""CREATE OR REPLACE FUNCTION public.open_impoundments() RETURNS SETOF impoundments
        LANGUAGE sql STABLE AS $$
            SELECT * FROM impoundments WHERE status IN {OPEN} ORDER BY seized_at DESC, id DESC
        $$""",
        f"""CREATE OR REPLACE FUNCTION public.impoundments_dues_total(
            c impoundments, as_of timestamptz) RETURNS text
        LANGUAGE sql STABLE AS $$ SELECT {_peer_dues_total("c", "as_of", kinds)} $$""",
    ]
