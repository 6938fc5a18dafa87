"""scenarios.validate names the row of a list its error is of (`index`, from 0, beside the
list's `field`), and `in_row` does so for any check of one row of a list input."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

import pytest

from pashu.core.errors import Conflict, PashuError, ValidationError, in_row
from pashu.core.legaltime import IST
from pashu.jurisdictions.vocabulary import ReleasingAuthority
from pashu.services.law import scenarios

DAY0 = datetime(2026, 1, 3, 9, 0, tzinfo=IST)
DAY = timedelta(days=1)
COW = [scenarios.Herd("cow", 1)]


def refused(facts: scenarios.Facts) -> dict[str, object]:
    with pytest.raises(PashuError) as err:
        scenarios.validate(facts)
    return err.value.extensions


def test_a_negative_amount_names_the_sale_or_fine_it_is_of() -> None:
    sales = [
        scenarios.Sold(DAY0 + DAY, COW, Decimal(5)),
        scenarios.Sold(DAY0 + DAY, None, Decimal(-1)),
    ]
    ext = refused(scenarios.Facts([scenarios.Herd("cow", 2)], DAY0, sales=sales))
    assert (ext["code"], ext["field"], ext["index"]) == ("VALIDATION", "sales", 1)
    expenses = [scenarios.Sold(DAY0 + DAY, None, Decimal(5), Decimal(-1))]
    ext = refused(scenarios.Facts(COW, DAY0, sales=expenses))
    assert (ext["field"], ext["index"]) == ("sales", 0)
    fines = [
        scenarios.Fined(DAY0, Decimal(1)),
        scenarios.Fined(DAY0, Decimal(1)),
        scenarios.Fined(DAY0, Decimal(-1)),
    ]
    ext = refused(scenarios.Facts(COW, DAY0, fines=fines))
    assert (ext["field"], ext["index"]) == ("fines", 2)
    ext = refused(scenarios.Facts(COW, DAY0, sale_price=Decimal(-1)))
    assert ext["field"] == "salePrice" and "index" not in ext


def test_an_instant_without_an_offset_names_its_row() -> None:
    naive = datetime(2026, 1, 4, 10, 0)
    releases = [
        scenarios.Released(DAY0 + DAY, ReleasingAuthority.MAGISTRATE),
        scenarios.Released(DAY0 + DAY, ReleasingAuthority.MAGISTRATE, ordered_at=naive),
    ]
    ext = refused(scenarios.Facts(COW, DAY0, releases=releases))
    assert (ext["field"], ext["index"]) == ("releases", 1)
    complaint = scenarios.Complained(DAY0 + DAY, decided_at=naive)
    ext = refused(scenarios.Facts(COW, DAY0, complaint=complaint))
    assert ext["field"] == "complaint" and "index" not in ext


def test_a_death_naming_no_animals_or_an_unknown_one_names_its_row() -> None:
    deaths = [scenarios.Died(DAY0 + DAY, COW), scenarios.Died(DAY0 + DAY, [])]
    ext = refused(scenarios.Facts([scenarios.Herd("cow", 2)], DAY0, deaths=deaths))
    assert (ext["field"], ext["index"]) == ("deaths", 1)
    unknown = [scenarios.Died(DAY0 + DAY, [scenarios.Herd("unicorn", 1)])]
    ext = refused(scenarios.Facts(COW, DAY0, deaths=unknown))
    assert (ext["code"], ext["field"], ext["index"]) == ("UNKNOWN_SPECIES", "deaths", 0)


def test_in_row_names_the_row_and_keeps_a_field_of_the_row() -> None:
    with pytest.raises(ValidationError) as err, in_row("animals", 3):
        raise ValidationError("more ear tags than animals", field="animals.count")
    assert err.value.extensions == {"code": "VALIDATION", "field": "animals.count", "index": 3}
    assert err.value.message == "more ear tags than animals"
    with pytest.raises(Conflict) as conflict, in_row("lots", 1), in_row("results", 0):
        raise Conflict("1 cow are not in the pound (0 are)")
    # The innermost row named is the one the error is of.
    assert conflict.value.extensions == {"code": "CONFLICT", "field": "results", "index": 0}
