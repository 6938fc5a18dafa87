"""Scalars: every instant leaves the API in Indian Standard Time, with its offset; instants,
dates and decimals coming in are checked against their bounds (core/bounds.py)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

import strawberry

from pashu.core import bounds
from pashu.core.errors import ValidationError
from pashu.core.legaltime import IST

# What each scalar's `@specifiedBy` points to: the specifications its strings follow.
DATE_TIME_SPEC = "https://scalars.graphql.org/andimarek/date-time"  # RFC 3339 date-time
DATE_SPEC = "https://scalars.graphql.org/andimarek/local-date"  # RFC 3339 full-date
# No GraphQL scalar specification of decimals exists; its strings are XML Schema's decimal
# lexical form (digits, optional sign and point, no exponent).
DECIMAL_SPEC = "https://www.w3.org/TR/xmlschema11-2/#decimal"


def _serialize(value: datetime) -> str:
    return value.astimezone(IST).isoformat() if value.tzinfo else value.isoformat()


def _iso(value: Any, kind: str) -> str:
    if not isinstance(value, str):
        raise ValidationError(f"{kind} must be an ISO 8601 string")
    return value


def _parse(value: Any) -> datetime:
    # A naive instant is let through here and refused by the services with VALIDATION,
    # so the client gets the platform's own error rather than a parser's.
    try:
        parsed = bounds.iso_instant(_iso(value, "an instant"))
    except ValueError as err:
        raise ValidationError(f"not an ISO 8601 instant: {err}") from None
    return bounds.instant(parsed)


def _parse_date(value: Any) -> date:
    try:
        parsed = bounds.iso_date(_iso(value, "a date"))
    except ValueError as err:
        raise ValidationError(f"not an ISO 8601 date: {err}") from None
    return bounds.day(parsed)


def _decimal_text(value: Decimal) -> str:
    # Positional notation always ("500", never "5E+2"), as DECIMAL_SPEC's lexical form is.
    return format(value, "f")


IstDateTime = strawberry.scalar(
    name="DateTime",
    description="An ISO 8601 instant with its offset; answers are given in IST (+05:30)",
    # Answers are RFC 3339 instants with an offset, as this specification states them, so
    # generated clients type them instead of leaving them `unknown`.
    specified_by_url=DATE_TIME_SPEC,
    serialize=_serialize,
    parse_value=_parse,
)

BoundedDate = strawberry.scalar(
    name="Date",
    description="An ISO 8601 calendar date",
    specified_by_url=DATE_SPEC,
    serialize=date.isoformat,
    parse_value=_parse_date,
)

DecimalString = strawberry.scalar(
    name="Decimal",
    description='A decimal number written as a string (amounts in rupees: "500.00")',
    specified_by_url=DECIMAL_SPEC,
    serialize=_decimal_text,
    parse_value=bounds.decimal,
)

SCALARS: dict[object, Any] = {datetime: IstDateTime, date: BoundedDate, Decimal: DecimalString}
