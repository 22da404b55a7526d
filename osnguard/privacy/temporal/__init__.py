"""Temporal stage: recognise, normalise, generalize (NCP*) and suppress time expressions.

Public API (SPEC §1.5, §2.6, §2.7):
- `find_expressions(text, now=..., doc=None) -> list[TimeExpression]` (recognition.py)
- `detect(context) -> list[Phrase]`, the identification detector (detection.py)
- `ncp_star`, `generalize`, `generalization_for_level`, `TemporalCandidate` (generalization.py)
- `suppress(text, spans=None, doc=None, now=None) -> SuppressionResult` (suppression.py)
- `train_model(folder)` builds the temporal phrase corpus TP and the suppression patterns.
"""

from __future__ import annotations

from pathlib import Path

from osnguard.privacy import artifacts
from osnguard.privacy.temporal import generalization, suppression
from osnguard.privacy.temporal.detection import detect
from osnguard.privacy.temporal.generalization import (
    TemporalCandidate,
    generalization_for_level,
    generalize,
    ncp_star,
)
from osnguard.privacy.temporal.model import Interval, TimeExpression
from osnguard.privacy.temporal.recognition import find_expressions
from osnguard.privacy.temporal.suppression import KeptPhrase, SuppressionResult, suppress


def train_model(folder: Path | None = None) -> Path:
    """Build TP (`temporal.tp.json`) and learn the suppression patterns
    (`temporal.patterns.json`), and install both in `folder` (the shipped models by default)."""
    spec = artifacts.SPECS["temporal"]
    target = folder or artifacts.models_dir()
    built = {}
    for name, build in (
        (generalization.TP_FILE, generalization.corpus_json),
        (suppression.PATTERNS_FILE, suppression.patterns_json),
    ):
        built[name] = artifacts.write_atomically(artifacts.temporary_path(target, name), build())
    artifacts.install(spec, built, folder)
    generalization.temporal_corpus.cache_clear()
    suppression.learned_patterns.cache_clear()
    return target / suppression.PATTERNS_FILE


__all__ = [
    "Interval",
    "KeptPhrase",
    "SuppressionResult",
    "TemporalCandidate",
    "TimeExpression",
    "detect",
    "find_expressions",
    "generalization_for_level",
    "generalize",
    "ncp_star",
    "suppress",
    "train_model",
]
