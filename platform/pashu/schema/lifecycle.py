"""Close the request's database session when the operation ends."""

from __future__ import annotations

from collections.abc import AsyncIterator

from strawberry.extensions import SchemaExtension


class CloseSession(SchemaExtension):
    async def on_operation(self) -> AsyncIterator[None]:
        try:
            yield
        finally:
            context = self.execution_context.context
            close = getattr(context, "close", None)
            # A held request (an Idempotency-Key's) commits after its answer is made, then
            # closes (schema/idempotent.py): closing here would undo it.
            if close is not None and not getattr(context, "held", False):
                await close()
