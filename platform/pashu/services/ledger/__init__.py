"""The books: balanced transactions between the accounts the Acts name (schema/ledger/ is its API).

Its use cases, a module each (import the module: `from pashu.services.ledger import accounts`):

- `accounts`: The names of the books' accounts: one name for each kind of account, the same in
  the routing, the ledger and the API
- `ledger`: Post balanced transactions; read balances
"""
