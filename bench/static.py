"""W4's static floor: a bare Starlette endpoint returning, for each request body it knows,
the exact bytes Pashu answered (read from BENCH_STATIC_ANSWERS at start). No GraphQL, no
middleware: what serving the law's answers as files over the same HTTP stack costs.
Run: `uvicorn bench.static:app` with BENCH_STATIC_ANSWERS set (bench/w4.py does).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

_path = os.environ.get("BENCH_STATIC_ANSWERS")
ANSWERS: dict[bytes, bytes] = (
    {k.encode(): v.encode() for k, v in json.loads(Path(_path).read_text()).items()}
    if _path
    else {}
)


async def graphql(request: Request) -> Response:
    body = ANSWERS.get(await request.body())
    if body is None:
        return Response(b'{"errors":[{"message":"unknown request"}]}', 400)
    return Response(body, media_type="application/json")


async def root(_: Request) -> Response:
    return Response(b"ok")


app = Starlette(
    routes=[Route("/graphql", graphql, methods=["POST"]), Route("/", root)],
)
