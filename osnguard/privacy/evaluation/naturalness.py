"""`osnguard evaluate naturalness`: how well Fre (Eq. 4.7) ranks natural above unnatural
substitutions, and the threshold γ.

The labelled set, fixtures/evaluation/naturalness.jsonl, was built by `build_labelled_set()` (run
`python -m osnguard.privacy.evaluation.naturalness --build`) from real sentences (sentence 1 of
MSRP train pairs). In each sentence one common noun is replaced twice:
- natural (label 1): by its WordNet generalization as the anonymizer would choose it (a common
  hypernym, one or two rungs up, of its sense, in the same number) or, failing that, a common
  synonym. Only nouns whose first sense dominates (monosemous, or >= 70% of WordNet's
  sense-tagged occurrences) are used, so that the hypernym is that of the sense in the sentence;
- unnatural (label 0): by a word of another part of speech (a verb, adjective or adverb with no
  noun sense, of about the same frequency as the natural replacement: "wrong_pos"), or by the
  hypernym of a sense of the same noun from another WordNet lexicographer file ("wrong_sense":
  "watch" -> "shift").
Labels come from this construction, not from human judges. Sentences with an even index form the
development half, on which γ is chosen (the threshold of best accuracy); AUC and accuracy are
reported on the odd, held-out half.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

from osnguard.privacy.anonymization import (
    MAX_DROP,
    acceptability,
    best_lemma,
    fre_of_replacement,
    hypernym_path,
    inflect,
)
from osnguard.privacy.resources import PROJECT_ROOT

DESCRIPTION = "Fre naturalness score: AUC on natural vs unnatural substitutions, and the chosen γ"
FIXTURE = PROJECT_ROOT / "fixtures" / "evaluation" / "naturalness.jsonl"
SENTENCES = 800
SEED = 20140404


def _msrp_sentences() -> list[str]:
    from osnguard.privacy.resources import corpus_path

    sentences: list[str] = []
    with corpus_path("msrp", "msr_paraphrase_train.txt").open(encoding="utf-8-sig") as handle:
        next(handle)
        for line in handle:
            parts = line.rstrip("\n").split("\t")
            if len(parts) == 5 and parts[3] not in sentences:
                sentences.append(parts[3])
    return sentences


def _wrong_pos_pool() -> list[str]:
    """Common words with no noun sense in WordNet (verbs, adjectives, adverbs); frequency-matched
    to the natural replacement when drawn, so that the test is about fit, not word frequency."""
    from wordfreq import top_n_list

    from osnguard.privacy.resources import wordnet

    wn = wordnet()
    pool = []
    for word in top_n_list("en", 4000):
        if (
            word.isalpha()
            and len(word) > 3
            and not wn.synsets(word, pos=wn.NOUN)
            and wn.synsets(word)
        ):
            pool.append(word)
    return pool


def _dominant_sense(token: Any) -> Any | None:
    """The noun's first WordNet sense when it clearly dominates (monosemous, or at least 70% of
    the sense-tagged occurrences), so that its hypernym fits the sentence; else None."""
    from osnguard.privacy.resources import wordnet

    wn = wordnet()
    synsets = wn.synsets(token.lemma_.lower(), pos=wn.NOUN)
    if len(synsets) == 1:
        return synsets[0]
    counts = [
        sum(lm.count() for lm in s.lemmas() if lm.name().lower() == token.lemma_.lower())
        for s in synsets
    ]
    total = sum(counts)
    return synsets[0] if total >= 5 and counts[0] >= 0.7 * total else None


def _natural(token: Any) -> tuple[str, str] | None:
    from wordfreq import zipf_frequency

    sense = _dominant_sense(token)
    if sense is None:
        return None
    plural = token.tag_ == "NNS"
    for parent in hypernym_path(sense)[:2]:
        word = best_lemma(parent)
        if (
            word
            and word != token.lemma_.lower()
            and len(word.split()) <= 2
            and zipf_frequency(word, "en") >= 3.5
        ):
            return inflect(word, plural), "hypernym"
    for name in sense.lemma_names():
        word = name.replace("_", " ")
        if word != token.lemma_.lower() and zipf_frequency(word, "en") >= 3.5:
            return inflect(word, plural), "synonym"
    return None


def _wrong_sense(token: Any) -> str | None:
    from osnguard.privacy.resources import wordnet

    wn = wordnet()
    synsets = wn.synsets(token.lemma_.lower(), pos=wn.NOUN)
    first_path = {
        name for s in synsets[0].closure(lambda x: x.hypernyms()) for name in s.lemma_names()
    }
    for other in synsets[1:]:
        if other.lexname() == synsets[0].lexname():
            continue
        for parent in hypernym_path(other):
            word = best_lemma(parent)
            if word and word.replace(" ", "_") not in first_path and word != token.lemma_.lower():
                return inflect(word, token.tag_ == "NNS")
    return None


def _frequency_matched(pool: list[str], word: str, rng: random.Random) -> str:
    """A pool word of about the same frequency as `word` (one of the 5 closest in Zipf)."""
    from wordfreq import zipf_frequency

    target = zipf_frequency(word, "en")
    closest = sorted(pool, key=lambda w: abs(zipf_frequency(w, "en") - target))[:5]
    return rng.choice(closest)


def build_labelled_set(path: Path = FIXTURE, sentences: int = SENTENCES) -> int:
    """Write the labelled set (JSON lines) and return how many items it holds."""
    from osnguard.privacy.resources import nlp, wordnet

    wn = wordnet()
    rng = random.Random(SEED)
    texts = _msrp_sentences()
    rng.shuffle(texts)
    pool = _wrong_pos_pool()
    rows: list[dict[str, Any]] = []
    index = 0
    for doc in nlp().pipe(texts[: sentences * 2]):
        if index >= sentences:
            break
        nouns = [
            t
            for t in doc
            if t.pos_ == "NOUN"
            and t.tag_ in ("NN", "NNS")
            and t.is_alpha
            and t.text.islower()
            and len(t.text) > 2
            and wn.synsets(t.lemma_.lower(), pos=wn.NOUN)
        ]
        rng.shuffle(nouns)
        for token in nouns:
            natural = _natural(token)
            if natural is None:
                continue
            wrong = _wrong_sense(token) if rng.random() < 0.5 else None
            kind = "wrong_sense" if wrong else "wrong_pos"
            wrong = wrong or _frequency_matched(pool, natural[0], rng)
            split = "dev" if index % 2 == 0 else "test"
            base = {
                "sentence": doc.text,
                "start": token.idx,
                "end": token.idx + len(token.text),
                "original": token.text,
                "split": split,
                "group": index,
            }
            rows.append(
                {
                    **base,
                    "id": f"{index}n",
                    "replacement": natural[0],
                    "label": 1,
                    "kind": natural[1],
                }
            )
            rows.append({**base, "id": f"{index}u", "replacement": wrong, "label": 0, "kind": kind})
            index += 1
            break
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    return len(rows)


def load_labelled_set(path: Path = FIXTURE) -> list[dict[str, Any]]:
    if not path.is_file():
        raise FileNotFoundError(
            f"{path} is missing: run python -m osnguard.privacy.evaluation.naturalness --build"
        )
    return [
        json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
    ]


def best_threshold(scores: list[float], labels: list[int]) -> tuple[float, float]:
    """The threshold (midway between neighbouring scores) of best accuracy, and that accuracy."""
    pairs = sorted(zip(scores, labels))
    positives = sum(labels)
    best = (pairs[0][0] - 1.0, positives / len(pairs))  # everything judged natural
    correct = positives
    for i, (score, label) in enumerate(pairs):
        correct += -1 if label == 1 else 1  # moving the threshold above this item
        nxt = pairs[i + 1][0] if i + 1 < len(pairs) else score + 1.0
        if nxt > score and correct / len(pairs) > best[1]:
            best = ((score + nxt) / 2, correct / len(pairs))
    return best


def evaluate() -> dict[str, Any]:
    from sklearn.metrics import roc_auc_score

    rows = load_labelled_set()
    for row in rows:
        row["fre"] = fre_of_replacement(
            row["sentence"], row["start"], row["end"], row["replacement"]
        )
        row["fre_original"] = fre_of_replacement(
            row["sentence"], row["start"], row["end"], row["original"]
        )
    dev = [r for r in rows if r["split"] == "dev"]
    test = [r for r in rows if r["split"] == "test"]
    gamma, dev_accuracy = best_threshold([r["fre"] for r in dev], [r["label"] for r in dev])
    labels = [r["label"] for r in test]
    predicted = [int(r["fre"] >= gamma) for r in test]

    def check(r: dict[str, Any], drop: float) -> int:
        return int(
            r["fre"] >= gamma
            or (r["fre_original"] < gamma and r["fre"] >= r["fre_original"] - drop)
        )

    drops = (0.0, 2.0, 4.0, 8.0, 16.0, 32.0)
    max_drop = max(
        drops, key=lambda d: (sum(check(r, d) == r["label"] for r in dev), -abs(d - MAX_DROP))
    )
    checked = [check(r, max_drop) for r in test]
    by_kind: dict[str, float] = {}
    for kind in ("wrong_pos", "wrong_sense"):
        subset = [r for r in test if r["label"] == 1 or r["kind"] == kind]
        by_kind[kind] = round(
            roc_auc_score([r["label"] for r in subset], [r["fre"] for r in subset]), 4
        )
    return {
        "auc": round(roc_auc_score(labels, [r["fre"] for r in test]), 4),
        "auc_relative": round(
            roc_auc_score(labels, [r["fre"] - r["fre_original"] for r in test]), 4
        ),
        "auc_by_unnatural_kind": by_kind,
        "gamma": round(gamma, 2),
        "accuracy": round(sum(p == y for p, y in zip(predicted, labels)) / len(labels), 4),
        "accuracy_dev": round(dev_accuracy, 4),
        "accuracy_substitution_check": round(
            sum(p == y for p, y in zip(checked, labels)) / len(labels), 4
        ),
        "max_drop": max_drop,
        "n": len(test),
        "n_dev": len(dev),
        "wording_check": wording_check(),
    }


# feature groups of the wording check, for their contributions (AUC without each group)
FEATURE_GROUPS: dict[str, tuple[str, ...]] = {
    "fre": ("fre", "fre_original", "fre_gain"),
    "joins": tuple(f for f in acceptability.FEATURES if f.startswith("join_")),
    "frequency": ("zipf_mean", "zipf_min", "zipf_original"),
    "form": (
        "words",
        "words_original",
        "words_gain",
        "capitals",
        "capitals_original",
        "capitals_gain",
        "shared_words",
        "digits",
        "digits_original",
        "digits_both",
        "article",
        "removed",
    ),
    "time": ("time_flip",),
    "relatedness": ("contains_original_place", "other_place", "hypernym", "wup"),
}


def wording_check() -> dict[str, Any]:
    """The learned wording check (anonymization/acceptability.py): the shipped model's AUC on
    the halves it was not trained on (odd realistic posts, the fixture's test half), Fre's AUC on
    the same pairs, a model trained on the fixture alone scored on the realistic pairs, and each
    feature group's contribution (held-out AUC of a model refitted without it)."""
    from sklearn.metrics import roc_auc_score

    items = acceptability.labelled_substitutions()
    train = [i for i in items if i.train]
    shipped = acceptability.MODEL.saved()
    held = {
        source: [i for i in items if not i.train and i.source == source]
        for source in ("realistic", "fixture")
    }
    held_out = [*held["realistic"], *held["fixture"]]

    def features(item: acceptability.Labelled) -> tuple[float, ...]:
        return acceptability.features(
            item.text, item.start, item.end, item.original, item.replacement
        )

    def auc_of(subset: list[acceptability.Labelled], scores: list[float]) -> float:
        return round(float(roc_auc_score([i.label for i in subset], scores)), 4)

    def auc(model: acceptability.WordingModel, subset: list[acceptability.Labelled]) -> float:
        return auc_of(subset, [model.probability(features(i)) for i in subset])

    scores = {  # the shipped model's, computed once per held-out half
        source: [shipped.probability(features(i)) for i in subset]
        for source, subset in held.items()
    }
    shipped_auc = auc(shipped, held_out)
    without = {}
    for group, names in FEATURE_GROUPS.items():
        keep = [k for k, name in enumerate(acceptability.FEATURES) if name not in names]
        without[group] = round(
            auc(acceptability.fit(train, features=keep), held_out) - shipped_auc, 4
        )
    accuracy, veto = {}, {}
    for source, subset in held.items():
        passed = [score >= shipped.threshold for score in scores[source]]
        accuracy[source] = round(
            sum(ok == (i.label == 1) for ok, i in zip(passed, subset)) / len(subset), 4
        )
        rejected = [i.label for ok, i in zip(passed, subset) if not ok]
        bad = sum(i.label == 0 for i in subset)
        good = len(subset) - bad
        veto[source] = {
            "bad_caught": round(rejected.count(0) / bad, 4) if bad else None,
            "good_rejected": round(rejected.count(1) / good, 4) if good else None,
            "rejected_that_are_bad": round(rejected.count(0) / len(rejected), 4)
            if rejected
            else None,
        }
    fixture_only = acceptability.fit([i for i in train if i.source == "fixture"])
    return {
        "veto_held_out": veto,
        "auc_realistic_held_out": auc_of(held["realistic"], scores["realistic"]),
        "auc_fixture_held_out": auc_of(held["fixture"], scores["fixture"]),
        "fre_auc_realistic_held_out": auc_of(
            held["realistic"], [features(i)[0] for i in held["realistic"]]
        ),
        "fre_auc_fixture_held_out": auc_of(
            held["fixture"], [features(i)[0] for i in held["fixture"]]
        ),
        "auc_realistic_trained_on_fixture_only": auc(fixture_only, held["realistic"]),
        "accuracy_held_out": accuracy,
        "threshold": shipped.threshold,
        "auc_change_without_group": without,
        "n_train": len(train),
        "n_held_out": {source: len(subset) for source, subset in held.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--build", action="store_true", help="rebuild the labelled set from MSRP train"
    )
    args = parser.parse_args()
    if args.build:
        print(f"wrote {build_labelled_set()} items to {FIXTURE}")
    print(json.dumps(evaluate(), sort_keys=True))


if __name__ == "__main__":
    main()
