"""The documents of an impoundment: the seizer's copy of the register entry, the owner's
receipt, the account of a sale, and a pound's exhibited list of fines and rates."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import date

from pashu.core.documents import Document, day, when
from pashu.db.impoundment import Delivery, ImpoundedAnimal, Impoundment, Sale
from pashu.db.pounds import LocalAuthority, Pound
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.notifications import Notification, in_force
from pashu.jurisdictions.vocabulary import RateKind
from pashu.services.impoundment import sale_accounts


def register_copy(
    plugin: Jurisdiction, case: Impoundment, animals: Sequence[ImpoundedAnimal], pound: Pound
) -> Document:
    entry = plugin.register_entry()
    heads = Counter(a.species for a in animals)
    described = "; ".join(
        f"{a.species}"
        + (f" ({a.description})" if a.description else "")
        + (f", tag {a.ear_tag}" if a.ear_tag else "")
        for a in animals
    )
    rows = [
        ("Register no.", str(case.register_number)),
        ("Pound", pound.name),
        ("Number of animals", ", ".join(f"{n} {s}" for s, n in sorted(heads.items()))),
        ("Description", described),
        ("Seized", f"{when(case.seized_at)} at {case.place}"),
        (
            "Brought to the pound",
            when(case.impounded_at) if case.impounded_at_recorded else "not recorded",
        ),
        ("Seized by", f"{case.seizer_name}, {case.seizer_address}"),
        ("Owner", f"{case.owner_name}, {case.owner_address}" if case.owner_name else "not known"),
    ]
    if entry.value:
        rows.append(("Seizer's signature", "signed in the register" if case.seizer_signed else ""))
    return Document(
        f"Copy of the register entry no. {case.register_number}",
        rows,
        entry.cites,
        footer="Given to the person who made the seizure.",
    )


def receipt(plugin: Jurisdiction, case: Impoundment, delivery: Delivery) -> Document:
    rule = plugin.delivery_on_deposit() if delivery.under_protest else plugin.delivery_on_payment()
    rows = [
        ("Receipt no.", str(delivery.receipt_number)),
        ("Register no.", str(case.register_number)),
        ("Delivered", when(delivery.at)),
        ("To", f"{delivery.claimant_name}, {delivery.claimant_address}"),
    ]
    for line in delivery.lines:
        label = "Fine" if line["kind"] == "FINE" else "Feeding and watering"
        days = f", {line['days']} day(s)" if line.get("days") else ""
        rows.append((label, f"{line['heads']} {line['species']}{days}: Rs {line['amount']}"))
    rows.append(
        (
            "Deposited under protest" if delivery.under_protest else "Paid",
            f"Rs {delivery.amount_paid}",
        )
    )
    return Document(
        f"Receipt no. {delivery.receipt_number}",
        rows,
        rule.cites,
        footer="Signed by the owner or his agent in the register on taking back the animals.",
    )


def sale_account(plugin: Jurisdiction, case: Impoundment, sale: Sale) -> Document:
    a = sale.account
    rows = [("Register no.", str(case.register_number)), *sale_accounts.rows(plugin, a)]
    if a.get("decidedBy"):
        rows.append(("Disposed of otherwise, by decision of", a["decidedBy"]))
    return Document(
        f"Account of the sale of {when(sale.at)}",
        rows,
        plugin.sale_accounting().cites,
        footer=f"Buyer: {sale.buyer_name}, {sale.buyer_address}.",
    )


def exhibited_list(
    plugin: Jurisdiction,
    pound: Pound,
    authority: LocalAuthority,
    notifications: Sequence[Notification],
    on: date,
) -> Document:
    """The list of fines and feeding rates to be exhibited at the pound, as in force on `on`."""
    kinds = {plugin.fine_rate_kind(p.code).value for p in plugin.declared_kinds().places} | {
        RateKind.FEEDING_PER_HEAD_PER_DAY
    }
    rules = plugin.rate_rules()
    rows: list[tuple[str, str]] = []
    cites = []
    for kind in sorted(kinds, key=lambda k: k.value):
        rule = rules.get(kind)
        if rule is None:
            continue
        cites += rule.cites
        here = str(pound.id)  # the rates of this pound's local area, or every area's
        listed = [
            n for n in notifications if n.kind is kind and (n.area is None or here in n.area.pounds)
        ]
        # A rate for an aerodrome is listed for that aerodrome alone (s.12), each apart.
        aerodromes = sorted({n.aerodrome for n in listed if n.aerodrome is not None})
        for aerodrome in [None, *aerodromes] if aerodromes else [None]:
            these = [n for n in listed if n.aerodrome == aerodrome]
            for name in sorted({n.species or "all kinds" for n in these}):
                n = in_force(these, kind, None if name == "all kinds" else name, on, here)
                label = kind.value.replace("_", " ").lower().capitalize()
                rows.append(
                    (
                        f"{label}: {name}",
                        f"Rs {n.amount} ({n.reference}, {n.whose})" if n else "not notified",
                    )
                )
    return Document(
        f"{pound.name}: fines and charges for feeding and watering",
        rows or [("Rates", "none notified")],
        cites,
        footer=f"Under the control of {authority.name}. As in force on {day(on)}.",
    )
