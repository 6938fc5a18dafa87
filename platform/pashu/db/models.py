"""Every model, imported in one place so the metadata is complete (migrations, tests)."""

from pashu.db.pounds import LocalAuthority, Pound
from pashu.db.rates import RateNotification
from pashu.db.tenancy import ApiToken, AuditEvent, Tenant, User

__all__ = [
    "ApiToken",
    "AuditEvent",
    "LocalAuthority",
    "Pound",
    "RateNotification",
    "Tenant",
    "User",
]
