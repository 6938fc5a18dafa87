"""A case of impounded animals, from seizure to the last rupee of its proceeds (schema/impoundment/
is its API).

Its use cases, a module each (import the module: `from pashu.services.impoundment import
auctions`):

- `auctions`: Public auctions of impounded animals: scheduled with a public notice and lots once
  the window of the tenant's Act opens, closed by recording each…
- `case_documents`: The documents of an impoundment: the seizer's copy of the register entry,
  the owner's receipt, the account of a sale, and a pound's exhibited list…
- `cases`: Loading a case from the registers, and the facts of its course (`load`), for the
  model of that course (course.py)…
- `course`: A case's course under its Act: one model. `CourseFacts`, and `Course` answering
  states, duties, the next action and whether each act is allowed (`check`)…
- `claims`: An owner's claim on the proceeds of a sale: the surplus held in deposit (Cattle
  Trespass Act 1985 s.17(3), three months) or the refund of proceeds…
- `corrections`: Correcting the register: never in place
- `delivery`: Delivering impounded animals to their owner on payment of the dues (Cattle
  Trespass Act 1985 s.13; Animal (Control & Taxation) Act 2014 s.9), or…
- `deposits`: The owner's window to claim the proceeds of a sale, closed by the clock
- `dues`: What an owner owes for impounded animals on a given instant, line by line
- `handover_documents`: The papers of the paths an owner who will not pay takes: the account
  delivered with the remaining animals and the balance, with the owner's…
- `injuries`: An animal hurt or killed while being seized (Animal (Control & Taxation) Act 2014
  s.7(2)), and its carcass returned
- `notices`: The notices an Act requires on a case, rendered from the tenant's own templates,
  issued through the register's rules (seizures.record_notice), and…
- `protest_deposits`: Deposits under protest that no complaint follows (Cattle Trespass Act 1985
  ss.15, 20): when the complaint window closes unused, the sweep applies…
- `refusals`: An owner who appears but refuses or omits to pay: the refusal recorded, which
  opens a sale of as many animals as the dues need (Cattle Trespass…
- `release_orders`: Release of impounded animals on a written order stating its reasons (Cattle
  Trespass Act 1985 s.19(2)): the order is recorded, the animals leave…
- `sales`: Selling impounded animals by public auction, or disposing of them otherwise, and the
  account of the proceeds (Cattle Trespass Act 1985 ss.14(3),…
- `sale_accounts`: The account of a sale's proceeds, line by line, each line citing the clause
  of the Act it answers (Cattle Trespass Act 1985 s.16(3)(a)-(f))…
- `seizer_dues`: Collecting the fines and charges laid on the seizer (or detainer) when a
  seizure is adjudged illegal and the cattle released (Cattle Trespass Act…
- `seizure_rows`: Writing a seizure's rows: its register number, the case, its animals, the
  audit event
- `seizures`: Recording a seizure in the register (Cattle Trespass Act 1985 ss.7, 9-10; Animal
  (Control & Taxation) Act 2014 s.7) and the notices issued about it
- `stats`: The register in numbers, for a dashboard: GROUP BY queries, not rows fetched

Internal (underscored, not imported from outside this package): `_numbering` (Register and
receipt numbers: per tenant, consecutive, never reused); `_course` (the parts of the model of
a case's course, named through `course`)
"""
