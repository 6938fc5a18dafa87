"""Column types that keep legal time and money exact on SQLite and PostgreSQL alike."""

from __future__ import annotations

import os
import threading
import time
import uuid
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import BigInteger, DateTime, Dialect
from sqlalchemy.types import TypeDecorator

from pashu.core.legaltime import aware
from pashu.core.money import from_paise, to_paise


class UtcDateTime(TypeDecorator[datetime]):
    """Stores UTC; always returns an aware datetime (SQLite keeps no zone)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> Any:
        if value is None:
            return None
        utc = aware(value).astimezone(UTC)
        return utc.replace(tzinfo=None) if dialect.name == "sqlite" else utc

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class Paise(TypeDecorator[Decimal]):
    """Decimal rupees in Python, an integer number of paise in the database."""

    impl = BigInteger
    cache_ok = True

    def process_bind_param(self, value: Decimal | None, dialect: Dialect) -> Any:
        return None if value is None else to_paise(value)

    def process_result_value(self, value: Any, dialect: Dialect) -> Decimal | None:
        return None if value is None else from_paise(int(value))


class MicroDegrees(TypeDecorator[Decimal]):
    """Geographic degrees as Decimal in Python, an integer of millionths (about 0.1 m) at
    rest: exact on SQLite and PostgreSQL alike, as money is in paise."""

    impl = BigInteger
    cache_ok = True

    def process_bind_param(self, value: Decimal | None, dialect: Dialect) -> Any:
        return None if value is None else int(Decimal(value).scaleb(6).to_integral_value())

    def process_result_value(self, value: Any, dialect: Dialect) -> Decimal | None:
        return None if value is None else Decimal(int(value)).scaleb(-6)


_last = 0
_lock = threading.Lock()


def new_id() -> uuid.UUID:
    """A time-ordered UUID (version 7 layout), monotonic within this process, so rows made
    one after another sort in that order and new rows append to the index."""
    global _last
    ms = time.time_ns() // 1_000_000
    value = int.from_bytes(ms.to_bytes(6, "big") + os.urandom(10), "big")
    value = (value & ~(0xF << 76)) | (0x7 << 76)  # version 7
    value = (value & ~(0x3 << 62)) | (0x2 << 62)  # RFC 4122 variant
    with _lock:
        if value <= _last:
            value = _last + 1  # same millisecond: count up in the random bits
        _last = value
    return uuid.UUID(int=value)
