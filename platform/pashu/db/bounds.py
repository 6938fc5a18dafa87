"""Text fits its column, or the write is refused (core/bounds.py keeps the other bounds).

PostgreSQL refuses a string longer than its `varchar(n)` with a driver error, and SQLite
keeps it whole; either way the client would see no code. Checked before every flush, on
every row written, so no service has to remember it and none cuts text silently.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import String, event, inspect
from sqlalchemy.orm import Mapper, Session

from pashu.core.errors import ValidationError
from pashu.db.scoping import ScopedSession


def api_name(column: str) -> str:
    """The column's name as the API spells its field (ear_tag -> earTag)."""
    head, *rest = column.split("_")
    return head + "".join(part.title() for part in rest)


_LIMITS: dict[type, list[tuple[str, int]]] = {}


def _limits(cls: type) -> list[tuple[str, int]]:
    """(attribute, length) of the mapped class's bounded text columns, worked out once."""
    found = _LIMITS.get(cls)
    if found is None:
        mapper: Mapper[Any] = inspect(cls)
        found = _LIMITS[cls] = [
            (attr.key, col.type.length)
            for attr in mapper.column_attrs
            for col in attr.columns[:1]
            if isinstance(col.type, String) and col.type.length
        ]
    return found


def check(obj: object) -> None:
    """Refuse `obj` if a text of it is longer than its column (for rows written without
    a flush, too)."""
    check_values(obj.__class__, obj.__dict__)  # the attributes set: those a flush writes


def check_values(cls: type, values: Mapping[str, Any]) -> None:
    """Refuse a row of `cls` with `values` if a text of it is longer than its column."""
    for key, length in _limits(cls):
        value = values.get(key)
        if isinstance(value, str) and len(value) > length:
            field = api_name(key)
            raise ValidationError(
                f"`{field}` is longer than its {length} characters ({len(value)})",
                field=field,
                maxLength=length,
            )


@event.listens_for(ScopedSession, "before_flush")
def _fits(session: Session, flush_context: Any, instances: Any) -> None:
    for obj in (*session.new, *session.dirty):
        check(obj)
