"""Page sizes on every list (issue #19): an index for each plain list's keyset order, so a
page after a cursor is read from the index, and one for purging old idempotency keys.

Revision ID: 0023
Revises: 0001
"""

from __future__ import annotations

from alembic import op

revision = "0023"
down_revision = "0001"
branch_labels = None
# The tables indexed: rates, pounds, registration, offences, clocks, keeping, complaints,
# extent, idempotency keys.
depends_on = ("0002", "0003", "0005", "0006", "0007", "0008", "0009", "0016", "0018")

# (table, the list's order after tenant_id); the index is ix_<table>_page.
PAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("task_runs", ("started_at", "id")),
    ("auctions", ("scheduled_for", "id")),
    ("complaints", ("at", "id")),
    ("establishments", ("name_key", "id")),
    ("extent_notifications", ("area_key", "effective_from", "id")),
    ("kind_notifications", ("species", "effective_from", "id")),
    ("grazing_grounds", ("name", "id")),
    ("keeping_inspectors", ("name", "id")),
    ("keeping_inspections", ("at", "id")),
    ("offence_cases", ("committed_at", "id")),
    ("pound_areas", ("area_key", "id")),
    ("pounds", ("name", "id")),
    ("rate_notifications", ("created_at", "id")),
    ("owners", ("name_key", "address_key", "id")),
    ("animal_registrations", ("registered_at", "id")),
    ("tax_instalments", ("year", "registration_id", "number", "id")),
    ("tax_payments", ("paid_at", "id")),
    ("registration_appeals", ("filed_on", "id")),
    ("notified_orders", ("effective_from", "reference", "id")),
    ("cattle_licences", ("granted_at", "id")),
)


def upgrade() -> None:
    for table, columns in PAGES:
        op.create_index(f"ix_{table}_page", table, ["tenant_id", *columns])
    op.create_index(
        "ix_idempotent_requests_created", "idempotent_requests", ["tenant_id", "created_at"]
    )


def downgrade() -> None:
    op.drop_index("ix_idempotent_requests_created", "idempotent_requests")
    for table, _ in reversed(PAGES):
        op.drop_index(f"ix_{table}_page", table)
