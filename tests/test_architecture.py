"""The layout's rules (DESIGN §1): dependencies point one way, and no code outside a
jurisdiction's plugin names a state."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[1] / "platform" / "pashu"
STATES = re.compile(r"mizoram|nagaland|chhattisgarh", re.IGNORECASE)

# layer -> the layers it must not import
FORBIDDEN = {
    "core": ("pashu.db", "pashu.jurisdictions", "pashu.services", "pashu.schema", "pashu.tasks"),
    "jurisdictions": ("pashu.db", "pashu.services", "pashu.schema", "pashu.tasks"),
    "db": ("pashu.services", "pashu.schema", "pashu.tasks"),
    "services": ("pashu.schema", "pashu.tasks"),
}


def _modules() -> list[Path]:
    return sorted(p for p in PKG.rglob("*.py") if "__pycache__" not in p.parts)


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_dependencies_point_one_way(layer: str) -> None:
    wrong = [
        f"{path.relative_to(PKG)} imports {module}"
        for path in _modules()
        if path.relative_to(PKG).parts[0] == layer
        for module in _imports(path)
        if module.startswith(FORBIDDEN[layer])
    ]
    assert wrong == []


def test_no_state_is_named_outside_its_plugin() -> None:
    plugins = {"mizoram", "nagaland", "chhattisgarh"}
    wrong = []
    for path in _modules():
        parts = path.relative_to(PKG).parts
        if parts[0] == "jurisdictions" and len(parts) > 2 and parts[1] in plugins:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if STATES.search(line):
                wrong.append(f"{path.relative_to(PKG)}:{number}: {line.strip()}")
    assert wrong == []


def test_platform_is_a_source_root_not_a_package() -> None:
    assert not (PKG.parent / "__init__.py").exists()
