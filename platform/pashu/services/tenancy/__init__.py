"""Tenants, tokens, idempotency keys and tenant archives (schema/tenancy/ is its API).

Its use cases, a module each (import the module: `from pashu.services.tenancy import archive`):

- `archive`: A tenant's data out and back: `pashu tenant export` / `pashu tenant import`
- `idempotency`: Idempotency keys: a client that lost the answer to a mutation sends it again
  with the same `Idempotency-Key` and gets the first answer back;…
- `tenants`: Tenants (state departments), their users, API tokens and who is asking
- `tokens`: API tokens as an administrator manages them: issue (the secret shown once), list,
  revoke
"""
