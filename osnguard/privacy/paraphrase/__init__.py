"""Paraphrase detection (SPEC §3.1-3.2): the seed's SimMat metric and the combined detector.

- `simmat(a, b, *, alpha=0.2) -> SimMatResult`: the seed's metric with all its parts
  (`simmat_tokens` on already-parsed `Token`s, from `parse_many`);
- `get_detector() -> ParaphraseDetector`: screening's detector, loaded once per process, with
  `probability(a, b)`, `is_paraphrase(a, b)`, `probabilities(pairs)` and `threshold`: the
  hand-built model (`get_hand_built_detector`), or, with `OSNGUARD_PARAPHRASE_ENCODER=on`, the
  accurate one stacked with the MiniLM cross-encoder (`get_accurate_detector`, `encoder`);
- `word_path_similarity(w1, w2)`: cached WordNet path similarity;
- `read_pairs(path)`: MSRP-format pair files; `train_model()`: rebuild the shipped paraphrase.json.

The modules import one way: `parsing` <- `simmat`, `mt_metrics`, `wordnet_paths` <- `features`,
`tfkld`, `encoder` <- `detector`; `encoder_training` (PyTorch, a developer's step) builds the
encoder's adapters.
"""

from osnguard.privacy.paraphrase.detector import ParaphraseDetector, get_detector, train_model
from osnguard.privacy.paraphrase.msrp import Pair, read_pairs
from osnguard.privacy.paraphrase.parsing import Token, check_text, parse_many
from osnguard.privacy.paraphrase.simmat import SimMatResult, simmat, simmat_tokens
from osnguard.privacy.paraphrase.wordnet_paths import word_path_similarity

__all__ = [
    "Pair",
    "ParaphraseDetector",
    "SimMatResult",
    "Token",
    "check_text",
    "get_detector",
    "parse_many",
    "read_pairs",
    "simmat",
    "simmat_tokens",
    "train_model",
    "word_path_similarity",
]
