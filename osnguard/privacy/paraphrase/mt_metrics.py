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

**Speed (issue 16).** What a sentence contributes to every metric is computed once per distinct
sentence and cached: its word n-grams and NIST information weights as a reference
(`text_profile`), its chrF character and word n-grams (`chrf_ngrams`), the Porter stems and
WordNet synonyms of its words; so a stored version compared with many crawled sentences, or a
crawled sentence compared with many stored versions, is prepared once. The metrics keep the
arithmetic of the implementations they replace, NLTK's `sentence_bleu` (smoothing method 1),
`sentence_nist` and `meteor_score`, sacrebleu's `CHRF` and `TER`; matches are counted once for
both directions. TER keeps sacrebleu's Tercom-style shift search and its alignment table (beam
and preferences), but scores each candidate shift with rapidfuzz's word edit distance.
tests/privacy/paraphrase/test_mt_metrics.py checks every metric against the original.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
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
# distinct sentences kept with their word-level profiles (about 56 MB when full) and their
# chrF n-grams (about 40 KB each: 40 MB when full)
PROFILE_CACHE = 4096
CHARACTER_CACHE = 1024
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
    """What one sentence contributes to the word-level metrics, computed once per distinct
    sentence (about 14 KB for a 20-word sentence)."""

    words: tuple[str, ...]
    ngrams: tuple[Counter[tuple[str, ...]], ...]  # orders 1..MAX_ORDER
    information: dict[tuple[str, ...], float]  # NIST weights of its n-grams, as a reference


@lru_cache(maxsize=PROFILE_CACHE)
def text_profile(words: tuple[str, ...]) -> TextProfile:
    """The cached profile of a lower-cased token sequence."""
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
    return TextProfile(words, ngrams, information)


@lru_cache(maxsize=CHARACTER_CACHE)
def chrf_ngrams(text: str) -> tuple[Counter[Any], ...]:
    """sacrebleu's chrF++ n-grams of a text: character 1- to 6-grams (chrF's own), then word
    1- and 2-grams; cached apart from the profiles, being four times their size."""
    from sacrebleu.metrics.helpers import extract_all_char_ngrams, extract_word_ngrams

    plain, plus = _scorers().chrf, _scorers().chrfpp
    if plus.char_order != plain.char_order:
        raise AssertionError("chrF and chrF++ are meant to share their character n-grams")
    characters = extract_all_char_ngrams(text, plain.char_order, False)
    split = plus._remove_punctuation(text)
    words = [extract_word_ngrams(split, n) for n in range(1, plus.word_order + 1)]
    return (*characters, *words)


def _profile(words: Sequence[str]) -> TextProfile:
    return text_profile(tuple(words))


def bleu(hyp: Sequence[str], ref: Sequence[str], n: int) -> float:
    """Sentence BLEU with uniform weights up to n-grams of order n (smoothed, method 1)."""
    if not hyp or not ref:
        return 0.0
    return _bleu_orders(_profile(hyp), _profile(ref), n)[n - 1]


def _bleu_orders(hyp: TextProfile, ref: TextProfile, highest: int = 4) -> list[float]:
    """BLEU with uniform weights up to each order 1..highest, from one count of the n-grams."""
    precisions = []
    for order in range(highest):
        counts, reference = hyp.ngrams[order], ref.ngrams[order]
        common = counts.keys() & reference.keys()
        matched = sum(map(min, map(counts.__getitem__, common), map(reference.__getitem__, common)))
        if order == 0 and matched == 0:
            return [0.0] * highest
        precisions.append((matched or BLEU_EPSILON) / max(1, counts.total()))
    length, reference_length = len(hyp.words), len(ref.words)
    penalty = 1.0 if length > reference_length else math.exp(1 - reference_length / length)
    scores = []
    for n in range(1, highest + 1):
        weight = 1.0 / n
        logs = (weight * math.log(p) for p in precisions[:n] if p > 0)
        scores.append(penalty * math.exp(math.fsum(logs)))
    return scores


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


# METEOR's parameters, NLTK's defaults
METEOR_ALPHA, METEOR_BETA, METEOR_GAMMA = 0.9, 3.0, 0.5


@lru_cache(maxsize=100_000)
def _stem(word: str) -> str:
    return str(_porter().stem(word))


@load_once
def _porter() -> Any:
    from nltk.stem.porter import PorterStemmer

    return PorterStemmer()


@lru_cache(maxsize=100_000)
def _synonyms(word: str) -> frozenset[str]:
    """The word and the one-word lemma names of its WordNet synsets, as METEOR matches them."""
    names = {
        lemma.name()
        for synset in wordnet().synsets(word)
        for lemma in synset.lemmas()
        if "_" not in lemma.name()
    }
    return frozenset(names | {word})


Enumerated = list[tuple[int, str]]


def _match_stage(
    hyp: Enumerated, ref: Enumerated, synonyms: bool = False
) -> tuple[list[tuple[int, int]], Enumerated, Enumerated]:
    """NLTK's `_match_enums` (or, with `synonyms`, `_enum_wordnetsyn_match`): from the last
    hypothesis word back, match the latest unused reference word equal to it (or to one of its
    synonyms); returns the matched positions and what is left of each side."""
    positions: dict[str, list[int]] = {}
    for j, (_, word) in enumerate(ref):
        positions.setdefault(word, []).append(j)
    matched: list[tuple[int, int]] = []
    used_hyp: set[int] = set()
    used_ref: set[int] = set()
    for i in range(len(hyp) - 1, -1, -1):
        word = hyp[i][1]
        if synonyms:
            best, best_word = -1, None
            for candidate in _synonyms(word):
                found = positions.get(candidate)
                if found and found[-1] > best:
                    best, best_word = found[-1], candidate
            if best_word is None:
                continue
            j = positions[best_word].pop()
        else:
            found = positions.get(word)
            if not found:
                continue
            j = found.pop()
        used_hyp.add(i)
        used_ref.add(j)
        matched.append((hyp[i][0], ref[j][0]))
    left_hyp = [pair for i, pair in enumerate(hyp) if i not in used_hyp]
    left_ref = [pair for j, pair in enumerate(ref) if j not in used_ref]
    return matched, left_hyp, left_ref


def meteor(hyp: Sequence[str], ref: Sequence[str]) -> float:
    """NLTK's sentence METEOR (exact, then Porter stem, then WordNet synonym matches; its
    defaults alpha 0.9, beta 3, gamma 0.5), with stems and synonyms looked up once per word."""
    if not hyp or not ref:
        return 0.0
    hyp_words = list(enumerate(w.lower() for w in hyp))
    ref_words = list(enumerate(w.lower() for w in ref))
    exact, hyp_left, ref_left = _match_stage(hyp_words, ref_words)
    hyp_stems = [(i, _stem(w)) for i, w in hyp_left]
    ref_stems = [(j, _stem(w)) for j, w in ref_left]
    stemmed, hyp_left, ref_left = _match_stage(hyp_stems, ref_stems)
    similar, _, _ = _match_stage(hyp_left, ref_left, synonyms=True)
    matches = sorted(exact + stemmed + similar, key=lambda pair: pair[0])
    if not matches:
        return 0.0
    precision = len(matches) / len(hyp_words)
    recall = len(matches) / len(ref_words)
    fmean = (precision * recall) / (METEOR_ALPHA * precision + (1 - METEOR_ALPHA) * recall)
    chunks = 1 + sum(
        1 for (h1, r1), (h2, r2) in pairwise(matches) if not (h2 == h1 + 1 and r2 == r1 + 1)
    )
    penalty = METEOR_GAMMA * (chunks / len(matches)) ** METEOR_BETA
    return float((1 - penalty) * fmean)


def symmetric_ter(text1: str, text2: str) -> float:
    """TER edits (with shifts) over the mean length of the two texts, capped at 2.

    The shift search runs once, in a fixed order of the two texts."""
    if not text1.strip() or not text2.strip():
        return 1.0
    hyp, ref = sorted((text1, text2))
    hyp_words, ref_words = hyp.split(), ref.split()
    edits = _as_sacrebleu(ter_edits(hyp_words, ref_words), len(ref_words)) * len(ref_words)
    return min(edits / (0.5 * (len(hyp_words) + len(ref_words))), 2.0)


def ter(hyp: str, ref: str) -> float:
    """Translation edit rate, as a fraction of the reference length, capped at 2."""
    if not hyp.strip() or not ref.strip():
        return 1.0
    ref_words = ref.split()
    return min(_as_sacrebleu(ter_edits(hyp.split(), ref_words), len(ref_words)), 2.0)


def _as_sacrebleu(edits: int, reference_length: int) -> float:
    """Edits over the reference length by sacrebleu's float path (a percentage, then divided by
    100), so that the features keep their exact bits and the shipped model its values."""
    return float(100 * (edits / reference_length)) / 100.0


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
        left = current[low - 1]
        for j in range(low, high):
            # sacrebleu's order of preference: match or substitution, skip a hypothesis word,
            # skip a reference word (the first of equal costs wins)
            best = previous[j - 1]
            if word == ref[j - 1]:
                chosen = MATCH
            else:
                best += 1
                chosen = SUBSTITUTE
            up = previous[j] + 1
            if up < best:
                best, chosen = up, SKIP_HYP
            if left + 1 < best:
                best, chosen = left + 1, SKIP_REF
            current[j] = left = best
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
    before = int(Levenshtein.distance(hyp, ref))
    if before <= abs(len(hyp) - len(ref)):
        return 0, hyp, checked  # no shift can go below the length difference
    blocks = _shifted_pairs(hyp, ref, starts)
    if not blocks:
        return 0, hyp, checked
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
    forward, _, forward_plus, _ = _chrf_both(hyp, ref)
    return forward_plus if plus else forward


def _chrf_both(one: str, two: str) -> tuple[float, float, float, float]:
    """chrF of `one` against `two` and of `two` against `one`, then the same for chrF++:
    sacrebleu's match statistics, counted once (the matches are the same both ways, the totals
    swap; chrF++ adds word n-grams to the same character statistics)."""
    plain, plus = _scorers().chrf, _scorers().chrfpp
    forward: list[int] = []
    backward: list[int] = []
    for h, r in zip(chrf_ngrams(one), chrf_ngrams(two)):
        common = h.keys() & r.keys()
        matched = sum(map(min, map(h.__getitem__, common), map(r.__getitem__, common)))
        h_total, r_total = h.total(), r.total()
        forward += [h_total if r else 0, r_total, matched]
        backward += [r_total if h else 0, h_total, matched]
    characters = 3 * plain.order
    return (
        float(plain._compute_f_score(forward[:characters])) / 100.0,
        float(plain._compute_f_score(backward[:characters])) / 100.0,
        float(plus._compute_f_score(forward)) / 100.0,
        float(plus._compute_f_score(backward)) / 100.0,
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
        forward, backward = _bleu_orders(one, two), _bleu_orders(two, one)
        for n in range(1, 5):
            features[f"bleu{n}"] = 0.5 * (forward[n - 1] + backward[n - 1])
        forward, backward = _nist(one, two), _nist(two, one)
        for n in range(1, MAX_ORDER + 1):
            features[f"nist{n}"] = 0.5 * (forward[n - 1] + backward[n - 1])
    else:
        features.update({f"bleu{n}": 0.0 for n in range(1, 5)})
        features.update({f"nist{n}": 0.0 for n in range(1, MAX_ORDER + 1)})
    features["meteor"] = _both_ways(meteor, words1, words2)
    features["ter"] = symmetric_ter(text1, text2)
    if text1.strip() and text2.strip():
        forward_c, backward_c, forward_plus, backward_plus = _chrf_both(text1, text2)
        features["chrf"] = 0.5 * (forward_c + backward_c)
        features["chrfpp"] = 0.5 * (forward_plus + backward_plus)
    else:
        features["chrf"] = features["chrfpp"] = 0.0
    if words1 and words2:
        # the word edit distance and the shared words are the same both ways; the lengths differ
        distance = int(Levenshtein.distance(list(words1), list(words2)))
        common = sum((one.ngrams[0] & two.ngrams[0]).values())
        longest = max(len(words1), len(words2))
        features["wer"] = 0.5 * (distance / len(words2) + distance / len(words1))
        features["per"] = 0.5 * (
            (longest - common) / len(words2) + (longest - common) / len(words1)
        )
    else:
        features["wer"] = _both_ways(wer, words1, words2)
        features["per"] = _both_ways(per, words1, words2)
    for key, value in features.items():
        if not math.isfinite(value):
            features[key] = 0.0
    return features
