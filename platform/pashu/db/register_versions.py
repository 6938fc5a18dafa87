"""How many times each tenant's registers that a seizure's law reads have changed.

The direct path's settled seizure (fastpaths/record_seizure.py) decides on registers it read
before, and writes only if they still read the same. Comparing their rows again cost a
tenth of a millisecond of the database's time per seizure; comparing this count costs a row.

The count is kept by the database itself: a trigger on each table in `VERSIONED` (migration
0037) adds one to the tenant's count in the same transaction as any row of it is written or
removed, whoever writes it (the API, a worker, the administrator's CLI); a TRUNCATE of one
adds one to every tenant's. No row: unchanged since that migration (read as 0). Derived
state, not a record: not archived with a tenant.
"""

from __future__ import annotations

import uuid

from sqlalchemy import BigInteger, ForeignKey, Uuid
from sqlalchemy.orm import Mapped, mapped_column

from pashu.db.base import Base

# The tables the law reads of the registers for a seizure (the pound's local authority, the
# notified kinds, the Act's extent): tests/db/test_register_versions.py holds this to the
# statements that read them and to the triggers the migration made.
VERSIONED = ("extent_notifications", "kind_notifications", "local_authorities", "pounds")


class RegisterVersion(Base):
    """A tenant's count of changes to its `VERSIONED` tables. Readable by the application
    (its own tenant's row, under row-level security), written only by the triggers."""

    __tablename__ = "register_versions"
    tenant_id: Mapped[uuid.UUID] = mapped_column(Uuid, ForeignKey("tenants.id"), primary_key=True)
    value: Mapped[int] = mapped_column(BigInteger)
