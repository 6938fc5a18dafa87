"""Fill a PostgreSQL database with realistic departments and their registers, set-based.

Twenty tenants across the installed jurisdictions; the impoundments go to those whose Act
impounds. Every value is a hash of (seed, tenant, case number, field), so a run with the
same seed and size writes the same rows; a database already holding them is left alone
(idempotent), one holding another size is emptied and filled again. Rows are written by
the tables' owner with INSERT ... SELECT generate_series (bypassing the application, whose
role stays under row-level security), respecting every column and constraint, then ANALYZEd.

Each tenant seizes about 20 cases a day; a larger database is a longer history, so the
dashboard's open cases stay a few hundred per tenant whatever the size, as in life.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import psycopg
from psycopg import sql
from tqdm import tqdm

from bench import timelines
from bench.settings import AS_OF, SECRET_KEY, SEED, Target
from pashu.core.errors import PashuError
from pashu.db.engine import Database
from pashu.db.migrate import upgrade
from pashu.db.tenancy import Tenant
from pashu.jurisdictions import Jurisdiction, registry
from pashu.jurisdictions.vocabulary import Capability, MoneyKind
from pashu.services.ledger.accounts import NO_BODY, routed
from pashu.services.tenancy.tenants import create_token

TENANTS = 20
VERSION = "5"  # bump when the shape of the generated data changes
DATA_TABLES = (
    "ledger_entries",
    "ledger_transactions",
    "notices",
    "sales",
    "deliveries",
    "impounded_animals",
    "impoundments",
    "counters",
    "rate_notifications",
    "pounds",
    "local_authorities",
    "api_tokens",
    "users",
    "audit_events",
)


@dataclass(frozen=True)
class BenchTenant:
    index: int
    id: uuid.UUID
    slug: str
    jurisdiction: str
    impounds: bool
    cases: int
    token: str = ""


def _tenant_plan(total: int) -> list[BenchTenant]:
    plugins = sorted(registry.installed(), key=lambda p: p.code)
    plan = []
    for i in range(TENANTS):
        plugin = plugins[i % len(plugins)]
        impounds = Capability.IMPOUNDMENT in plugin.capabilities
        plan.append((i, plugin.code, impounds))
    impounding = [p for p in plan if p[2]]
    share, extra = divmod(total, len(impounding))
    out = []
    k = 0
    for i, code, impounds in plan:
        cases = 0
        if impounds:
            cases = share + (1 if k < extra else 0)
            k += 1
        tid = uuid.uuid5(uuid.NAMESPACE_URL, f"pashu-bench/{SEED}/tenant/{i}")
        slug = f"bench-{code}-{i + 1:02d}"
        out.append(BenchTenant(i, tid, slug, code, impounds, cases))
    return out


def _meta(conn: psycopg.Connection) -> dict[str, str]:
    conn.execute(
        "CREATE TABLE IF NOT EXISTS bench_meta (key text PRIMARY KEY, value text NOT NULL)"
    )
    conn.execute("REVOKE ALL ON bench_meta FROM PUBLIC")
    return dict(conn.execute("SELECT key, value FROM bench_meta").fetchall())


def ensure_database(target: Target) -> None:
    """Create the database if missing and migrate it (as the owner)."""
    with psycopg.connect(target.server_url, autocommit=True) as conn:
        found = conn.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", (target.dbname,)
        ).fetchone()
        if not found:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(target.dbname)))
    upgrade(target.owner_url)


def tenants(target: Target) -> list[BenchTenant]:
    """The generated tenants with their API tokens (kept in the owner-only bench_meta)."""
    with psycopg.connect(target.owner_url, autocommit=True) as conn:
        meta = _meta(conn)
    total = int(meta.get("impoundments", "0"))
    return [
        BenchTenant(**{**t.__dict__, "token": meta.get(f"token:{t.slug}", "")})
        for t in _tenant_plan(total)
    ]


def generate(target: Target, impoundments: int, *, progress: bool = True) -> list[BenchTenant]:
    ensure_database(target)
    plan = _tenant_plan(impoundments)
    want = {"version": VERSION, "seed": str(SEED), "impoundments": str(impoundments)}
    with psycopg.connect(
        target.owner_url, autocommit=True, cursor_factory=psycopg.ClientCursor
    ) as conn:
        meta = _meta(conn)
        if all(meta.get(k) == v for k, v in want.items()):
            if progress:
                print(f"{target.dbname}: {impoundments:,} impoundments already there")
            if meta.get("secret") != _secret():  # hashed with another key: issue anew
                _keep_tokens(conn, _tokens(target, plan))
            return tenants(target)
        conn.execute("DELETE FROM bench_meta")
        conn.execute(
            "TRUNCATE " + ", ".join(DATA_TABLES) + " RESTART IDENTITY CASCADE; "
            "DELETE FROM tenants WHERE slug LIKE 'bench-%'"
        )
        busy = [t for t in plan if t.cases]
        steps = 1 + len(busy) * len(_STEPS) + 2
        with _bar(steps, f"{target.dbname} ← {impoundments:,} impoundments", progress) as bar:
            _tenants(conn, plan)
            bar.update(1)
            for t in busy:
                for name, statement in _STEPS:
                    bar.set_postfix_str(f"{t.slug}: {name}")
                    conn.execute(statement, _params(t))
                    bar.update(1)
                # The open cases' notices and next duties, by the tenant's own Act.
                timelines.open_cases(conn, _params(t), t.jurisdiction)
            conn.execute("DROP TABLE IF EXISTS bench_cases")
            conn.execute("ANALYZE")
            bar.update(1)
            tokens = _tokens(target, plan)
            bar.update(1)
        _keep_tokens(conn, tokens)
        for k, v in want.items():
            conn.execute("INSERT INTO bench_meta VALUES (%s, %s)", (k, v))
    return tenants(target)


@contextmanager
def _bar(total: int, desc: str, show: bool) -> Iterator[tqdm]:
    with tqdm(total=total, desc=desc, disable=not show, unit="step") as bar:
        yield bar


def _params(t: BenchTenant) -> dict[str, object]:
    plugin = registry.get(t.jurisdiction)
    fund = routed(plugin, MoneyKind.FINE, _ONE, NO_BODY)[0][0]
    return {
        "tenant": t.id,
        "ti": t.index,
        "n": t.cases,
        "as_of": AS_OF,
        "seed": str(SEED),
        "fund": fund,
        "prefix": t.jurisdiction[:2].upper(),
        **_places(plugin),
        # The closed cases' notices, by the tenant's own Act (bench/timelines.py).
        **timelines.reference(t.jurisdiction),
    }


# How often a case is seized at each kind of place its Act reaches, in the order the plugin
# declares them (private land and public property first, the rarer kinds after), scaled to the
# kinds the Act has.
_PLACE_SHARES = (0.6, 0.25, 0.10, 0.05)


def _places(plugin: Jurisdiction) -> dict[str, object]:
    """The kinds of place the tenant's Act lets animals be seized at (its plugin's
    `places_of_seizure`), and the upper bounds of each's share of [0, 1) but the last's."""
    places = [str(p) for p in plugin.places_of_seizure().value]
    shares = [_PLACE_SHARES[min(i, len(_PLACE_SHARES) - 1)] for i in range(len(places))]
    total, bounds, running = sum(shares), [], 0.0
    for share in shares[:-1]:
        running += share
        bounds.append(round(running / total, 6))
    return {"places": places, "place_bounds": bounds}


def _tenants(conn: psycopg.Connection, plan: list[BenchTenant]) -> None:
    for t in plan:
        conn.execute(
            "INSERT INTO tenants (id, slug, name, jurisdiction, created_at) "
            "VALUES (%s, %s, %s, %s, %s - interval '10 years')",
            (
                t.id,
                t.slug,
                f"Bench department {t.index + 1} ({t.jurisdiction})",
                t.jurisdiction,
                AS_OF,
            ),
        )
        if not t.cases:
            continue
        conn.execute(_AUTHORITIES, _params(t))
        kinds, local = _rate_kinds(t.jurisdiction)
        conn.execute(_RATES, {**_params(t), "kinds": kinds, "local": local})


def _rate_kinds(code: str) -> tuple[list[str], list[str]]:
    """The rates the tenant's Act has, and those each local authority fixes for its own
    pounds (Nagaland s.4: notified once per authority)."""
    try:
        rules = registry.get(code).rate_rules()
    except PashuError:
        return [], []
    return [k.value for k in rules], [k.value for k, r in rules.items() if r.local_only]


def _secret() -> str:
    """Which key the tokens kept were hashed with (a digest of it, never the key)."""
    return hashlib.sha256(SECRET_KEY.encode()).hexdigest()[:16]


def _keep_tokens(conn: psycopg.Connection, tokens: dict[str, str]) -> None:
    conn.execute("DELETE FROM bench_meta WHERE key LIKE 'token:%' OR key = 'secret'")
    for slug, token in tokens.items():
        conn.execute("INSERT INTO bench_meta VALUES (%s, %s)", (f"token:{slug}", token))
    conn.execute("INSERT INTO bench_meta VALUES ('secret', %s)", (_secret(),))


def _tokens(target: Target, plan: list[BenchTenant]) -> dict[str, str]:
    db = Database(target.owner_url, pooled=False)
    out = {}
    for t in plan:
        with db.transaction(t.id) as s:
            tenant = s.get(Tenant, t.id)
            assert tenant is not None
            out[t.slug] = create_token(s, tenant, "clerk", "Bench clerk")
    db.engine.dispose()
    return out


_ONE = __import__("decimal").Decimal("100.00")

# A deterministic uniform number in [0, 1) from the seed, the tenant and a label.
_R = "(('x' || substr(md5(%(seed)s || ':' || %(ti)s || ':' || {}), 1, 8))::bit(32)::bigint / 4294967296.0)"  # noqa: E501


def _r(label: str) -> str:
    return _R.format(label)


def _uuid(label: str) -> str:
    return f"md5(%(seed)s || ':' || %(ti)s || ':' || {label})::uuid"


_AUTHORITIES = f"""
INSERT INTO local_authorities (tenant_id, id, created_at, name)
SELECT %(tenant)s, {_uuid("'la' || g")}, %(as_of)s - interval '10 years',
       (ARRAY['Kohima', 'Dimapur', 'Mokokchung', 'Aizawl', 'Lunglei', 'Champhai',
              'Wokha', 'Tuensang', 'Kolasib', 'Serchhip'])[1 + (g + %(ti)s) %% 10]
       || ' Town Committee ' || g
FROM generate_series(1, 5) g;
INSERT INTO pounds (tenant_id, id, created_at, name, local_authority_id)
SELECT %(tenant)s, {_uuid("'pound' || g")}, %(as_of)s - interval '10 years',
       'Pound ' || g || ' of authority ' || (1 + g %% 5), {_uuid("'la' || (1 + g %% 5)")}
FROM generate_series(0, 9) g;
"""

# Fines and feeding per head for all species, raised once; a dearer fine for cows; the
# aggravated scales where the Act has them (within its bounds: 2x and 4x the base).
_RATES = f"""
INSERT INTO rate_notifications
    (tenant_id, id, created_at, kind, species, amount, effective_from, published_on,
     reference, published_by, local_authority_id)
SELECT %(tenant)s, {_uuid("'rate' || r.ord || ':' || coalesce(la.g, 0)")}, r.since::timestamptz,
       r.kind, r.species, r.amount, r.since, r.since,
       'Gazette No. ' || r.ord || ' of ' || r.since, 'Bench admin (admin)',
       CASE WHEN la.g IS NOT NULL THEN {_uuid("'la' || la.g")} END
FROM (VALUES
    (1, 'FINE_PER_HEAD', NULL, 5000, date '2015-01-01'),
    (2, 'FEEDING_PER_HEAD_PER_DAY', NULL, 1000, date '2015-01-01'),
    (3, 'FINE_PER_HEAD', 'cow', 10000, date '2020-04-01'),
    (4, 'FEEDING_PER_HEAD_PER_DAY', NULL, 1500, date '2025-10-01'),
    (5, 'FINE_PER_HEAD', NULL, 7500, date '2025-04-01'),
    (6, 'HABITUAL_AREA_FINE_PER_HEAD', NULL, 10000, date '2015-01-01'),
    (7, 'AERODROME_FINE_PER_HEAD', NULL, 20000, date '2015-01-01')
) r(ord, kind, species, amount, since)
-- A rate each local authority fixes is notified by each of the five (la.g); others once.
LEFT JOIN generate_series(1, 5) la(g) ON r.kind = ANY(%(local)s)
WHERE r.kind = ANY(%(kinds)s);
"""

_CASES = f"""
DROP TABLE IF EXISTS bench_cases;
CREATE UNLOGGED TABLE bench_cases AS
SELECT c.*,
    CASE WHEN c.status0 = 'PARTLY_RELEASED' THEN greatest(c.k0, 2) ELSE c.k0 END AS k,
    c.status0 AS status
FROM (
  SELECT b.*,
    CASE
      WHEN b.age < 2 THEN 'IMPOUNDED'
      WHEN b.age < 7 THEN CASE WHEN b.r2 < 0.9 THEN 'IMPOUNDED' ELSE 'PARTLY_RELEASED' END
      WHEN b.age < 17 THEN CASE WHEN b.r2 < 0.4 THEN 'IMPOUNDED'
                                WHEN b.r2 < 0.5 THEN 'PARTLY_RELEASED' ELSE 'DELIVERED' END
      WHEN b.age < 21 THEN CASE WHEN b.r2 < 0.3 THEN 'IMPOUNDED' WHEN b.r2 < 0.4
                                THEN 'PARTLY_RELEASED' WHEN b.r2 < 0.85 THEN 'DELIVERED'
                                ELSE 'DISPOSED' END
      ELSE CASE WHEN b.r2 < 0.01 THEN 'IMPOUNDED' WHEN b.r2 < 0.79 THEN 'DELIVERED'
                ELSE 'DISPOSED' END
    END AS status0
  FROM (
    SELECT a.*, extract(epoch FROM %(as_of)s - a.seized_at) / 86400 AS age,
           a.seized_at + (30 + floor(a.r1 * 30)) * interval '1 minute' AS impounded_at
    FROM (
      SELECT g AS n, {_uuid("'case' || g")} AS id,
        {_uuid("'pound' || floor(" + _r("'p' || g") + " * 10)::int")} AS pound_id,
        date_trunc('minute', %(as_of)s - interval '1 hour'
            - (%(n)s - g) * interval '72 minutes'
            - floor({_r("'j' || g")} * 60) * interval '1 minute') AS seized_at,
        {_r("'r1' || g")} AS r1, {_r("'r2' || g")} AS r2, {_r("'r3' || g")} AS r3,
        {_r("'r4' || g")} AS r4, {_r("'r7' || g")} AS r7,
        CASE WHEN {_r("'k' || g")} < 0.55 THEN 1 WHEN {_r("'k' || g")} < 0.85 THEN 2
             WHEN {_r("'k' || g")} < 0.97 THEN 3 ELSE 6 END AS k0
      FROM generate_series(1, %(n)s) g
    ) a
  ) b
) c;
"""

_NAMES = (
    "ARRAY['K. Angami', 'T. Sema', 'L. Ao', 'V. Lotha', 'R. Chakhesang', 'Lalthanzuala',"
    " 'Zoramthanga', 'Lalbiakzuala', 'C. Lalremruata', 'H. Vanlalhruaia', 'P. Rengma',"
    " 'Lalhmingliana']"
)
_VILLAGES = (
    "ARRAY['Jotsoma', 'Khonoma', 'Kigwema', 'Chumukedima', 'Durtlang', 'Thenzawl',"
    " 'Zemabawk', 'Bawngkawn', 'Phek', 'Longleng']"
)

_IMPOUNDMENTS = f"""
INSERT INTO impoundments (tenant_id, id, created_at, register_number, pound_id, seized_at,
    impounded_at, place_kind, place, seizer_name, seizer_address, seizer_signed, owner_name,
    owner_address, corrects_id, status, next_action, next_action_at, next_deadline, recorded_by)
SELECT %(tenant)s, c.id, c.impounded_at, c.n, c.pound_id, c.seized_at, c.impounded_at,
    -- A kind of place the tenant's own Act reaches (_places): the first bound above r3.
    (%(places)s::text[])[1 + (SELECT count(*) FROM unnest(%(place_bounds)s::float8[]) b
                              WHERE b <= c.r3)],
    'Field ' || (c.n %% 97) || ', ' || ({_VILLAGES})[1 + c.n %% 10] || ' village',
    ({_NAMES})[1 + (c.n * 7) %% 12], ({_VILLAGES})[1 + (c.n * 3) %% 10], c.r1 < 0.95,
    CASE WHEN c.r4 < 0.8 THEN ({_NAMES})[1 + (c.n * 5) %% 12] END,
    CASE WHEN c.r4 < 0.8 THEN ({_VILLAGES})[1 + (c.n * 11) %% 10] END,
    NULL, c.status,
    CASE WHEN c.status IN ('IMPOUNDED', 'PARTLY_RELEASED') THEN
        CASE WHEN c.age < 1 THEN 'ANNOUNCE_SEIZURE' ELSE 'PUBLISH_NOTICE' END END,
    CASE WHEN c.status IN ('IMPOUNDED', 'PARTLY_RELEASED') THEN
        CASE WHEN c.age < 1 THEN c.impounded_at
             ELSE ((c.impounded_at AT TIME ZONE 'Asia/Kolkata')::date + 8)::timestamp
                  AT TIME ZONE 'Asia/Kolkata' END END,
    CASE WHEN c.status IN ('IMPOUNDED', 'PARTLY_RELEASED') THEN
        CASE WHEN c.age < 1 THEN c.impounded_at + interval '24 hours'
             ELSE ((c.impounded_at AT TIME ZONE 'Asia/Kolkata')::date + 15)::timestamp
                  AT TIME ZONE 'Asia/Kolkata' END END,
    'Bench clerk (clerk)'
FROM bench_cases c;
"""

_RELEASE_AT = (
    "least(c.impounded_at + (1 + floor(c.r7 * 5)) * interval '1 day' + interval '3 hours',"
    " %(as_of)s - interval '30 minutes')"
)
_SALE_AT = "(c.impounded_at + interval '16 days')"

_ANIMALS = f"""
INSERT INTO impounded_animals (tenant_id, id, created_at, impoundment_id, species, description,
    ear_tag, status, charges_settled_at, fine_settled, released_at, delivery_id, sale_id,
    injury, carcass_returned_at)
SELECT %(tenant)s, {_uuid("'animal' || c.n || ':' || j")}, c.impounded_at, c.id,
    (ARRAY['cow', 'cow', 'cow', 'bull', 'buffalo', 'goat', 'goat', 'pig', 'mithun', 'calf',
           'ox', 'sheep'])[1 + floor({_r("'s' || c.n || ':' || j")} * 12)::int],
    (ARRAY['', 'brown', 'black, white blaze', 'grey', 'spotted'])[1 + (c.n + j) %% 5],
    CASE WHEN (c.n + j) %% 3 = 0 THEN %(prefix)s || '-' || lpad((c.n * 10 + j)::text, 7, '0')
    END,
    a.status, a.settled, a.settled IS NOT NULL, a.settled,
    CASE WHEN a.status = 'DELIVERED' THEN {_uuid("'delivery' || c.n")} END,
    CASE WHEN a.status = 'SOLD' THEN {_uuid("'sale' || c.n")} END,
    NULL, NULL
FROM bench_cases c
CROSS JOIN LATERAL generate_series(1, c.k) j
CROSS JOIN LATERAL (SELECT
    CASE WHEN c.status = 'DELIVERED' OR (c.status = 'PARTLY_RELEASED' AND j = 1)
             THEN 'DELIVERED'
         WHEN c.status = 'DISPOSED' THEN 'SOLD' ELSE 'IN_POUND' END AS status,
    CASE WHEN c.status = 'DELIVERED' OR (c.status = 'PARTLY_RELEASED' AND j = 1)
             THEN {_RELEASE_AT}
         WHEN c.status = 'DISPOSED' THEN {_SALE_AT} END AS settled
) a;
"""

_FED_DAYS = "(1 + floor(c.r7 * 5))"

_DELIVERIES = f"""
INSERT INTO deliveries (tenant_id, id, created_at, impoundment_id, receipt_number, at,
    claimant_name, claimant_address, amount_paid, under_protest, lines, recorded_by)
SELECT %(tenant)s, {_uuid("'delivery' || c.n")}, {_RELEASE_AT}, c.id,
    row_number() OVER (ORDER BY {_RELEASE_AT}, c.n),
    {_RELEASE_AT}, coalesce(({_NAMES})[1 + (c.n * 5) %% 12], 'Claimant ' || c.n),
    ({_VILLAGES})[1 + (c.n * 11) %% 10], d.heads * (5000 + 1000 * {_FED_DAYS}),
    c.r1 > 0.97,
    json_build_array(
        json_build_object('kind', 'FINE', 'species', 'cow', 'heads', d.heads, 'days', NULL,
            'amount', to_char(d.heads * 50, 'FM9999990.00'), 'cites', json_build_array()),
        json_build_object('kind', 'FEEDING_CHARGE', 'species', 'cow', 'heads', d.heads,
            'days', {_FED_DAYS}, 'amount', to_char(d.heads * 10 * {_FED_DAYS}, 'FM9999990.00'),
            'cites', json_build_array())),
    'Bench clerk (clerk)'
FROM bench_cases c
CROSS JOIN LATERAL (SELECT CASE WHEN c.status = 'PARTLY_RELEASED' THEN 1 ELSE c.k END AS heads) d
WHERE c.status IN ('DELIVERED', 'PARTLY_RELEASED');
"""

_SALES = f"""
INSERT INTO sales (tenant_id, id, created_at, impoundment_id, at, by_auction, decided_by,
    buyer_name, buyer_address, buyer_role, price, expenses, surplus, account, recorded_by)
SELECT %(tenant)s, {_uuid("'sale' || c.n")}, {_SALE_AT}, c.id, {_SALE_AT}, true, NULL,
    ({_NAMES})[1 + (c.n * 13) %% 12], ({_VILLAGES})[1 + (c.n * 17) %% 10], 'PUBLIC',
    c.k * 300000, 20000, c.k * 300000 - 20000 - c.k * (5000 + 1000 * 16),
    json_build_object('cattleSeized', c.k,
        'impoundedFrom', to_char(c.impounded_at AT TIME ZONE 'UTC',
                                 'YYYY-MM-DD"T"HH24:MI:SS') || '+00:00',
        'impoundedUntil', to_char({_SALE_AT} AT TIME ZONE 'UTC',
                                  'YYYY-MM-DD"T"HH24:MI:SS') || '+00:00',
        'finesAndCharges', to_char(c.k * (50 + 10 * 16), 'FM9999990.00'),
        'cattleSold', c.k, 'proceeds', to_char(c.k * 3000, 'FM9999990.00'),
        'disposal', json_build_object('expenses', '200.00',
            'finesAndCharges', to_char(c.k * (50 + 10 * 16), 'FM9999990.00')),
        'decidedBy', NULL, 'cites', json_build_array()),
    'Bench clerk (clerk)'
FROM bench_cases c WHERE c.status = 'DISPOSED';
"""

_NOTICES = f"""
INSERT INTO notices (tenant_id, id, created_at, impoundment_id, kind, issued_at, proclaimed_at,
    text, recorded_by)
SELECT %(tenant)s, {_uuid("'notice' || c.n || ':' || v.kind")}, c.impounded_at + v.after,
    c.id, v.kind, c.impounded_at + v.after,
    CASE WHEN v.kind = 'PUBLISH_NOTICE' THEN c.impounded_at + v.after + interval '2 hours' END,
    'Notice of ' || lower(replace(v.kind, '_', ' ')) || ', register entry ' || c.n,
    'Bench clerk (clerk)'
FROM bench_cases c
JOIN unnest(%(notice_kinds)s::text[], %(notice_afters)s::interval[],
    %(notice_steps)s::int[]) v(kind, after, step)
  ON (v.step = 1 AND c.age >= 1) OR (v.step = 2 AND c.status = 'DISPOSED')
WHERE c.status NOT IN ('IMPOUNDED', 'PARTLY_RELEASED');
"""

# One balanced transaction per receipt and per sale: out of the payer, into the fund.
_LEDGER = """
INSERT INTO ledger_transactions (tenant_id, id, created_at, at, kind, memo, subject, key)
SELECT d.tenant_id, d.id, d.at, d.at, 'impoundment.delivery', 'receipt ' || d.receipt_number,
    'Impoundment:' || d.impoundment_id, 'delivery:' || d.id
FROM deliveries d WHERE d.tenant_id = %(tenant)s
UNION ALL
SELECT s.tenant_id, s.id, s.at, s.at, 'impoundment.sale', 'sale by auction',
    'Impoundment:' || s.impoundment_id, 'sale:' || s.id
FROM sales s WHERE s.tenant_id = %(tenant)s;
INSERT INTO ledger_entries (tenant_id, id, created_at, transaction_id, account, amount)
SELECT t.tenant_id, md5(t.id::text || e.leg)::uuid, t.at, t.id, e.account, e.sign * x.amount
FROM ledger_transactions t
JOIN (SELECT tenant_id, id, amount_paid AS amount FROM deliveries WHERE tenant_id = %(tenant)s
      UNION ALL
      SELECT tenant_id, id, price FROM sales WHERE tenant_id = %(tenant)s) x
  ON x.tenant_id = t.tenant_id AND x.id = t.id
CROSS JOIN LATERAL (VALUES ('out', CASE WHEN t.kind = 'impoundment.sale' THEN 'payer:buyer'
                                        ELSE 'payer:owner' END, -1),
                           ('in', %(fund)s, 1)) e(leg, account, sign)
WHERE t.tenant_id = %(tenant)s AND x.amount > 0;
"""

_COUNTERS = """
INSERT INTO counters (tenant_id, name, value)
SELECT %(tenant)s, 'register', %(n)s
UNION ALL
SELECT %(tenant)s, 'receipt', count(*) FROM deliveries WHERE tenant_id = %(tenant)s;
"""

_STEPS: list[tuple[str, str]] = [
    ("cases", _CASES),
    ("impoundments", _IMPOUNDMENTS),
    ("animals", _ANIMALS),
    ("deliveries", _DELIVERIES),
    ("sales", _SALES),
    ("notices", _NOTICES),
    ("ledger", _LEDGER),
    ("counters", _COUNTERS),
]
