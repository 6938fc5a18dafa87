"""The W1 answer written by hand in SQL for the peer: PostGraphile's functions.

They compute what `Impoundment.dues(asOf).total` computes in Python
(services/impoundment/dues.py): per animal still in the pound, the fine per head (unless
settled) on the scale the tenant's Act uses for the place of seizure, in force on the day of
impounding, plus the feeding rate in force on each legal day (IST) from the first unsettled
day to `asOf`; a rate not notified makes the total null. The computed column is written as
PostGraphile's users would. Which scale applies where is law, so it is read from the plugins
(`fine_kinds`) and passed in as a VALUES list. (The floor runs the platform's own statement:
bench/floor.py.)
"""

from __future__ import annotations

from pashu.jurisdictions import registry
from pashu.services.impoundment import dues

IST = "'Asia/Kolkata'"
FEEDING = "'FEEDING_PER_HEAD_PER_DAY'"
OPEN = "('IMPOUNDED', 'PARTLY_RELEASED')"


def fine_kinds() -> list[tuple[str, str, str]]:
    """(jurisdiction, place kind, fine rate kind) for every Act that impounds, at every place
    any installed Act names: a case may hold another Act's place, and its Act still levies
    a scale there (services/impoundment/dues.py `fine_kinds`, as the resolver asks it)."""
    return [
        (plugin.code, place, kind)
        for plugin in registry.installed()
        for place, kind in dues.fine_kinds(plugin).items()
    ]


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
