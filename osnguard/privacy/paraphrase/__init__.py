"""Paraphrase detection (SPEC §3.1-3.2): the seed's SimMat metric and the combined detector.

Public API (imported lazily, so that `import osnguard.privacy.paraphrase` stays cheap):
- `simmat(a, b, *, alpha=0.2) -> SimMatResult`: the seed's metric with all its parts;
- `get_detector() -> ParaphraseDetector`: the trained detector, loaded once per process, with
  `probability(a, b)`, `is_paraphrase(a, b)`, `probabilities(pairs)` and `threshold`;
- `word_path_similarity(w1, w2)`: cached WordNet path similarity;
- `read_pairs(path)`: MSRP-format pair files; `train_model()`: rebuild the shipped paraphrase.json.
"""

from __future__ import annotations

import importlib
from typing import Any

# eager: the function shares its name with its module, which would otherwise shadow it
from osnguard.privacy.paraphrase.simmat import SimMatResult, Token, simmat, simmat_tokens

_EXPORTS = {
    "ParaphraseDetector": "detector",
    "get_detector": "detector",
    "train_model": "detector",
    "Pair": "msrp",
    "read_pairs": "msrp",
    "word_path_similarity": "wordnet_paths",
}
__all__ = sorted([*_EXPORTS, "SimMatResult", "Token", "simmat", "simmat_tokens"])


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(f"{__name__}.{_EXPORTS[name]}")
    return getattr(module, name)
