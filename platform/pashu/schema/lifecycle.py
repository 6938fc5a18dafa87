"""Close the request's database session when the operation ends."""

from __future__ import annotations

from collections.abc import AsyncIterator

from strawberry.extensions import SchemaExtension


class CloseSession(SchemaExtension):
    async def on_operation(self) -> AsyncIterator[None]:
        try:
            yield
        finally:
            close = getattr(self.execution_context.context, "close", None)
            if close is not None:
                await close()
