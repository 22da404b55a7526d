"""Compose speed: identification + group generalization + 150 fingerprinted versions per message.

    .venv/bin/python bench/compose.py                 # the demo message + 50 private ppdp tweets
    .venv/bin/python bench/compose.py --tweets 200 --friends 1000

Each message goes to `--friends` friends spread over 5 groups (levels 1-5) with Adam's profile
(hometown Tokyo, education Tokyo University / Harvard University, work student). The engine is
warmed up first; then `anonymize()` is timed end to end per message, and
its stages (identification, generalization, fingerprinting = the rest). Prints one JSON line:
p50/p95/max in milliseconds, per stage too, how many versions were distinct, the smallest distance between two versions, and the process's peak resident memory.
Target: p95 <= 300 ms (the seed took about 15 s per message).
"""

from __future__ import annotations

import argparse
import json
import logging
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import osnguard.privacy.proposal.pipeline as engine  # its identify_phrases is timed
from osnguard.privacy.anonymization import anonymize_groups
from osnguard.privacy.evaluation.capacity import private_tweets

DEMO = (
    "My hometown is Tokyo. My favorite food is sushi. After graduating from Tokyo University, "
    "I studied at Harvard University for three years as a computer science major."
)
PROFILE = {
    "hometown": ["Tokyo"],
    "education": ["Tokyo University", "Harvard University"],
    "work": ["student"],
}
NOW = "2024-05-01T09:00:00+00:00"
GROUPS = ["Family", "Best friends", "Friends", "Acquaintances", "Public"]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def audience(friends: int) -> list[dict]:
    per_group = [friends // len(GROUPS) + (i < friends % len(GROUPS)) for i in range(len(GROUPS))]
    counter = iter(range(friends))
    return [
        {"name": name, "level": level, "friends": [f"friend{next(counter)}" for _ in range(size)]}
        for level, (name, size) in enumerate(zip(GROUPS, per_group), start=1)
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tweets", type=int, default=50, help="private ppdp tweets to time besides the demo"
    )
    parser.add_argument(
        "--friends", type=int, default=150, help="recipients per message, over 5 groups"
    )
    parser.add_argument("--warmup", type=int, default=3)
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)

    messages = [DEMO, *[t.text for t in private_tweets() if t.text][: args.tweets]]
    groups = audience(args.friends)
    stage = {"identify": 0.0, "generalize": 0.0}
    identify_phrases, generalizer = engine.identify_phrases, anonymize_groups

    def timed_identify(*a, **k):
        t0 = time.perf_counter()
        try:
            return identify_phrases(*a, **k)
        finally:
            stage["identify"] += time.perf_counter() - t0

    def timed_generalizer(*a, **k):
        t0 = time.perf_counter()
        try:
            return generalizer(*a, **k)
        finally:
            stage["generalize"] += time.perf_counter() - t0

    engine.identify_phrases = timed_identify
    for text in messages[: args.warmup]:
        engine.anonymize(
            text, profile=PROFILE, now=NOW, groups=groups, generalizer=timed_generalizer
        )

    total_ms, identify_ms, generalize_ms, fingerprint_ms = [], [], [], []
    distinct, distances, private = [], [], 0
    demo = None
    for text in messages:
        stage.update(identify=0.0, generalize=0.0)
        t0 = time.perf_counter()
        result = engine.anonymize(
            text, profile=PROFILE, now=NOW, groups=groups, generalizer=timed_generalizer
        )
        total = (time.perf_counter() - t0) * 1000
        total_ms.append(total)
        identify_ms.append(stage["identify"] * 1000)
        generalize_ms.append(stage["generalize"] * 1000)
        fingerprint_ms.append(total - identify_ms[-1] - generalize_ms[-1])
        private += result.private
        distinct.append(len({v.text for v in result.versions}))
        if result.min_distance is not None:
            distances.append(result.min_distance)
        if demo is None:
            demo = result
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB
    print(
        json.dumps(
            {
                "messages": len(messages),
                "friends": args.friends,
                "private_messages": private,
                "p50_ms": round(percentile(total_ms, 50), 1),
                "p95_ms": round(percentile(total_ms, 95), 1),
                "max_ms": round(max(total_ms), 1),
                "identify_p50_ms": round(percentile(identify_ms, 50), 1),
                "identify_p95_ms": round(percentile(identify_ms, 95), 1),
                "generalize_p50_ms": round(percentile(generalize_ms, 50), 1),
                "generalize_p95_ms": round(percentile(generalize_ms, 95), 1),
                "fingerprint_p50_ms": round(percentile(fingerprint_ms, 50), 1),
                "fingerprint_p95_ms": round(percentile(fingerprint_ms, 95), 1),
                "demo_ms": round(total_ms[0], 1),
                "demo_distinct_versions": distinct[0],
                "demo_min_distance": demo.min_distance if demo else None,
                "all_distinct_share": round(
                    sum(d == args.friends for d in distinct) / len(distinct), 4
                ),
                "min_distance_at_least_3_share": round(
                    sum(d >= 3 for d in distances) / max(len(distances), 1), 4
                ),
                "peak_mb": round(peak_mb, 1),
                "target_p95_ms": 300,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
