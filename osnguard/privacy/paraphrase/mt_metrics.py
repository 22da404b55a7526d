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

**Speed (issue 16).** What a sentence contributes to every metric (its word n-grams, NIST
information weights as a reference, chrF character and word n-grams, Porter stems, WordNet
synonyms) is computed once per distinct sentence (`text_profile`, cached), so a stored version
compared with many crawled sentences is prepared once. BLEU, NIST and chrF are computed from
those profiles with the same arithmetic as NLTK's `sentence_bleu` (smoothing method 1),
`sentence_nist` and sacrebleu's `CHRF` (tests/privacy/paraphrase/test_mt_metrics.py checks
equality); METEOR is NLTK's, given a cached stemmer and synonym table. TER follows sacrebleu's
Tercom-style greedy shift search, scoring each candidate shift with rapidfuzz's exact word edit
distance instead of sacrebleu's pure-Python beam search, and aligning with rapidfuzz's
opcodes; on MSRP it agrees with sacrebleu on nearly every pair (the test bounds the rest).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rapidfuzz.distance import Levenshtein

from osnguard.privacy.resources import load_once, wordnet

if TYPE_CHECKING:
    from sacrebleu.metrics import CHRF

MT_FEATURES: tuple[str, ...] = (
    "bleu1", "bleu2", "bleu3", "bleu4",
    "nist1", "nist2", "nist3", "nist4", "nist5",
    "meteor", "ter", "chrf", "chrfpp", "wer", "per",
)  # fmt: skip

MAX_ORDER = 5  # NIST's highest n-gram order (BLEU's is 4)
BLEU_EPSILON = 0.1  # NLTK's smoothing method 1
PROFILE_CACHE = 20_000  # distinct sentences kept with their metric profiles
# Tercom's limits, as sacrebleu keeps them
MAX_SHIFT_SIZE = 10
MAX_SHIFT_DIST = 50
MAX_SHIFT_CANDIDATES = 1000
BEAM_WIDTH = 25
# moves of the TER alignment table
MATCH, SUBSTITUTE, SKIP_HYP, SKIP_REF, UNDEFINED = range(5)
INSERT = SKIP_REF  # the first row: reference words before any hypothesis word


@dataclass(frozen=True)
class _Scorers:
    """sacrebleu's chrF scorers, made on first use (importing sacrebleu takes a while)."""

    chrf: CHRF
    chrfpp: CHRF


@load_once
def _scorers() -> _Scorers:
    from sacrebleu.metrics import CHRF

    return _Scorers(CHRF(), CHRF(word_order=2))


@dataclass(frozen=True)
class TextProfile:
    """What one sentence contributes to every metric, computed once per distinct sentence."""

    words: tuple[str, ...]
    ngrams: tuple[Counter[tuple[str, ...]], ...]  # orders 1..MAX_ORDER
    information: dict[tuple[str, ...], float]  # NIST weights of its n-grams, as a reference
    chrf: tuple[Counter[str], ...]  # sacrebleu's character n-grams
    chrfpp: tuple[Counter[Any], ...]  # character n-grams, then word unigrams and bigrams


@lru_cache(maxsize=PROFILE_CACHE)
def text_profile(words: tuple[str, ...]) -> TextProfile:
    """The cached profile of a lower-cased token sequence."""
    from sacrebleu.metrics.helpers import extract_all_char_ngrams, extract_word_ngrams

    ngrams = tuple(Counter(zip(*(words[i:] for i in range(n)))) for n in range(1, MAX_ORDER + 1))
    frequency: Counter[tuple[str, ...]] = Counter()
    for counts in ngrams:
        frequency.update(counts)
    information = {
        gram: math.log(
            (frequency[gram[:-1]] if gram[:-1] and gram[:-1] in frequency else len(words)) / count,
            2,
        )
        for gram, count in frequency.items()
    }
    text = " ".join(words)
    plain, plus = _scorers().chrf, _scorers().chrfpp
    characters = tuple(extract_all_char_ngrams(text, plain.char_order, False))
    if plus.char_order != plain.char_order:
        raise AssertionError("chrF and chrF++ are meant to share their character n-grams")
    split = plus._remove_punctuation(text)
    with_words = (
        *characters,
        *(extract_word_ngrams(split, n) for n in range(1, plus.word_order + 1)),
    )
    return TextProfile(words, ngrams, information, characters, with_words)


def _profile(words: Sequence[str]) -> TextProfile:
    return text_profile(tuple(words))


def bleu(hyp: Sequence[str], ref: Sequence[str], n: int) -> float:
    """Sentence BLEU with uniform weights up to n-grams of order n (smoothed, method 1)."""
    if not hyp or not ref:
        return 0.0
    return _bleu(_profile(hyp), _profile(ref), n)


def _bleu(hyp: TextProfile, ref: TextProfile, n: int) -> float:
    precisions = []
    for order in range(n):
        counts, reference = hyp.ngrams[order], ref.ngrams[order]
        common = counts.keys() & reference.keys()
        matched = sum(map(min, map(counts.__getitem__, common), map(reference.__getitem__, common)))
        total = max(1, counts.total())
        if order == 0 and matched == 0:
            return 0.0
        precisions.append((matched or BLEU_EPSILON) / total)
    length, reference_length = len(hyp.words), len(ref.words)
    penalty = 1.0 if length > reference_length else math.exp(1 - reference_length / length)
    weight = 1.0 / n
    return penalty * math.exp(math.fsum(weight * math.log(p) for p in precisions if p > 0))


def nist(hyp: Sequence[str], ref: Sequence[str], n: int) -> float:
    """Sentence NIST up to order n; 0 where NLTK cannot score (too few n-grams)."""
    if not hyp or not ref:
        return 0.0
    return _nist(_profile(hyp), _profile(ref))[n - 1]


def _nist(hyp: TextProfile, ref: TextProfile) -> list[float]:
    """NIST for orders 1..MAX_ORDER at once (each order adds its information precision)."""
    ratio = len(hyp.words) / len(ref.words)
    if 0 < ratio < 1:
        beta = math.log(0.5) / math.log(1.5) ** 2
        penalty = math.exp(beta * math.log(ratio) ** 2)
    else:
        penalty = max(min(ratio, 1.0), 0.0)
    scores, precision = [], 0.0
    for order in range(MAX_ORDER):
        counts, reference = hyp.ngrams[order], ref.ngrams[order]
        total = sum(counts.values())
        if total == 0:
            scores.extend([0.0] * (MAX_ORDER - order))  # NLTK divides by zero: no score
            break
        matched = sum(
            ref.information[g] * min(c, reference[g]) for g, c in counts.items() if g in reference
        )
        precision += matched / total
        scores.append(precision * penalty)
    return scores


class _CachedStemmer:
    """NLTK's Porter stemmer, each word stemmed once."""

    def __init__(self) -> None:
        from nltk.stem.porter import PorterStemmer

        self._stem = lru_cache(maxsize=100_000)(PorterStemmer().stem)

    def stem(self, word: str) -> str:
        return str(self._stem(word))


@dataclass(frozen=True)
class _Lemma:
    _name: str

    def name(self) -> str:
        return self._name


@dataclass(frozen=True)
class _Synset:
    _lemmas: tuple[_Lemma, ...]

    def lemmas(self) -> tuple[_Lemma, ...]:
        return self._lemmas


class _CachedSynonyms:
    """The part of NLTK's WordNet reader METEOR uses, each word looked up once: one synset
    holding the lemma names of all the word's synsets (METEOR only takes their union)."""

    @staticmethod
    @lru_cache(maxsize=100_000)
    def synsets(word: str) -> list[_Synset]:
        names = dict.fromkeys(
            lemma.name() for synset in wordnet().synsets(word) for lemma in synset.lemmas()
        )
        return [_Synset(tuple(_Lemma(name) for name in names))]


@load_once
def _meteor_helpers() -> tuple[_CachedStemmer, _CachedSynonyms]:
    return _CachedStemmer(), _CachedSynonyms()


def meteor(hyp: Sequence[str], ref: Sequence[str]) -> float:
    """NLTK METEOR (exact, Porter stem and WordNet synonym matches)."""
    if not hyp or not ref:
        return 0.0
    from nltk.translate.meteor_score import meteor_score

    stemmer, synonyms = _meteor_helpers()
    return float(meteor_score([list(ref)], list(hyp), stemmer=stemmer, wordnet=synonyms))


def symmetric_ter(text1: str, text2: str) -> float:
    """TER edits (with shifts) over the mean length of the two texts, capped at 2.

    The shift search runs once, in a fixed order of the two texts."""
    if not text1.strip() or not text2.strip():
        return 1.0
    hyp, ref = sorted((text1, text2))
    hyp_words, ref_words = hyp.split(), ref.split()
    edits = ter_edits(hyp_words, ref_words)
    return min(edits / (0.5 * (len(hyp_words) + len(ref_words))), 2.0)


def ter(hyp: str, ref: str) -> float:
    """Translation edit rate, as a fraction of the reference length, capped at 2."""
    if not hyp.strip() or not ref.strip():
        return 1.0
    ref_words = ref.split()
    return min(ter_edits(hyp.split(), ref_words) / len(ref_words), 2.0)


def ter_edits(hyp: list[str], ref: list[str]) -> int:
    """Tercom's number of edits (word edits plus shifts) turning `hyp` into `ref`: shift the
    block that lowers the edit distance most (sacrebleu's candidate rules and ranking) until no
    shift helps."""
    if not ref:
        return len(hyp)
    starts: dict[str, list[int]] = {}
    for j, word in enumerate(ref):
        starts.setdefault(word, []).append(j)
    shifts, checked = 0, 0
    while True:
        gain, shifted, checked = _best_shift(hyp, ref, starts, checked)
        if checked >= MAX_SHIFT_CANDIDATES or gain <= 0:
            break
        shifts += 1
        hyp = shifted
    return shifts + int(Levenshtein.distance(hyp, ref))


def _alignment(hyp: list[str], ref: list[str]) -> tuple[dict[int, int], list[int], list[int]]:
    """sacrebleu's alignment of `hyp` with `ref` (`BeamEditDistance` then `trace_to_alignment`):
    its edit-distance table over a beam around the diagonal, each cell preferring a match or
    substitution, then skipping a hypothesis word, then a reference word; the hypothesis position
    each reference position lines up with, and which reference and hypothesis words are in error."""
    rows, cols = len(hyp), len(ref)
    infinity = rows + cols + 1
    ratio = cols / rows if rows else 1.0
    width = math.ceil(ratio / 2 + BEAM_WIDTH) if ratio / 2 > BEAM_WIDTH else BEAM_WIDTH
    previous = list(range(cols + 1))
    moves: list[list[int]] = [[INSERT] * (cols + 1)]
    for i in range(1, rows + 1):
        diagonal = math.floor(i * ratio)
        low, high = max(0, diagonal - width), min(cols + 1, diagonal + width)
        if i == rows:
            high = cols + 1
        current = [infinity] * (cols + 1)
        move = [UNDEFINED] * (cols + 1)
        word = hyp[i - 1]
        if low == 0:
            current[0], move[0] = previous[0] + 1, SKIP_HYP
            low = 1
        for j in range(low, high):
            if word == ref[j - 1]:
                best, chosen = previous[j - 1], MATCH
            else:
                best, chosen = previous[j - 1] + 1, SUBSTITUTE
            if previous[j] + 1 < best:
                best, chosen = previous[j] + 1, SKIP_HYP
            if current[j - 1] + 1 < best:
                best, chosen = current[j - 1] + 1, SKIP_REF
            current[j] = best
            move[j] = chosen
        previous = current
        moves.append(move)
    script = []
    i, j = rows, cols
    while i > 0 or j > 0:
        op = moves[i][j]
        script.append(op)
        if op in (MATCH, SUBSTITUTE):
            i, j = i - 1, j - 1
        elif op == SKIP_REF:
            j -= 1
        elif op == SKIP_HYP:
            i -= 1
        else:  # outside the beam: sacrebleu raises here too
            raise ValueError("TER alignment left its beam")
    align: dict[int, int] = {}
    ref_err: list[int] = []
    hyp_err: list[int] = []
    pos_hyp = pos_ref = -1
    for op in reversed(script):
        if op in (MATCH, SUBSTITUTE):
            pos_hyp += 1
            pos_ref += 1
            align[pos_ref] = pos_hyp
            error = int(op == SUBSTITUTE)
            hyp_err.append(error)
            ref_err.append(error)
        elif op == SKIP_HYP:  # a hypothesis word with no counterpart
            pos_hyp += 1
            hyp_err.append(1)
        else:  # a reference word with no counterpart
            pos_ref += 1
            align[pos_ref] = pos_hyp
            ref_err.append(1)
    return align, ref_err, hyp_err


def _best_shift(
    hyp: list[str], ref: list[str], starts: dict[str, list[int]], checked: int
) -> tuple[int, list[str], int]:
    """sacrebleu's `_shift`: the shift of a matching block that gains most, ranked like Tercom
    (gain, then longer, earlier, then earlier target)."""
    blocks = _shifted_pairs(hyp, ref, starts)
    if not blocks:
        return 0, hyp, checked
    before = int(Levenshtein.distance(hyp, ref))
    align, ref_err, hyp_err = _alignment(hyp, ref)
    best: tuple[int, int, int, int, list[str]] | None = None
    for start_h, start_r, length in blocks:
        if not any(hyp_err[start_h : start_h + length]):
            continue
        if not any(ref_err[start_r : start_r + length]):
            continue
        if start_h <= align[start_r] < start_h + length:
            continue
        previous = -1
        for offset in range(-1, length):
            if start_r + offset == -1:
                target = 0
            elif start_r + offset in align:
                target = align[start_r + offset] + 1
            else:
                break
            if target == previous:
                continue
            previous = target
            shifted = _perform_shift(hyp, start_h, length, target)
            gain = before - int(Levenshtein.distance(shifted, ref))
            candidate = (gain, length, -start_h, -target, shifted)
            checked += 1
            if best is None or candidate > best:
                best = candidate
        if checked >= MAX_SHIFT_CANDIDATES:
            break
    if best is None:
        return 0, hyp, checked
    return best[0], best[4], checked


def _shifted_pairs(
    hyp: list[str], ref: list[str], starts: dict[str, list[int]]
) -> list[tuple[int, int, int]]:
    """(hyp start, ref start, length) of every matching block, in sacrebleu's order."""
    found = []
    for start_h, word in enumerate(hyp):
        for start_r in starts.get(word, ()):
            if abs(start_r - start_h) > MAX_SHIFT_DIST:
                continue
            length = 0
            while (
                start_h + length < len(hyp)
                and start_r + length < len(ref)
                and hyp[start_h + length] == ref[start_r + length]
                and length < MAX_SHIFT_SIZE
            ):
                length += 1
                found.append((start_h, start_r, length))
    return found


def _perform_shift(words: list[str], start: int, length: int, target: int) -> list[str]:
    if target < start:
        return (
            words[:target]
            + words[start : start + length]
            + words[target:start]
            + words[start + length :]
        )
    if target > start + length:
        return (
            words[:start]
            + words[start + length : target]
            + words[start : start + length]
            + words[target:]
        )
    return (
        words[:start]
        + words[start + length : length + target]
        + words[start : start + length]
        + words[length + target :]
    )


def chrf(hyp: str, ref: str, *, plus: bool = False) -> float:
    """chrF (or chrF++ with word bigrams) in [0, 1]."""
    if not hyp.strip() or not ref.strip():
        return 0.0
    return _chrf_both(_profile(hyp.split()), _profile(ref.split()), plus=plus)[0]


def _chrf_both(one: TextProfile, two: TextProfile, *, plus: bool) -> tuple[float, float]:
    """chrF (or chrF++) of `one` against `two` and of `two` against `one`: sacrebleu's match
    statistics, counted once (the matches are the same both ways; the totals swap)."""
    metric = _scorers().chrfpp if plus else _scorers().chrf
    forward: list[int] = []
    backward: list[int] = []
    for h, r in zip(one.chrfpp, two.chrfpp) if plus else zip(one.chrf, two.chrf):
        common = h.keys() & r.keys()
        matched = sum(map(min, map(h.__getitem__, common), map(r.__getitem__, common)))
        h_total, r_total = h.total(), r.total()
        forward += [h_total if r else 0, r_total, matched]
        backward += [r_total if h else 0, h_total, matched]
    return (
        float(metric._compute_f_score(forward)) / 100.0,
        float(metric._compute_f_score(backward)) / 100.0,
    )


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
    features: dict[str, float] = {}
    if words1 and words2:
        one, two = _profile(words1), _profile(words2)
        for n in range(1, 5):
            features[f"bleu{n}"] = 0.5 * (_bleu(one, two, n) + _bleu(two, one, n))
        forward, backward = _nist(one, two), _nist(two, one)
        for n in range(1, MAX_ORDER + 1):
            features[f"nist{n}"] = 0.5 * (forward[n - 1] + backward[n - 1])
    else:
        features.update({f"bleu{n}": 0.0 for n in range(1, 5)})
        features.update({f"nist{n}": 0.0 for n in range(1, MAX_ORDER + 1)})
    features["meteor"] = _both_ways(meteor, words1, words2)
    features["ter"] = symmetric_ter(text1, text2)
    if text1.strip() and text2.strip():
        one, two = _profile(text1.split()), _profile(text2.split())
        features["chrf"] = 0.5 * sum(_chrf_both(one, two, plus=False))
        features["chrfpp"] = 0.5 * sum(_chrf_both(one, two, plus=True))
    else:
        features["chrf"] = features["chrfpp"] = 0.0
    features["wer"] = _both_ways(wer, words1, words2)
    features["per"] = _both_ways(per, words1, words2)
    for key, value in features.items():
        if not math.isfinite(value):
            features[key] = 0.0
    return features
