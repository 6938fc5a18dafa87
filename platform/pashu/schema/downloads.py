"""Documents by their own URL: `GET /documents/<Type>/<id>/<field>.pdf`, with the same
token (Authorization: Bearer) and permissions as the API, e.g.
`/documents/Impoundment/<id>/registerCopy.pdf`. The PDF is fetched through the schema, so
it is the API's own document, rendered off the event loop, and a refusal carries its code.
"""

from __future__ import annotations

import base64
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from strawberry.schema.base import BaseSchema

from pashu.body_limit import error_body
from pashu.db.engine import Database
from pashu.schema.context import bearer, build_context

# (type, field) of every document a node holds without arguments.
DOCUMENTS = {
    ("Impoundment", "registerCopy"),
    ("Notice", "document"),
    ("Receipt", "document"),
    ("Sale", "document"),
}
STATUS = {"UNAUTHENTICATED": 401, "FORBIDDEN": 403, "NOT_FOUND": 404}


def _refused(message: str, code: str) -> Response:
    return Response(error_body(message, code), STATUS.get(code, 400), media_type="application/json")


async def download(request: Request, schema: BaseSchema, db: Database) -> Response:
    kind, gid, name = (request.path_params[k] for k in ("type", "id", "document"))
    field = name.removesuffix(".pdf")
    if (kind, field) not in DOCUMENTS or not name.endswith(".pdf"):
        return _refused(f"no document {kind}/{name}", "NOT_FOUND")
    query = (
        "query($id: ID!) { node(id: $id) { ... on "
        + f"{kind} {{ {field} {{ title pdfBase64 }} }} }} }}"
    )
    ctx = await build_context(request, db, bearer(request))
    result = await schema.execute(query, variable_values={"id": gid}, context_value=ctx)
    if result.errors:
        first = result.errors[0]
        return _refused(first.message, (first.extensions or {}).get("code", "INTERNAL"))
    found: dict[str, Any] | None = (result.data or {}).get("node")
    document = (found or {}).get(field)
    if document is None:
        return _refused(f"no {kind} with this id", "NOT_FOUND")
    filename = "".join(c if c.isalnum() else "-" for c in document["title"]).strip("-")[:80]
    return Response(
        base64.b64decode(document["pdfBase64"]),
        media_type="application/pdf",
        headers={"content-disposition": f'inline; filename="{filename or "document"}.pdf"'},
    )
