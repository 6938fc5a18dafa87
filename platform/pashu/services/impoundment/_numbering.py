"""Register and receipt numbers: per tenant, consecutive, never reused."""

from __future__ import annotations

import uuid

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from pashu.db.impoundment import Counter


def next_number(session: Session, tenant_id: uuid.UUID, name: str) -> int:
    """The next number of sequence `name`; the row lock serialises concurrent clerks."""
    bump = (
        update(Counter)
        .where(Counter.tenant_id == tenant_id, Counter.name == name)
        .values(value=Counter.value + 1)
        .returning(Counter.value)
    )
    value = session.execute(bump).scalar()
    if value is not None:
        return int(value)
    try:
        with session.begin_nested():
            session.add(Counter(tenant_id=tenant_id, name=name, value=1))
        return 1
    except IntegrityError:  # another transaction made the row first
        value = session.execute(bump).scalar()
        return (
            int(value)
            if value is not None
            else int(
                session.scalars(
                    select(Counter.value).where(
                        Counter.tenant_id == tenant_id, Counter.name == name
                    )
                ).one()
            )
        )
