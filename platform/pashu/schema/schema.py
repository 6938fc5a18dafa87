"""The schema: every domain's queries and mutations merged into one."""

from __future__ import annotations

from functools import cache

import strawberry
from strawberry.schema.config import StrawberryConfig
from strawberry.tools import merge_types

from pashu.config import Settings, settings
from pashu.schema import kinds
from pashu.schema.caches import ParsedDocuments
from pashu.schema.clocks.mutations import ClocksMutation
from pashu.schema.clocks.queries import AuctionsQuery, ClocksQuery
from pashu.schema.clocks.types import Auction, AuctionLot
from pashu.schema.complaints.mutations import ComplaintsMutation
from pashu.schema.complaints.queries import ComplaintsQuery
from pashu.schema.complaints.types import Complaint
from pashu.schema.errors import Schema as LoggedSchema
from pashu.schema.establishments.mutations import EstablishmentsMutation
from pashu.schema.establishments.queries import EstablishmentsQuery
from pashu.schema.establishments.types import Establishment, EstablishmentRegistration
from pashu.schema.extent.mutations import ExtentMutation
from pashu.schema.extent.queries import ExtentQuery
from pashu.schema.extent.types import ExtentNotification, KindNotification
from pashu.schema.impoundment.mutations import ImpoundmentMutation
from pashu.schema.impoundment.queries import ImpoundmentQuery
from pashu.schema.impoundment.remedies_mutations import RemediesMutation
from pashu.schema.impoundment.stats import StatsQuery
from pashu.schema.impoundment.types import Animal, Impoundment, Notice, Receipt, Sale
from pashu.schema.keeping.mutations import KeepingMutation
from pashu.schema.keeping.queries import KeepingQuery
from pashu.schema.keeping.types import GrazingGround, GrazingOrder, Inspection, Inspector
from pashu.schema.law.queries import LawQuery
from pashu.schema.ledger.queries import LedgerQuery
from pashu.schema.lifecycle import CloseSession
from pashu.schema.limits import extensions
from pashu.schema.observe import Observe
from pashu.schema.offences.mutations import OffencesMutation
from pashu.schema.offences.queries import OffencesQuery
from pashu.schema.offences.types import (
    AttackLiability,
    CompensationOrder,
    Composition,
    Fine,
    OffenceCase,
    SetOff,
    ViciousEvent,
)
from pashu.schema.pound_returns.mutations import PoundReturnsMutation
from pashu.schema.pound_returns.queries import PoundReturnsQuery
from pashu.schema.pounds.mutations import PoundsMutation
from pashu.schema.pounds.queries import PoundsQuery
from pashu.schema.pounds.types import Pound
from pashu.schema.rates.mutations import RatesMutation
from pashu.schema.rates.queries import RatesQuery
from pashu.schema.registration.mutations import RegistrationMutation
from pashu.schema.registration.queries import RegistrationQuery
from pashu.schema.registration.types import (
    Appeal,
    Owner,
    Registration,
    TaxInstalment,
    TaxPayment,
)
from pashu.schema.regulated_areas.mutations import RegulatedAreasMutation
from pashu.schema.regulated_areas.queries import RegulatedAreasQuery
from pashu.schema.regulated_areas.types import CattleLicence, NotifiedOrder
from pashu.schema.scalars import SCALARS
from pashu.schema.tenancy.queries import TenancyQuery
from pashu.schema.tenancy.types import User
from pashu.schema.tokens.api import TokensMutation, TokensQuery

Query = merge_types(
    "Query",
    (
        LawQuery,
        TenancyQuery,
        RatesQuery,
        PoundsQuery,
        KeepingQuery,
        PoundReturnsQuery,
        ImpoundmentQuery,
        LedgerQuery,
        OffencesQuery,
        RegistrationQuery,
        EstablishmentsQuery,
        RegulatedAreasQuery,
        ComplaintsQuery,
        ClocksQuery,
        AuctionsQuery,
        StatsQuery,
        ExtentQuery,
        TokensQuery,
    ),
)
# merge_types takes no description: the merged roots are described here, where they are made.
Query.__strawberry_definition__.description = (  # type: ignore[attr-defined]
    "Read the law (public, no token: jurisdictions, Acts, comparisons, timelines, search) and, "
    "with a token, the caller's tenant (cases, registers, books)"
)
Mutation = merge_types(
    "Mutation",
    (
        RatesMutation,
        PoundsMutation,
        KeepingMutation,
        PoundReturnsMutation,
        ImpoundmentMutation,
        RemediesMutation,
        OffencesMutation,
        RegistrationMutation,
        EstablishmentsMutation,
        RegulatedAreasMutation,
        ComplaintsMutation,
        ClocksMutation,
        ExtentMutation,
        TokensMutation,
    ),
)
Mutation.__strawberry_definition__.description = (  # type: ignore[attr-defined]
    "Record an act in the tenant's registers (a token, and the role each mutation names); "
    "each takes one `input` and writes an audit record; a refused act changes nothing"
)


def build_schema(cfg: Settings, parsed: ParsedDocuments | None = None) -> strawberry.Schema:
    """The schema; `parsed` its cache of parsed documents when another part shares it."""
    # Registers node(id:) for the one-row types and the offence types; imported here, once
    # every type module has declared its enums (an enum met first as a plain annotation would
    # be declared twice).
    from pashu.schema import node_lookups  # noqa: F401
    from pashu.schema.offences import nodes  # noqa: F401

    kinds.refresh()  # the kinds of place, seizer and buyer of the plugins installed now

    return LoggedSchema(
        query=Query,
        mutation=Mutation,
        types=[
            Complaint,
            User,
            Pound,
            GrazingGround,
            GrazingOrder,
            Inspector,
            Inspection,
            Impoundment,
            Animal,
            Notice,
            Receipt,
            Sale,
            OffenceCase,
            Fine,
            Composition,
            ViciousEvent,
            AttackLiability,
            CompensationOrder,
            SetOff,
            Owner,
            Registration,
            TaxInstalment,
            TaxPayment,
            Appeal,
            Establishment,
            EstablishmentRegistration,
            NotifiedOrder,
            CattleLicence,
            Auction,
            AuctionLot,
            ExtentNotification,
            KindNotification,
        ],
        # Observe last: it sees the errors before MaskErrors hides the server's.
        extensions=[*extensions(cfg, parsed), CloseSession, Observe],
        config=StrawberryConfig(scalar_map=SCALARS, disable_field_suggestions=cfg.env == "prod"),
    )


def public_roots(schema: strawberry.Schema) -> set[str]:
    """The root fields of the public law (LawQuery): answers no caller or tenant changes."""
    convert = schema.config.name_converter
    definition = LawQuery.__strawberry_definition__  # type: ignore[attr-defined]
    return {convert.get_graphql_name(f) for f in definition.fields}


@cache
def schema() -> strawberry.Schema:
    """The schema as configured by the environment."""
    return build_schema(settings())
