"""Tell the request's observer (observability/requests.py) which operation ran, and the
codes of the errors it answered with, before they are masked; and whether the operation
may read from the replica (a query may; a mutation, and all it reads, stays on the primary)."""

from __future__ import annotations

from collections.abc import Iterator

from graphql import GraphQLError
from strawberry.extensions import SchemaExtension
from strawberry.types.graphql import OperationType

from pashu.observability import requests
from pashu.schema.errors import document_hash, received_code

# The code each error reaches the client with (a bad enum in the variables is VALIDATION,
# not a server failure): the metrics and the request's log line count what the client saw.
code_of = received_code


class Observe(SchemaExtension):
    def on_execute(self) -> Iterator[None]:
        ec = self.execution_context
        requests.note_operation(ec.operation_name)
        context = ec.context
        if ec.operation_type is OperationType.QUERY and hasattr(context, "read_from_replica"):
            context.read_from_replica = True
        yield

    def on_operation(self) -> Iterator[None]:
        requests.note_document(document_hash(self.execution_context.query))
        try:
            yield
        except GraphQLError as error:  # a document that does not parse is raised, not returned
            requests.note_errors([code_of(error)])
            raise
        ec = self.execution_context
        # A document refused before execution (syntax, validation) has no result, only these.
        errors = (ec.result.errors if ec.result is not None else None) or ec.pre_execution_errors
        if errors:
            requests.note_errors(code_of(e) for e in errors)
