"""The platform's own errors: each has a code, a message and, where a statute is the
reason, the citation (DESIGN §5). Only these reach an API client unmasked."""

from __future__ import annotations

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
