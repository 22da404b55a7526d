"""`osnguard evaluate temporal`: time-expression recognition and normalisation on TempEval-3.

Measures, on the TempEval-3 platinum test set (20 documents, gold TIMEX3 minus the creation
times), the TempEval-3 Task A figures: strict span P/R/F1 (identical offsets), relaxed span P/R/F1
(any overlap), and value accuracy on relaxed matches plus the task's value F1 (relaxed matches
with the right value, over system and gold counts). Each document is anchored on its DCT.
Compared with HeidelTime's published TempEval-3 results (UzZaman et al., SemEval 2013, Table 3,
HeidelTime-t: strict F1 81.34, relaxed F1 90.30, value F1 77.61).

Also: the TweeTIME test tweets (200), scoring the set of calendar days each tweet refers to
(P/R/F1 over resolved dates, as the TweeTIME paper does), and the SPEC §1.5 phrases.
The rules were tuned on tbaq and TweeTIME dev only.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from osnguard.privacy.temporal.corpus import TimeMLDocument, platinum_documents, read_tweetime
from osnguard.privacy.temporal.recognition import find_expressions

DESCRIPTION = "TempEval-3 platinum span/value scores and TweeTIME test date resolution"

HEIDELTIME_TE3 = {"strict_f1": 81.34, "relaxed_f1": 90.30, "value_f1": 77.61}

SPEC_PHRASES: dict[str, tuple[str, str]] = {
    "I have a meeting at 10AM": ("10AM", "TIME"),
    "I went running this morning": ("this morning", "TIME"),
    "I fly to Tokyo tomorrow": ("tomorrow", "DATE"),
    "We met last Friday": ("last Friday", "DATE"),
    "I swim every Monday": ("every Monday", "SET"),
    "I studied at Harvard for three years": ("three years", "DURATION"),
    "I moved here a year and a half ago": ("a year and a half ago", "DATE"),
}


def _prf(correct: float, system: int, gold: int) -> dict[str, float]:
    precision = correct / system if system else 0.0
    recall = correct / gold if gold else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {
        "precision": round(100 * precision, 2),
        "recall": round(100 * recall, 2),
        "f1": round(100 * f1, 2),
    }


def score_documents(documents: Iterable[TimeMLDocument]) -> dict[str, Any]:
    """TempEval-3 Task A scores of the recogniser over TimeML documents (counts and P/R/F1)."""
    system_total = gold_total = strict = relaxed_system = relaxed_gold = value_ok = type_ok = 0
    for document in documents:
        gold = document.timexes
        found = find_expressions(document.text, now=document.dct)
        system_total += len(found)
        gold_total += len(gold)
        gold_spans = {(g.start, g.end) for g in gold}
        strict += sum((f.start, f.end) in gold_spans for f in found)
        relaxed_system += sum(any(f.start < g.end and g.start < f.end for g in gold) for f in found)
        for g in gold:
            overlapping = [f for f in found if f.start < g.end and g.start < f.end]
            if overlapping:
                relaxed_gold += 1
                best = overlapping[0]
                value_ok += best.value == g.value
                type_ok += best.type == g.type
    strict_scores = _prf(strict, system_total, gold_total)
    relaxed_p = relaxed_system / system_total if system_total else 0.0
    relaxed_r = relaxed_gold / gold_total if gold_total else 0.0
    relaxed_f = (
        2 * relaxed_p * relaxed_r / (relaxed_p + relaxed_r) if relaxed_p + relaxed_r else 0.0
    )
    value_scores = _prf(value_ok, system_total, gold_total)
    type_scores = _prf(type_ok, system_total, gold_total)
    return {
        "gold_timexes": gold_total,
        "system_timexes": system_total,
        "strict_precision": strict_scores["precision"],
        "strict_recall": strict_scores["recall"],
        "strict_f1": strict_scores["f1"],
        "relaxed_precision": round(100 * relaxed_p, 2),
        "relaxed_recall": round(100 * relaxed_r, 2),
        "relaxed_f1": round(100 * relaxed_f, 2),
        "value_accuracy": round(100 * value_ok / relaxed_gold, 2) if relaxed_gold else 0.0,
        "value_f1": value_scores["f1"],
        "type_f1": type_scores["f1"],
    }


def tweet_dates(text: str, created: datetime) -> set[str]:
    """Calendar days a tweet refers to, according to the recogniser (day-sized DATE/TIME only)."""
    days: set[str] = set()
    for expression in find_expressions(text, now=created):
        if expression.interval is None or expression.value.endswith("_REF"):
            continue
        start, end = expression.interval
        if (end - start) <= timedelta(days=1, seconds=3600):
            days.add(start.date().isoformat())
    return days


def score_tweets(split: str) -> dict[str, Any]:
    correct = system = gold = 0
    for tweet in read_tweetime(split):
        created = datetime(tweet.created.year, tweet.created.month, tweet.created.day, 12)
        found = tweet_dates(tweet.text, created)
        correct += len(found & tweet.gold_dates)
        system += len(found)
        gold += len(tweet.gold_dates)
    scores = _prf(correct, system, gold)
    return {f"tweetime_{split}_{k}": v for k, v in scores.items()}


def spec_phrases() -> dict[str, Any]:
    """How many SPEC §1.5 phrases come out whole with the right type."""
    now = datetime(2026, 11, 22, 9, 0)
    ok = 0
    for sentence, (phrase, timex_type) in SPEC_PHRASES.items():
        found = find_expressions(sentence, now=now)
        ok += any(f.text == phrase and f.type == timex_type for f in found)
    return {"spec_phrases_ok": ok, "spec_phrases_total": len(SPEC_PHRASES)}


def evaluate() -> dict[str, Any]:
    figures = score_documents(platinum_documents())
    figures.update(score_tweets("test"))
    figures.update(spec_phrases())
    figures["heideltime_te3"] = HEIDELTIME_TE3
    figures["test_set"] = "te3-platinum (20 docs), tweetime test (200 tweets)"
    return figures
