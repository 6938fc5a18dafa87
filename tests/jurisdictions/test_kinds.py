"""The kinds of place, seizer and buyer each plugin declares (issue #35) are the ones its rules
speak of: every power of seizure names a declared seizer at declared places, every barred buyer
is a declared one, and each kind has its words and the provisions naming it."""

from __future__ import annotations

import pytest

from pashu.core.errors import ValidationError
from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import PUBLIC_BUYER, Capability, Kind

PLUGINS = registry.codes()


@pytest.mark.parametrize("code", PLUGINS)
def test_the_rules_speak_only_of_the_kinds_the_plugin_declares(code: str) -> None:
    plugin = registry.get(code)
    kinds = plugin.declared_kinds()
    for family in (kinds.places, kinds.seizers, kinds.buyers):
        codes = [k.code for k in family]
        assert len(codes) == len(set(codes)), f"{code}: a kind declared twice: {codes}"
        for kind in family:
            assert kind.label and kind.cites, f"{code}: {kind.code} needs words and a section"
    assert PUBLIC_BUYER not in {k.code for k in kinds.buyers}  # no Act's: every sale's
    if not plugin.has(Capability.IMPOUNDMENT):
        assert kinds.places == kinds.seizers == ()
        return
    places, seizers = {k.code for k in kinds.places}, {k.code for k in kinds.seizers}
    for power in plugin.seizure_powers():
        assert power.capacity in seizers, f"{code}: {power.capacity} is not declared"
        assert power.places <= places, f"{code}: {power.places - places} are not declared"
    assert set(plugin.places_of_seizure().value) <= places
    if plugin.has(Capability.AUCTION):
        barred = plugin.prohibited_purchasers().value
        assert barred <= {k.code for k in kinds.buyers}, f"{code}: undeclared barred buyers"


def test_a_kind_of_another_act_is_refused_naming_the_acts_own() -> None:
    mizoram = registry.get("mizoram")
    with pytest.raises(ValidationError) as refused:
        mizoram.seizure_power("POLICE_OFFICER", "PUBLIC_PROPERTY", "fence broken")
    assert refused.value.details["field"] == "seizerCapacity"
    assert refused.value.details["allowed"][0] == "LAND_OWNER"
    assert refused.value.citation is not None and refused.value.citation.label == "7(1)"
    assert mizoram.require_kind("buyers", PUBLIC_BUYER, "buyer.role") is None  # every Act's


def test_a_kinds_code_is_a_graphql_name_safe_in_sql() -> None:
    for bad in ("toy box", "Toy", "TOY'); DROP", ""):
        with pytest.raises(ValueError, match="upper-case"):
            Kind(bad, "a toy box", ())
