"""Shared pieces of migrations: the key every tenant-owned table starts with."""

from __future__ import annotations

import sqlalchemy as sa

from pashu.db.types import UtcDateTime


def owned_columns() -> list[sa.Column[object]]:
    """`tenant_id` leading the primary key, then `id` and `created_at` (db/base.TenantOwned)."""
    return [
        sa.Column("tenant_id", sa.Uuid, sa.ForeignKey("tenants.id"), primary_key=True),
        sa.Column("id", sa.Uuid, primary_key=True),
        sa.Column("created_at", UtcDateTime, nullable=False),
    ]
