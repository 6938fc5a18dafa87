"""The platform's own errors: each has a code, a message and, where a statute is the
reason, the citation (DESIGN §5). Only these reach an API client unmasked.

Where an error is of the input, `field` names the field as the API spells it; an error of
one row of a list input names the list (or a field of its rows: `animals.count`) and the row,
`index`, counting from 0 (`in_row`), so that a client can point at the row, not the list.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from pashu.core.citations import Citation


class PashuError(Exception):
    code: ClassVar[str] = "ERROR"

    def __init__(self, message: str, *, citation: Citation | None = None, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.citation = citation
        self.details = details
        # graphql-core copies an original error's `extensions` onto the GraphQL error.
        self.extensions = self._extensions()

    def _extensions(self) -> dict[str, Any]:
        ext: dict[str, Any] = {"code": self.code}
        if self.citation is not None:
            ext["citation"] = {
                "section": self.citation.label,
                "uri": self.citation.uri,
                "act": self.citation.act_title,
                "confidence": self.citation.confidence.value,
            }
        ext.update(self.details)
        return ext

    def of_row(self, field: str, index: int) -> PashuError:
        """This error, said of row `index` (from 0) of the list input `field`; a field it
        names already (one of the row's, `animals.count`) stays. The first row named stays:
        a row inside a row keeps the innermost list's."""
        self.details.setdefault("field", field)
        self.details.setdefault("index", index)
        self.extensions = self._extensions()
        return self


@contextmanager
def in_row(field: str, index: int) -> Iterator[None]:
    """Any error raised while row `index` of the list input `field` is checked names the row
    (`PashuError.of_row`): the client is told which row, not only which list."""
    try:
        yield
    except PashuError as err:
        err.of_row(field, index)
        raise


class ValidationError(PashuError):
    code = "VALIDATION"


class NotFound(PashuError):
    code = "NOT_FOUND"


class Forbidden(PashuError):
    code = "FORBIDDEN"


class Unauthenticated(PashuError):
    code = "UNAUTHENTICATED"


class UnknownSpecies(PashuError):
    code = "UNKNOWN_SPECIES"


class UnknownJurisdiction(PashuError):
    code = "UNKNOWN_JURISDICTION"


class NotInJurisdiction(PashuError):
    code = "NOT_IN_JURISDICTION"


class FineAboveCap(PashuError):
    code = "FINE_ABOVE_CAP"


class FineBelowMinimum(PashuError):
    code = "FINE_BELOW_MINIMUM"


class TooEarly(PashuError):
    code = "TOO_EARLY"


class TooLate(PashuError):
    code = "TOO_LATE"


class ProhibitedPurchaser(PashuError):
    code = "PROHIBITED_PURCHASER"


class Conflict(PashuError):
    code = "CONFLICT"


class LimitExceeded(PashuError):
    code = "LIMIT_EXCEEDED"


class ExemptOwner(PashuError):
    """The Act's chapter does not apply to this owner (an exemption by class of owner)."""

    code = "EXEMPT_OWNER"
