"""The law's clocks: what has fallen due for a tenant (`due`), done one piece at a time
(`one_by_one`) or a batch of cases at a time (`batch`), run together by `sweep`, and the
operators' gauge of what is still to do (`backlog`). The Celery tasks, the CLI and the
`runDueActions` mutation use what is named here.
"""

from pashu.services.clocks._backlog import Backlog, backlog, tenant_slugs
from pashu.services.clocks._batch import BATCH, batches
from pashu.services.clocks._due import (
    CASE,
    CLOCK_USER,
    DEPOSIT,
    INSTALMENT,
    WINDOW,
    Due,
    DueAction,
    Failure,
    clock,
    find,
    now,
    tenants,
)
from pashu.services.clocks._one_by_one import (
    act,
    act_on_case,
    act_on_deposit,
    act_on_instalment,
    act_on_window,
)
from pashu.services.clocks._sweep import (
    AT_ONCE,
    act_on_cases,
    act_on_windows,
    each_tenant,
    run,
    run_row,
    runs,
)

__all__ = [
    "AT_ONCE",
    "BATCH",
    "CASE",
    "CLOCK_USER",
    "DEPOSIT",
    "INSTALMENT",
    "WINDOW",
    "Backlog",
    "Due",
    "DueAction",
    "Failure",
    "act",
    "act_on_case",
    "act_on_cases",
    "act_on_deposit",
    "act_on_instalment",
    "act_on_window",
    "act_on_windows",
    "backlog",
    "batches",
    "clock",
    "each_tenant",
    "find",
    "now",
    "run",
    "run_row",
    "runs",
    "tenant_slugs",
    "tenants",
]
