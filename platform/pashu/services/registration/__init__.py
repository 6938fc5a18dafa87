"""Registration of animals, the animal tax and its reminders (schema/registration/ is its API).

Its use cases, a module each (import the module: `from pashu.services.registration import
registration`):

- `registration`: Owners and the register of their animals (an Act's registration chapter):
  report, fee, lateness
- `reminders`: Animal tax instalments falling due: found with one indexed query, reminded once
- `taxation`: Animal tax (an Act's taxation chapter): assess a year's instalments on a
  registration, take payment of each in full, split between the funds the…
"""
