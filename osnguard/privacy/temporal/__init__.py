"""Temporal stage: recognise, normalise, generalize (NCP*) and suppress time expressions.

Public API (SPEC §1.5, §2.6, §2.7):
- `find_expressions(text, now=..., doc=None) -> list[TimeExpression]` (recognition.py)
- `detect(context) -> list[Phrase]`, the identification detector (detection.py)
- `ncp_star`, `generalize`, `generalization_for_level`, `TemporalCandidate` (generalization.py)
- `suppress(text, spans=None, doc=None, now=None) -> SuppressionResult` (suppression.py)
- `train_model()` builds the temporal phrase corpus TP and the suppression patterns.
"""

from __future__ import annotations

from pathlib import Path

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


def train_model() -> Path:
    """Build TP (var/models/temporal.tp.json) and learn the suppression patterns
    (var/models/temporal.patterns.json); returns the patterns file."""
    from osnguard.privacy.temporal import generalization, suppression

    generalization.train_model()
    generalization.temporal_corpus.cache_clear()
    path = suppression.train_model()
    suppression.learned_patterns.cache_clear()
    return path


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
