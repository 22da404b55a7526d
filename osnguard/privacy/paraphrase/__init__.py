"""Paraphrase detection (SPEC §3.1-3.2): the seed's SimMat metric and the combined detector.

Public API:
- `simmat(a, b, *, alpha=0.2) -> SimMatResult`: the seed's metric with all its parts;
- `get_detector() -> ParaphraseDetector`: the trained detector, loaded lazily once per process,
  with `probability(a, b)`, `is_paraphrase(a, b)`, `probabilities(pairs)` and `threshold`;
- `word_path_similarity(w1, w2)`: cached WordNet path similarity;
- `read_pairs(path)`: MSRP-format pair files.
"""

from osnguard.privacy.paraphrase.detector import ParaphraseDetector, get_detector, train_model
from osnguard.privacy.paraphrase.msrp import Pair, read_pairs
from osnguard.privacy.paraphrase.simmat import SimMatResult, Token, simmat, simmat_tokens
from osnguard.privacy.paraphrase.wordnet_paths import word_path_similarity

__all__ = [
    "Pair",
    "ParaphraseDetector",
    "SimMatResult",
    "Token",
    "get_detector",
    "read_pairs",
    "simmat",
    "simmat_tokens",
    "train_model",
    "word_path_similarity",
]
