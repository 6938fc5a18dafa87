"""Scalars: every instant leaves the API in Indian Standard Time, with its offset."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import strawberry

from pashu.core.legaltime import IST


def _serialize(value: datetime) -> str:
    return value.astimezone(IST).isoformat() if value.tzinfo else value.isoformat()


def _parse(value: Any) -> datetime:
    # A naive instant is let through here and refused by the services with VALIDATION,
    # so the client gets the platform's own error rather than a parser's.
    return datetime.fromisoformat(str(value))


IstDateTime = strawberry.scalar(
    name="DateTime",
    description="An ISO 8601 instant with its offset; answers are given in IST (+05:30)",
    serialize=_serialize,
    parse_value=_parse,
)

SCALARS: dict[object, Any] = {datetime: IstDateTime}
