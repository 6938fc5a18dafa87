"""Comparisons and scenarios as PDF, by URL, without an account:

- `GET /downloads/compare/<TOPIC>.pdf`: `compare(topic)` across every Act;
- `GET /downloads/compare.pdf?topics=A,B&jurisdictions=x,y`: a `compareMatrix` slice (every
  topic, or every jurisdiction, where one is omitted);
- `POST /downloads/scenario.pdf` with the facts as the JSON `ScenarioInput` takes:
  `compareScenario(facts)`.

Each runs the public GraphQL query through the schema, so the PDF prints exactly the API's
answer (each row's summary, whether the Act provides it, its confidence, its citations with
their section labels and URIs; each Act's steps, windows, dues, earliest sale, barred buyers,
money and source note), rendered off the event loop. An unknown topic is a 404 and facts the
API refuses a 400, each with the GraphQL error's code.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from strawberry.schema.base import BaseSchema

from pashu.body_limit import error_body
from pashu.db.engine import Database
from pashu.jurisdictions.vocabulary import ComparisonTopic
from pashu.law_files import Line, lines_pdf
from pashu.schema.context import build_context

CITE = "section uri act actUri confidence"
ACTS = "jurisdictions { code name acts { title } }"
ROW = (
    "jurisdiction summary provided confidence explanation sourceNote "
    f"citations {{ {CITE} }} "
    "facts { label unknown kind flag items shares text "
    "duration { count unit starts } amount { fixed minimum maximum notified fixedBy } "
    "citations { section uri } }"
)
COMPARE = (
    f"query($t: ComparisonTopic!) {{ {ACTS} compare(topic: $t) {{ topic rows {{ {ROW} }} }} }}"
)
MATRIX = (
    f"query($t: [ComparisonTopic!], $j: [ID!]) {{ {ACTS} "
    f"compareMatrix(topics: $t, jurisdictions: $j) {{ topic rows {{ {ROW} }} }} }}"
)
SCENARIO = f"""query($f: ScenarioInput!) {{ {ACTS} compareScenario(facts: $f) {{
  jurisdiction provided sourceNote refusal {{ summary lawful citations {{ {CITE} }} }}
  animals {{ species count impoundable explanation citations {{ {CITE} }} }}
  timeline {{ action notBefore deadline projected required citations {{ {CITE} }} }}
  steps {{ action at lawful explanation citations {{ {CITE} }} }}
  rates {{ kind species amount accepted explanation citations {{ {CITE} }} }}
  dues {{ asOf total lines {{ kind species heads days amount explanation }} }}
  earliestSale earliestSaleCitations {{ {CITE} }}
  prohibitedPurchasers prohibitedPurchasersCitations {{ {CITE} }}
  owner {{ summary lawful citations {{ {CITE} }} }}
  money {{ kind account accountName amount citations {{ {CITE} }} }} }} }}"""
STATUS = {"UNAUTHENTICATED": 401, "FORBIDDEN": 403, "NOT_FOUND": 404, "INTERNAL": 500}
_PDF = "application/pdf"


def _refused(message: str, code: str) -> Response:
    return Response(error_body(message, code), STATUS.get(code, 400), media_type="application/json")


async def _run(
    request: Request, schema: BaseSchema, db: Database, query: str, variables: dict[str, Any]
) -> dict[str, Any] | Response:
    """The public query run as the API runs it, anonymously: its data, or the refusal."""
    ctx = await build_context(request, db, None)
    result = await schema.execute(query, variable_values=variables, context_value=ctx)
    if result.errors:
        first = result.errors[0]
        # An error before execution (variables not coercible to the input) is the caller's.
        fallback = "VALIDATION" if result.data is None else "INTERNAL"
        return _refused(first.message, (first.extensions or {}).get("code", fallback))
    return result.data or {}


def _pdf(body: bytes, name: str) -> Response:
    return Response(
        body,
        media_type=_PDF,
        headers={"content-disposition": f'inline; filename="{name}.pdf"'},
    )


def _topics(raw: str) -> list[str] | None:
    return [t.strip().upper() for t in raw.split(",") if t.strip()] or None


async def compare_pdf(request: Request, schema: BaseSchema, db: Database) -> Response:
    """`/downloads/compare/<TOPIC>.pdf` (one topic) or `/downloads/compare.pdf` (a slice)."""
    name = request.path_params.get("topic")
    known = {t.value for t in ComparisonTopic}
    if name is not None:
        topic = name.removesuffix(".pdf").upper()
        if not name.endswith(".pdf") or topic not in known:
            return _refused(f"no comparison topic {name}", "NOT_FOUND")
        data = await _run(request, schema, db, COMPARE, {"t": topic})
        if isinstance(data, Response):
            return data
        comparisons = [data["compare"]]
        filename = f"pashu-{topic.lower()}"
    else:
        topics = _topics(request.query_params.get("topics", ""))
        unknown = [t for t in topics or [] if t not in known]
        if unknown:
            return _refused(f"no comparison topic {', '.join(unknown)}", "NOT_FOUND")
        codes = [
            c.strip() for c in request.query_params.get("jurisdictions", "").split(",") if c.strip()
        ]
        data = await _run(request, schema, db, MATRIX, {"t": topics, "j": codes or None})
        if isinstance(data, Response):
            return data
        comparisons = data["compareMatrix"]
        filename = "pashu-matrix"
    lines = comparison_lines(data["jurisdictions"], comparisons, topic_descriptions(schema))
    title = "Pashu: " + ", ".join(_topic_title(c["topic"]) for c in comparisons)
    return _pdf(await run_in_threadpool(lines_pdf, title, lines), filename)


async def scenario_pdf(request: Request, schema: BaseSchema, db: Database) -> Response:
    """`POST /downloads/scenario.pdf` with the facts (ScenarioInput) as the JSON body."""
    try:
        facts = json.loads(await request.body())
    except ValueError:
        return _refused(
            "the body is not JSON: send the facts as ScenarioInput takes them", "VALIDATION"
        )
    if not isinstance(facts, dict):
        return _refused("the facts are a JSON object, as ScenarioInput takes them", "VALIDATION")
    data = await _run(request, schema, db, SCENARIO, {"f": facts})
    if isinstance(data, Response):
        return data
    lines = scenario_lines(data["jurisdictions"], data["compareScenario"])
    body = await run_in_threadpool(lines_pdf, "Pashu: one scenario through every Act", lines)
    return _pdf(body, "pashu-scenario")


def topic_descriptions(schema: BaseSchema) -> dict[str, str]:
    """What each topic covers, as the schema describes it (read from the schema itself, not
    by introspection, which production refuses)."""
    found = schema.get_type_by_name("ComparisonTopic")
    values = getattr(found, "values", None) or []
    return {v.name: v.description for v in values if v.description}


# ---- the answers as printed lines ----
def _topic_title(topic: str) -> str:
    member = ComparisonTopic(topic)
    return member.name.replace("_", " ").capitalize()


def _cites(citations: list[dict[str, Any]]) -> str:
    return "; ".join(f"s.{c['section']} {c['uri']}" for c in citations) or "no provision cited"


def _name(acts: list[dict[str, Any]], code: str) -> str:
    """The jurisdiction and its Acts, by name: "<State>: <Act>, <year>" (a Bill named as one)."""
    j = next((j for j in acts if j["code"] == code), None)
    if j is None:
        return code
    return f"{j['name']}: " + "; ".join(a["title"] for a in j["acts"])


def _fact(f: dict[str, Any]) -> str:
    if f["unknown"]:
        return "unknown: the source does not show it"
    if f["kind"] == "FLAG":
        return "Yes" if f["flag"] else "No"
    if f.get("duration"):
        d = f["duration"]
        return f"{d['count']} {d['unit'].lower()} from {d['starts']}"
    if f.get("amount"):
        a = f["amount"]
        parts = [f"Rs {a['fixed']}"] if a["fixed"] is not None else []
        parts += [f"at least Rs {a['minimum']}"] if a["minimum"] is not None else []
        parts += [f"up to Rs {a['maximum']}"] if a["maximum"] is not None else []
        if a["notified"]:
            parts.append(f"notified by {a['fixedBy'] or 'notification'}")
        return "; ".join(parts) or "no amount"
    if f["kind"] == "FUNDS" and f["items"]:
        return ", ".join(
            f"{item} {Decimal(share) * 100:.1f}%"
            for item, share in zip(f["items"], f["shares"], strict=False)
        )
    if f["items"]:
        return ", ".join(f["items"])
    return f["text"] or "-"


def comparison_lines(
    acts: list[dict[str, Any]],
    comparisons: list[dict[str, Any]],
    about: dict[str, str] | None = None,
) -> list[Line]:
    """What a comparison's PDF prints, in order: per topic (and what it covers, `about`),
    each Act's row."""
    lines: list[Line] = []
    for c in comparisons:
        lines.append(("title", _topic_title(c["topic"])))
        if about and about.get(c["topic"]):
            lines.append(("note", about[c["topic"]]))
        for r in c["rows"]:
            lines.append(("heading", _name(acts, r["jurisdiction"])))
            provided = "Provided" if r["provided"] else "Not provided by the Act"
            lines.append(("small", f"{provided}. Confidence: {r['confidence']}."))
            if r.get("sourceNote"):
                lines.append(("note", f"Source: {r['sourceNote']}"))
            lines.append(("text", r["summary"]))
            if r["explanation"] and r["explanation"] != r["summary"]:
                lines.append(("small", r["explanation"]))
            for f in r["facts"]:
                lines.append(("small", f"{f['label']}: {_fact(f)} ({_cites(f['citations'])})"))
            lines.append(("note", "Rests on: " + _cites(r["citations"])))
    return lines


def _lawful(value: bool | None) -> str:
    return {True: "lawful", False: "not lawful", None: "not in the Act"}[value]


def scenario_lines(acts: list[dict[str, Any]], answers: list[dict[str, Any]]) -> list[Line]:
    """What a scenario's PDF prints, in order: each Act's answer to the same facts."""
    lines: list[Line] = [("title", "One scenario through every Act")]
    for a in answers:
        lines.append(("heading", _name(acts, a["jurisdiction"])))
        if a.get("sourceNote"):
            lines.append(("note", f"Source: {a['sourceNote']}"))
        if a["refusal"]:
            r = a["refusal"]
            lines.append(
                ("text", f"{r['summary']} ({_lawful(r['lawful'])}; {_cites(r['citations'])})")
            )
        lines.append(("subheading", "The animals"))
        for x in a["animals"]:
            covered = "may be impounded" if x["impoundable"] else "not covered by the Act"
            lines.append(
                ("small", f"{x['count']} x {x['species']}: {covered} ({_cites(x['citations'])})")
            )
        if not a["provided"]:
            continue
        if a["steps"]:
            lines.append(("subheading", "Steps taken"))
            for s in a["steps"]:
                lines.append(("text", f"{s['action']} at {s['at']}: {_lawful(s['lawful'])}"))
                lines.append(("small", f"{s['explanation']} ({_cites(s['citations'])})"))
        lines.append(("subheading", "Windows"))
        for s in a["timeline"]:
            late = f"late from {s['deadline']}" if s["deadline"] else "no deadline set"
            flags = (" (projected)" if s["projected"] else "") + (
                "" if s["required"] else " (no longer required)"
            )
            lines.append(
                (
                    "small",
                    f"{s['action']}: from {s['notBefore']}, {late}{flags} "
                    f"({_cites(s['citations'])})",
                )
            )
        if a["rates"]:
            lines.append(("subheading", "Hypothetical rates"))
            for r in a["rates"]:
                verdict = "may be notified" if r["accepted"] else "refused"
                per = f" for {r['species']}" if r["species"] else ""
                lines.append(
                    (
                        "small",
                        f"{r['kind']}{per} Rs {r['amount']}: {verdict}. {r['explanation']} "
                        f"({_cites(r['citations'])})",
                    )
                )
        if a["dues"]:
            d = a["dues"]
            total = (
                f"Rs {d['total']}"
                if d["total"] is not None
                else "not known (a rate is not notified)"
            )
            lines.append(("subheading", f"Dues on {d['asOf']}: {total}"))
            for ln in d["lines"]:
                days = f", {ln['days']} day(s)" if ln["days"] is not None else ""
                amount = f"Rs {ln['amount']}" if ln["amount"] is not None else "no rate notified"
                lines.append(
                    ("small", f"{ln['kind']}, {ln['heads']} x {ln['species']}{days}: {amount}")
                )
        lines.append(("subheading", "Sale"))
        sale = a["earliestSale"] or "no sale"
        lines.append(("text", f"Earliest sale: {sale} ({_cites(a['earliestSaleCitations'])})"))
        barred = ", ".join(a["prohibitedPurchasers"]) or "no one named"
        lines.append(
            ("text", f"May not buy: {barred} ({_cites(a['prohibitedPurchasersCitations'])})")
        )
        if a["owner"]:
            o = a["owner"]
            lines.append(
                (
                    "text",
                    f"The owner: {o['summary']} ({_lawful(o['lawful'])}; {_cites(o['citations'])})",
                )
            )
        if a["money"]:
            lines.append(("subheading", "Where the money goes"))
            for m in a["money"]:
                lines.append(
                    (
                        "small",
                        f"{m['kind']}: Rs {m['amount']} to {m['accountName']} ({m['account']}) "
                        f"({_cites(m['citations'])})",
                    )
                )
    return lines
