"""Temporal stage speed over the ppdp tweets: find_expressions, detect, generalize and suppress.

    .venv/bin/python bench/temporal.py
    .venv/bin/python bench/temporal.py --limit 500

Prints one JSON line with p50/p95 milliseconds per tweet for each step. `find_expressions` runs
as the user types (target about 1 ms); `detect` reuses it; `generalize` runs once per time phrase
at anonymization; `suppress` parses the message with spaCy (only for tweets with a time phrase; timed once, as
its parse is cached). Each other step reports the best of --repeats runs per message.
"""

from __future__ import annotations

import argparse
import json
import logging
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from osnguard.privacy.identification import tagger
from osnguard.privacy.temporal import detect, find_expressions, generalize, suppress
from osnguard.privacy.types import MessageContext, Profile

NOW = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


def timed(function, items, repeats: int) -> list[float]:
    """Milliseconds per item: the best of `repeats` runs, to filter out scheduling noise on a
    shared machine (the first run of each item is included, so cold caches still count once)."""
    latencies = []
    for item in items:
        best = float("inf")
        for _ in range(repeats):
            started = time.perf_counter()
            function(item)
            best = min(best, (time.perf_counter() - started) * 1000)
        latencies.append(best)
    return latencies


def summary(latencies: list[float]) -> dict:
    if not latencies:
        return {"count": 0}
    return {
        "count": len(latencies),
        "p50_ms": round(statistics.median(latencies), 3),
        "p95_ms": round(percentile(latencies, 95), 3),
        "max_ms": round(max(latencies), 3),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=0, help="use only the first N tweets")
    parser.add_argument("--repeats", type=int, default=3, help="runs per message; the best counts")
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    texts = [tweet.text for tweet in tagger.load_corpus()]
    if args.limit:
        texts = texts[: args.limit]
    with_time = [t for t in texts if find_expressions(t, now=NOW)]
    expressions = [(t, e) for t in with_time for e in find_expressions(t, now=NOW)]
    generalize(expressions[0][1], now=NOW)  # warm-up: loads TP
    suppress(with_time[0])  # warm-up: loads spaCy and the patterns
    result = {
        "tweets": len(texts),
        "tweets_with_time": len(with_time),
        "repeats": args.repeats,
        "find_expressions": summary(
            timed(lambda t: find_expressions(t, now=NOW), texts, args.repeats)
        ),
        "detect": summary(
            timed(lambda t: detect(MessageContext(t, Profile(), NOW)), texts, args.repeats)
        ),
        "generalize": summary(
            timed(
                lambda te: generalize(te[1], now=NOW, source_text=te[0]), expressions, args.repeats
            )
        ),
        "suppress": summary(timed(lambda t: suppress(t, doc=None), with_time, 1)),
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
