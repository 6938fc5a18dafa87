"""Chhattisgarh: the Chhattisgarh Pashu (Niyantran) Adhiniyam, 1976, as a plugin."""

from pathlib import Path

from pashu.jurisdictions.acts import load_act
from pashu.jurisdictions.chhattisgarh.comparison import ChhattisgarhComparisons
from pashu.jurisdictions.chhattisgarh.keeping import ChhattisgarhKeeping
from pashu.jurisdictions.chhattisgarh.penalties import ChhattisgarhPenalties
from pashu.jurisdictions.chhattisgarh.registration import ChhattisgarhRegistration
from pashu.jurisdictions.chhattisgarh.rules import Chhattisgarh
from pashu.jurisdictions.offences import load_offences
from pashu.jurisdictions.vocabulary import Capability

_HERE = Path(__file__).parent
_ACT = load_act(_HERE / "acts" / "pashu_niyantran_1976.yaml")

plugin = Chhattisgarh(
    code="chhattisgarh",
    name="Chhattisgarh",
    iso_code="IN-CG",  # IN-CT before the ISO 3166-2 change of 2023-11-23
    acts=[_ACT],
    # s.4 (notified orders, licences and permits) and s.10 (compounding); no pound or auction.
    capabilities=frozenset({Capability.REGULATED_AREAS, Capability.COMPOUNDING}),
    funds={},  # the Act names no fund
    offences=load_offences(_HERE / "offences.yaml", {"pashu-niyantran": _ACT}),
    penalties=ChhattisgarhPenalties(_ACT),
    registration=ChhattisgarhRegistration(_ACT),
    keeping=ChhattisgarhKeeping(_ACT),
    comparisons=ChhattisgarhComparisons(_ACT),
)
