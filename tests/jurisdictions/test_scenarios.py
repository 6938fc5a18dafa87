"""Every installed plugin answers its own legal scenarios (scenarios.yaml beside it)."""

from __future__ import annotations

from typing import Any

import pytest

from pashu.jurisdictions import registry
from tests.jurisdictions import scenarios

# Every installed plugin's, found through its entry point (a third-party plugin's too).
CASES = [
    pytest.param(code, s, id=f"{code}: {s.get('name', i)}")
    for code, path in scenarios.scenario_files().items()
    for i, s in enumerate(scenarios.load(path))
]


@pytest.mark.parametrize(("code", "scenario"), CASES)
def test_legal_scenario(code: str, scenario: dict[str, Any]) -> None:
    scenarios.run(registry.get(code), scenario)


def test_every_builtin_plugin_has_scenarios() -> None:
    with_scenarios = set(scenarios.scenario_files())
    assert {"mizoram", "nagaland", "chhattisgarh"} <= with_scenarios
