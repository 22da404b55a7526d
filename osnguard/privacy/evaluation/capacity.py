"""Fingerprint capacity on the private ppdp tweets (SPEC §2.5, Eq. 4.9).

Corpus: ../shared/data/ppdp/tweets.csv, 2,994 tweets tagged word by word (`word/TAG`). A tweet is
private iff it has a QI* or SA tag (1,617 tweets). The tags are stripped to get the text; the
tagged words (QI*, SA and DI identifiers) are the protected phrases that generalization handles,
so fingerprinting may not touch them. For each tweet we count Π_j |S_j|, the number of distinct
natural versions of the text (one generalization, i.e. T = 1 in Eq. 4.9), with every slot kind and
with WordNet synonyms only (a synonym-only baseline in the spirit of Zheng's method).

The seed reports 140.91 per message (synonym-only: 21.29), summed over its 16.59 generalizations
per message and with Web 1T counts for naturalness; `mean_capacity` is per generalization. The
`pipeline_*` figures run the whole engine instead (identification finds the phrases, the
anonymization stage generalizes them for five groups of levels 1-5) and sum Π_j |S_j| over the
distinct group texts, which is Eq. 4.9 with T = the generalizations actually handed out; they
include the wording variants of generalized phrases (`pipeline_*_without_wordings` leave them out).
"""

from __future__ import annotations

import math
import re
import statistics
from dataclasses import dataclass
from typing import Any

from osnguard.privacy import corpora, resources
from osnguard.privacy.fingerprinting import (
    SlotKind,
    capacity,
    default_check,
    find_slots,
    wording_slots,
)
from osnguard.privacy.proposal import anonymize

DESCRIPTION = "fingerprint capacity (natural versions per message) on the private ppdp tweets"

TAGGED = re.compile(r"(\S+?)/(DI|QI[A-Z]+|SA)(?=[\s.,!?;:)\"']|$)")
PRIVATE_TAG = re.compile(r"/(QI[A-Z]+|SA)(?=[\s.,!?;:)\"']|$)")


NOW = "2019-07-01T12:00:00+00:00"


@dataclass
class Tweet:
    text: str
    protected: list[tuple[int, int]]


def parse(raw: str) -> Tweet:
    """Strip `/TAG` suffixes, keeping the character spans of the tagged words."""
    pieces: list[str] = []
    protected: list[tuple[int, int]] = []
    cursor, length = 0, 0
    for match in TAGGED.finditer(raw):
        before = raw[cursor : match.start()]
        pieces.append(before)
        length += len(before)
        word = match.group(1)
        protected.append((length, length + len(word)))
        pieces.append(word)
        length += len(word)
        cursor = match.end()
    pieces.append(raw[cursor:])
    text = "".join(pieces)
    stripped = len(text) - len(text.lstrip())
    text = text.strip()
    protected = [(s - stripped, e - stripped) for s, e in protected if e - stripped <= len(text)]
    return Tweet(text, protected)


def private_tweets() -> list[Tweet]:
    return [parse(row["Tweet"]) for row in corpora.ppdp_rows() if PRIVATE_TAG.search(row["Tweet"])]


def evaluate() -> dict[str, Any]:
    tweets = [t for t in private_tweets() if t.text]
    check = default_check()
    docs = resources.nlp().pipe([t.text for t in tweets], batch_size=64)
    full, synonym_only, wordnet_only, slot_counts = [], [], [], []
    kinds: dict[str, int] = {}
    for tweet, doc in zip(tweets, docs):
        slots = find_slots(tweet.text, tweet.protected, doc=doc, check=check)
        full.append(capacity(slots))
        synonym_only.append(capacity([s for s in slots if s.kind == SlotKind.SYNONYM]))
        # WordNet synonyms alone (Zheng's method), without phrase paraphrases and slang
        wordnet_only.append(
            math.prod(1 + sum(a.rule == "wordnet" for a in s.alternatives[1:]) for s in slots)
        )
        slot_counts.append(len(slots))
        for slot in slots:
            for alternative in slot.alternatives[1:]:
                kinds[alternative.rule] = kinds.get(alternative.rule, 0) + 1
    pipeline, pipeline_plain, generalizations = [], [], []
    with_wordings = 0
    groups = [{"name": f"level {level}", "level": level, "friends": []} for level in range(1, 6)]
    for tweet in tweets:
        result = anonymize(
            tweet.text, profile={}, now=NOW, groups=groups, fingerprint_all=True, check=check
        )
        pipeline.append(result.capacity)
        generalizations.append(len({g.text for g in result.groups}))
        plain, worded = {}, False
        for group in result.groups:
            wordings = wording_slots(group.text, group.choices, check=check)
            plain[group.text] = group.capacity // max(1, capacity(wordings))
            worded = worded or bool(wordings)
            for slot in wordings:
                kinds[SlotKind.WORDING] = kinds.get(SlotKind.WORDING, 0) + slot.size - 1
        pipeline_plain.append(sum(plain.values()) if result.private else result.capacity)
        with_wordings += worded
    return {
        "n": len(tweets),
        "pipeline_mean_capacity": round(statistics.fmean(pipeline), 2),
        "pipeline_median": statistics.median(pipeline),
        "pipeline_mean_generalizations": round(statistics.fmean(generalizations), 2),
        "pipeline_mean_capacity_without_wordings": round(statistics.fmean(pipeline_plain), 2),
        "pipeline_median_without_wordings": statistics.median(pipeline_plain),
        "pipeline_share_with_wordings": round(with_wordings / len(tweets), 4),
        "mean_capacity": round(statistics.fmean(full), 2),
        "median": statistics.median(full),
        "mean_log2_capacity": round(statistics.fmean(math.log2(c) for c in full), 2),
        "synonym_only_mean": round(statistics.fmean(synonym_only), 2),
        "synonym_only_median": statistics.median(synonym_only),
        "wordnet_only_mean": round(statistics.fmean(wordnet_only), 2),
        "wordnet_only_median": statistics.median(wordnet_only),
        "mean_slots": round(statistics.fmean(slot_counts), 2),
        "share_at_least_30": round(sum(c >= 30 for c in full) / len(full), 4),
        "share_at_least_150": round(sum(c >= 150 for c in full) / len(full), 4),
        "share_without_slots": round(sum(c == 1 for c in full) / len(full), 4),
        "alternatives_by_rule": dict(sorted(kinds.items())),
        "naturalness_check": type(check).__name__
        if not hasattr(check, "__name__")
        else check.__name__,
        "generalizations_per_message": 1,
        "seed_mean_capacity": 140.91,
        "seed_synonym_baseline": 21.29,
    }
