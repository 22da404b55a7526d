"""`osnguard evaluate` lists its targets explicitly: every evaluation module is one of them."""

from __future__ import annotations

from pathlib import Path

from osnguard.privacy import evaluation
from osnguard.privacy.commands.evaluate import TARGETS


def test_every_evaluation_module_is_a_target_and_nothing_else() -> None:
    folder = Path(evaluation.__file__).parent
    modules = {p.stem for p in folder.glob("*.py") if not p.stem.startswith("_")}
    assert set(TARGETS) == modules
    assert all(path == f"osnguard.privacy.evaluation.{name}" for name, path in TARGETS.items())
