"""The cached WordNet path similarity equals NLTK's, maximised over synset pairs."""

from __future__ import annotations

import itertools

import pytest

from osnguard.privacy.paraphrase.wordnet_paths import (
    nltk_word_path_similarity,
    word_path_similarity,
)

WORDS = ["study", "finding", "dog", "cat", "run", "walk", "happy", "quickly", "bank", "say",
         "announce", "large", "Tokyo", "xyzzy"]  # fmt: skip


@pytest.mark.parametrize("w1, w2", list(itertools.combinations(WORDS, 2))[::4])
def test_same_values_as_nltk(w1, w2):
    assert word_path_similarity(w1, w2) == pytest.approx(nltk_word_path_similarity(w1, w2))


def test_identity_unknown_words_and_symmetry():
    assert word_path_similarity("dog", "Dog") == 1.0
    assert word_path_similarity("xyzzy", "dog") == 0.0
    assert word_path_similarity("dog", "cat") == word_path_similarity("cat", "dog")
    assert word_path_similarity("study", "finding") == pytest.approx(1 / 3)
