"""Nagaland: the Cattle Trespass Act, 1985 and the other Nagaland texts held, as a plugin."""

from pathlib import Path

from pashu.jurisdictions.acts import load_act
from pashu.jurisdictions.demo import load_demo
from pashu.jurisdictions.nagaland.clocks import NagalandClocks
from pashu.jurisdictions.nagaland.comparison import NagalandComparisons
from pashu.jurisdictions.nagaland.keeping import NagalandKeeping
from pashu.jurisdictions.nagaland.penalties import NagalandPenalties
from pashu.jurisdictions.nagaland.registration import NagalandRegistration
from pashu.jurisdictions.nagaland.rules import Nagaland
from pashu.jurisdictions.offences import load_offences
from pashu.jurisdictions.vocabulary import Capability, Holder

_HERE = Path(__file__).parent

_cattle_trespass = load_act(_HERE / "acts" / "cattle_trespass_1985.yaml")
_marketing = load_act(_HERE / "acts" / "agricultural_produce_marketing_1985.yaml")
_establishments = load_act(_HERE / "acts" / "registration_of_establishments.yaml")

plugin = Nagaland(
    code="nagaland",
    name="Nagaland",
    iso_code="IN-NL",
    # The principal Act first: `plugin.act` and the offences default to it.
    acts=[_cattle_trespass, _marketing, _establishments],
    capabilities=frozenset(
        {
            Capability.IMPOUNDMENT,  # Chapters II-III
            Capability.AUCTION,  # ss.14(3), 16, 19
            Capability.ILLEGAL_SEIZURE_COMPLAINTS,  # Chapter V
            Capability.ESTABLISHMENT_REGISTRATION,  # the unnamed Act's provision
        }
    ),
    funds={
        "local_authority_fund": "Local authority fund",
        "pound_keeper": "Pound-keeper",
        "surplus": "Local authority deposit (surplus proceeds)",
    },
    # s.11(3), s.18(1): the fund of the local authority controlling the pound (s.4);
    # s.17(2): the keeper of the pound (s.5(1)); s.17(3): the local authority holds the surplus.
    fund_holders={
        "local_authority_fund": Holder.LOCAL_BODY,
        "pound_keeper": Holder.POUND_KEEPER,
        "surplus": Holder.LOCAL_BODY,
    },
    deposits=frozenset({"surplus"}),
    offences=load_offences(_HERE / "offences.yaml", {"cattle_trespass": _cattle_trespass}),
    penalties=NagalandPenalties(_cattle_trespass),
    registration=NagalandRegistration(_establishments),
    keeping=NagalandKeeping(_cattle_trespass),
    clocks=NagalandClocks(_cattle_trespass),
    comparisons=NagalandComparisons(_cattle_trespass, _establishments, _marketing),
    demo=load_demo(_HERE / "demo.yaml"),
)
