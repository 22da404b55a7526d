"""What attribution adds to detection time (issue 15): the paraphrase detector decides whether a
copy discloses a message; attribution (reading the invisible and typographic layers, finding the
wording's evidence, ranking 150 recipients) then says whose version it was.

    .venv/bin/python bench/attribution_cost.py [--messages 40] [--leaks 400]

Messages: realistic development posts through the real `anonymize()` to 150 friends in five
groups (the layers on), analysed once as a detect worker keeps them (`prepare`). Leaks: the five
light attacks on a random friend's version, half of them normalised (the invisible layer gone).
Each leak is attributed against its message with the project's detector wrapped in a timer; the
disclosure decision is the lexical stage (timed again on its own) plus the detector, and the rest
of `attribute()` is attribution's. Prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import leak_attacks as la
from bench.trace import anonymized_posts
from osnguard.privacy.attribution import attribute, default_detector, prepare
from osnguard.privacy.attribution.disclosure import lexical_stage
from osnguard.privacy.fingerprinting import invisible
from osnguard.privacy.retrieval import words


class TimedDetector:
    """The project's detector, adding up the time spent in it."""

    def __init__(self) -> None:
        self.inner = default_detector()
        self.seconds = 0.0

    @property
    def threshold(self) -> float:
        return float(self.inner.threshold)

    def probabilities(self, pairs: Sequence[tuple[str, str]]) -> Sequence[float]:
        started = time.perf_counter()
        try:
            return self.inner.probabilities(pairs)
        finally:
            self.seconds += time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=40)
    parser.add_argument("--leaks", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    pool = [
        (versions, prepare(versions))
        for _, versions in anonymized_posts(args.messages, args.seed, code_seed="cost")
    ]
    detector = TimedDetector()
    attribute(pool[0][1], pool[0][0][0].text, detector=detector)  # warm up every cache
    detector.seconds = 0.0
    total = lexical = 0.0
    named = [0, 0]  # copies named right: with the marks, normalised
    for n in range(args.leaks):
        versions, prepared = pool[rng.randrange(len(pool))]
        version = rng.choice(versions)
        attack = la.ATTACKS[rng.choice(la.LIGHT_ATTACKS)]
        leak = la.on_visible_text(attack)(version.text, rng)
        if n % 2:
            leak = la.normalised(leak)
        started = time.perf_counter()
        result = attribute(prepared, leak, detector=detector)
        total += time.perf_counter() - started
        text = invisible.strip(leak)
        started = time.perf_counter()
        lexical_stage(prepared, text, words(text), False)
        lexical += time.perf_counter() - started
        named[n % 2] += result.friend == version.friend
    detection = lexical + detector.seconds
    attribution = total - detection
    print(
        json.dumps(
            {
                "leaks": args.leaks,
                "recipients": len(pool[0][1].versions),
                "disclosure_ms_per_leak": round(1000 * detection / args.leaks, 2),
                "of_which_detector_ms": round(1000 * detector.seconds / args.leaks, 2),
                "attribution_ms_per_leak": round(1000 * attribution / args.leaks, 2),
                "attribution_share_of_detection": round(attribution / detection, 3),
                "target_share": 0.2,
                "named_right_with_marks": named[0],
                "named_right_normalised": named[1],
                "load_average_1min": round(os.getloadavg()[0], 2),
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
