"""`osnguard paraphrase --pairs FILE [--out FILE]`: score sentence pairs with the paraphrase detector.

FILE is in the MSRP format (`Quality <TAB> #1 ID <TAB> #2 ID <TAB> #1 String <TAB> #2 String`,
UTF-8, no header needed). With labels it prints `{"accuracy", "f1", "n"}` (F1 of the paraphrase
class); without, `{"n", "paraphrases"}`. `--out` writes one score per pair, as JSON lines or, for a
`.tsv` name, tab-separated. It uses the accurate detector (the hand-built model stacked with the
MiniLM cross-encoder); `--fast` the hand-built model alone, screening's default.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from osnguard.privacy.paraphrase import Pair, ParaphraseDetector, check_text, read_pairs
from osnguard.privacy.paraphrase.detector import get_accurate_detector, get_hand_built_detector

HELP = "detect paraphrases in MSRP-format sentence pairs (prints accuracy and F1 when labelled)"
BATCH = 256


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--pairs", required=True, type=Path, help="MSRP-format pairs file")
    parser.add_argument(
        "--out", type=Path, help="write per-pair scores here (.tsv, else JSON lines)"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    parser.add_argument(
        "--fast",
        action="store_true",
        help="the hand-built model alone (about ten times faster, about 5 points less accurate)",
    )


def detector_for(*, fast: bool) -> ParaphraseDetector:
    return get_hand_built_detector() if fast else get_accurate_detector()


def score_pairs(pairs: list[Pair], *, progress: bool = False, fast: bool = False) -> list[float]:
    """Paraphrase probability of each pair, in batches (progress on stderr if asked)."""
    detector = detector_for(fast=fast)
    scores: list[float] = []
    for start in range(0, len(pairs), BATCH):
        batch = pairs[start : start + BATCH]
        scores.extend(detector.probabilities([(p.a, p.b) for p in batch]))
        if progress:
            print(f"scored {len(scores)}/{len(pairs)} pairs", file=sys.stderr)
    return scores


def summary(pairs: list[Pair], decisions: list[bool]) -> dict[str, int | float]:
    """Accuracy and F1 over the labelled pairs, or a count when there are no labels."""
    labelled = [(p.label, d) for p, d in zip(pairs, decisions) if p.label is not None]
    if not labelled:
        return {"n": len(pairs), "paraphrases": sum(decisions)}
    correct = sum(label == decision for label, decision in labelled)
    true_pos = sum(label and decision for label, decision in labelled)
    predicted = sum(decision for _, decision in labelled)
    actual = sum(label for label, _ in labelled)
    f1 = 2 * true_pos / (predicted + actual) if predicted + actual else 0.0
    result = {"accuracy": round(correct / len(labelled), 4), "f1": round(f1, 4), "n": len(labelled)}
    if len(labelled) < len(pairs):
        result["unlabelled"] = len(pairs) - len(labelled)
    return result


def write_scores(path: Path, pairs: list[Pair], scores: list[float], decisions: list[bool]) -> None:
    tsv = path.suffix.lower() == ".tsv"
    with path.open("w", encoding="utf-8") as out:
        if tsv:
            out.write("id1\tid2\tprobability\tparaphrase\tlabel\n")
        for pair, score, decision in zip(pairs, scores, decisions):
            label = None if pair.label is None else int(pair.label)
            if tsv:
                out.write(
                    f"{pair.ids[0]}\t{pair.ids[1]}\t{score:.6f}\t{int(decision)}\t"
                    f"{'' if label is None else label}\n"
                )
            else:
                record = {"id1": pair.ids[0], "id2": pair.ids[1], "probability": round(score, 6),
                          "paraphrase": decision, "label": label}  # fmt: skip
                out.write(json.dumps(record) + "\n")


def run(args: argparse.Namespace) -> int:
    try:
        pairs = read_pairs(args.pairs)
        if not pairs:
            raise ValueError(f"{args.pairs}: no sentence pairs found")
        for pair in pairs:
            check_text(pair.a, f"{args.pairs}, line {pair.line}, #1 String")
            check_text(pair.b, f"{args.pairs}, line {pair.line}, #2 String")
        scores = score_pairs(pairs, progress=not args.quiet, fast=args.fast)
    except ValueError as exc:
        print(f"osnguard paraphrase: error: {exc}", file=sys.stderr)
        return 2
    decisions = detector_for(fast=args.fast).decisions(scores)
    if args.out:
        try:
            write_scores(args.out, pairs, scores, decisions)
        except OSError as exc:
            print(f"osnguard paraphrase: cannot write {args.out}: {exc.strerror}", file=sys.stderr)
            return 2
    print(json.dumps(summary(pairs, decisions)))
    return 0
