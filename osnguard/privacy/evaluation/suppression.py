"""`osnguard evaluate suppression`: temporal suppression on held-out TimeML sentences (thesis §4.3.3).

tbaq is split by document (sorted by name; every fifth document is held out, the rest learn the
patterns). Each held-out sentence with at least one gold TIMEX3 is suppressed twice: with the gold
spans as the time tags (the seed annotated its test tweets by hand) and with the recogniser's own
tags (the realistic case). A sentence counts as a success when
  1. the time phrases are fully gone: no character of any gold TIMEX3 is left, and
  2. the remainder looks grammatical: re-parsed with spaCy it has a verb (or auxiliary) as the root
     of every sentence, no preposition is left without its object, it does not start or end with a
     comma or ends with a conjunction, and it keeps at least two words.
The baseline deletes just the TIMEX3 extent (the seed's "SUTime deletion", 72.88%).
Also: the number of learned patterns and the share of held-out time phrases whose pattern is among
the top 10 (the seed: 84.53% success; the top 10 patterns covered 87.78%).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from osnguard.privacy.resources import nlp
from osnguard.privacy.temporal.corpus import TimeMLDocument, tbaq_documents
from osnguard.privacy.temporal.suppression import (
    _rebuild,
    learn_patterns,
    phrase_patterns,
    suppress,
)

DESCRIPTION = "temporal suppression on held-out TimeML (tbaq) sentences, against the seed's 84.53%"

SEED = {"success": 84.53, "sutime_deletion": 72.88, "top10_coverage": 87.78}


def split_documents(
    documents: list[TimeMLDocument],
) -> tuple[list[TimeMLDocument], list[TimeMLDocument]]:
    """Held-out documents (every fifth by name) and the ones patterns are learned from."""
    ordered = sorted(documents, key=lambda d: d.name)
    test = [d for i, d in enumerate(ordered) if i % 5 == 0]
    train = [d for i, d in enumerate(ordered) if i % 5 != 0]
    return train, test


def looks_grammatical(text: str) -> bool:
    """The operational grammaticality check described in the module docstring."""
    words = re.findall(r"[A-Za-z0-9']+", text)
    if len(words) < 2 or re.match(r"\s*[,;:]", text) or re.search(r"[,;:]\s*[.!?\"']*\s*$", text):
        return False
    doc = nlp()(text)
    for sentence in doc.sents:
        if not any(t.is_alpha for t in sentence):
            continue
        if sentence.root.pos_ not in ("VERB", "AUX"):
            return False
    for token in doc:
        if (
            token.dep_ == "prep"
            and token.pos_ == "ADP"
            and not any(c.dep_ in ("pobj", "pcomp") for c in token.children)
        ):
            return False
    first = next((t for t in doc if not t.is_punct), None)  # a leading "But" is fine
    last: Any = next((t for t in reversed(doc) if not t.is_punct), None)  # not None if first isn't
    return not (first is None or last.pos_ in ("CCONJ", "ADP", "DET"))


def _gone(result_removed: list[tuple[int, int]], gold_spans: list[tuple[int, int]]) -> bool:
    removed: set[int] = set()
    for start, end in result_removed:
        removed.update(range(start, end))
    return all(set(range(start, end)) <= removed for start, end in gold_spans)


def _sentences(
    documents: list[TimeMLDocument],
) -> Iterator[tuple[str, list[tuple[int, int]]]]:
    """(sentence text, gold (start, end) spans in it) for sentences holding gold TIMEX3s."""
    parser = nlp()
    for document, doc in zip(documents, parser.pipe([d.text for d in documents], disable=["ner"])):
        for sentence in doc.sents:
            a, b = sentence.start_char, sentence.end_char
            gold = [
                (t.start - a, t.end - a) for t in document.timexes if a <= t.start and t.end <= b
            ]
            if gold:
                text = document.text[a:b]
                stripped = text.rstrip()
                yield stripped, [(s, min(e, len(stripped))) for s, e in gold]


def evaluate() -> dict[str, Any]:
    train, test = split_documents(tbaq_documents())
    counts = learn_patterns(train)
    patterns = dict(counts)
    top10 = {p for p, _ in counts.most_common(10)}
    sentences = list(_sentences(test))
    gold_ok = auto_ok = baseline_ok = 0
    for text, gold in sentences:
        result = suppress(text, gold, patterns=patterns)
        gold_ok += _gone(result.removed, gold) and looks_grammatical(result.text)
        automatic = suppress(text, patterns=patterns)
        auto_ok += _gone(automatic.removed, gold) and looks_grammatical(automatic.text)
        baseline = _rebuild(text, gold)
        baseline_ok += looks_grammatical(baseline)
    # top-10 coverage: held-out gold phrases (with their gold types) whose pattern is a top-10 one
    coverage_hits = coverage_total = 0
    parser = nlp()
    for document, doc in zip(test, parser.pipe([d.text for d in test], disable=["ner"])):
        for match in phrase_patterns(doc, [(t.start, t.end, t.type) for t in document.timexes]):
            coverage_total += 1
            coverage_hits += match.pattern in top10
    total = len(sentences)
    return {
        "train_documents": len(train),
        "test_documents": len(test),
        "test_sentences": total,
        "success_gold_tags": round(100 * gold_ok / total, 2),
        "success_recogniser_tags": round(100 * auto_ok / total, 2),
        "baseline_span_deletion": round(100 * baseline_ok / total, 2),
        "patterns": len(counts),
        "top10_coverage": round(100 * coverage_hits / coverage_total, 2) if coverage_total else 0.0,
        "test_phrases": coverage_total,
        "seed": SEED,
    }
