"""Establishments and their registrations, with the certificate as a document."""

from __future__ import annotations

import base64
import uuid
from datetime import date, datetime
from decimal import Decimal

import strawberry
from sqlalchemy.orm import Session

from pashu.core.errors import NotFound
from pashu.core.legaltime import legal_date
from pashu.db import establishments as rows
from pashu.jurisdictions.registration import (
    RegistrationLaw,
)
from pashu.jurisdictions.vocabulary import Capability
from pashu.schema.context import Context
from pashu.schema.law.types import Citation, cites
from pashu.schema.node import Node, node_type, to_global_id
from pashu.schema.registration.common import law
from pashu.services.establishments import establishments as service


@strawberry.type(description="A registration or renewal of an establishment, and its certificate")
class EstablishmentRegistration(Node):
    establishment: str = strawberry.field(description="The establishment")
    kind: str = strawberry.field(description="REGISTRATION (the first) or RENEWAL")
    certificate_no: str = strawberry.field(description="The certificate's number")
    last_date: date = strawberry.field(description="The last date for the application")
    applied_at: datetime = strawberry.field(
        description="When it was applied for (ISO 8601 with offset, shown in IST)"
    )
    valid_application_on_time: bool = strawberry.field(
        description="Whether the application was made in time"
    )
    fee: Decimal = strawberry.field(description="The fee in rupees (decimal string)")
    fee_reference: str = strawberry.field(description="The notification the fee rests on")
    penalty: Decimal = strawberry.field(
        description="The penalty for lateness in rupees (decimal string)"
    )
    default_days: int = strawberry.field(description="Days of continued default after last date")
    valid_from: date = strawberry.field(
        description="The first day it is valid (a calendar day in IST)"
    )
    valid_until: date = strawberry.field(
        description="The last day it is valid (a calendar day in IST)"
    )
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )
    certificate: str = strawberry.field(description="The certificate, as plain text")
    _text: strawberry.Private[str]

    @strawberry.field(description="The certificate as a PDF, base64-encoded")
    def certificate_pdf(self) -> str:
        return base64.b64encode(service.certificate_pdf(self._text)).decode()

    @classmethod
    def of(
        cls, est: rows.Establishment, reg: rows.EstablishmentRegistration, rules: RegistrationLaw
    ) -> EstablishmentRegistration:
        term = rules.establishment_term(reg.valid_from)
        fee = rules.establishment_fee()
        if reg.penalty:
            why = (
                f"penalty of the fee plus Rs 2 for each of {reg.default_days} day(s) of "
                "continued default after the last date (interpreted: the counting of the days "
                "of default is a reading)"
            )
        elif reg.valid_application_on_time:
            why = "no penalty: a valid application was submitted in time"
        else:
            why = "no penalty"
        penalty_cite = rules.establishment_penalty(
            reg.fee,
            reg.last_date,
            legal_date(reg.applied_at),
            valid_application_on_time=reg.valid_application_on_time,
        ).cites
        text = service.certificate_text(est, reg, term.cites[-1])
        return cls(
            id=to_global_id("EstablishmentRegistration", reg.id),
            establishment=est.name,
            kind=reg.kind,
            certificate_no=reg.certificate_no,
            last_date=reg.last_date,
            applied_at=reg.applied_at,
            valid_application_on_time=reg.valid_application_on_time,
            fee=reg.fee,
            fee_reference=reg.fee_reference,
            penalty=reg.penalty,
            default_days=reg.default_days,
            valid_from=reg.valid_from,
            valid_until=reg.valid_until,
            citations=cites([*term.cites, *fee.cites, *penalty_cite]),
            explanation=f"{term.why}; {fee.why}; {why}",
            certificate=text,
            _text=text,
        )


@strawberry.type(description="An establishment and its registrations, oldest first")
class Establishment(Node):
    name: str = strawberry.field(description="The establishment's name")
    # One establishment's registration and its renewals (one a period): not paged.
    registrations: list[EstablishmentRegistration] = strawberry.field(
        description="Its registrations and renewals, in order"
    )
    valid_until: date | None = strawberry.field(description="The latest registration's end")

    @classmethod
    def of(
        cls,
        est: rows.Establishment,
        regs: list[rows.EstablishmentRegistration],
        rules: RegistrationLaw,
    ) -> Establishment:
        return cls(
            id=to_global_id("Establishment", est.id),
            name=est.name,
            registrations=[EstablishmentRegistration.of(est, r, rules) for r in regs],
            valid_until=max((r.valid_until for r in regs), default=None),
        )


@node_type("Establishment")
async def _establishment(ctx: Context, pk: uuid.UUID) -> Establishment | None:
    rules = law(ctx.require(), Capability.ESTABLISHMENT_REGISTRATION)

    def load(s: Session) -> Establishment | None:
        found = service.establishments(s, establishment_id=pk)
        return Establishment.of(*found[0], rules) if found else None

    return await ctx.read(load)


@node_type("EstablishmentRegistration")
async def _registration(ctx: Context, pk: uuid.UUID) -> EstablishmentRegistration | None:
    rules = law(ctx.require(), Capability.ESTABLISHMENT_REGISTRATION)

    def load(s: Session) -> EstablishmentRegistration | None:
        try:
            est, reg = service.registration_by_id(s, pk)
        except NotFound:
            return None
        return EstablishmentRegistration.of(est, reg, rules)

    return await ctx.read(load)
