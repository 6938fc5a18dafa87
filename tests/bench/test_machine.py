"""The report's commit line: "+ uncommitted changes" only when the tree has them."""

from __future__ import annotations

import subprocess
from pathlib import Path

from bench import machine


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


def test_a_clean_tree_is_not_called_changed_and_an_edited_one_is(tmp_path: Path) -> None:
    _git(tmp_path, "init", "-q")
    (tmp_path / "a.txt").write_text("one\n")
    _git(tmp_path, "add", "a.txt")
    _git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "a")
    assert machine.changed(tmp_path) is False
    (tmp_path / "a.txt").write_text("two\n")
    assert machine.changed(tmp_path) is True
