"""Plain value types that a case and the paths of its remedies both show: a person as the
register names one, and a line of an account. Their own module, so that `types` (the case)
and `remedies` (refusal, handover, release) each import them and neither imports the other.
"""

from __future__ import annotations

from decimal import Decimal

import strawberry


@strawberry.type(description="A person as the register records them: name and residence")
class Person:
    name: str = strawberry.field(description="The person's name")
    address: str = strawberry.field(description="Where the person resides (empty when not known)")


@strawberry.type(description="One line of a sale's account")
class AccountItem:
    item: str = strawberry.field(description="What the money went to")
    amount: Decimal = strawberry.field(description="Rupees (decimal string)")
