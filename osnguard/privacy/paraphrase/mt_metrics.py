"""Machine-translation metrics as paraphrase features (SPEC §3.2; Madnani et al. 2012).

The seed combined SimMat with BLEU 1-4, NIST 1-5, METEOR, TER, TERp, BADGER, SEPIA and MAXSIM.
TERp, BADGER, SEPIA and MAXSIM have no Python implementation, so they are replaced:
- TERp (TER with stems, synonyms and paraphrases)  -> WER (word edit distance without shifts);
- BADGER (compression-distance metric)              -> chrF (character n-gram F-score);
- SEPIA (syntactic dependency n-grams)              -> chrF++ (character + word bigrams);
- MAXSIM (maximum-similarity word matching)         -> PER (position-independent error rate);
  the SimMat Hungarian matching on WordNet plays MAXSIM's role in the combined detector.

Asymmetric metrics are computed in both directions and averaged, so features do not depend on
which sentence of a pair comes first. Every function takes token lists (or strings for chrF).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rapidfuzz.distance import Levenshtein

from osnguard.privacy.resources import load_once, wordnet

if TYPE_CHECKING:
    from sacrebleu.metrics import CHRF, TER

MT_FEATURES: tuple[str, ...] = (
    "bleu1", "bleu2", "bleu3", "bleu4",
    "nist1", "nist2", "nist3", "nist4", "nist5",
    "meteor", "ter", "chrf", "chrfpp", "wer", "per",
)  # fmt: skip


@dataclass(frozen=True)
class _Scorers:
    """NLTK's and sacrebleu's scorers, made on first use (importing them takes seconds)."""

    smooth: Callable[..., Any]
    chrf: CHRF
    chrfpp: CHRF
    ter: TER


@load_once
def _scorers() -> _Scorers:
    from nltk.translate.bleu_score import SmoothingFunction
    from sacrebleu.metrics import CHRF, TER

    return _Scorers(SmoothingFunction().method1, CHRF(), CHRF(word_order=2), TER())


def bleu(hyp: Sequence[str], ref: Sequence[str], n: int) -> float:
    """Sentence BLEU with uniform weights up to n-grams of order n (smoothed, method 1)."""
    if not hyp or not ref:
        return 0.0
    from nltk.translate.bleu_score import sentence_bleu

    weights = tuple([1.0 / n] * n)
    smooth = _scorers().smooth
    return float(sentence_bleu([list(ref)], list(hyp), weights=weights, smoothing_function=smooth))


def nist(hyp: Sequence[str], ref: Sequence[str], n: int) -> float:
    """Sentence NIST up to order n; 0 where NLTK cannot score (too few n-grams)."""
    if not hyp or not ref:
        return 0.0
    from nltk.translate.nist_score import sentence_nist

    try:
        return float(sentence_nist([list(ref)], list(hyp), n=n))
    except ZeroDivisionError:
        return 0.0


def meteor(hyp: Sequence[str], ref: Sequence[str]) -> float:
    """NLTK METEOR (exact, Porter stem and WordNet synonym matches)."""
    if not hyp or not ref:
        return 0.0
    from nltk.translate.meteor_score import meteor_score

    return float(meteor_score([list(ref)], list(hyp), wordnet=wordnet()))


def ter(hyp: str, ref: str) -> float:
    """Translation edit rate (sacrebleu), as a fraction of the reference length, capped at 2."""
    if not hyp.strip() or not ref.strip():
        return 1.0
    return min(float(_scorers().ter.sentence_score(hyp, [ref]).score) / 100.0, 2.0)


def symmetric_ter(text1: str, text2: str) -> float:
    """TER edits (with shifts) over the mean length of the two texts, capped at 2.

    sacrebleu's shift search is the slowest MT metric, so it runs once, in a fixed order.
    """
    if not text1.strip() or not text2.strip():
        return 1.0
    hyp, ref = sorted((text1, text2))
    stats = _scorers().ter.sentence_score(hyp, [ref])
    edits = float(stats.score) / 100.0 * len(ref.split())
    return min(edits / (0.5 * (len(hyp.split()) + len(ref.split()))), 2.0)


def chrf(hyp: str, ref: str, *, plus: bool = False) -> float:
    """chrF (or chrF++ with word bigrams) in [0, 1]."""
    if not hyp.strip() or not ref.strip():
        return 0.0
    metric = _scorers().chrfpp if plus else _scorers().chrf
    return float(metric.sentence_score(hyp, [ref]).score) / 100.0


def wer(hyp: Sequence[str], ref: Sequence[str]) -> float:
    """Word error rate: word-level Levenshtein distance over the reference length."""
    if not ref:
        return 1.0 if hyp else 0.0
    return int(Levenshtein.distance(list(hyp), list(ref))) / len(ref)


def per(hyp: Sequence[str], ref: Sequence[str]) -> float:
    """Position-independent error rate: bag-of-words mismatch over the reference length."""
    if not ref:
        return 1.0 if hyp else 0.0
    common = sum((Counter(hyp) & Counter(ref)).values())
    return (max(len(hyp), len(ref)) - common) / len(ref)


def _both_ways(
    func: Callable[..., float], a: object, b: object, *args: object, **kwargs: object
) -> float:
    return 0.5 * (func(a, b, *args, **kwargs) + func(b, a, *args, **kwargs))


def mt_features(words1: Sequence[str], words2: Sequence[str]) -> dict[str, float]:
    """All MT features of a pair of lower-cased token lists, symmetric in the two sentences."""
    text1, text2 = " ".join(words1), " ".join(words2)
    features = {f"bleu{n}": _both_ways(bleu, words1, words2, n) for n in range(1, 5)}
    features.update({f"nist{n}": _both_ways(nist, words1, words2, n) for n in range(1, 6)})
    features["meteor"] = _both_ways(meteor, words1, words2)
    features["ter"] = symmetric_ter(text1, text2)
    features["chrf"] = _both_ways(chrf, text1, text2)
    features["chrfpp"] = _both_ways(chrf, text1, text2, plus=True)
    features["wer"] = _both_ways(wer, words1, words2)
    features["per"] = _both_ways(per, words1, words2)
    for key, value in features.items():
        if not math.isfinite(value):
            features[key] = 0.0
    return features
