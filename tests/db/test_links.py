"""Records that name an impoundment name one that exists, in their own tenant."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest
from sqlalchemy.exc import IntegrityError

from pashu.db.offences import OffenceCase
from tests.conftest import Databases, make_tenant


def _case(impoundment_id: uuid.UUID | None) -> OffenceCase:
    return OffenceCase(
        offence_code="s25",
        section="25",
        offender_name="T. Sema",
        offender_address="Jotsoma",
        offender_key="t sema|jotsoma",
        role="OWNER",
        committed_at=datetime(2026, 1, 3, tzinfo=UTC),
        impoundment_id=impoundment_id,
        recorded_by="test",
    )


def test_an_offence_case_cannot_name_a_missing_impoundment(dbs: Databases) -> None:
    t = make_tenant(dbs, "nagaland")
    with dbs.app.transaction(t.id) as s:
        s.add(_case(None))  # no impoundment: allowed
    with pytest.raises(IntegrityError), dbs.app.transaction(t.id) as s:
        s.add(_case(uuid.uuid4()))
        s.flush()
