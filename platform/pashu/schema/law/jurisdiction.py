"""The public `Jurisdiction` type: one installed plugin, seen by a researcher."""

from __future__ import annotations

import strawberry

from pashu.core.errors import NotInJurisdiction
from pashu.jurisdictions import base
from pashu.schema.extent.types import ActExtent, NotifiedKinds, SeizurePower
from pashu.schema.kinds import PlaceKind, code
from pashu.schema.law.types import (
    Act,
    Capability,
    FundShare,
    MoneyRoute,
    Offence,
    ProhibitedPurchasers,
    RateRule,
    cites,
)


@strawberry.type(description="A state whose Acts are encoded: public, no token needed")
class Jurisdiction:
    _plugin: strawberry.Private[base.Jurisdiction]

    @strawberry.field(description="The jurisdiction's code; each tenant is bound to one")
    def code(self) -> strawberry.ID:
        return strawberry.ID(self._plugin.code)

    @strawberry.field(description="The state's name")
    def name(self) -> str:
        return self._plugin.name

    @strawberry.field(description="ISO 3166-2 subdivision code")
    def iso_code(self) -> str:
        return self._plugin.iso_code

    @strawberry.field(description="The chapters its Acts provide")
    def capabilities(self) -> list[Capability]:
        return sorted(self._plugin.capabilities, key=lambda c: list(base.Capability).index(c))

    @strawberry.field(description="Its Acts, with every section")
    def acts(self) -> list[Act]:
        return [Act.of(a) for a in self._plugin.acts]

    @strawberry.field(
        description="The offences its Acts create, with their bounds exactly as given"
    )
    def offences(self) -> list[Offence]:
        return [Offence.of(o) for o in self._plugin.offences]

    @strawberry.field(description="Where each kind of money the Act deals with goes")
    def money_routing(self) -> list[MoneyRoute]:
        routes = []
        for kind in base.MoneyKind:
            try:
                d = self._plugin.routing(kind)
            except NotInJurisdiction:
                continue
            shares = [
                FundShare(
                    fund=r.fund,
                    fund_name=self._plugin.funds.get(r.fund, r.fund),
                    share=r.share,
                    account=f"{self._plugin.account_kind(r.fund)}:{r.fund}",
                    holder=self._plugin.holder(r.fund).value,
                )
                for r in d.value
            ]
            routes.append(
                MoneyRoute(kind=kind, shares=shares, citations=cites(d.cites), explanation=d.why)
            )
        return routes

    @strawberry.field(description="Amounts the Act leaves to notification, with their bounds")
    def rates(self) -> list[RateRule]:
        return [
            RateRule(
                kind=r.kind,
                fixed_by=r.fixed_by,
                per_species=r.per_species,
                bound_base=r.bound_base,
                bound_factor=r.bound_factor,
                citations=cites(r.cites),
                by_local_area=r.by_local_area,
            )
            for r in self._plugin.rate_rules().values()
        ]

    @strawberry.field(description="Where the Act is in force, and the grounds that change it")
    def extent(self) -> ActExtent:
        return ActExtent.of(self._plugin.extent())

    @strawberry.field(description="Who may seize, where and on what condition; empty without")
    def seizure_powers(self) -> list[SeizurePower]:
        if not self._plugin.has(base.Capability.IMPOUNDMENT):
            return []
        order = [k.code for k in self._plugin.declared_kinds().places]
        return [SeizurePower.of(p, order) for p in self._plugin.seizure_powers()]

    @strawberry.field(description="The kinds of place animals may be seized at; empty without")
    def places_of_seizure(self) -> list[PlaceKind]:
        if not self._plugin.has(base.Capability.IMPOUNDMENT):
            return []
        return [code(p) for p in self._plugin.places_of_seizure().value]

    @strawberry.field(description="Kinds of animal the Government may add by notification")
    def notified_kinds(self) -> NotifiedKinds | None:
        try:
            return NotifiedKinds.of(self._plugin.kinds())
        except NotInJurisdiction:
            return None

    @strawberry.field(description="Who may not buy at an auction; null without an auction")
    def prohibited_purchasers(self) -> ProhibitedPurchasers | None:
        if not self._plugin.has(base.Capability.AUCTION):
            return None
        d = self._plugin.prohibited_purchasers()
        roles = [k.code for k in self._plugin.declared_kinds().buyers if k.code in d.value]
        return ProhibitedPurchasers(
            roles=[code(r) for r in roles], citations=cites(d.cites), explanation=d.why
        )
