"""The Markdown report: the machine, every measurement, and the ratios."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bench.load import Result
from bench.memory import FIRST_MINUTE, Reading, Soak

HEADLINE_CONCURRENCY = 8
TAIL_CONCURRENCY = 32  # issue #36: W1's and W5's p99 ≤ 3 × p50 at this many connections


@dataclass
class Run:
    mode: str
    machine: dict[str, str]
    started: str
    seconds: float
    w1: dict[int, list[Result]] = field(default_factory=dict)  # size -> results
    w1_page: dict[int, int] = field(default_factory=dict)
    w2: list[Result] = field(default_factory=list)
    w3: dict[int, Any] = field(default_factory=dict)
    w3_gap: str | None = None
    w4: list[Result] = field(default_factory=list)
    generation: dict[int, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    memory: list[Reading] = field(default_factory=list)
    soaks: list[Soak] = field(default_factory=list)
    w5: dict[int, list[Any]] = field(default_factory=dict)  # size -> w5.Measured
    w5_beside: dict[int, list[Any]] = field(default_factory=dict)  # size -> w5.Beside


def _pick(results: list[Result], server: str, c: int) -> Result | None:
    return next((r for r in results if r.server == server and r.concurrency == c), None)


def ratios(results: list[Result], c: int = HEADLINE_CONCURRENCY) -> list[tuple[str, float]]:
    """Pashu against the floor and the peer: p50 (lower is better for Pashu below 1) and
    requests/s (higher is better for Pashu above 1)."""
    out: list[tuple[str, float]] = []
    pashu = _pick(results, "pashu", c)
    if pashu is None:
        return out
    for other in ("floor", "postgraphile"):
        r = _pick(results, other, c)
        if r is None or not r.rps or not r.p50_ms:
            continue
        out.append((f"W1 pashu/{other} p50", round(pashu.p50_ms / r.p50_ms, 2)))
        out.append((f"W1 pashu/{other} rps", round(pashu.rps / r.rps, 2)))
    return out


def w2_ratios(results: list[Result]) -> list[tuple[str, float]]:
    """W2: Pashu's p50 over the floor's (1 or below is the floor's speed) at 4 connections,
    the headline, and at 1."""
    out = []
    for c, label in ((1, "W2 pashu/floor p50 (1 connection)"), (4, "W2 pashu/floor p50")):
        mine = next(
            (r for r in results if r.server.startswith("pashu") and r.concurrency == c), None
        )
        floor = next(
            (r for r in results if r.server.startswith("floor") and r.concurrency == c), None
        )
        if mine is not None and floor is not None and floor.p50_ms:
            out.append((label, round(mine.p50_ms / floor.p50_ms, 2)))
    return out


def _memory(run: Run) -> list[str]:
    lines = [
        "Resident memory (VmRSS) of each server process read before a point's warm-up and "
        "after its run; Pashu's is the API process (uvicorn, one worker).",
        "",
        "| workload | server | connections | RSS before MiB | RSS after MiB | change MiB |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for m in run.memory:
        lines.append(
            f"| {m.workload} | {m.server} | {m.concurrency} | {m.before_kib / 1024:.1f} "
            f"| {m.after_kib / 1024:.1f} | {(m.after_kib - m.before_kib) / 1024:+.1f} |"
        )
    if run.soaks:
        lines += [
            "",
            "Held under a steady load on one Pashu process, RSS sampled every 2 s: flat after "
            "warm-up when the second half's change is about zero.",
            "",
            "| workload | connections | seconds | requests | RSS at start MiB | at 1 min MiB "
            "| at half-time MiB | at end MiB | second half MiB | end/1 min |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for s in run.soaks:
            late = s.after_warmup() or [s.samples[-1][1]]
            minute, over = s.at(FIRST_MINUTE), s.end_over()
            lines.append(
                f"| {s.workload} | {s.concurrency} | {s.seconds:.0f} | {s.requests:,} "
                f"| {s.samples[0][1] / 1024:.1f} "
                f"| {f'{minute / 1024:.1f}' if minute is not None else '—'} "
                f"| {late[0] / 1024:.1f} | {late[-1] / 1024:.1f} "
                f"| {s.growth_kib() / 1024:+.1f} | {f'{over:.3f}' if over is not None else '—'} |"
            )
    return lines


def _table(results: list[Result]) -> list[str]:
    lines = [
        "| server | connections | requests/s | p50 ms | p95 ms | p99 ms | errors |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in sorted(results, key=lambda r: (r.concurrency, r.server)):
        lines.append(
            f"| {r.server} | {r.concurrency} | {r.rps:,.1f} | {r.p50_ms:.1f} | {r.p95_ms:.1f} "
            f"| {r.p99_ms:.1f} | {r.errors} |"
        )
    return lines


def _ratio_table(w1: dict[int, list[Result]]) -> list[str]:
    lines = [
        "| impoundments | connections | pashu/floor p50 | pashu/floor rps "
        "| pashu/postgraphile p50 | pashu/postgraphile rps |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for size, results in sorted(w1.items()):
        for c in sorted({r.concurrency for r in results}):
            got = dict(ratios(results, c))
            cells = [
                got.get(f"W1 pashu/{o} {m}")
                for o in ("floor", "postgraphile")
                for m in ("p50", "rps")
            ]
            lines.append(
                f"| {size:,} | {c} | "
                + " | ".join("—" if v is None else f"{v:.2f}" for v in cells)
                + " |"
            )
    return lines


def _scale_table(w1: dict[int, list[Result]]) -> list[str]:
    servers = ("pashu", "floor", "postgraphile")
    lines = [
        "| impoundments | " + " | ".join(f"{s} rps / p50 ms" for s in servers) + " |",
        "|---:|" + "---:|" * len(servers),
    ]
    for size, results in sorted(w1.items()):
        cells = []
        for s in servers:
            r = _pick(results, s, HEADLINE_CONCURRENCY)
            cells.append("—" if r is None else f"{r.rps:,.0f} / {r.p50_ms:.1f}")
        lines.append(f"| {size:,} | " + " | ".join(cells) + " |")
    return lines


def _w4(results: list[Result]) -> list[str]:
    from bench import w4

    if not results:
        return ["Not run in this mode."]
    lines = [
        "Each public query asked without a token, at "
        f"{w4.W4_CONCURRENCY} connections, of Pashu and of a bare Starlette endpoint "
        "returning the same bytes (bench/static.py; checked equal before timing). "
        "Pashu/static requests/s per query; the goal is at least 0.5 for every one.",
        "",
        "| query | pashu/static rps |",
        "|---|---:|",
        *[f"| {name} | {ratio:.2f} |" for name, ratio in w4.ratios(results).items()],
        "",
    ]
    return lines + _table(results)


def _w5(run: Run) -> list[str]:
    lines = [
        "Each query of `web/operations`, by operation name, with the variables its page sends "
        "(about the fullest case of W1's tenant), loaded by wrk; statements per request counted "
        "in one process once the caches are warm (bench/w5.py). A query asking for a chapter "
        "W1's Act lacks is asked of a tenant whose Act has it (`act`); every answer is "
        "checked free of errors.",
    ]
    for size, measured in sorted(run.w5.items()):
        lines += [
            "",
            f"### {size:,} impoundments",
            "",
            "| document | act | connections | p50 ms | p95 ms | p99 ms | p99/p50 | statements |",
            "|---|---|---:|---:|---:|---:|---:|---:|",
        ]
        for m in sorted(measured, key=lambda m: (m.name, m.result.concurrency)):
            r = m.result
            lines.append(
                f"| {m.name} | {m.jurisdiction} | {r.concurrency} | {r.p50_ms:.1f} "
                f"| {r.p95_ms:.1f} | {r.p99_ms:.1f} | {_tail(r) or 0:.2f} | {m.statements} |"
            )
        besides = run.w5_beside.get(size, [])
        if besides:
            lines += [
                "",
                f"The slowest documents at {HEADLINE_CONCURRENCY} connections measured again "
                "beside W1's page on the same server, in rounds taken in turn (bench/rounds.py; "
                "the round of median p50 of each): `W5 worst/W1 p50` is the highest ratio.",
                "",
                "| document | p50 ms | W1 p50 ms | document/W1 |",
                "|---|---:|---:|---:|",
            ]
            lines += [
                f"| {b.name} | {b.document.p50_ms:.1f} | {b.w1.p50_ms:.1f} | {b.ratio:.2f} |"
                for b in besides
            ]
    return lines


def _tail(r: Result) -> float | None:
    return r.p99_ms / r.p50_ms if r.requests and r.p50_ms else None


def tails(run: Run, size: int, c: int = TAIL_CONCURRENCY) -> list[str]:
    """p99 over p50 at `c` connections: W1's Pashu page, and W5's worst document."""
    from bench import w5

    out = []
    w1 = _pick(run.w1.get(size, []), "pashu", c)
    if w1 is not None and (tail := _tail(w1)) is not None:
        out.append(f"W1 p99/p50 at {c} connections = {tail:.2f}")
    at = [m for m in run.w5.get(size, []) if m.result.concurrency == c and _tail(m.result)]
    worst = max(at, key=lambda m: _tail(m.result) or 0, default=None)
    if worst is not None:
        out.append(
            f"W5 worst p99/p50 at {c} connections = {_tail(worst.result):.2f} ({worst.name})"
        )
    return out + [
        f"memory soak end/1 min = {over:.3f} ({s.workload}, {s.seconds:.0f} s)"
        for s in run.soaks
        if s.seconds > FIRST_MINUTE
        and (over := s.end_over()) is not None
        and s.workload == w5.SOAKED
    ]


def w5_worst(run: Run, size: int) -> str:
    """`W5 worst/W1 p50`: the slowest documents measured beside W1's page (w5.beside), the
    highest ratio of them; without them, the slowest document over the W1 section's p50."""
    from bench import w5

    besides = run.w5_beside.get(size, [])
    if besides:
        top = max(besides, key=lambda b: b.ratio)
        return f"W5 worst/W1 p50 = {top.ratio:.2f} ({top.name})"
    slowest = w5.worst(run.w5.get(size, []), HEADLINE_CONCURRENCY)
    w1 = _pick(run.w1.get(size, []), "pashu", HEADLINE_CONCURRENCY)
    if slowest is None or w1 is None or not w1.p50_ms:
        return "W5: not run"
    return f"W5 worst/W1 p50 = {slowest.result.p50_ms / w1.p50_ms:.2f} ({slowest.name})"


def headlines(run: Run, size: int) -> list[str]:
    """The lines `python -m bench` prints last: the other ratios, the tails and the long
    soak, then the six headlines in the order bench/README.md gives."""
    from bench import w4, w5

    headline = ("W1 pashu/floor p50", "W2 pashu/floor p50")
    others = ratios(run.w1.get(size, [])) + w2_ratios(run.w2)
    out = [f"{label} = {value:.2f}" for label, value in others if label not in headline]
    out += tails(run, size)
    floor = dict(ratios(run.w1.get(size, []))).get("W1 pashu/floor p50")
    out.append(f"W1 pashu/floor p50 = {floor:.2f}" if floor is not None else "W1: not run")
    w2 = dict(w2_ratios(run.w2)).get("W2 pashu/floor p50")
    out.append(f"W2 pashu/floor p50 = {w2:.2f}" if w2 is not None else "W2: not run")
    static = w4.headline(run.w4)
    out.append(f"W4 pashu/static rps = {static:.2f}" if static is not None else "W4: not run")
    first = next(iter(run.w3.values()), None)
    out.append(
        f"W3 due actions/s = {first['actions'] / first['seconds']:.0f}"
        if first is not None
        else "W3: not run"
    )
    measured = run.w5.get(size, [])
    out.append(w5_worst(run, size))
    most = w5.most_statements(measured)
    out.append(
        f"W5 max statements per request = {most.statements} ({most.name})"
        if most is not None
        else "W5: not run"
    )
    return out


def markdown(run: Run) -> str:
    out = [
        "# Pashu benchmarks",
        "",
        f"Run `{run.mode}` started {run.started}, took {run.seconds:.0f} s. "
        "Generated by `python -m bench` (see bench/README.md); numbers from one machine, "
        "servers and load generator sharing it.",
        "",
        "## Machine",
        "",
    ]
    out += [f"- **{k}**: {v}" for k, v in run.machine.items()]
    out += [
        "",
        "## W1 — the dashboard's first page of 50 open cases",
        "",
        "Animals, pound, owner, dues (as of the data's instant) and next deadline, for one "
        "tenant, as its clerk's token sees it. The **floor** is the platform's own statement "
        "for the page (the compiled path's), built once and sent prepared behind a bare "
        "Starlette endpoint, with no GraphQL and no token check (bench/floor.py); the **peer** "
        "is PostGraphile over the same database and role (row-level security on) with an "
        "equivalent query. Before timing, the floor's answer is checked equal to Pashu's, "
        "byte for byte once parsed, and PostGraphile's equal field by field. Pashu answers "
        "it on its compiled path: the same GraphQL schema, token and tenant scope, the "
        "selection planned into one SQL statement (bench/README.md).",
        "",
        "At each number of connections the three are measured in three rounds taken in "
        "turn (a drift of the machine's speed falls on all three; bench/rounds.py); the "
        "tables show each one's round of median p50. Ratios (p50: below 1 means Pashu "
        "answers faster; rps: above 1 means Pashu serves more); the headline ratios use "
        f"{HEADLINE_CONCURRENCY}.",
        "",
    ]
    out += _ratio_table(run.w1)
    for size, results in sorted(run.w1.items()):
        out += ["", f"### {size:,} impoundments (page of {run.w1_page.get(size, 0)} cases)", ""]
        took = run.generation.get(size)
        if took is not None and took >= 1:
            out += [f"Data generated in {took:.0f} s.", ""]
        elif took is not None:
            out += ["Data already generated (same seed and size): reused.", ""]
        out += _table(results)
    if len(run.w1) > 1:
        out += ["", "### How W1's cost grows with the data", ""]
        out += _scale_table(run.w1)
    out += ["", "## W2 — `recordSeizure`", ""]
    if run.w2:
        out += [
            "A clerk records a seizure of three animals with an owner. The **floor** writes the "
            "same rows (counter, case, animals, audit event; checked column by column before "
            "timing) with one hand-written statement of data-modifying CTEs, sent the fastest "
            "way known: through the app's own driver path as `pashu_app` under row-level "
            "security, the tenant setting and the statement pipelined in one round trip and "
            "prepared; no token and no law checks (bench/floor_w2.py). Each is measured in "
            "three rounds taken in turn with the other's (a drift of the machine's speed falls "
            "on both); the table shows each one's round of median p50.",
            "",
            *[f"- **{label}** = {value:.2f}" for label, value in w2_ratios(run.w2)],
            "",
        ]
        out += _table(run.w2)
    else:
        out += ["Not run in this mode."]
    out += ["", "## W3 — the sweep over all tenants at an `as_of`", ""]
    if run.w3_gap:
        out += [f"**Gap:** {run.w3_gap}"]
    else:
        out += [
            "| impoundments | run | seconds | due actions/s | detail |",
            "|---:|---|---:|---:|---|",
            *[
                f"| {size:,} | {label} | {v['seconds']:.2f} | "
                f"{v.get('actions', 0) / max(v['seconds'], 1e-9):,.0f} | {v.get('detail', '')} |"
                for size, w in sorted(run.w3.items())
                for label, v in [
                    ("in-process", w),
                    *((f"Celery ×{c['workers']}", c) for c in w.get("celery", [])),
                ]
            ],
        ]
    out += ["", "## W4 — the public law against a static floor", ""]
    out += _w4(run.w4) if run.w4 else ["Not run in this mode."]
    out += ["", "## W5 — every query the frontend sends", ""]
    out += _w5(run) if run.w5 else ["Not run in this mode."]
    if run.memory or run.soaks:
        out += ["", "## Memory", ""]
        out += _memory(run)
    if run.notes:
        out += ["", "## Notes", "", *[f"- {n}" for n in run.notes]]
    return "\n".join(out) + "\n"
