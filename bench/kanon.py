"""k-anonymous publishing of the ppdp corpus: DM, LM, class sizes and unique records per k.

    .venv/bin/python bench/kanon.py                 # gold annotations, k = 2, 5, 10, 25
    .venv/bin/python bench/kanon.py --tags tagger   # the shipped tagger's tags instead

Each of the 2,994 annotated tweets becomes a record (records.py; `--tags gold` reads the corpus's
own DI/QI/SA tags so the figures measure the anonymization, `--tags tagger` tags the raw text as
`osnguard kanon` does). Prints one JSON line per method: the simple anonymization, then Mondrian
for each k, with the smallest class (every class must have at least k records), DM, LM and the
share of records whose released quasi-identifier combination is unique (0 for k >= 2).
`--stated-only` keeps only the tweets that state a quasi-identifier, so DM compares the classes
the anonymization forms rather than the one class of tweets that state nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from osnguard.privacy.identification import tagger
from osnguard.privacy.publishing.records import record_from_post, record_from_tagged
from osnguard.privacy.publishing.release import anonymize_records


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tags", choices=("gold", "tagger"), default="gold")
    parser.add_argument("--k", type=int, nargs="+", default=[2, 5, 10, 25])
    parser.add_argument("--limit", type=int, default=0, help="only the first N tweets")
    parser.add_argument(
        "--stated-only",
        action="store_true",
        help="release only the tweets that state a quasi-identifier (the 1,802 others form one "
        "class whose n² dominates DM)",
    )
    args = parser.parse_args()
    tweets = tagger.load_corpus()
    if args.limit:
        tweets = tweets[: args.limit]
    started = time.perf_counter()
    if args.tags == "gold":
        records = [record_from_tagged(t.tokens, t.tags, post_id=i) for i, t in enumerate(tweets, 1)]
    else:
        records = [record_from_post(t.text, post_id=i) for i, t in enumerate(tweets, 1)]
    stated = sum(1 for r in records if r.quasi)
    if args.stated_only:
        records = [r for r in records if r.quasi]
    print(
        json.dumps(
            {
                "records": len(records),
                "with_quasi_identifiers": stated,
                "tags": args.tags,
                "seconds_to_build_records": round(time.perf_counter() - started, 1),
            }
        )
    )
    for k in [None, *args.k]:
        summary = anonymize_records(records, k=k).summary
        sizes = summary["classes"]
        print(
            json.dumps(
                {
                    "method": summary["method"],
                    "k": k,
                    "classes": len(sizes),
                    "smallest_class": min(sizes) if sizes else None,
                    "largest_class": max(sizes) if sizes else None,
                    "dm": summary["dm"],
                    "lm": summary["lm"],
                    "lm_by_attribute": summary["lm_by_attribute"],
                    "unique": summary["unique"],
                    "suppressed": summary["suppressed"],
                }
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
