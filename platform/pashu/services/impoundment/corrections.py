"""Correcting the register: never in place. A correction is a new entry, with the next
register number, pointing at the entry it corrects; the corrected entry stays as it was,
marked CORRECTED, and the case's animals and notices follow the new entry.

A case from which money has moved (a delivery, a sale) cannot be corrected this way:
its receipts and accounts name the entry they were made on.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import update
from sqlalchemy.orm import Session

from pashu.core.errors import ValidationError
from pashu.core.legaltime import aware, legal_date
from pashu.db import audit
from pashu.db.impoundment import (
    CaseStatus,
    ImpoundedAnimal,
    Impoundment,
    Notice,
)
from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import PlaceKind, SeizerCapacity
from pashu.services.extent import extent
from pashu.services.impoundment import cases, course
from pashu.services.impoundment._numbering import next_number
from pashu.services.impoundment.seizures import Person, _text
from pashu.services.tenancy.tenants import Principal

REGISTER_FIELDS = (
    "seized_at",
    "impounded_at",
    "impounded_at_recorded",
    "place_kind",
    "place",
    "seizer_name",
    "seizer_address",
    "seizer_signed",
    "seizer_capacity",
    "damage",
    "area",
    "owner_name",
    "owner_address",
)


@dataclass(frozen=True)
class Changes:
    seized_at: datetime | None = None
    impounded_at: datetime | None = None
    place_kind: PlaceKind | None = None
    place: str | None = None
    seizer: Person | None = None
    seizer_signed: bool | None = None
    owner: Person | None = None
    seizer_capacity: SeizerCapacity | None = None
    damage: str | None = None
    area: str | None = None


def _entry(case: Impoundment) -> dict[str, Any]:
    return {f: getattr(case, f) for f in REGISTER_FIELDS}


def correct_seizure(
    session: Session, who: Principal, *, impoundment_id: uuid.UUID, reason: str, changes: Changes
) -> Impoundment:
    who.require("clerk")
    plugin = registry.get(who.jurisdiction)
    old = cases.get(session, impoundment_id, lock=True)
    why = _text(reason, "reason", limit=300)
    fields = _entry(old)
    if changes.seized_at:
        fields["seized_at"] = changes.seized_at
    if changes.impounded_at:
        fields["impounded_at"] = changes.impounded_at
        fields["impounded_at_recorded"] = True
    if changes.place_kind:
        fields["place_kind"] = str(changes.place_kind)
    if changes.place is not None:
        fields["place"] = _text(changes.place, "place")
    if changes.seizer:
        fields["seizer_name"] = _text(changes.seizer.name, "seizer.name", limit=200)
        fields["seizer_address"] = _text(changes.seizer.address, "seizer.address")
    if changes.seizer_signed is not None:
        fields["seizer_signed"] = changes.seizer_signed
    if changes.owner:
        fields["owner_name"] = _text(changes.owner.name, "owner.name", limit=200)
        fields["owner_address"] = _text(changes.owner.address, "owner.address")
    if changes.seizer_capacity:
        fields["seizer_capacity"] = str(changes.seizer_capacity)
    if changes.damage is not None:
        fields["damage"] = _text(changes.damage, "damage", limit=500)
    if changes.area is not None:
        fields["area"] = _text(changes.area, "area", limit=200)
    if fields == _entry(old):
        raise ValidationError("a correction changes something", field="input")
    # The model of the case's course: not an entry corrected already nor one money has moved
    # on; the corrected instants in order, not after now, nor after an act recorded on it.
    course.require(
        cases.load(session, plugin, old),
        course.Act.CORRECT_SEIZURE,
        datetime.now(UTC),
        seized_at=fields["seized_at"],
        impounded_at=fields["impounded_at"],
        seizer_signed=fields["seizer_signed"],
    )
    # The corrected entry must still rest on a power the Act gives, where the Act is in force.
    if fields["seizer_capacity"] is not None:
        plugin.seizure_power(
            SeizerCapacity(fields["seizer_capacity"]),
            PlaceKind(fields["place_kind"]),
            fields["damage"],
        )
    if fields["area"] is not None:
        extent.require_in_force(
            session, plugin, fields["area"], legal_date(aware(fields["seized_at"])), "area"
        )
    new = Impoundment(
        register_number=next_number(session, who.tenant_id, "register"),
        pound_id=old.pound_id,
        corrects_id=old.id,
        recorded_by=who.actor,
        status=old.status,
        **fields,
    )
    session.add(new)
    session.flush()
    for model in (ImpoundedAnimal, Notice):
        session.execute(
            update(model)
            .where(model.impoundment_id == old.id)
            .values(impoundment_id=new.id)
            .execution_options(synchronize_session="fetch")
        )
    old.status = CaseStatus.CORRECTED.value
    old.next_action = old.next_action_at = old.next_deadline = None
    cases.refresh(session, plugin, new, cases.animals(session, new))
    audit.record(
        session,
        who.actor,
        "impoundment.correct_seizure",
        f"Impoundment:{new.id}",
        before={"entry": old.register_number, **{k: str(v) for k, v in _entry(old).items()}},
        after={
            "entry": new.register_number,
            "reason": why,
            **{k: str(v) for k, v in fields.items()},
        },
    )
    return new
