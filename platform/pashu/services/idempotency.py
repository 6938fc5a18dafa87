"""Idempotency keys: a client that lost the answer to a mutation sends it again with the
same `Idempotency-Key` and gets the first answer back; nothing is done twice.

A key is claimed (a row written and committed) before the request runs, so a second
request with it while the first runs is refused, not run; the answer is kept once given.
A key belongs to the user who claimed it, for one request (its body's hash).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from pashu.core.errors import Conflict, ValidationError
from pashu.db.tenancy import IdempotentRequest
from pashu.services.tenants import Principal

MAX_KEY = 200


@dataclass(frozen=True)
class Kept:
    """The first answer to a request: its HTTP status and body."""

    status: int
    answer: str


def fingerprint(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()


def check_key(key: str) -> str:
    if not 1 <= len(key) <= MAX_KEY or not key.isascii() or not key.isprintable():
        raise ValidationError(
            f"an Idempotency-Key is 1 to {MAX_KEY} printable ASCII characters",
            field="Idempotency-Key",
        )
    return key


def claim(session: Session, who: Principal, key: str, body_hash: str) -> Kept | None:
    """Claim `key` for this request: None if it is new (run the request), its first answer
    if it was given, a refusal if it is running or was used for something else."""
    try:
        with session.begin_nested():
            session.add(IdempotentRequest(key=key, user_id=who.user_id, request_hash=body_hash))
            session.flush()
        return None
    except IntegrityError:
        pass
    kept = session.scalar(select(IdempotentRequest).where(IdempotentRequest.key == key))
    if kept is None:  # released by a failed first request in the meantime
        raise Conflict("a request with this Idempotency-Key is running; retry", field="key")
    if kept.user_id != who.user_id or kept.request_hash != body_hash:
        raise Conflict("this Idempotency-Key was used for another request", field="Idempotency-Key")
    if kept.status is None or kept.answer is None:
        raise Conflict("a request with this Idempotency-Key is running; retry", field="key")
    return Kept(kept.status, kept.answer)


def keep(session: Session, key: str, status: int, answer: str) -> None:
    session.execute(
        update(IdempotentRequest)
        .where(IdempotentRequest.key == key)
        .values(status=status, answer=answer)
    )


def release(session: Session, key: str) -> None:
    """The request failed before it answered: the key may be used again."""
    session.execute(
        delete(IdempotentRequest).where(
            IdempotentRequest.key == key, IdempotentRequest.status.is_(None)
        )
    )
