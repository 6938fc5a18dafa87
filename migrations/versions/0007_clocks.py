"""The law's clocks: auctions and lots, claim windows on sales, the task outbox, task runs.

Revision ID: 0007
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from pashu.config import settings
from pashu.db import rls
from pashu.db.ddl import owned_columns
from pashu.db.types import UtcDateTime

revision = "0007"
down_revision = "0004"
branch_labels = None
depends_on = None


def _fk(columns: list[str], table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["tenant_id", *columns], [f"{table}.tenant_id", *(f"{table}.id" for _ in columns)]
    )


# Every sale opens the owner's claim window, however it was recorded (same transaction).
_PG_TRIGGER = """
CREATE OR REPLACE FUNCTION pashu_open_claim_window() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO claim_windows (tenant_id, id, created_at, impoundment_id, sold_at)
  VALUES (NEW.tenant_id, NEW.id, NEW.created_at, NEW.impoundment_id, NEW.at);
  RETURN NEW;
END $$;
CREATE TRIGGER sales_open_claim_window AFTER INSERT ON sales
FOR EACH ROW EXECUTE FUNCTION pashu_open_claim_window();
"""
_SQLITE_TRIGGER = """
CREATE TRIGGER sales_open_claim_window AFTER INSERT ON sales
BEGIN
  INSERT INTO claim_windows (tenant_id, id, created_at, impoundment_id, sold_at)
  VALUES (NEW.tenant_id, NEW.id, NEW.created_at, NEW.impoundment_id, NEW.at);
END
"""


def upgrade() -> None:
    op.create_table(
        "auctions",
        *owned_columns(),
        sa.Column("impoundment_id", sa.Uuid, nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("scheduled_for", UtcDateTime, nullable=False),
        sa.Column("place", sa.String(300), nullable=False),
        sa.Column("conditions", sa.String(2000), nullable=False),
        sa.Column("notice_text", sa.String(8000), nullable=False),
        sa.Column("notice_issued_at", UtcDateTime, nullable=False),
        sa.Column("scheduled_by", sa.String(200), nullable=False),
        sa.Column("closed_at", UtcDateTime, nullable=True),
        sa.Column("closed_by", sa.String(200), nullable=True),
        _fk(["impoundment_id"], "impoundments"),
        sa.UniqueConstraint("tenant_id", "impoundment_id", "round"),
    )
    op.create_index("ix_auctions_scheduled", "auctions", ["tenant_id", "scheduled_for"])
    # At most one open auction per case, whatever two workers read at the same moment.
    op.create_index(
        "uq_auctions_open",
        "auctions",
        ["tenant_id", "impoundment_id"],
        unique=True,
        sqlite_where=sa.text("closed_at IS NULL"),
        postgresql_where=sa.text("closed_at IS NULL"),
    )
    op.create_table(
        "auction_lots",
        *owned_columns(),
        sa.Column("auction_id", sa.Uuid, nullable=False),
        sa.Column("impoundment_id", sa.Uuid, nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("species", sa.String(32), nullable=False),
        sa.Column("count", sa.Integer, nullable=False),
        sa.Column("description", sa.String(1000), nullable=False),
        sa.Column("animal_ids", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("sale_id", sa.Uuid, nullable=True),
        _fk(["auction_id"], "auctions"),
        _fk(["impoundment_id"], "impoundments"),
        sa.UniqueConstraint("tenant_id", "auction_id", "number"),
    )
    op.create_table(
        "claim_windows",
        *owned_columns(),
        sa.Column("impoundment_id", sa.Uuid, nullable=False),
        sa.Column("sold_at", UtcDateTime, nullable=False),
        sa.Column("due_at", UtcDateTime, nullable=True),
        sa.Column("closed_at", UtcDateTime, nullable=True),
        sa.Column("outcome", sa.String(300), nullable=True),
        _fk(["impoundment_id"], "impoundments"),
    )
    op.create_index("ix_claim_windows_due", "claim_windows", ["tenant_id", "closed_at", "due_at"])
    op.create_table(
        "outbox",
        *owned_columns(),
        sa.Column("task", sa.String(100), nullable=False),
        sa.Column("kwargs", sa.JSON, nullable=False),
        sa.Column("key", sa.String(300), nullable=False),
        sa.Column("sent_at", UtcDateTime, nullable=True),
        sa.UniqueConstraint("tenant_id", "key"),
    )
    op.create_index("ix_outbox_unsent", "outbox", ["tenant_id", "sent_at", "created_at"])
    op.create_table(
        "task_runs",
        *owned_columns(),
        sa.Column("task", sa.String(100), nullable=False),
        sa.Column("subject", sa.String(200), nullable=True),
        sa.Column("as_of", UtcDateTime, nullable=False),
        sa.Column("outcome", sa.String(16), nullable=False),
        sa.Column("started_at", UtcDateTime, nullable=False),
        sa.Column("duration_ms", sa.Integer, nullable=False),
        sa.Column("actions", sa.Integer, nullable=False),
        sa.Column("attempt", sa.Integer, nullable=False),
        sa.Column("error", sa.String(2000), nullable=True),
    )
    op.create_index("ix_task_runs_recent", "task_runs", ["tenant_id", "started_at"])
    op.create_index("ix_task_runs_outcome", "task_runs", ["tenant_id", "outcome", "started_at"])

    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql(_PG_TRIGGER)
        role = settings().app_role
        # The record of what ran is never rewritten.
        rls.protect(conn, "task_runs", role, append_only=True)
        for table in ("auctions", "auction_lots", "claim_windows", "outbox"):
            rls.protect(conn, table, role)
    else:
        conn.exec_driver_sql(_SQLITE_TRIGGER)


def downgrade() -> None:
    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql("DROP TRIGGER IF EXISTS sales_open_claim_window ON sales")
        conn.exec_driver_sql("DROP FUNCTION IF EXISTS pashu_open_claim_window()")
    else:
        conn.exec_driver_sql("DROP TRIGGER IF EXISTS sales_open_claim_window")
    for table in ("task_runs", "outbox", "claim_windows", "auction_lots", "auctions"):
        op.drop_table(table)
