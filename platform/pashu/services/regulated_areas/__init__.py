"""Regulated areas, their orders and licences (schema/regulated_areas/ is its API).

Its use cases, a module each (import the module: `from pashu.services.regulated_areas import
regulated_areas`):

- `regulated_areas`: Regulated areas (an Act's notified orders): notified orders prohibiting or
  regulating the keeping or movement of cattle in an area, licences and…
"""
