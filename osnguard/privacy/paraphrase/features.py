"""Parsing and hand-built features of a sentence pair for the paraphrase detector.

Feature groups (each reported separately in docs/evaluation/paraphrase.md):
- `simmat`:  SimMat, RelMat and the brevity penalty as separate values, plus their parts
             (identical-phrase coverage, matched-word path similarity, remaining-word counts)
             and two variants (α = 0.8, punctuation dropped);
- `mt`:      the MT metrics of `mt_metrics` (BLEU 1-4, NIST 1-5, METEOR, TER, chrF, chrF++, WER, PER);
- `length`:  length difference and ratio;
- `overlap`: alignment-style evidence: content-lemma and bigram overlap, character n-gram
             overlap, and mismatches of numbers, proper nouns and negation;
- `weighted`: the same alignment weighted by information content (8 − Zipf frequency from
             `wordfreq`): how much of each sentence's rare, informative wording the other shares.
Learned TF-KLD features live in `tfkld`, since they need fitting.

The sentences come parsed by `parsing.parse_many`.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from typing import TypeVar

from rapidfuzz import fuzz

from osnguard.privacy.paraphrase.mt_metrics import MT_FEATURES, mt_features
from osnguard.privacy.paraphrase.parsing import Sentence, Token
from osnguard.privacy.paraphrase.simmat import MINOR_TAGS, relmat_score, simmat_tokens
from osnguard.privacy.paraphrase.wordnet_paths import within_one_edge

SIMMAT_FEATURES: tuple[str, ...] = (
    "simmat", "relmat", "penalty", "phrase_cover", "longest_phrase", "word_path_mean",
    "remaining_min", "remaining_max", "relmat_a08", "relmat_nopunct", "penalty_nopunct",
)  # fmt: skip
LENGTH_FEATURES: tuple[str, ...] = ("len_diff", "len_ratio", "len_log_mean")
OVERLAP_FEATURES: tuple[str, ...] = (
    "content_p", "content_r", "content_f", "bigram_f", "char3_jaccard", "token_set_ratio",
    "number_mismatch", "number_any", "propn_mismatch", "negation_mismatch",
)  # fmt: skip
WEIGHTED_FEATURES: tuple[str, ...] = (
    "ic_cover_min", "ic_cover_max", "ic_unmatched_min", "ic_unmatched_max", "ic_unmatched_top",
    "ic_unmatched_propn", "ic_unmatched_number",
)  # fmt: skip
FEATURE_GROUPS: dict[str, tuple[str, ...]] = {
    "simmat": SIMMAT_FEATURES,
    "mt": MT_FEATURES,
    "length": LENGTH_FEATURES,
    "overlap": OVERLAP_FEATURES,
    "weighted": WEIGHTED_FEATURES,
}
# bump a group's version when its features change, to invalidate cached feature values
GROUP_VERSIONS: dict[str, int] = {"simmat": 2, "mt": 2, "length": 2, "overlap": 2, "weighted": 1}
Item = TypeVar("Item", str, tuple[str, str])  # words, or bigrams of words
_CONTENT_TAG = re.compile(r"^(NN|VB|JJ|RB|CD|FW)")
_NEGATIONS = frozenset({"not", "no", "never", "n't", "nobody", "nothing", "none", "neither", "nor"})
_NUMBER = re.compile(r"\d")


def words(sentence: Sentence) -> list[str]:
    return [t.text.lower() for t in sentence]


def simmat_features(s1: Sentence, s2: Sentence) -> dict[str, float]:
    result = simmat_tokens(s1, s2)
    variant = simmat_tokens(s1, s2, drop_punct=True)
    n1, n2 = result.lengths
    paths = [p for *_, p in result.matched_words]
    return {
        "simmat": result.simmat,
        "relmat": result.relmat,
        "penalty": result.penalty,
        "phrase_cover": 2 * result.phrase_words / (n1 + n2) if n1 + n2 else 0.0,
        "longest_phrase": max((len(p) for p in result.matched_phrases), default=0) / max(n1, n2, 1),
        "word_path_mean": sum(paths) / len(paths) if paths else 0.0,
        "remaining_min": min(result.remaining) / max(n1, n2, 1),
        "remaining_max": max(result.remaining) / max(n1, n2, 1),
        "relmat_a08": relmat_score(map(len, result.matched_phrases), paths, 0.8),
        "relmat_nopunct": variant.relmat,
        "penalty_nopunct": variant.penalty,
    }


def length_features(s1: Sentence, s2: Sentence) -> dict[str, float]:
    n1, n2 = len(s1), len(s2)
    return {
        "len_diff": abs(n1 - n2),
        "len_ratio": min(n1, n2) / max(n1, n2) if max(n1, n2) else 1.0,
        "len_log_mean": math.log1p((n1 + n2) / 2),
    }


def _f_score(a: Counter[Item], b: Counter[Item]) -> tuple[float, float, float]:
    common = sum((a & b).values())
    p = common / sum(a.values()) if a else 0.0
    r = common / sum(b.values()) if b else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def _char_ngrams(text: str, n: int = 3) -> set[str]:
    text = f" {text} "
    return {text[i : i + n] for i in range(len(text) - n + 1)}


def _mismatch(a: set[str], b: set[str]) -> float:
    union = a | b
    return len(a ^ b) / len(union) if union else 0.0


def overlap_features(s1: Sentence, s2: Sentence) -> dict[str, float]:
    content1 = Counter(t.lemma for t in s1 if _CONTENT_TAG.match(t.tag))
    content2 = Counter(t.lemma for t in s2 if _CONTENT_TAG.match(t.tag))
    p, r, f = _f_score(content1, content2)
    lemmas1 = [t.lemma for t in s1 if not t.is_punct]
    lemmas2 = [t.lemma for t in s2 if not t.is_punct]
    *_, bigram_f = _f_score(
        Counter(itertools.pairwise(lemmas1)), Counter(itertools.pairwise(lemmas2))
    )
    text1, text2 = " ".join(words(s1)), " ".join(words(s2))
    grams1, grams2 = _char_ngrams(text1), _char_ngrams(text2)
    numbers1 = {t.text.replace(",", "") for t in s1 if _NUMBER.search(t.text)}
    numbers2 = {t.text.replace(",", "") for t in s2 if _NUMBER.search(t.text)}
    propn1 = {t.lemma for t in s1 if t.tag.startswith("NNP")}
    propn2 = {t.lemma for t in s2 if t.tag.startswith("NNP")}
    negated1 = any(t.lemma in _NEGATIONS for t in s1)
    negated2 = any(t.lemma in _NEGATIONS for t in s2)
    return {
        "content_p": min(p, r),
        "content_r": max(p, r),
        "content_f": f,
        "bigram_f": bigram_f,
        "char3_jaccard": len(grams1 & grams2) / len(grams1 | grams2) if grams1 | grams2 else 0.0,
        "token_set_ratio": fuzz.token_set_ratio(text1, text2) / 100.0,
        "number_mismatch": _mismatch(numbers1, numbers2),
        "number_any": float(bool(numbers1 or numbers2)),
        "propn_mismatch": _mismatch(propn1, propn2),
        "negation_mismatch": float(negated1 != negated2),
    }


@lru_cache(maxsize=100_000)
def information(word: str) -> float:
    """Information content of a word: 8 − its Zipf frequency (0 for the commonest words)."""
    from wordfreq import zipf_frequency  # slow to import: only when features are computed

    return max(0.0, 8.0 - zipf_frequency(word, "en"))


def _unaligned(sentence: Sentence, other: Sentence) -> tuple[list[Token], list[Token]]:
    """Content tokens of `sentence`, and those with no same or WordNet-close lemma in `other`:
    path similarity 0.5 or more, a path of at most one edge, checked on the sets of synsets
    within one edge (`within_one_edge`) rather than pair by pair."""
    content = [t for t in sentence if not t.is_punct and t.tag not in MINOR_TAGS]
    others = {t.lemma for t in other if not t.is_punct}
    own_synsets: set[str] = set()
    above_synsets: set[str] = set()
    for lemma in others:
        own, above = within_one_edge(lemma)
        own_synsets |= own
        above_synsets |= above
    reachable = own_synsets | above_synsets
    unaligned = []
    for t in content:
        if t.lemma in others:
            continue
        own, above = within_one_edge(t.lemma)
        if own.isdisjoint(reachable) and above.isdisjoint(own_synsets):
            unaligned.append(t)
    return content, unaligned


def weighted_features(s1: Sentence, s2: Sentence) -> dict[str, float]:
    covers, unmatched, tops, propn, numbers = [], [], [], 0, 0
    for sentence, other in ((s1, s2), (s2, s1)):
        content, unaligned = _unaligned(sentence, other)
        total = sum(information(t.text.lower()) for t in content)
        missing = [information(t.text.lower()) for t in unaligned]
        covers.append(1 - sum(missing) / total if total else 1.0)
        unmatched.append(sum(missing))
        tops.append(max(missing, default=0.0))
        propn += sum(t.tag.startswith("NNP") for t in unaligned)
        numbers += sum(t.tag == "CD" for t in unaligned)
    return {
        "ic_cover_min": min(covers),
        "ic_cover_max": max(covers),
        "ic_unmatched_min": min(unmatched),
        "ic_unmatched_max": max(unmatched),
        "ic_unmatched_top": max(tops),
        "ic_unmatched_propn": propn,
        "ic_unmatched_number": numbers,
    }


GROUP_FUNCTIONS = {
    "simmat": simmat_features,
    "mt": lambda s1, s2: mt_features(words(s1), words(s2)),
    "length": length_features,
    "overlap": overlap_features,
    "weighted": weighted_features,
}


def pair_features(
    s1: Sentence, s2: Sentence, groups: Iterable[str] = FEATURE_GROUPS
) -> dict[str, float]:
    """The hand-built features of a parsed pair for these groups, keyed by name."""
    features: dict[str, float] = {}
    for group in groups:
        features.update(GROUP_FUNCTIONS[group](s1, s2))
    return features


def feature_names(groups: Iterable[str]) -> list[str]:
    names: list[str] = []
    for group in groups:
        if group not in FEATURE_GROUPS:
            raise ValueError(f"unknown feature group {group!r}; known: {', '.join(FEATURE_GROUPS)}")
        names.extend(FEATURE_GROUPS[group])
    return names
