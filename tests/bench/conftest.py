"""`bench.settings` sets the benchmark's secret key in the environment when first imported
(its servers and generator read it there). The benchmark's tests import it: here first, and
the environment put back, so no other test sees a key it did not set (a prod settings test
would find one set, and a `_FILE` one find two)."""

from __future__ import annotations

import os

_before = os.environ.get("PASHU_SECRET_KEY")
import bench.settings  # noqa: E402, F401  (imported for its side effect, undone below)

if _before is None:
    os.environ.pop("PASHU_SECRET_KEY", None)
