"""Rules of keeping animals: grazing, inspections, the keeping register (schema/keeping/ is its
API).

Its use cases, a module each (import the module: `from pashu.services.keeping import grazing`):

- `grazing`: Grazing grounds: a Village Council's declaration, the State Government's approval
  of it, and the orders for a ground's control and management,…
- `inspections`: Persons designated to inspect animals and the arrangements for keeping them,
  and their visits: what they found of keeping and hygiene, checked…
- `keeping`: How animals must be kept: the tenant's rules per kind of animal, and the check of
  one way of keeping (with the grazing ground the animal is found…
"""
