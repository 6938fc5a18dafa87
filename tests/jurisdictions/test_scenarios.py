"""Every installed plugin answers its own legal scenarios (scenarios.yaml beside it)."""

from __future__ import annotations

from typing import Any

import pytest

from pashu.jurisdictions import registry
from tests.jurisdictions import scenarios

CASES = [
    pytest.param(path.parent.name, s, id=f"{path.parent.name}: {s.get('name', i)}")
    for path in scenarios.scenario_files()
    for i, s in enumerate(scenarios.load(path))
]


@pytest.mark.parametrize(("code", "scenario"), CASES)
def test_legal_scenario(code: str, scenario: dict[str, Any]) -> None:
    scenarios.run(registry.get(code), scenario)


def test_every_builtin_plugin_has_scenarios() -> None:
    with_scenarios = {p.parent.name for p in scenarios.scenario_files()}
    assert {"mizoram", "nagaland", "chhattisgarh"} <= with_scenarios
