"""The tenant's impoundments: a Relay connection with keyset pagination, and one case."""

from __future__ import annotations

import base64
import binascii
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any

import strawberry
from graphql import FieldNode, FragmentSpreadNode, InlineFragmentNode, SelectionSetNode
from sqlalchemy import Integer, Select, and_, bindparam, literal, or_, select
from sqlalchemy.orm import Session

from pashu.config import settings
from pashu.core.errors import ValidationError, in_row
from pashu.core.legaltime import aware
from pashu.db import impoundment as db
from pashu.jurisdictions.species import canonical
from pashu.schema.context import Info
from pashu.schema.impoundment import loaders
from pashu.schema.impoundment.types import Impoundment
from pashu.schema.limits import page_size
from pashu.schema.node import from_global_id


@strawberry.type(
    description="Where a page of a Relay connection sits in the whole list (Relay cursor "
    "connections specification)"
)
class PageInfo:
    has_next_page: bool = strawberry.field(
        description="True when more cases follow this page: ask again with `after: endCursor`"
    )
    has_previous_page: bool = strawberry.field(
        description="True when cases precede this page, that is when it was asked for `after` "
        "a cursor (the list pages forward only)"
    )
    start_cursor: str | None = strawberry.field(
        description="Cursor of the page's first case; null on an empty page"
    )
    end_cursor: str | None = strawberry.field(
        description="Cursor of the page's last case, for `after`; null on an empty page"
    )


@strawberry.type(description="One case in a page of the tenant's cases, with its cursor")
class ImpoundmentEdge:
    cursor: str = strawberry.field(
        description="Opaque position of this case in the list; pass it as `after`"
    )
    node: Impoundment = strawberry.field(description="The case")


@strawberry.type(description="A page of the tenant's impoundment cases (Relay connection)")
class ImpoundmentConnection:
    edges: list[ImpoundmentEdge] = strawberry.field(
        description="The page's cases, newest seizure first"
    )
    page_info: PageInfo = strawberry.field(description="Where this page sits in the whole list")


def _cursor(row: db.Impoundment) -> str:
    """The case's position (seizure instant, id) and its tenant: a position is taken only
    from a cursor of the caller's own tenant's list."""
    text = f"{row.seized_at.isoformat()}|{row.id}|{row.tenant_id}"
    return base64.urlsafe_b64encode(text.encode()).decode()


def _after(cursor: str, tenant: uuid.UUID | None) -> tuple[datetime, uuid.UUID]:
    """The position a cursor names; VALIDATION if it is malformed or another tenant's."""
    try:
        at, pk, theirs = base64.urlsafe_b64decode(cursor).decode().split("|")
        position, owner = (datetime.fromisoformat(at), uuid.UUID(pk)), uuid.UUID(theirs)
    except (ValueError, binascii.Error, UnicodeDecodeError):
        owner = None
    if owner is None or owner != tenant:
        raise ValidationError("not a cursor of this list", field="after") from None
    return position


def decode_id(gid: strawberry.ID, type_name: str, field: str) -> uuid.UUID:
    parsed = from_global_id(gid)
    if parsed is None or parsed[0] != type_name:
        raise ValidationError(f"not the id of a {type_name}", field=field)
    return parsed[1]


def decode_ids(gids: list[strawberry.ID], type_name: str, field: str) -> list[uuid.UUID]:
    """A list of ids; one not of `type_name` is named by its place in the list (`index`)."""
    out = []
    for i, gid in enumerate(gids):
        with in_row(field, i):
            out.append(decode_id(gid, type_name, field))
    return out


@dataclass(frozen=True)
class CaseFilter:
    """The list's arguments, as the resolver and the compiled query (compiled.py) both take
    them: one definition of which cases a page holds."""

    first: int | None = 50
    after: str | None = None
    status: list[db.CaseStatus] | None = None
    pound_id: strawberry.ID | None = None
    species: str | None = None
    seized_from: datetime | None = None
    seized_to: datetime | None = None
    overdue: bool | None = None
    due_by: datetime | None = None
    as_of: datetime | None = None
    # The caller's tenant: `after` must be a cursor of its list.
    tenant: uuid.UUID | None = None

    def page(self) -> tuple[Select[Any], int]:
        """The page's cases plus one (is there a next page?), newest seizure first."""
        size = page_size(self.first, settings().max_page_size)
        q = select(db.Impoundment)
        if self.status:
            q = q.where(db.Impoundment.status.in_([s.value for s in self.status]))
        if self.pound_id is not None:
            pound = decode_id(self.pound_id, "Pound", "poundId")
            q = q.where(db.Impoundment.pound_id == pound)
        if self.species is not None:
            animals = select(db.ImpoundedAnimal.impoundment_id).where(
                db.ImpoundedAnimal.species == canonical(self.species)
            )
            q = q.where(db.Impoundment.id.in_(animals))
        if self.seized_from is not None:
            q = q.where(db.Impoundment.seized_at >= self.seized_from)
        if self.seized_to is not None:
            q = q.where(db.Impoundment.seized_at < self.seized_to)
        now = aware(self.as_of) if self.as_of else datetime.now(UTC)
        if self.overdue is not None:
            late = db.Impoundment.next_deadline <= now
            q = q.where(
                late if self.overdue else or_(db.Impoundment.next_deadline.is_(None), ~late)
            )
        if self.due_by is not None:
            q = q.where(db.Impoundment.next_action_at <= aware(self.due_by))
        if self.after:
            at, pk = _after(self.after, self.tenant)
            q = q.where(
                or_(
                    db.Impoundment.seized_at < at,
                    and_(db.Impoundment.seized_at == at, db.Impoundment.id < pk),
                )
            )
        order = (db.Impoundment.seized_at.desc(), db.Impoundment.id.desc())
        # The limit written into the statement, not sent as a value: as a value, PostgreSQL
        # prices the plan it would keep for the prepared statement as if for a tenth of the
        # table, finds planning anew cheaper, and plans every request (5 ms of the compiled
        # page's 10 ms, bench/README.md "One plan for every request").
        return q.order_by(*order).limit(literal(size + 1, Integer, literal_execute=True)), size


# The fields of a case that read its animals (loaders.animals).
_ANIMALS = {"animals", "animalCounts", "timeline", "dues", "registerCopy", "moneyMoved", "heldSums"}


def _asks_animals(selection: SelectionSetNode | None, fragments: dict[str, Any]) -> bool:
    """Whether a selection on a case (its fragments' too) asks for a field that reads its
    animals (read from the document itself: strawberry's `selected_fields` would build the
    whole selection anew)."""
    for node in selection.selections if selection is not None else ():
        if isinstance(node, FieldNode):
            if node.name.value in _ANIMALS:
                return True
        elif isinstance(node, InlineFragmentNode):
            if _asks_animals(node.selection_set, fragments):
                return True
        elif isinstance(node, FragmentSpreadNode):
            fragment = fragments.get(node.name.value)
            if fragment is not None and _asks_animals(fragment.selection_set, fragments):
                return True
    return False


# The case and its animals in the loader's order, read together: built once, the case's id
# its parameter (building it took a quarter of a millisecond of every case page).
_ANIMAL = db.ImpoundedAnimal
_CASE_WITH_ANIMALS = (
    select(db.Impoundment, _ANIMAL)
    .outerjoin(
        _ANIMAL,
        (_ANIMAL.tenant_id == db.Impoundment.tenant_id)
        & (_ANIMAL.impoundment_id == db.Impoundment.id),
    )
    .where(db.Impoundment.id == bindparam("case"))
    .order_by(_ANIMAL.id)
)


def _with_animals(
    s: Session, pk: uuid.UUID
) -> tuple[db.Impoundment | None, list[db.ImpoundedAnimal]]:
    """The case `pk` and its animals in the loader's order, read together."""
    rows = s.execute(_CASE_WITH_ANIMALS, {"case": pk}).all()
    if not rows:
        return None, []
    return rows[0][0], [a for _, a in rows if a is not None]


@strawberry.type
class ImpoundmentQuery:
    @strawberry.field(
        description="The tenant's impoundment cases, newest seizure first, as a Relay "
        "connection; any role of the tenant may read them"
    )
    async def impoundments(
        self,
        info: Info,
        first: Annotated[
            int | None,
            strawberry.argument(description="How many cases a page holds (1 to the maximum)"),
        ] = 50,
        after: Annotated[
            str | None,
            strawberry.argument(description="The cases after this cursor (a page's endCursor)"),
        ] = None,
        status: Annotated[
            list[db.CaseStatus] | None,
            strawberry.argument(description="Only cases in one of these statuses"),
        ] = None,
        pound_id: Annotated[
            strawberry.ID | None, strawberry.argument(description="Only cases at this pound")
        ] = None,
        species: Annotated[
            str | None,
            strawberry.argument(description="Only cases with an animal of this species"),
        ] = None,
        seized_from: Annotated[
            datetime | None,
            strawberry.argument(description="Only cases seized at or after this instant"),
        ] = None,
        seized_to: Annotated[
            datetime | None,
            strawberry.argument(description="Only cases seized before this instant"),
        ] = None,
        overdue: Annotated[
            bool | None,
            strawberry.argument(
                description="True: only cases whose next duty's deadline has passed at asOf; "
                "false: only those not overdue"
            ),
        ] = None,
        due_by: Annotated[
            datetime | None,
            strawberry.argument(description="Only cases whose next duty may be done by then"),
        ] = None,
        as_of: Annotated[
            datetime | None,
            strawberry.argument(description="The instant `overdue` is judged at (default now)"),
        ] = None,
    ) -> ImpoundmentConnection:
        """`overdue`: a duty's deadline has passed at `asOf` (default now); `dueBy`: a duty
        may be done by then (announcements, notices, auctions that have come due)."""
        who = info.context.require()
        q, size = CaseFilter(
            first,
            after,
            status,
            pound_id,
            species,
            seized_from,
            seized_to,
            overdue,
            due_by,
            as_of,
            who.tenant_id,
        ).page()

        def load(s: Session) -> list[db.Impoundment]:
            return list(s.scalars(q))

        rows = await info.context.read(load)
        page = rows[:size]
        return ImpoundmentConnection(
            edges=[ImpoundmentEdge(cursor=_cursor(r), node=Impoundment.of(r)) for r in page],
            page_info=PageInfo(
                has_next_page=len(rows) > size,
                # Cases are never deleted, so a cursor from an earlier page has cases before it.
                has_previous_page=after is not None,
                start_cursor=_cursor(page[0]) if page else None,
                end_cursor=_cursor(page[-1]) if page else None,
            ),
        )

    @strawberry.field(
        description="One case by its global id; null when the tenant has none with that id"
    )
    async def impoundment(
        self,
        info: Info,
        id: Annotated[strawberry.ID, strawberry.argument(description="The case's global id")],
    ) -> Impoundment | None:
        info.context.require()
        parsed = from_global_id(id)
        if parsed is None or parsed[0] != "Impoundment":
            return None
        pk = parsed[1]
        raw = info._raw_info
        if not any(_asks_animals(f.selection_set, raw.fragments) for f in raw.field_nodes):
            row = await info.context.read(
                lambda s: s.scalar(select(db.Impoundment).where(db.Impoundment.id == pk))
            )
            return Impoundment.of(row) if row else None
        # The case with its animals, in one statement: the page reads them for its animals,
        # timeline and dues (loaders.animals, primed here), one statement fewer (issue #36).
        row, animals = await info.context.read(lambda s: _with_animals(s, pk))
        if row is None:
            return None
        loaders.animals(info.context).prime(row.id, animals)
        return Impoundment.of(row)
