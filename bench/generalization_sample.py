"""Print a random sample of gold private phrases of the ppdp tweets with the first natural
generalization the engine offers for each, in context, for a manual check of how they read.

    .venv/bin/python bench/generalization_sample.py --seed 3 --n 40

"[kept]" means no generalization passes the checks and the phrase stays as written.
"""

from __future__ import annotations

import argparse
import random

from osnguard.privacy.anonymization import alternatives
from osnguard.privacy.evaluation.generalization import gold_phrases
from osnguard.privacy.types import Profile


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--n", type=int, default=40)
    args = parser.parse_args()
    for text, phrase, tag in random.Random(args.seed).sample(gold_phrases(), args.n):
        natural = [
            o for o in alternatives(text, phrase, profile=Profile()).options[1:] if o.natural
        ]
        if not natural:
            print(f"[{tag}] {phrase.text!r}: [kept]")
            continue
        option = natural[0]
        left, right = (
            text[max(0, option.start - 40) : option.start],
            text[option.end : option.end + 30],
        )
        print(f"[{tag}] {phrase.text!r} -> …{left}[{option.text}]{right}…".replace("\n", " "))


if __name__ == "__main__":
    main()
