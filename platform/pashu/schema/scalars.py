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


IstDateTime = strawberry.scalar(
    name="DateTime",
    description="An ISO 8601 instant with its offset; answers are given in IST (+05:30)",
    serialize=_serialize,
    parse_value=_parse,
)

BoundedDate = strawberry.scalar(
    name="Date",
    description="An ISO 8601 calendar date",
    serialize=date.isoformat,
    parse_value=_parse_date,
)

DecimalString = strawberry.scalar(
    name="Decimal",
    description='A decimal number written as a string (amounts in rupees: "500.00")',
    serialize=str,
    parse_value=bounds.decimal,
)

SCALARS: dict[object, Any] = {datetime: IstDateTime, date: BoundedDate, Decimal: DecimalString}
