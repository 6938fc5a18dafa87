"""Local authorities (Village Councils, Town Committees) and their pounds or enclosures."""

from __future__ import annotations

import uuid

from sqlalchemy import ForeignKeyConstraint, Index, String, UniqueConstraint, Uuid
from sqlalchemy.orm import Mapped, mapped_column

from pashu.db.base import Base, TenantOwned


class LocalAuthority(TenantOwned, Base):
    __tablename__ = "local_authorities"
    name: Mapped[str] = mapped_column(String(200))
    __table_args__ = (UniqueConstraint("tenant_id", "name"),)


class Pound(TenantOwned, Base):
    """A pound (or the enclosure a Village Council sets apart) under a local authority."""

    __tablename__ = "pounds"
    name: Mapped[str] = mapped_column(String(200))
    local_authority_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    __table_args__ = (
        Index("ix_pounds_page", "tenant_id", "name", "id"),
        ForeignKeyConstraint(
            ["tenant_id", "local_authority_id"],
            ["local_authorities.tenant_id", "local_authorities.id"],
        ),
        UniqueConstraint("tenant_id", "name"),
        Index("ix_pounds_tenant_authority", "tenant_id", "local_authority_id"),
    )
