"""Mizoram: The Mizoram Animal (Control & Taxation) Act, 2014."""

from pathlib import Path

from pashu.jurisdictions.acts import load_act
from pashu.jurisdictions.demo import load_demo
from pashu.jurisdictions.mizoram.clocks import MizoramClocks
from pashu.jurisdictions.mizoram.comparison import MizoramComparisons
from pashu.jurisdictions.mizoram.keeping import MizoramKeeping
from pashu.jurisdictions.mizoram.penalties import MizoramPenalties
from pashu.jurisdictions.mizoram.registration import MizoramRegistration
from pashu.jurisdictions.mizoram.rules import CONSOLIDATED_FUND, VILLAGE_COUNCIL_FUND, Mizoram
from pashu.jurisdictions.offences import load_offences
from pashu.jurisdictions.vocabulary import Capability, Holder

_HERE = Path(__file__).parent
_ACT = load_act(_HERE / "acts" / "animal_control_taxation_2014.yaml")

plugin = Mizoram(
    code="mizoram",
    name="Mizoram",
    iso_code="IN-MZ",
    acts=[_ACT],
    capabilities=frozenset(
        {
            Capability.IMPOUNDMENT,
            Capability.AUCTION,
            Capability.ANIMAL_REGISTRATION,
            Capability.ANIMAL_TAX,
            Capability.GRAZING_GROUNDS,  # s.6
        }
    ),
    funds={
        VILLAGE_COUNCIL_FUND: "Village Council Fund",
        CONSOLIDATED_FUND: "Consolidated Fund of the State",
    },
    # s.2(j): a fund under the control of a Village Council, the council concerned.
    fund_holders={VILLAGE_COUNCIL_FUND: Holder.LOCAL_BODY},
    offences=load_offences(_HERE / "offences.yaml", {"act": _ACT}),
    penalties=MizoramPenalties(_ACT),
    registration=MizoramRegistration(_ACT),
    keeping=MizoramKeeping(_ACT),
    clocks=MizoramClocks(_ACT),
    comparisons=MizoramComparisons(_ACT),
    demo=load_demo(_HERE / "demo.yaml"),
)

__all__ = ["plugin"]
