"""Relay global ids and `node(id:)`: a row of another tenant resolves exactly like a row
that does not exist (null), because lookups run in the caller's tenant scope."""

from __future__ import annotations

import base64
import binascii
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import strawberry

from pashu.schema.context import Context

# type name -> async resolver(ctx, id) returning the object or None
NODE_RESOLVERS: dict[str, Callable[[Context, uuid.UUID], Awaitable[Any]]] = {}


@strawberry.interface(
    description="An object with a global id (Relay): fetch it again with node(id:), in the "
    "caller's tenant"
)
class Node:
    id: strawberry.ID = strawberry.field(
        description="The object's global id, opaque: node(id:) fetches any type by it"
    )


def to_global_id(type_name: str, pk: uuid.UUID) -> strawberry.ID:
    raw = f"{type_name}:{pk}".encode()
    return strawberry.ID(base64.urlsafe_b64encode(raw).decode().rstrip("="))


def from_global_id(gid: str) -> tuple[str, uuid.UUID] | None:
    try:
        raw = base64.urlsafe_b64decode(gid + "=" * (-len(gid) % 4)).decode()
        type_name, _, pk = raw.partition(":")
        return type_name, uuid.UUID(pk)
    except (ValueError, binascii.Error, UnicodeDecodeError):
        return None


def node_type(type_name: str) -> Callable[[Callable[[Context, uuid.UUID], Awaitable[Any]]], Any]:
    """Register how to fetch a node of `type_name` by its id."""

    def register(fn: Callable[[Context, uuid.UUID], Awaitable[Any]]) -> Any:
        NODE_RESOLVERS[type_name] = fn
        return fn

    return register


async def resolve_node(ctx: Context, gid: str) -> Any:
    ctx.require()
    parsed = from_global_id(gid)
    if parsed is None or parsed[0] not in NODE_RESOLVERS:
        return None
    return await NODE_RESOLVERS[parsed[0]](ctx, parsed[1])
