"""The register of establishments (any role)."""

from __future__ import annotations

import strawberry
from sqlalchemy.orm import Session

from pashu.jurisdictions.base import Capability
from pashu.schema.context import Info
from pashu.schema.establishments.types import Establishment, EstablishmentRegistration
from pashu.schema.node import to_global_id
from pashu.schema.paging import After, First, page
from pashu.schema.registration.common import law
from pashu.services import establishments as service


@strawberry.type
class EstablishmentsQuery:
    @strawberry.field(
        description="Establishments and their registrations, by name (then id); paged with "
        "`first` and `after`"
    )
    async def establishments(
        self, info: Info, first: First = None, after: After = None
    ) -> list[Establishment]:
        rules = law(info.context.require(), Capability.ESTABLISHMENT_REGISTRATION)
        asked = page("establishments", first, after, "Establishment")

        def load(s: Session) -> list[Establishment]:
            return [
                Establishment(
                    id=to_global_id("Establishment", est.id),
                    name=est.name,
                    registrations=[EstablishmentRegistration.of(est, r, rules) for r in regs],
                    valid_until=max((r.valid_until for r in regs), default=None),
                )
                for est, regs in service.establishments(s, asked)
            ]

        return await info.context.read(load)
