"""Throughput of the paraphrase detector: prints pairs per second as one JSON line.

    .venv/bin/python bench/paraphrase.py [--pairs 500]

Scores the first N pairs of MSRP test with the full detector (parsing included) twice: first
with cold WordNet caches, then warm (the same pairs again; the parse cache is emptied before
each run, so parsing is always measured). Also times SimMat alone on already-parsed sentences.
The model is loaded before timing starts.

`detector_pairs_per_s_stored` is the case screening lives in (issue 16): each pair's second
text is a stored version, parsed and profiled once when it was stored, and its first text a
crawled sentence seen for the first time, parsed in the timed run. `ratio_to_spacy` divides that
rate by spaCy's sentences per second in the same run: at 0.5 or more, comparing a crawled
sentence with a stored version costs no more than parsing it. These figures are screening's
detector (`get_detector()`: the hand-built model unless `OSNGUARD_PARAPHRASE_ENCODER=on`).
`accurate_*` time the accurate detector (`osnguard paraphrase`'s: the hand-built model stacked
with the MiniLM cross-encoder) in the same stored case on the first `--accurate-pairs` pairs,
and `accurate_share_encoded` is the share of them the encoder read (the rest fell outside the
stack's band).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import time

from osnguard.privacy.paraphrase.detector import featurize, get_accurate_detector, get_detector
from osnguard.privacy.paraphrase.msrp import msrp_split
from osnguard.privacy.paraphrase.mt_metrics import chrf_ngrams, text_profile
from osnguard.privacy.paraphrase.parsing import _PARSE_CACHE, parse_many
from osnguard.privacy.paraphrase.simmat import simmat_tokens


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=500, help="how many MSRP test pairs")
    parser.add_argument(
        "--accurate-pairs", type=int, default=200, help="how many for the accurate detector"
    )
    args = parser.parse_args()
    pairs = [(p.a, p.b) for p in msrp_split("test")[: args.pairs]]
    detector = get_detector()
    parse_many(["warm up the spaCy pipeline."])
    gc.collect()
    gc.freeze()  # as a worker does once the engine is loaded (osnguard/core/preload.py)
    rates = {}
    for run in ("cold", "warm"):
        _PARSE_CACHE.clear()  # measure parsing in both runs
        gc.collect()
        started = time.perf_counter()
        detector.probabilities(pairs)
        rates[f"detector_pairs_per_s_{run}"] = round(
            len(pairs) / (time.perf_counter() - started), 1
        )
    texts = [t for pair in pairs for t in pair]

    def spacy_rate() -> float:
        _PARSE_CACHE.clear()
        gc.collect()
        started = time.perf_counter()
        parse_many(texts)
        return len(texts) / (time.perf_counter() - started)

    # spaCy's speed just before and just after the stored run; the faster counts (the ratio is
    # not flattered by a garbage collection that slowed one parse)
    before = spacy_rate()
    # the stored versions parsed and profiled, as when they were stored; the crawled ones new
    _PARSE_CACHE.clear()
    text_profile.cache_clear()
    chrf_ngrams.cache_clear()
    detector.probabilities([(b, b) for _, b in pairs])
    gc.collect()  # each timed part starts with no garbage pending, as timeit does
    started = time.perf_counter()
    detector.probabilities(pairs)
    stored_rate = len(pairs) / (time.perf_counter() - started)
    parse_rate = max(before, spacy_rate())
    sentences = parse_many(texts)
    started = time.perf_counter()
    for s1, s2 in zip(sentences[0::2], sentences[1::2]):
        simmat_tokens(s1, s2)
    simmat_rate = len(pairs) / (time.perf_counter() - started)
    accurate = get_accurate_detector()
    some = pairs[: args.accurate_pairs]
    accurate.probabilities([(b, b) for _, b in some])  # loads the encoder; stored texts parsed
    for a, _ in some:
        _PARSE_CACHE.pop(a, None)
    hand = accurate.model.probabilities(featurize(some, accurate.model.groups))
    encoded = float(accurate.stack.needs_encoder(hand).mean()) if accurate.stack else 0.0
    for a, _ in some:
        _PARSE_CACHE.pop(a, None)
    gc.collect()
    started = time.perf_counter()
    accurate.probabilities(some)
    accurate_rate = len(some) / (time.perf_counter() - started)
    print(
        json.dumps(
            {
                "pairs": len(pairs),
                **rates,
                "detector_pairs_per_s_stored": round(stored_rate, 1),
                "simmat_pairs_per_s_parsed_warm": round(simmat_rate, 1),
                "spacy_sentences_per_s": round(parse_rate, 1),
                "ratio_to_spacy": round(stored_rate / parse_rate, 3),
                "accurate_pairs_per_s_stored": round(accurate_rate, 1),
                "accurate_ratio_to_spacy": round(accurate_rate / parse_rate, 3),
                "accurate_share_encoded": round(encoded, 3),
                "load_average_1min": round(os.getloadavg()[0], 2),
                "cpu_count": os.cpu_count(),
            }
        )
    )


if __name__ == "__main__":
    main()
