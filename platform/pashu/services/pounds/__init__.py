"""Pounds, the areas they serve and where they stand (schema/pounds/ is its API).

Its use cases, a module each (import the module: `from pashu.services.pounds import
pound_areas`):

- `pound_areas`: The areas pounds serve and where pounds stand, and the check that a seizure was
  sent to the pound the Act names: the pound for the area where the…
- `pounds`: Pounds and the local authorities that control them
"""
