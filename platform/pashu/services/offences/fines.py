"""Fines on offence cases: within the Act's bounds, routed to the fund the Act names, and
paid through the ledger.

The bounds come from the offence catalogue (`check_fine`); where the fine goes, from the
plugin (`routing(FINE)`, or a payee the Act names such as the victim); whether the court may
apply part of it as compensation, from the plugin's penalty rules. A fine the text leaves
uncapped (an illegible figure) is accepted with a warning, never checked against a guess.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.decision import Decision
from pashu.core.errors import Conflict, NotFound, ValidationError
from pashu.core.money import rupees
from pashu.db import audit
from pashu.db.ledger import LedgerTransaction
from pashu.db.offences import Fine, OffenceCase
from pashu.db.pounds import LocalAuthority
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.penalties import check_fine
from pashu.jurisdictions.vocabulary import Holder, MoneyKind
from pashu.services.ledger import accounts, ledger
from pashu.services.offences.offences import (
    CaseView,
    Person,
    law,
    not_before_offence,
    require_cognizable,
    require_open,
    text,
    view,
)
from pashu.services.pounds import pounds
from pashu.services.tenancy.tenants import Principal

COMPENSATION = "payee:compensation"


@dataclass(frozen=True)
class Appropriation:
    """Part of a fine the convicting court applies as compensation for proved loss."""

    amount: Decimal
    recipient: Person
    loss_proved: str


def routes_for(
    plugin: Jurisdiction, kind: MoneyKind, amount: Decimal, body: accounts.Body
) -> tuple[list[tuple[str, Decimal]], str]:
    """`amount` split among the accounts the Act names for `kind` (those of `body`), and why."""
    routing = plugin.routing(kind)
    note = routing.why if routing.value else routing.why + "; held until a fund is named"
    return accounts.routed(plugin, kind, amount, body), note


def _is_subsequent(plugin: Jurisdiction, session: Session, v: CaseView, at: datetime) -> bool:
    """An earlier offence by the same person (same name and address, normalised), already
    fined, under the same provision or one the Act counts with it (one penalty for two limbs)."""
    if v.offence.subsequent_fine is None:
        return False
    codes = law(plugin).counts_as_earlier(v.offence).value
    earlier = session.scalar(
        select(Fine.id)
        .join(
            OffenceCase,
            (OffenceCase.tenant_id == Fine.tenant_id) & (OffenceCase.id == Fine.case_id),
        )
        .where(
            OffenceCase.offender_key == v.case.offender_key,
            OffenceCase.offence_code.in_(codes),
            OffenceCase.id != v.case.id,
            OffenceCase.committed_at < v.case.committed_at,
            Fine.at <= at,
        )
        .limit(1)
    )
    return earlier is not None


def impose_fine(
    session: Session,
    who: Principal,
    case_id: uuid.UUID,
    amount: Decimal,
    at: datetime,
    appropriation: Appropriation | None = None,
    local_authority: str | None = None,
) -> tuple[Fine, Decision[object]]:
    """A fine within the Act's bounds; the decision says which bound applied and why.
    `local_authority` names, by name, the local body whose fund receives it where the
    offence arises from no impoundment case (the case's pound names it otherwise)."""
    who.require("magistrate")
    plugin = registry.get(who.jurisdiction)
    v = view(session, plugin, case_id)
    require_open(plugin, v, "fine")
    not_before_offence(v, at, "a fine")
    require_cognizable(plugin, v)
    if v.fines:
        raise Conflict("a fine has been imposed on this case already")
    checked = check_fine(v.offence, amount, subsequent=_is_subsequent(plugin, session, v, at))
    fine_amount = checked.value.amount
    comp = Decimal("0.00")
    if appropriation is not None:
        comp = _appropriation(plugin, v, fine_amount, appropriation)
    payee = law(plugin).fine_payee(v.offence)
    if payee is not None:
        routes, note = [(f"payee:{payee.value}", fine_amount - comp)], payee.why
    elif fine_amount - comp > 0:
        body = _body(session, v, local_authority)
        routes, note = routes_for(plugin, MoneyKind.OFFENCE_FINE, fine_amount - comp, body)
        _require_named(plugin, routes)
    else:
        routes, note = [], "the whole fine is applied as compensation"
    if local_authority is not None and not accounts.holder_of(
        plugin, [a for a, _ in routes], Holder.LOCAL_BODY
    ):
        raise ValidationError(
            f"this fine goes to no local body's fund ({note}): leave localAuthority out",
            field="localAuthority",
        )
    if comp:
        routes.append((COMPENSATION, comp))
    fine = Fine(
        case_id=v.case.id,
        amount=fine_amount,
        at=at,
        subsequent=checked.value.subsequent,
        cap_unknown=checked.value.cap_unknown,
        warning=checked.value.warning,
        recoverable_from_salary=v.offence.recoverable_from_salary,
        compensation=comp if appropriation else None,
        compensation_to_name=appropriation.recipient.name if appropriation else None,
        compensation_to_address=appropriation.recipient.address if appropriation else None,
        compensation_to_key=appropriation.recipient.key if appropriation else None,
        loss_proved=appropriation.loss_proved if appropriation else None,
        routes=[{"account": a, "amount": str(x)} for a, x in routes if x],
        routing_note=note,
        imposed_by=who.actor,
    )
    session.add(fine)
    session.flush()
    audit.record(
        session,
        who.actor,
        "offence.fine",
        f"OffenceCase:{v.case.id}",
        after={"fine": str(fine.id), "amount": str(fine_amount), "why": checked.why},
    )
    return fine, Decision(checked.value, checked.cites, checked.why)


def _body(session: Session, v: CaseView, named: str | None) -> accounts.Body:
    """The local body (and pound) the fine belongs to: the case's pound's, or the one named."""
    body = accounts.body_of_case(session, v.case.impoundment_id)
    if named is None:
        return body
    authority = named_authority(session, named)
    if body.authority_id not in (None, authority.id):
        raise ValidationError(
            "the offence arises from a case of a pound under another local authority, whose "
            "fund the fine goes to; leave localAuthority out",
            field="localAuthority",
        )
    return accounts.Body(authority.id, body.pound_id)


def named_authority(session: Session, named: str) -> LocalAuthority:
    """The local body a clerk names (`localAuthority`), found by name or recorded the first
    time, as a pound's is."""
    return pounds.authority_named(session, text(" ".join(named.split()), "localAuthority", 200))


def _require_named(plugin: Jurisdiction, routes: list[tuple[str, Decimal]]) -> None:
    """A fine the Act credits to a local body's fund names the body, so that the books and
    the returns say whose fund holds it (never "local body not named")."""
    if any(accounts.names_no_holder(plugin, a) for a, _ in routes):
        routing = plugin.routing(MoneyKind.OFFENCE_FINE)
        raise ValidationError(
            "the Act credits this fine to the fund of a local body, and the offence arises "
            "from no impoundment case: name the local body (localAuthority)",
            citation=routing.cites[0],
            field="localAuthority",
        )


def _appropriation(
    plugin: Jurisdiction, v: CaseView, fine_amount: Decimal, a: Appropriation
) -> Decimal:
    allowed = law(plugin).fine_appropriation(v.offence)
    if not allowed.value:
        raise ValidationError(allowed.why, citation=allowed.cites[0], field="compensation")
    amount = rupees(a.amount)
    if amount <= 0 or amount > fine_amount:
        raise ValidationError(
            "the compensation is a part of the fine, above zero and not more than the fine",
            citation=allowed.cites[0],
            field="compensation",
        )
    if not a.loss_proved.strip():
        raise ValidationError("say what loss or damage was proved", field="lossProved")
    return amount


def get(session: Session, fine_id: uuid.UUID) -> Fine:
    fine = session.scalar(select(Fine).where(Fine.id == fine_id))
    if fine is None:
        raise NotFound("no such fine")
    return fine


def ledger_key(fine: Fine) -> str:
    """The key of the fine paid, or recovered, in full (its `paidAt`); a part recovered by a
    sale has its own key under it (`part_key`)."""
    return f"fine:{fine.id}"


def part_key(fine: Fine, sale_id: uuid.UUID) -> str:
    return f"{ledger_key(fine)}:sale:{sale_id}"


RECOVERED_FROM = "payer:buyer"  # the buyer's price pays a fine recovered by sale


def recovered(session: Session, fine: Fine) -> Decimal:
    """What sales of the cattle have recovered of `fine` so far (Cattle Trespass Act 1985
    s.26): each recovery is its own ledger transaction, keyed by the fine and its sale."""
    return -ledger.posted_under(session, ledger_key(fine), RECOVERED_FROM)


def routes_left(routes: list[tuple[str, Decimal]], recovered: Decimal) -> list[tuple[str, Decimal]]:
    """A fine's accounts (`routes`: each with its share) and what each is still owed once
    `recovered` has gone to them in their order (as a recovery credits them)."""
    left, out = recovered, []
    for account, share in routes:
        part = min(left, share)
        left -= part
        if share - part:
            out.append((account, share - part))
    return out


def paid_at(session: Session, keys: list[str]) -> dict[str, datetime]:
    """When each of the ledger keys was posted (paid), for those that were."""
    if not keys:
        return {}
    rows = session.execute(
        select(LedgerTransaction.key, LedgerTransaction.at).where(LedgerTransaction.key.in_(keys))
    )
    return {k: at for k, at in rows if k is not None}


def credited(
    session: Session, plugin: Jurisdiction, fine: Fine, named: str | None
) -> list[tuple[str, Decimal]]:
    """The accounts the fine is credited to. A fine recorded before a local body had to be
    named (its routes hold "local body not named") is credited only once one is named: its
    payment is refused until then (VALIDATION on localAuthority), never booked to no one."""
    routes = [(r["account"], Decimal(r["amount"])) for r in fine.routes]
    if not any(accounts.names_no_holder(plugin, a) for a, _ in routes):
        holder = accounts.holder_of(plugin, [a for a, _ in routes], Holder.LOCAL_BODY)
        if named is not None and holder != named_authority(session, named).id:
            raise ValidationError(
                "the fine names the local body whose fund receives it already, and not this "
                "one; leave localAuthority out",
                field="localAuthority",
            )
        return routes
    if named is None:
        _require_named(plugin, routes)  # refuses: a body must be named
    assert named is not None
    body = accounts.Body(named_authority(session, named).id)
    return [(accounts.for_body(plugin, a, body), x) for a, x in routes]


def pay_fine(
    session: Session,
    who: Principal,
    fine_id: uuid.UUID,
    at: datetime,
    from_salary: bool,
    local_authority: str | None = None,
) -> Fine:
    """The fine received and credited as routed (CONFLICT if paid already). `from_salary`:
    recovered by deduction from the offender's salary, where the Act allows it;
    `local_authority`: the local body of a fine recorded without one (`credited`)."""
    who.require("magistrate", "finance")
    fine = get(session, fine_id)
    plugin = registry.get(who.jurisdiction)
    case = view(session, plugin, fine.case_id)
    if from_salary and not fine.recoverable_from_salary:
        raise ValidationError(
            f"the Act does not let a fine under section {case.offence.section} be recovered "
            "from salary",
            citation=case.offence.citation,
            field="fromSalary",
        )
    if at < fine.at:
        raise ValidationError("a fine cannot be paid before it is imposed", field="at")
    if paid_at(session, [ledger_key(fine)]):  # paid, or recovered in full by sale
        raise Conflict("offence.fine was recorded already", key=ledger_key(fine))
    payer = "payer:salary-deduction" if from_salary else "payer:offender"
    # What sales of the cattle recovered already (s.26) is not asked again: the rest is paid.
    entries = routes_left(
        credited(session, plugin, fine, local_authority), recovered(session, fine)
    )
    owed = sum((x for _, x in entries), Decimal("0.00"))
    ledger.post(
        session,
        at=at,
        kind="offence.fine",
        memo=f"fine under section {case.offence.section}: {fine.routing_note}"[:500],
        subject=f"OffenceCase:{case.case.id}",
        entries=[(payer, -owed), *entries],
        key=ledger_key(fine),
    )
    audit.record(
        session, who.actor, "offence.fine.pay", f"Fine:{fine.id}", after={"at": at.isoformat()}
    )
    return fine
