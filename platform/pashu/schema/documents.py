"""A printable document as the API gives it: text to show, PDF to print."""

from __future__ import annotations

import base64

import strawberry

from pashu.schema.law.types import Citation, cites
from pashu.services.documents import Document as Doc


@strawberry.type(description="A printable document: plain text, and PDF as base64")
class Document:
    title: str = strawberry.field(description="The document's title")
    text: str = strawberry.field(description="Its text")
    citations: list[Citation] = strawberry.field(description="The provisions it rests on")
    _doc: strawberry.Private[Doc]

    @strawberry.field(description="The PDF, base64-encoded")
    def pdf_base64(self) -> str:
        return base64.b64encode(self._doc.pdf()).decode()

    @classmethod
    def of(cls, doc: Doc) -> Document:
        return cls(title=doc.title, text=doc.text(), citations=cites(doc.cites), _doc=doc)
