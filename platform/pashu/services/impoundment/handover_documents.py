"""The papers of the paths an owner who will not pay takes: the account delivered with the
remaining animals and the balance, with the owner's receipt (Cattle Trespass Act 1985
s.16(3)-(4)), or the record that he refused them (s.16(5))."""

from __future__ import annotations

from pashu.core.documents import Document, when
from pashu.db.impoundment import Impoundment
from pashu.db.refusals import Handover
from pashu.jurisdictions.base import Jurisdiction
from pashu.services.impoundment import sale_accounts


def handover(plugin: Jurisdiction, case: Impoundment, h: Handover) -> Document:
    rule = plugin.delivery_after_sale() if h.accepted else plugin.delivery_refused_after_sale()
    a = h.account
    rows = [
        ("Register no.", str(case.register_number)),
        *sale_accounts.rows(plugin, a),
        ("Remaining animals", str(h.animals)),
        ("Balance paid", f"Rs {h.balance}"),
        ("To" if h.accepted else "Refused by", f"{h.claimant_name}, {h.claimant_address}"),
        ("On", when(h.at)),
    ]
    if h.accepted:
        title = f"Account of sale and receipt no. {h.receipt_number}"
        footer = "Received the animals and the balance above according to this account."
    else:
        title = "Account of sale: remaining animals and balance refused"
        footer = (
            "Refused by the owner or his agent: deemed unclaimed and disposed of under the Act."
        )
    return Document(title, rows, rule.cites, footer=footer)
