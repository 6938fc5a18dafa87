"""The layout's rules (DESIGN §1) that are not imports: no code outside a jurisdiction's
plugin names a state, and platform/ is a source root. Which layer and domain may import
which is checked by import-linter ([tool.importlinter] in pyproject.toml, run by scripts/test)."""

from __future__ import annotations

import re
from pathlib import Path

PKG = Path(__file__).resolve().parents[1] / "platform" / "pashu"
STATES = re.compile(r"mizoram|nagaland|chhattisgarh", re.IGNORECASE)


def _modules() -> list[Path]:
    return sorted(p for p in PKG.rglob("*.py") if "__pycache__" not in p.parts)


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
