"""Complaints of illegal seizure and the compensation ordered on them (schema/complaints/ is its
API).

Its use cases, a module each (import the module: `from pashu.services.complaints import
compensation`):

- `compensation`: Compensation ordered under an Act, and its set-off against a later civil
  decree
- `complaints`: Complaints of illegal seizure or detention (Cattle Trespass Act 1985 ss.20-22)
"""
