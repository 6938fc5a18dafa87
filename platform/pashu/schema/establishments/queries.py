"""The register of establishments (any role)."""

from __future__ import annotations

import strawberry

from pashu.jurisdictions.vocabulary import Capability
from pashu.schema.context import Info
from pashu.schema.establishments.types import Establishment
from pashu.schema.paging import After, First, page
from pashu.schema.registration.common import law
from pashu.services.establishments import establishments as service


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

        return await info.context.read(
            lambda s: [
                Establishment.of(e, regs, rules) for e, regs in service.establishments(s, asked)
            ]
        )
