"""Legal scenarios as data (OpenFisca's YAML tests, adapted).

Each plugin ships `scenarios.yaml` beside its code (found through its entry point, so a
third-party plugin's are run too): a list of scenarios, each asking the plugin one question
and stating the expected answer with the provisions it must cite.
Kinds of question (exactly one per scenario):

  classify: <species as a clerk types it>
      expect: is_cattle, is_animal (true/false/null), cattle_cites, animal_cites,
              cattle_confidence, animal_confidence, error
  timeline: {seized_at, impounded_at?, announced_at?, noticed_at?, sold_at?}
      expect: {<ACTION>: {not_before?, deadline? (null = none), cites?, projected?}},
              absent: [<ACTION>...], error
  offence: <section as a clerk names it>
      expect: fine_min, fine_max, subsequent_fine, imprisonment_max_months,
              compoundable, composition_max, unknown, cites, confidence, error
  routing: <MoneyKind>          expect: funds {fund: share}, holders {fund: HOLDER},
                                accounts {fund: "fund"|"deposit"}, cites, confidence, error
  prohibited_purchasers: true   expect: roles, cites, error
  rate: <RateKind>              expect: bound_base, bound_factor, fixed_by_contains, cites,
                                by_local_area, local_only, by_aerodrome,
                                counting_contains [..], error
  fine_rate_kind: <PlaceKind>   expect: kind, cites, error
  compare: <ComparisonTopic>    expect: cites, summary_contains [..], confidence
  comparison: <ComparisonTopic> expect: provided, cites, summary_contains [..],
                                facts {key: value} (a flag, a list, a text, "unknown",
                                "7 DAYS FIRST_DAY_EXCLUDED", or an amount's fields {maximum: ..})
  capabilities: {has: [..], lacks: [..]}
  section: {act: <act uri>, number: "14"}   expect: heading, confidence, text_contains
  seizure_power: {capacity: <SeizerCapacity>, place: <PlaceKind>, damage?: <text>}
      expect: damage_required, cites, error
  extent: true                  expect: default_in_force, grounds {<AreaGround>: in_force}, cites
  refusal_to_pay: {seized_at, ...}   expect: not_before, deadline, cites, confidence, error
  provision: <a plugin method without arguments, e.g. release_by_order>
      expect: cites, value (a list compares as a set), confidence, why_contains, error

`cites` compares the set of citation labels ("14(3)") exactly; instants are ISO 8601.
"""

from __future__ import annotations

import importlib
from datetime import datetime
from decimal import Decimal
from importlib import resources
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import yaml

from pashu.core.citations import Citation
from pashu.core.errors import PashuError
from pashu.jurisdictions import registry, research, species
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.comparison import Fact, FactKind
from pashu.jurisdictions.notifications import rule_for
from pashu.jurisdictions.vocabulary import (
    Action,
    Capability,
    ComparisonTopic,
    MoneyKind,
    PlaceKind,
    RateKind,
    SeizerCapacity,
    TimelineEvents,
)

KINDS = (
    "classify",
    "timeline",
    "offence",
    "routing",
    "prohibited_purchasers",
    "rate",
    "fine_rate_kind",
    "compare",
    "comparison",
    "capabilities",
    "section",
    "seizure_power",
    "extent",
    "refusal_to_pay",
    "provision",
)

# The plugin's answers without arguments a scenario may ask for (`provision:`).
PROVISIONS = (
    "delivery_after_sale",
    "delivery_refused_after_sale",
    "release_by_order",
    "recovery_by_sale",
)


def fact_value(f: Fact) -> Any:
    """A fact as a scenario writes it."""
    if f.unknown:
        return "unknown"
    if f.duration is not None:
        d = f.duration
        return f"{d.count} {d.unit.value} {d.counting.value}"
    if f.amount is not None:
        return {k: str(v) for k, v in vars(f.amount).items() if v not in (None, False)}
    if f.kind is FactKind.FLAG:
        return f.flag
    if f.kind is FactKind.TEXT and f.text is not None:
        return f.text
    return list(f.items)


def scenario_files() -> dict[str, Path]:
    """Each installed plugin's `scenarios.yaml`, by code, found beside the module its entry
    point names: a third-party plugin's as a built-in state's, wherever it is installed."""
    found: dict[str, Path] = {}
    for ep in entry_points(group=registry.GROUP):
        module = importlib.import_module(ep.module)
        # A package keeps its data inside it; a single module, in the package it is in.
        package = ep.module if hasattr(module, "__path__") else module.__package__
        where = resources.files(package or ep.module) / "scenarios.yaml"
        if where.is_file():
            found[ep.name] = Path(str(where))
    return dict(sorted(found.items()))


def load(path: Path) -> list[dict[str, Any]]:
    return list(yaml.safe_load(path.read_text(encoding="utf-8")))


def labels(cites: list[Citation]) -> set[str]:
    return {c.label for c in cites}


def _instant(raw: Any) -> datetime:
    return raw if isinstance(raw, datetime) else datetime.fromisoformat(str(raw))


def _amount(raw: Any) -> Decimal | None:
    return None if raw is None else Decimal(str(raw))


def run(plugin: Jurisdiction, scenario: dict[str, Any]) -> None:
    """Ask the question and assert the answer; raises AssertionError on a mismatch."""
    kind = [k for k in KINDS if k in scenario]
    assert len(kind) == 1, f"a scenario asks exactly one of {KINDS}: {scenario}"
    expect: dict[str, Any] = scenario.get("expect") or {}
    try:
        _ask(plugin, kind[0], scenario[kind[0]], expect)
    except PashuError as err:
        assert "error" in expect, f"unexpected {err.code}: {err.message}"
        assert err.code == expect["error"], f"{err.code} != {expect['error']}"
        _cites(expect, "cites", [err.citation] if err.citation else [])  # the refusal's
        return
    assert "error" not in expect, f"expected error {expect['error']}, got an answer"


def _cites(expect: dict[str, Any], key: str, cites: list[Citation]) -> None:
    if key in expect:
        assert labels(cites) == set(map(str, expect[key])), f"{key}: {sorted(labels(cites))}"


def _ask(plugin: Jurisdiction, kind: str, q: Any, expect: dict[str, Any]) -> None:
    if kind == "classify":
        c = plugin.classify(species.canonical(str(q)))
        for field in ("is_cattle", "is_animal"):
            if field in expect:
                assert getattr(c, field).value == expect[field], f"{field}"
        _cites(expect, "cattle_cites", c.is_cattle.cites)
        _cites(expect, "animal_cites", c.is_animal.cites)
        for field, d in (("cattle_confidence", c.is_cattle), ("animal_confidence", c.is_animal)):
            if field in expect:
                assert d.confidence.value == expect[field], f"{field}: {d.confidence.value}"
    elif kind == "timeline":
        events = TimelineEvents(**{k: _instant(v) for k, v in q.items()})
        steps = {s.action: s for s in plugin.impoundment_timeline(events)}
        for action in expect.get("absent", []):
            assert Action(action) not in steps, f"{action} should not be a step"
        for action, want in expect.items():
            if action in ("absent", "error"):
                continue
            step = steps.get(Action(action))
            assert step is not None, f"no step {action}"
            if "not_before" in want:
                assert step.window.not_before == _instant(want["not_before"]), (
                    f"{action}.not_before = {step.window.not_before.isoformat()}"
                )
            if "deadline" in want:
                got = step.window.deadline
                wanted = None if want["deadline"] is None else _instant(want["deadline"])
                assert got == wanted, f"{action}.deadline = {got and got.isoformat()}"
            if "projected" in want:
                assert step.projected == want["projected"], f"{action}.projected"
            _cites(want, "cites", step.cites)
    elif kind == "offence":
        o = plugin.offence(str(q))
        for field in (
            "fine_min",
            "fine_max",
            "subsequent_fine",
            "composition_max",
        ):
            if field in expect:
                assert getattr(o, field) == _amount(expect[field]), f"{field}: {getattr(o, field)}"
        for field in ("imprisonment_max_months", "compoundable"):
            if field in expect:
                assert getattr(o, field) == expect[field], f"{field}: {getattr(o, field)}"
        if "unknown" in expect:
            assert set(o.unknown) == set(expect["unknown"]), f"unknown: {o.unknown}"
        if "confidence" in expect:
            assert o.citation.confidence.value == expect["confidence"]
        _cites(expect, "cites", o.cites)
    elif kind == "routing":
        d = plugin.routing(MoneyKind(q))
        if "funds" in expect:
            got = {r.fund: r.share for r in d.value}
            assert got == {k: Decimal(str(v)) for k, v in expect["funds"].items()}, f"{got}"
        if "holders" in expect:
            held = {r.fund: plugin.holder(r.fund).value for r in d.value}
            assert held == expect["holders"], f"holders: {held}"
        if "accounts" in expect:
            kinds = {r.fund: plugin.account_kind(r.fund) for r in d.value}
            assert kinds == expect["accounts"], f"accounts: {kinds}"
        if "confidence" in expect:
            assert d.confidence.value == expect["confidence"], d.confidence.value
        _cites(expect, "cites", d.cites)
    elif kind == "prohibited_purchasers":
        d = plugin.prohibited_purchasers()
        if "roles" in expect:
            assert set(d.value) == set(expect["roles"]), f"{d.value}"
        _cites(expect, "cites", d.cites)
    elif kind == "rate":
        rule = rule_for(plugin, RateKind(q))  # NOT_IN_JURISDICTION naming the Act, as the API
        if "bound_base" in expect:
            base = rule.bound_base.value if rule.bound_base else None
            assert base == expect["bound_base"], f"bound_base: {base}"
        if "bound_factor" in expect:
            assert rule.bound_factor == _amount(expect["bound_factor"])
        if "by_local_area" in expect:
            assert rule.by_local_area == expect["by_local_area"], rule.by_local_area
        if "fixed_by_contains" in expect:
            assert expect["fixed_by_contains"] in rule.fixed_by, rule.fixed_by
        for flag in ("local_only", "by_aerodrome"):
            if flag in expect:
                assert getattr(rule, flag) == expect[flag], f"{flag}: {getattr(rule, flag)}"
        for text in expect.get("counting_contains", []):
            assert text in rule.counting, f"{text!r} not in {rule.counting!r}"
        _cites(expect, "cites", rule.cites)
    elif kind == "fine_rate_kind":
        d = plugin.fine_rate_kind(PlaceKind(q))
        if "kind" in expect:
            assert d.value.value == expect["kind"], d.value
        _cites(expect, "cites", d.cites)
    elif kind == "compare":
        d = plugin.compare(ComparisonTopic(q))
        _cites(expect, "cites", d.cites)
        for text in expect.get("summary_contains", []):
            assert text in d.value, f"{text!r} not in {d.value!r}"
        if "confidence" in expect:
            assert d.confidence.value == expect["confidence"], d.confidence.value
    elif kind == "comparison":
        answer = research.answer(plugin, ComparisonTopic(q))
        _cites(expect, "cites", answer.cites)
        for text in expect.get("summary_contains", []):
            assert text in answer.summary, f"{text!r} not in {answer.summary!r}"
        if "provided" in expect:
            assert answer.provided is expect["provided"], answer.provided
        facts = {f.key: f for f in answer.facts}
        for key, want in expect.get("facts", {}).items():
            assert key in facts, f"no fact {key!r}: {sorted(facts)}"
            assert fact_value(facts[key]) == want, (key, fact_value(facts[key]))
    elif kind == "capabilities":
        for cap in q.get("has", []):
            assert plugin.has(Capability(cap)), f"should have {cap}"
        for cap in q.get("lacks", []):
            assert not plugin.has(Capability(cap)), f"should lack {cap}"
    elif kind == "refusal_to_pay":
        events = TimelineEvents(**{k: _instant(v) for k, v in q.items()})
        d = plugin.refusal_to_pay(events)
        if "not_before" in expect:
            assert d.value.not_before == _instant(expect["not_before"]), d.value.not_before
        if "deadline" in expect:
            wanted = None if expect["deadline"] is None else _instant(expect["deadline"])
            assert d.value.deadline == wanted, d.value.deadline
        _cites(expect, "cites", d.cites)
        if "confidence" in expect:
            assert d.confidence.value == expect["confidence"], d.confidence.value
    elif kind == "provision":
        assert q in PROVISIONS, f"provision: one of {PROVISIONS}"
        answer = getattr(plugin, q)()
        if "value" in expect:
            got = answer.value
            if isinstance(got, frozenset):
                got = {getattr(v, "value", v) for v in got}
                assert got == set(map(str, expect["value"])), got
            else:
                assert got == expect["value"], got
        _cites(expect, "cites", answer.cites)
        if "confidence" in expect:
            assert answer.confidence.value == expect["confidence"], answer.confidence.value
        for text in expect.get("why_contains", []):
            assert text in answer.why, f"{text!r} not in {answer.why!r}"
    elif kind == "section":
        act = next(a for a in plugin.acts if a.uri == q["act"])
        sec = act.section(str(q["number"]))
        if "heading" in expect:
            assert sec.heading == expect["heading"], sec.heading
        if "confidence" in expect:
            assert sec.confidence.value == expect["confidence"], sec.confidence.value
        for text in expect.get("text_contains", []):
            assert text in sec.text, f"{text!r} not in section {sec.number}"
        for text in expect.get("summary_contains", []):
            assert text in (sec.summary or ""), f"{text!r} not in the summary of {sec.number}"
    elif kind == "seizure_power":
        power = plugin.seizure_power(
            SeizerCapacity(q["capacity"]), PlaceKind(q["place"]), q.get("damage")
        )
        if "damage_required" in expect:
            assert power.value.damage_required == expect["damage_required"]
        _cites(expect, "cites", power.cites)
    elif kind == "extent":
        d = plugin.extent()
        if "default_in_force" in expect:
            assert d.value.default_in_force == expect["default_in_force"]
        if "grounds" in expect:
            got = {r.ground.value: r.in_force for r in d.value.rules}
            assert got == expect["grounds"], f"grounds: {got}"
        _cites(expect, "cites", d.cites)
