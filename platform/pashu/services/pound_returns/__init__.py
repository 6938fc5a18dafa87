"""Returns from the registers (schema/pound_returns/ is its API).

Its use cases, a module each (import the module: `from pashu.services.pound_returns import
returns`):

- `returns`: Returns from the registers: for a period and a pound, a local authority (a Village
  Council and its enclosures) or the whole department, the cases…
- `books`: The money of a return, read from the ledger and nowhere else: each account's
  opening, receipts, payments and closing for the period…
"""
