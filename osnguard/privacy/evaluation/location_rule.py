"""`osnguard evaluate location_rule`: accuracy of the private-location rule against the seed's 84.95%.

Data: fixtures/evaluation/location_rule.jsonl (see its README): the seed's own examples (thesis
§3.2.1 t1-t3, §3.2.3 error cases, §3.2.4), a dev part used while building the rule, a first
held-out part (written before the rule; its errors were later analysed and fixed, so it is no
longer unseen) and a second held-out part written before those fixes and not looked at while
making them. A message counts as predicted private when the rule returns at least one phrase.
The headline figures are on the second held-out part; the seed's rule as published
(`detect_seed`) is measured on the same data for comparison.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from osnguard.privacy.identification import location_rule
from osnguard.privacy.resources import PROJECT_ROOT, nlp
from osnguard.privacy.types import MessageContext, Phrase, Profile

DESCRIPTION = "private-location rule: accuracy and P/R/F1 (private class) on labelled tweets"
DATA_PATH = PROJECT_ROOT / "fixtures" / "evaluation" / "location_rule.jsonl"
SEED_ACCURACY = 0.8495  # thesis Table 3.5, 2,817 Tweets2011 tweets (not available)
HEADLINE_SPLIT = "heldout2"  # the only split not seen while the current rule was made


def load_examples(path: Path = DATA_PATH) -> list[dict[str, Any]]:
    return [
        json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
    ]


def scores(gold: list[bool], predicted: list[bool]) -> dict[str, float | int]:
    """Accuracy, and precision / recall / F1 of the private class."""
    tp = sum(g and p for g, p in zip(gold, predicted))
    fp = sum(p and not g for g, p in zip(gold, predicted))
    fn = sum(g and not p for g, p in zip(gold, predicted))
    correct = sum(g == p for g, p in zip(gold, predicted))
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {
        "accuracy": round(correct / len(gold), 4) if gold else 0.0,
        "precision": round(precision, 4),
        "recall": round(recall, 4),
        "f1": round(f1, 4),
        "n": len(gold),
    }


def _context(text: str) -> MessageContext:
    return MessageContext(text=text, profile=Profile(), now=datetime.now(UTC), doc=nlp()(text))


def run_rule(
    detector: Callable[[MessageContext], list[Phrase]], examples: list[dict[str, Any]]
) -> list[list[Phrase]]:
    return [detector(_context(example["text"])) for example in examples]


def _place_found(example: dict[str, Any], phrases: list[Phrase]) -> bool:
    wanted = example["location"].lower()
    return any(wanted in p.text.lower() or p.text.lower() in wanted for p in phrases)


def evaluate() -> dict[str, Any]:
    examples = load_examples()
    splits = sorted({e["split"] for e in examples})
    result: dict[str, Any] = {
        "seed_accuracy": SEED_ACCURACY,
        "threshold": None,
        "headline_split": HEADLINE_SPLIT,
    }
    for name, detector in (
        ("rule", location_rule.detect),
        ("seed_rule", location_rule.detect_seed),
    ):
        found = run_rule(detector, examples)
        by_split: dict[str, dict[str, Any]] = {}
        for split in [*splits, "all"]:
            chosen = [i for i, e in enumerate(examples) if split in ("all", e["split"])]
            gold = [examples[i]["private"] for i in chosen]
            predicted = [bool(found[i]) for i in chosen]
            by_split[split] = scores(gold, predicted)
            hits = [i for i in chosen if examples[i]["private"] and found[i]]
            by_split[split]["place_match"] = (
                round(sum(_place_found(examples[i], found[i]) for i in hits) / len(hits), 4)
                if hits
                else None
            )
        if name == "rule":
            result.update(by_split[HEADLINE_SPLIT])
            result["by_split"] = by_split
        else:
            result["seed_rule_by_split"] = by_split
    return result
