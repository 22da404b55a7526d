"""`osnguard evaluate realistic`: identification on the realistic development set (issue 13).

Each post of `realistic/dev.jsonl` (or of the file named by OSNGUARD_REALISTIC_FILE, same format)
goes through `identify(text, profile=, now=)`. Scoring rules (pure functions below; content words
are defined in `_realistic`):

- A gold phrase is **found** when a returned phrase of the same category overlaps its content
  words. A returned phrase is a **true positive** when it matches a gold phrase that way, else a
  **false positive**. Precision = true positives / returned phrases; recall = found / gold
  phrases; F1 their harmonic mean; per category, precision counts the returned phrases of that
  category and recall the gold phrases of it (`n`). `recall_any_category` ignores the category.
- Phrases are scored whatever the post's verdict; `as_posted` scores only those of posts called
  private, as posting (`posts.services`) keeps them.
- **Exact**: a returned phrase with the gold phrase's exact offsets and category.
- **Time found whole**: a gold time phrase with a matching returned phrase whose span covers the
  whole gold span (`time_whole` of all gold time phrases, `time_whole_of_found` of those found).
- **Messages**: a post with at least one gold phrase should be private; the engine's `private`
  verdict is scored (accuracy, and precision/recall/F1 of "private").
- **Decoys** (`not_private`): flagged when any returned phrase overlaps the decoy's content words.
- **Contradictions**: posts whose verdict is not private yet phrases were returned, or private
  with no phrase.
- **Miss kinds** per category: `not detected`, or `as <category>` (found with another category).
  **False-positive kinds**: `gold phrase, other category`, `decoy`, or `unannotated`.

Per-message details stay out of the JSON line; OSNGUARD_REALISTIC_DUMP=FILE writes them as JSONL.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from osnguard.privacy.evaluation._realistic import (
    ENV_DUMP,
    Post,
    content_spans,
    load_data,
    overlaps_any,
    ratio,
)
from osnguard.privacy.identification import identify
from osnguard.privacy.types import CATEGORIES

DESCRIPTION = "identification on the realistic dev set: phrase P/R/F1 overall and per category, messages, decoys"


@dataclass(frozen=True)
class Returned:
    """One phrase the engine returned: its span, text and category."""

    start: int
    end: int
    text: str
    category: str


@dataclass(frozen=True)
class Prediction:
    """What identification said about one post."""

    private: bool
    phrases: tuple[Returned, ...] = ()


@dataclass
class GoldOutcome:
    text: str
    category: str
    found: bool
    exact: bool
    whole: bool  # a matching returned span covers the whole gold span
    overlapped: bool  # some returned phrase (any category) overlaps its content words
    miss: str | None  # "not detected" or "as <category>" when not found


@dataclass
class ReturnedOutcome:
    text: str
    category: str
    correct: bool
    exact: bool
    kind: str | None  # false-positive kind, None when correct


@dataclass
class PostScore:
    """The scoring of one post (pure: depends only on the gold post and the prediction)."""

    id: str
    gold_private: bool
    predicted_private: bool
    contradiction: str | None
    gold: list[GoldOutcome] = field(default_factory=list)
    returned: list[ReturnedOutcome] = field(default_factory=list)
    decoys: list[tuple[str, bool]] = field(default_factory=list)  # (decoy, flagged)


def score_post(post: Post, prediction: Prediction) -> PostScore:
    """Match one post's returned phrases against its gold phrases and decoys."""
    text = post.text
    gold_content = [content_spans(text, g.start, g.end) for g in post.phrases]
    returned = list(prediction.phrases)

    def matches(r: Returned, i: int) -> bool:
        return r.category == post.phrases[i].category and overlaps_any(
            (r.start, r.end), gold_content[i]
        )

    gold: list[GoldOutcome] = []
    for i, g in enumerate(post.phrases):
        hits = [r for r in returned if matches(r, i)]
        touching = [r for r in returned if overlaps_any((r.start, r.end), gold_content[i])]
        miss = None
        if not hits:
            miss = f"as {touching[0].category}" if touching else "not detected"
        gold.append(
            GoldOutcome(
                g.text,
                g.category,
                bool(hits),
                exact=any(r.start == g.start and r.end == g.end for r in hits),
                whole=any(r.start <= g.start and g.end <= r.end for r in hits),
                overlapped=bool(touching),
                miss=miss,
            )
        )

    decoy_content = [content_spans(text, s, e) for _, s, e in post.decoys]
    out: list[ReturnedOutcome] = []
    for r in returned:
        span = (r.start, r.end)
        correct = any(matches(r, i) for i in range(len(post.phrases)))
        kind = None
        if not correct:
            if any(overlaps_any(span, spans) for spans in gold_content):
                kind = "gold phrase, other category"
            elif any(overlaps_any(span, spans) for spans in decoy_content):
                kind = "decoy"
            else:
                kind = "unannotated"
        exact = any(
            r.start == g.start and r.end == g.end and r.category == g.category for g in post.phrases
        )
        out.append(ReturnedOutcome(r.text, r.category, correct, exact, kind))

    decoys = [
        (d, any(overlaps_any((r.start, r.end), spans) for r in returned))
        for (d, _, _), spans in zip(post.decoys, decoy_content)
    ]
    contradiction = None
    if not prediction.private and returned:
        contradiction = "not private, phrases returned"
    elif prediction.private and not returned:
        contradiction = "private, no phrase returned"
    return PostScore(post.id, post.private, prediction.private, contradiction, gold, out, decoys)


def prf(tp_returned: int, returned: int, found: int, gold: int) -> dict[str, float | None]:
    precision, recall = ratio(tp_returned, returned), ratio(found, gold)
    f1 = None
    if precision is not None and recall is not None:
        f1 = round(2 * precision * recall / (precision + recall), 4) if precision + recall else 0.0
    return {"precision": precision, "recall": recall, "f1": f1}


def aggregate(scores: Sequence[PostScore]) -> dict[str, Any]:
    """The figures of the JSON line from the per-post scores."""
    gold = [g for s in scores for g in s.gold]
    returned = [r for s in scores for r in s.returned]
    result: dict[str, Any] = {
        "posts": len(scores),
        "gold_phrases": len(gold),
        "returned_phrases": len(returned),
        **prf(
            sum(r.correct for r in returned), len(returned), sum(g.found for g in gold), len(gold)
        ),
        "recall_any_category": ratio(sum(g.overlapped for g in gold), len(gold)),
        "exact": prf(
            sum(r.exact for r in returned), len(returned), sum(g.exact for g in gold), len(gold)
        ),
        # what posting generalizes: it drops the phrases of a post identification calls not private
        "as_posted": prf(
            sum(r.correct for s in scores if s.predicted_private for r in s.returned),
            sum(len(s.returned) for s in scores if s.predicted_private),
            sum(g.found for s in scores if s.predicted_private for g in s.gold),
            len(gold),
        ),
    }
    by_category: dict[str, Any] = {}
    for category in CATEGORIES:
        cg = [g for g in gold if g.category == category]
        cr = [r for r in returned if r.category == category]
        if not cg and not cr:
            continue
        by_category[category] = {
            "n": len(cg),
            "returned": len(cr),
            **prf(sum(r.correct for r in cr), len(cr), sum(g.found for g in cg), len(cg)),
            "exact_recall": ratio(sum(g.exact for g in cg), len(cg)),
        }
    result["by_category"] = by_category
    times = [g for g in gold if g.category == "time"]
    result["time_whole"] = ratio(sum(g.whole for g in times), len(times))
    result["time_whole_of_found"] = ratio(sum(g.whole for g in times), sum(g.found for g in times))

    tp = sum(s.gold_private and s.predicted_private for s in scores)
    predicted = sum(s.predicted_private for s in scores)
    actual = sum(s.gold_private for s in scores)
    result["messages"] = {
        "n": len(scores),
        "private": actual,
        "predicted_private": predicted,
        "accuracy": ratio(sum(s.gold_private == s.predicted_private for s in scores), len(scores)),
        **prf(tp, predicted, tp, actual),
    }
    decoys = [flag for s in scores for _, flag in s.decoys]
    result["decoys"] = {
        "n": len(decoys),
        "flagged": sum(decoys),
        "share": ratio(sum(decoys), len(decoys)),
    }
    kinds = Counter(s.contradiction for s in scores if s.contradiction)
    result["contradictions"] = {
        "total": sum(kinds.values()),
        **{k: kinds[k] for k in ("not private, phrases returned", "private, no phrase returned")},
    }
    result["miss_kinds"] = {
        category: dict(
            Counter(g.miss for g in gold if g.category == category and g.miss).most_common()
        )
        for category in by_category
        if any(g.miss for g in gold if g.category == category)
    }
    result["false_positive_kinds"] = dict(Counter(r.kind for r in returned if r.kind).most_common())
    return result


def predict(post: Post) -> Prediction:
    """Run the engine's identification on one post."""
    found = identify(post.text, profile=post.profile, now=post.now)
    return Prediction(
        bool(found.private),
        tuple(Returned(p.start, p.end, p.text, p.category) for p in found.phrases),
    )


def dump(
    path: Path,
    posts: Sequence[Post],
    predictions: Sequence[Prediction],
    scores: Sequence[PostScore],
) -> None:
    """Per-message details for developers: the text, the verdicts, each phrase's outcome."""
    with open(path, "w", encoding="utf-8") as handle:
        for post, prediction, score in zip(posts, predictions, scores):
            row = {
                "id": post.id,
                "text": post.text,
                "now": post.now,
                "profile": post.profile,
                **asdict(score),
                "returned_spans": [asdict(r) for r in prediction.phrases],
            }
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")


def evaluate(path: Path | None = None) -> dict[str, Any]:
    data = load_data(path)
    predictions = [predict(post) for post in data.posts]
    scores = [score_post(post, prediction) for post, prediction in zip(data.posts, predictions)]
    target = os.environ.get(ENV_DUMP, "").strip()
    if target:
        dump(Path(target), data.posts, predictions, scores)
    return {"data": data.path.name, **aggregate(scores)}
