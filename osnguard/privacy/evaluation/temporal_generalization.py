"""`osnguard evaluate temporal_generalization`: how far TP generalizes real time phrases (thesis §4.2.2).

Every time phrase the recogniser finds in the TweeTIME test tweets (anchored on each tweet's
creation date) is generalized against TP. Reported: the share of phrases with at least one
covering generalization, the mean number of distinct generalized phrases per phrase (each a
possible temporal fingerprint, the seed's 526.05 per phrase from a TP of 16,547 phrases; SUTime
409.58), the mean number of distinct intervals (anonymity levels), and a check that every
candidate covers its original and that the list is sorted by NCP* (descending).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from osnguard.privacy.temporal.corpus import read_tweetime
from osnguard.privacy.temporal.generalization import generalize, temporal_corpus
from osnguard.privacy.temporal.recognition import find_expressions

DESCRIPTION = "temporal generalization coverage and fingerprints per phrase on TweeTIME test tweets"

SEED = {
    "fingerprints_per_phrase": 526.05,
    "sutime_fingerprints_per_phrase": 409.58,
    "tp_size": 16547,
}


def evaluate() -> dict[str, Any]:
    phrases = with_candidates = all_phrases = levels = 0
    covering = sorted_ok = True
    for tweet in read_tweetime("test"):
        now = datetime(tweet.created.year, tweet.created.month, tweet.created.day, 12)
        for expression in find_expressions(tweet.text, now=now):
            if expression.vague or expression.value.endswith("_REF"):
                continue
            phrases += 1
            every = generalize(expression, now=now, source_text=tweet.text, one_per_interval=False)
            distinct = generalize(expression, now=now, source_text=tweet.text)
            with_candidates += bool(every)
            all_phrases += len(every)
            levels += len(distinct)
            ncps = [c.ncp for c in distinct]
            sorted_ok &= ncps == sorted(ncps, reverse=True)
            if expression.interval is not None:
                start, end = expression.interval
                covering &= all(
                    c.interval is not None and c.interval[0] <= start and end <= c.interval[1]
                    for c in every
                )
    return {
        "tweets": len(read_tweetime("test")),
        "phrases": phrases,
        "tp_size": len(temporal_corpus()),
        "share_with_generalization": round(100 * with_candidates / phrases, 2) if phrases else 0.0,
        "fingerprints_per_phrase": round(all_phrases / phrases, 2) if phrases else 0.0,
        "distinct_levels_per_phrase": round(levels / phrases, 2) if phrases else 0.0,
        "all_candidates_cover_original": covering,
        "sorted_by_ncp": sorted_ok,
        "seed": SEED,
    }
