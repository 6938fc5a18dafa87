"""Offences, fines, compounding and vicious animals (schema/offences/ is its API).

Its use cases, a module each (import the module: `from pashu.services.offences import
compounding`):

- `compounding`: Compounding an offence: composition money within the Act's cap, release of
  seized things on a further sum up to their estimated value, the effect…
- `fines`: Fines on offence cases: within the Act's bounds, routed to the fund the Act names,
  and paid through the ledger
- `offences`: Offence cases: recording an offence against a person, the officer's written
  report, sending the case to court, and a court's order of forfeiture
- `recovery`: A fine on conviction recovered by selling the trespassing cattle (Cattle Trespass
  Act 1985 s.26), on the sale path of s.16: the fine comes out of…
- `recovery_sales`: A fine on conviction recovered by sale of cattle that are not in a pound
  (Cattle Trespass Act 1985 s.26, "whether they were seized in the act … or not"): the cattle
  named on the sale, the…
- `vicious`: Vicious animals: the events that make an animal vicious, whether it is vicious at
  an instant (with the provisions that say so), and the owner's…
"""
