"""Identification speed: p50/p95 latency per message over the ppdp tweets, and peak memory.

    .venv/bin/python bench/identify.py            # all 2,994 tweets
    .venv/bin/python bench/identify.py --limit 500

Loads the engine once, warms it up on a few messages, then times `identify()` on each tweet (tags
removed, a small profile attached). Prints one JSON line: p50/p95/max in milliseconds, messages
per second and the process's peak resident memory (ru_maxrss). Targets: p95 <= 50 ms per
tweet-sized message, peak <= 700 MB.
"""

from __future__ import annotations

import argparse
import json
import logging
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from osnguard.privacy.identification import identify, tagger, warm_up

PROFILE = {"hometown": ["Seattle"], "education": ["Harvard University"], "work": ["Microsoft"]}
NOW = "2024-05-01T09:00:00+00:00"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=0, help="time only the first N tweets")
    parser.add_argument("--warmup", type=int, default=20)
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)

    texts = [tweet.text for tweet in tagger.load_corpus()]
    if args.limit:
        texts = texts[: args.limit]
    started = time.perf_counter()
    warm_up()
    for text in texts[: args.warmup]:
        identify(text, profile=PROFILE, now=NOW)
    warmup_s = time.perf_counter() - started

    latencies = []
    private = 0
    for text in texts:
        t0 = time.perf_counter()
        result = identify(text, profile=PROFILE, now=NOW)
        latencies.append((time.perf_counter() - t0) * 1000)
        private += result.private
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB
    print(
        json.dumps(
            {
                "messages": len(texts),
                "p50_ms": round(statistics.median(latencies), 1),
                "p95_ms": round(percentile(latencies, 95), 1),
                "max_ms": round(max(latencies), 1),
                "messages_per_s": round(len(latencies) / (sum(latencies) / 1000), 1),
                "peak_rss_mb": round(peak_mb, 1),
                "load_and_warmup_s": round(warmup_s, 1),
                "private": private,
                "targets": {"p95_ms": 50, "peak_rss_mb": 700},
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
