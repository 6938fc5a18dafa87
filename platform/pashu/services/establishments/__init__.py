"""Registration of establishments (schema/establishments/ is its API).

Its use cases, a module each (import the module: `from pashu.services.establishments import
establishments`):

- `establishments`: Registration of establishments: registration and yearly renewal, the fee in
  force, the penalty for default, and the certificate as a document…
"""
