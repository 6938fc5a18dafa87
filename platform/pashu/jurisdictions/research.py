"""Comparative research across the installed jurisdictions: every topic, every Act.

A row is the plugin's answer (jurisdictions/comparison.py) with the facts the contract
already encodes for every plugin added beside it — money routing, prohibited purchasers,
offences and their caps — so a fact a program reads here is the very rule the operations
apply.
"""

from __future__ import annotations

from dataclasses import replace

from pashu.core.errors import NotInJurisdiction
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.comparison import (
    Amount,
    Answer,
    Fact,
    FactKind,
    Unit,
    flag,
    listing,
    money,
    period,
)
from pashu.jurisdictions.vocabulary import Capability, ComparisonTopic, MoneyKind, Offence


def answer(plugin: Jurisdiction, topic: ComparisonTopic) -> Answer:
    own = plugin.comparison(topic)
    return replace(own, facts=[*own.facts, *_derived(plugin, topic, own)])


def _derived(plugin: Jurisdiction, topic: ComparisonTopic, own: Answer) -> list[Fact]:
    if topic is ComparisonTopic.MONEY_ROUTING:
        return _routing(plugin)
    if topic is ComparisonTopic.PROHIBITED_PURCHASERS:
        return _purchasers(plugin, own)
    if topic in (ComparisonTopic.FINE_CAPS, ComparisonTopic.OFFENCES):
        return [f for o in plugin.offences for f in _offence(o)]
    if topic is ComparisonTopic.COMPOUNDING:
        return _compounding(plugin, own)
    return []


def _routing(plugin: Jurisdiction) -> list[Fact]:
    facts = []
    for kind in MoneyKind:
        try:
            d = plugin.routing(kind)
        except NotInJurisdiction:
            continue
        facts.append(
            Fact(
                kind.value.lower(),
                kind.value.replace("_", " ").capitalize() + " goes to",
                FactKind.FUNDS,
                tuple(d.cites),
                d.why,
                items=tuple(plugin.funds.get(r.fund, r.fund) for r in d.value),
                shares=tuple(r.share for r in d.value),
            )
        )
    return facts


def _purchasers(plugin: Jurisdiction, own: Answer) -> list[Fact]:
    if not plugin.has(Capability.AUCTION):
        return [flag("auction", "The Act provides a sale", False, own.cites, "no such provision")]
    d = plugin.prohibited_purchasers()
    roles = sorted(d.value)
    return [listing("prohibited", "May not buy", FactKind.ROLES, roles, d.cites, d.why)]


def _offence(o: Offence) -> list[Fact]:
    facts = [
        money(
            f"{o.code}_fine",
            f"Fine, s.{o.section}: {o.title}",
            Amount(minimum=o.fine_min, maximum=o.fine_max),
            o.cites,
            o.note or "",
            unknown="fine_max" in o.unknown,
        )
    ]
    if o.subsequent_fine is not None:
        facts.append(
            money(
                f"{o.code}_subsequent_fine",
                f"Fine for each subsequent offence, s.{o.section}",
                Amount(fixed=o.subsequent_fine),
                o.cites,
            )
        )
    if o.imprisonment_max_months is not None or "imprisonment_max_months" in o.unknown:
        f = period(
            f"{o.code}_imprisonment",
            f"Imprisonment at most, s.{o.section}",
            o.imprisonment_max_months or 0,
            Unit.MONTHS,
            "conviction",
            o.cites,
        )
        if o.imprisonment_max_months is None:
            why = o.unknown_reason or "illegible in the source"
            f = replace(f, duration=None, unknown=True, why=why)
        facts.append(f)
    return facts


def _compounding(plugin: Jurisdiction, own: Answer) -> list[Fact]:
    allowed = plugin.has(Capability.COMPOUNDING)
    # Whether a composition can be recorded here: an Act that provides compounding on terms
    # the source does not show (a section held by its heading alone) answers false, with the row's
    # own facts saying that it provides it.
    facts = [
        flag(
            "compounding_allowed",
            "Offences may be compounded on terms the source gives",
            allowed,
            own.cites,
            "",
        )
    ]
    for o in plugin.offences:
        if o.compoundable:
            facts.append(
                money(
                    f"{o.code}_composition",
                    f"Composition, s.{o.section}, at most",
                    Amount(maximum=o.composition_max),
                    o.cites,
                    unknown=o.composition_max is None,
                )
            )
    return facts
