"""A random sample of fingerprint substitutions on the private ppdp tweets, for a manual spot check.

The naturalness of fingerprint choices has no labelled test set; docs/evaluation/fingerprinting.md
reports a person's judgements of a random sample. This prints that sample: 40 substitutions drawn
(seed 7) from every phrase paraphrase and slang substitution of the tweets (protected words left
alone, as `capacity` does) and every distinct wording variant of the pipeline's group texts (five
groups, levels 1-5, no profile), each shown in its sentence as `[[new words]]`.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from osnguard.privacy import resources
from osnguard.privacy.evaluation.capacity import NOW, private_tweets
from osnguard.privacy.fingerprinting import default_check, find_slots
from osnguard.privacy.fingerprinting.slots import wording_slots
from osnguard.privacy.proposal import anonymize

DESCRIPTION = "a random sample of 40 new fingerprint substitutions (paraphrase, slang, wording) to judge by hand"
RULES = ("paraphrase", "slang")
SAMPLE = 40
SEED = 7


def evaluate(sample: int = SAMPLE, seed: int = SEED) -> dict[str, Any]:
    tweets = [t for t in private_tweets() if t.text]
    check = default_check()
    pool: list[tuple[str, str, int, int, str, str]] = []
    docs = resources.nlp().pipe([t.text for t in tweets], batch_size=64)
    for tweet, doc in zip(tweets, docs):
        for slot in find_slots(tweet.text, tweet.protected, doc=doc, check=check):
            for alternative in slot.alternatives[1:]:
                if alternative.rule in RULES:
                    pool.append(
                        (
                            alternative.rule,
                            tweet.text,
                            slot.start,
                            slot.end,
                            slot.original,
                            alternative.text,
                        )
                    )
    groups = [{"name": f"level {level}", "level": level, "friends": []} for level in range(1, 6)]
    for tweet in tweets:
        result = anonymize(
            tweet.text, profile={}, now=NOW, groups=groups, fingerprint_all=True, check=check
        )
        seen: set[tuple[str, int, str]] = set()
        for group in result.groups:
            for slot in wording_slots(group.text, group.choices, check=check):
                for alternative in slot.alternatives[1:]:
                    if (group.text, slot.start, alternative.text) not in seen:
                        seen.add((group.text, slot.start, alternative.text))
                        pool.append(
                            (
                                "wording",
                                group.text,
                                slot.start,
                                slot.end,
                                slot.original,
                                alternative.text,
                            )
                        )
    chosen = random.Random(seed).sample(pool, min(sample, len(pool)))
    return {
        "pool": dict(Counter(rule for rule, *_ in pool)),
        "seed": seed,
        "sample": [
            {
                "rule": rule,
                "original": original,
                "substitute": new,
                "in_context": f"{text[:start]}[[{new}]]{text[end:]}",
            }
            for rule, text, start, end, original, new in chosen
        ],
    }
