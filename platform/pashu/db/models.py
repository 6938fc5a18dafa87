"""Every model, imported in one place so the metadata is complete (migrations, tests)."""

from pashu.db.tenancy import ApiToken, AuditEvent, Tenant, User

__all__ = ["ApiToken", "AuditEvent", "Tenant", "User"]
