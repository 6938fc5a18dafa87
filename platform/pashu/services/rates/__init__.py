"""Rates the Acts leave to notification, dated (schema/rates/ is its API).

Its use cases, a module each (import the module: `from pashu.services.rates import rates`):

- `rates`: Rate notifications: publishing the amounts an Act leaves to notification, and reading
  them
"""
