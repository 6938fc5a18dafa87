"""A seizure of cattle found damaging a field, as the services' course tests record it."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy.orm import Session

from pashu.db.impoundment import Impoundment
from pashu.services.impoundment import seizures
from pashu.services.tenancy.tenants import Principal

SEIZER = seizures.Person("K. Angami", "Kohima")


def seize_in_a_field(
    s: Session,
    who: Principal,
    pound: uuid.UUID,
    at: datetime,
    animals: list[seizures.AnimalLine],
    seizer: seizures.Person = SEIZER,
) -> Impoundment:
    """Cattle seized by a cultivator on private land at `at`, brought to `pound` at once,
    the owner unknown."""
    return seizures.record_seizure(
        s,
        who,
        pound_id=pound,
        seized_at=at,
        impounded_at=at,
        place_kind="PRIVATE_LAND",
        place="field",
        seizer=seizer,
        seizer_signed=True,
        owner=None,
        animals=animals,
        capacity="CULTIVATOR",
        damage="paddy trampled",
    )
