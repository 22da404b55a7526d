"""The MT metrics computed from cached sentence profiles equal the reference implementations
they replace (NLTK's BLEU, NIST and METEOR, sacrebleu's chrF, chrF++ and TER), so the shipped
detector's features did not change when they were made fast (issue 16)."""

from __future__ import annotations

import random

import pytest

from osnguard.privacy.paraphrase import mt_metrics

SENTENCES = [
    "the cat sat on the mat .",
    "on the mat the cat sat .",
    'amrozi accused his brother , whom he called " the witness " , of deliberately distorting '
    "his evidence .",
    'referring to him as only " the witness " , amrozi accused his brother of deliberately '
    "distorting his evidence .",
    "the company said it expects revenue to grow 5 % next year .",
    "revenue will grow by 5 % next year , the firm said .",
    "shares of the bank fell 3 cents to $ 21.10 on friday .",
    "a",
    "we met at noon",
]


def pairs() -> list[tuple[list[str], list[str]]]:
    """Real sentence pairs, and random ones over a small vocabulary (many repeated words and
    shifted blocks, where TER's search and the n-gram clipping have the most to do)."""
    found = [(a.split(), b.split()) for a in SENTENCES for b in SENTENCES]
    rng = random.Random(7)
    vocabulary = ["a", "b", "c", "d", "e", "f", "the", "of"]
    for _ in range(400):
        found.append(
            (
                [rng.choice(vocabulary) for _ in range(rng.randint(1, 30))],
                [rng.choice(vocabulary) for _ in range(rng.randint(1, 30))],
            )
        )
    return found


def test_bleu_and_nist_equal_nltk() -> None:
    from nltk.translate.bleu_score import SmoothingFunction, sentence_bleu
    from nltk.translate.nist_score import sentence_nist

    smooth = SmoothingFunction().method1
    for hyp, ref in pairs():
        for n in range(1, 5):
            expected = sentence_bleu([ref], hyp, weights=(1.0 / n,) * n, smoothing_function=smooth)
            assert mt_metrics.bleu(hyp, ref, n) == pytest.approx(expected, abs=1e-12)
        for n in range(1, 6):
            try:
                expected = sentence_nist([ref], hyp, n=n)
            except ZeroDivisionError:
                expected = 0.0
            assert mt_metrics.nist(hyp, ref, n) == pytest.approx(expected, abs=1e-9)


def test_meteor_equals_nltk_with_wordnet() -> None:
    from nltk.translate.meteor_score import meteor_score

    from osnguard.privacy.resources import wordnet

    for hyp, ref in pairs()[:150]:
        expected = meteor_score([ref], hyp, wordnet=wordnet())
        assert mt_metrics.meteor(hyp, ref) == pytest.approx(expected, abs=1e-12)


def test_chrf_equals_sacrebleu() -> None:
    from sacrebleu.metrics import CHRF

    plain, plus = CHRF(), CHRF(word_order=2)
    for hyp, ref in pairs():
        a, b = " ".join(hyp), " ".join(ref)
        assert mt_metrics.chrf(a, b) == pytest.approx(
            plain.sentence_score(a, [b]).score / 100, abs=1e-12
        )
        assert mt_metrics.chrf(a, b, plus=True) == pytest.approx(
            plus.sentence_score(a, [b]).score / 100, abs=1e-12
        )


def test_ter_edits_equal_sacrebleu() -> None:
    from sacrebleu.metrics import TER

    metric = TER()
    for hyp, ref in pairs():
        score = metric.sentence_score(" ".join(hyp), [" ".join(ref)])
        assert mt_metrics.ter_edits(hyp, ref) == round(score.score / 100 * len(ref))


def test_features_are_symmetric_and_finite() -> None:
    for a, b in pairs()[:100]:
        forward, backward = mt_metrics.mt_features(a, b), mt_metrics.mt_features(b, a)
        assert set(forward) == set(mt_metrics.MT_FEATURES)
        for name in mt_metrics.MT_FEATURES:
            assert forward[name] == pytest.approx(backward[name], abs=1e-12), name
    empty = mt_metrics.mt_features([], ["a"])
    assert empty["bleu1"] == 0.0 and empty["ter"] == 1.0 and empty["wer"] == 1.0
